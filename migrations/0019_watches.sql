CREATE TABLE `watches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`place_id` integer NOT NULL,
	`when` text NOT NULL,
	`minutes` integer,
	`window_days` text,
	`window_from` text,
	`window_to` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watches_place_idx` ON `watches` (`place_id`,`when`,`id`);--> statement-breakpoint
CREATE INDEX `watches_user_idx` ON `watches` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `consumer_notifications` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `consumer_notifications_dedupe_idx` ON `consumer_notifications` (`user_id`,`dedupe_key`);