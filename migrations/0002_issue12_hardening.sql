CREATE TABLE `handoff_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `handoff_codes_expires_idx` ON `handoff_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_reports_review_idx` ON `review_reports` (`review_id`,`resolved_at`);--> statement-breakpoint
CREATE TABLE `revoked_admin_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `place_invites` ADD `revoked_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_by` text;--> statement-breakpoint
CREATE INDEX `event_categories_created_by_idx` ON `event_categories` (`created_by`);