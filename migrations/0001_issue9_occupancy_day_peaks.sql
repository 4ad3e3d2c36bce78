CREATE TABLE `occupancy_day_peaks` (
	`place_id` integer NOT NULL,
	`day` integer NOT NULL,
	`peak_people` real NOT NULL,
	PRIMARY KEY(`place_id`, `day`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
