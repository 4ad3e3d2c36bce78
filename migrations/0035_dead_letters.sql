CREATE TABLE `dead_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`queue` text NOT NULL,
	`message_id` text NOT NULL,
	`body` text NOT NULL,
	`dead_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dead_letters_message_idx` ON `dead_letters` (`message_id`);--> statement-breakpoint
CREATE INDEX `dead_letters_dead_at_idx` ON `dead_letters` (`dead_at`);