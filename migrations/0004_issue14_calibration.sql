CREATE TABLE `headcounts` (
	`place_id` integer NOT NULL,
	`minute` integer NOT NULL,
	`taken_at` integer NOT NULL,
	`people` integer NOT NULL,
	`devices` integer NOT NULL,
	`baseline` real NOT NULL,
	`taken_by` integer,
	PRIMARY KEY(`place_id`, `minute`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`taken_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `places` ADD `calibration_baseline` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `places` ADD `calibration_factor` real DEFAULT 1 NOT NULL;