ALTER TABLE `consumer_notifications` ADD `about_user_id` integer REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `consumer_notifications_about_idx` ON `consumer_notifications` (`about_user_id`);
