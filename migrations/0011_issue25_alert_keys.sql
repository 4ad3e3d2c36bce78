ALTER TABLE `notifications` ADD `alert_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_alert_key_idx` ON `notifications` (`place_id`,`alert_key`);