CREATE TABLE `live_look_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`live_look_id` integer NOT NULL,
	`client` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`live_look_id`) REFERENCES `live_looks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_look_reports_client_idx` ON `live_look_reports` (`live_look_id`,`client`);--> statement-breakpoint
CREATE TABLE `live_looks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`text` text NOT NULL,
	`photo_key` text,
	`wait` text,
	`vibe` text,
	`created_at` integer NOT NULL,
	`hidden_at` integer,
	`hidden_reason` text DEFAULT '' NOT NULL,
	`hidden_by` text,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_looks_place_created_idx` ON `live_looks` (`place_id`,`created_at`);