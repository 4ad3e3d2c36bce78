CREATE TABLE `business_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_name` text NOT NULL,
	`address` text NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`submitter_email` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`handled_at` integer
);
--> statement-breakpoint
CREATE INDEX `business_submissions_status_created_idx` ON `business_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_key_hash_unique` ON `devices` (`key_hash`);--> statement-breakpoint
CREATE INDEX `devices_place_idx` ON `devices` (`place_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `devices_place_name_idx` ON `devices` (`place_id`,`name`);--> statement-breakpoint
CREATE TABLE `event_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_categories_name_unique` ON `event_categories` (`name`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text,
	`max_capacity` integer,
	`category_id` integer,
	`is_recurring` integer DEFAULT false NOT NULL,
	`frequency` text DEFAULT '' NOT NULL,
	`repeating_days` text DEFAULT '[]' NOT NULL,
	`host_name` text DEFAULT '' NOT NULL,
	`additional_details` text DEFAULT '' NOT NULL,
	`cover_image_key` text,
	`flyer_image_key` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `event_categories`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_place_start_idx` ON `events` (`place_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `events_start_idx` ON `events` (`start_time`);--> statement-breakpoint
CREATE INDEX `events_category_idx` ON `events` (`category_id`);--> statement-breakpoint
CREATE TABLE `feature_flags` (
	`name` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `occupancy_15m` (
	`place_id` integer NOT NULL,
	`bucket_start` integer NOT NULL,
	`avg_people` real NOT NULL,
	`max_people` integer NOT NULL,
	`samples` integer NOT NULL,
	PRIMARY KEY(`place_id`, `bucket_start`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `place_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`place_id` integer NOT NULL,
	`created_by` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`used_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`used_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `place_invites_place_idx` ON `place_invites` (`place_id`);--> statement-breakpoint
CREATE TABLE `place_live` (
	`place_id` integer PRIMARY KEY NOT NULL,
	`people` integer,
	`percent` integer,
	`level` text,
	`devices_online` integer DEFAULT 0 NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `place_owners` (
	`place_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`place_id`, `user_id`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `place_owners_user_idx` ON `place_owners` (`user_id`);--> statement-breakpoint
CREATE TABLE `place_tags` (
	`place_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`place_id`, `tag_id`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `place_tags_tag_idx` ON `place_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT 'New York' NOT NULL,
	`state` text DEFAULT 'NY' NOT NULL,
	`country` text DEFAULT 'United States' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`latitude` real,
	`longitude` real,
	`type` text DEFAULT 'Bar' NOT NULL,
	`category` text DEFAULT 'bar' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`favorite` integer DEFAULT false NOT NULL,
	`cover_image_key` text,
	`monday_open` text DEFAULT '' NOT NULL,
	`monday_close` text DEFAULT '' NOT NULL,
	`tuesday_open` text DEFAULT '' NOT NULL,
	`tuesday_close` text DEFAULT '' NOT NULL,
	`wednesday_open` text DEFAULT '' NOT NULL,
	`wednesday_close` text DEFAULT '' NOT NULL,
	`thursday_open` text DEFAULT '' NOT NULL,
	`thursday_close` text DEFAULT '' NOT NULL,
	`friday_open` text DEFAULT '' NOT NULL,
	`friday_close` text DEFAULT '' NOT NULL,
	`saturday_open` text DEFAULT '' NOT NULL,
	`saturday_close` text DEFAULT '' NOT NULL,
	`sunday_open` text DEFAULT '' NOT NULL,
	`sunday_close` text DEFAULT '' NOT NULL,
	`open_time` text DEFAULT '' NOT NULL,
	`close_time` text DEFAULT '' NOT NULL,
	`lively_threshold` integer DEFAULT 40 NOT NULL,
	`packed_threshold` integer DEFAULT 100 NOT NULL,
	`no_device` integer DEFAULT false NOT NULL,
	`max_devices` integer DEFAULT 1 NOT NULL,
	`timezone` text DEFAULT 'America/New_York' NOT NULL,
	`day_start_hour` integer DEFAULT 5 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	CONSTRAINT "places_thresholds" CHECK("places"."lively_threshold" > 0 AND "places"."packed_threshold" > "places"."lively_threshold"),
	CONSTRAINT "places_max_devices" CHECK("places"."max_devices" >= 0),
	CONSTRAINT "places_day_start" CHECK("places"."day_start_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `places_slug_unique` ON `places` (`slug`);--> statement-breakpoint
CREATE INDEX `places_name_idx` ON `places` (`name`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_user_idx` ON `refresh_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`username` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_place_created_idx` ON `reviews` (`place_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_unique` ON `tags` (`name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'owner' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);