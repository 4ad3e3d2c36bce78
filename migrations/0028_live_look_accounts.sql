ALTER TABLE `live_looks` ADD `user_id` integer REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `live_looks` ADD `not_checked` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `live_looks_user_place_idx` ON `live_looks` (`user_id`,`place_id`,`created_at`);