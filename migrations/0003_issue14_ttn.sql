CREATE TABLE `integration_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_keys_key_hash_unique` ON `integration_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `unregistered_uplinks` (
	`dev_eui` text PRIMARY KEY NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`uplinks` integer DEFAULT 1 NOT NULL,
	`last_count` integer
);
--> statement-breakpoint
CREATE INDEX `unregistered_uplinks_last_seen_idx` ON `unregistered_uplinks` (`last_seen`);--> statement-breakpoint
ALTER TABLE `devices` ADD `dev_eui` text;--> statement-breakpoint
CREATE UNIQUE INDEX `devices_active_dev_eui_idx` ON `devices` (`dev_eui`) WHERE "devices"."revoked_at" IS NULL;