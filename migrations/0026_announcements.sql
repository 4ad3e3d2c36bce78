CREATE TABLE `announcement_pauses` (
	`place_id` integer PRIMARY KEY NOT NULL,
	`paused_at` integer NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `announcement_reach` (
	`announcement_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`opened_at` integer,
	PRIMARY KEY(`announcement_id`, `user_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_reach_user_idx` ON `announcement_reach` (`user_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`event_id` integer,
	`special_id` integer,
	`followers` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`special_id`) REFERENCES `specials`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `announcements_place_idx` ON `announcements` (`place_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `neighbourhood` text;--> statement-breakpoint
ALTER TABLE `users` ADD `share_likes` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `saved_places_followers_idx` ON `saved_places` (`place_id`,`user_id`) WHERE "saved_places"."news" = 1;