CREATE TABLE `check_in_audience` (
	`user_id` integer NOT NULL,
	`friend_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `friend_id`),
	FOREIGN KEY (`user_id`) REFERENCES `check_ins`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`friend_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_audience_friend_idx` ON `check_in_audience` (`friend_id`);--> statement-breakpoint
CREATE TABLE `check_ins` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`place_id` integer NOT NULL,
	`audience` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_ins_place_idx` ON `check_ins` (`place_id`);--> statement-breakpoint
CREATE INDEX `check_ins_expires_idx` ON `check_ins` (`expires_at`);--> statement-breakpoint
CREATE TABLE `friend_invites` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `friend_invites_user_idx` ON `friend_invites` (`user_id`);--> statement-breakpoint
CREATE INDEX `friend_invites_expires_idx` ON `friend_invites` (`expires_at`);--> statement-breakpoint
CREATE TABLE `friend_request_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `friend_request_log_user_idx` ON `friend_request_log` (`user_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `friend_request_log_sent_idx` ON `friend_request_log` (`sent_at`);--> statement-breakpoint
CREATE TABLE `friend_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`from_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `friend_requests_pair_idx` ON `friend_requests` (`from_id`,`to_id`);--> statement-breakpoint
CREATE INDEX `friend_requests_to_idx` ON `friend_requests` (`to_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `ghost_mode` integer DEFAULT false NOT NULL;