CREATE TABLE `cities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`time_zone` text NOT NULL,
	`currency` text NOT NULL,
	`locale` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`zoom` integer DEFAULT 14 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_slug_unique` ON `cities` (`slug`);--> statement-breakpoint
ALTER TABLE `places` ADD `city_id` integer REFERENCES cities(id);--> statement-breakpoint
CREATE INDEX `places_city_idx` ON `places` (`city_id`);--> statement-breakpoint
INSERT INTO `cities` (`id`, `slug`, `name`, `country`, `region`, `time_zone`, `currency`, `locale`, `latitude`, `longitude`, `zoom`) VALUES
	(1, 'new-york', 'New York', 'US', 'NY', 'America/New_York', 'USD', 'en-US', 40.7306, -73.9866, 13),
	(2, 'berlin', 'Berlin', 'DE', 'BE', 'Europe/Berlin', 'EUR', 'de-DE', 52.5200, 13.4050, 12);--> statement-breakpoint
UPDATE `places` SET `city_id` = 1 WHERE `city_id` IS NULL;
