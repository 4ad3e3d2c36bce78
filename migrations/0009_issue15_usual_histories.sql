CREATE TABLE `usual_histories` (
	`place_id` integer PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	`settings` text NOT NULL,
	`means` text NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
