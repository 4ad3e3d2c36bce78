CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`plan_id` integer,
	`user_a` integer,
	`user_b` integer,
	`last_message_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_a`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_b`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "conversations_kind_check" CHECK(("conversations"."kind" = 'plan' AND "conversations"."plan_id" IS NOT NULL AND "conversations"."user_a" IS NULL AND "conversations"."user_b" IS NULL) OR ("conversations"."kind" = 'pair' AND "conversations"."plan_id" IS NULL AND "conversations"."user_a" < "conversations"."user_b"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_plan_idx` ON `conversations` (`plan_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_idx` ON `conversations` (`user_a`,`user_b`);--> statement-breakpoint
CREATE INDEX `conversations_user_b_idx` ON `conversations` (`user_b`);--> statement-breakpoint
CREATE TABLE `message_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text,
	`context` text NOT NULL,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_reports_once_idx` ON `message_reports` (`conversation_id`,`message_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `message_reports_open_idx` ON `message_reports` (`resolved_at`,`id`);--> statement-breakpoint
CREATE TABLE `plan_invitees` (
	`plan_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`answer` text,
	`answered_at` integer,
	PRIMARY KEY(`plan_id`, `user_id`),
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plan_invitees_user_idx` ON `plan_invitees` (`user_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organiser_id` integer NOT NULL,
	`place_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`title` text,
	`capacity` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plans_organiser_idx` ON `plans` (`organiser_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `plans_starts_idx` ON `plans` (`starts_at`);