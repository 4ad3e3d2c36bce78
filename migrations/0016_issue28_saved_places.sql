CREATE TABLE `saved_places` (
	`user_id` integer NOT NULL,
	`place_id` integer NOT NULL,
	`news` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `place_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_places_place_idx` ON `saved_places` (`place_id`);--> statement-breakpoint
CREATE INDEX `places_lat_lng_idx` ON `places` (`latitude`,`longitude`);