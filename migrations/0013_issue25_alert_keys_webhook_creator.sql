-- Each alert's key, so a repeated flush inserts no notification twice (issue 25 item 2).
ALTER TABLE `notifications` ADD `alert_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_alert_key_idx` ON `notifications` (`place_id`,`alert_key`);--> statement-breakpoint
-- Who added each webhook: removing that owner from the place switches it off (issue 25 item 6).
-- Existing webhooks keep created_by NULL, "creator unknown", which is treated like the admin's:
-- the first owner removal at their place switches them off too (docs/architecture.md#webhooks-and-alerts).
-- drizzle-kit leaves ON DELETE out of an added column's reference; the schema (drizzle/schema.ts) has it.
ALTER TABLE `webhooks` ADD `created_by` integer REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null;
