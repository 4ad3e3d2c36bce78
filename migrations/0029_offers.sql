CREATE TABLE `offer_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`offer_id` integer NOT NULL,
	`place_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	`code` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`redeemed_at` integer,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_claims_code_idx` ON `offer_claims` (`place_id`,`day`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `offer_claims_once_idx` ON `offer_claims` (`offer_id`,`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `offer_claims_user_idx` ON `offer_claims` (`user_id`);--> statement-breakpoint
CREATE TABLE `offer_days` (
	`offer_id` integer NOT NULL,
	`day` integer NOT NULL,
	`seen` integer DEFAULT 0 NOT NULL,
	`claimed` integer DEFAULT 0 NOT NULL,
	`redeemed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`offer_id`, `day`),
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`title` text NOT NULL,
	`terms` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`value` real,
	`days` text NOT NULL,
	`from_time` text NOT NULL,
	`to_time` text NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`daily_cap` integer NOT NULL,
	`when` text NOT NULL,
	`quiet_below_percent` integer,
	`audience` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offers_place_idx` ON `offers` (`place_id`);--> statement-breakpoint
-- Hand-written: an offer's totals per venue day, kept in the same statement as the claim or the
-- redemption (so the daily cap, which reads `claimed` inside the claim's insert, holds under
-- concurrency) and kept when a deleted account's claims go (docs/offers.md#claims).
CREATE TRIGGER `offer_claimed` AFTER INSERT ON `offer_claims`
BEGIN
	INSERT OR IGNORE INTO `offer_days` (`offer_id`, `day`) VALUES (NEW.`offer_id`, NEW.`day`);
	UPDATE `offer_days` SET `claimed` = `claimed` + 1 WHERE `offer_id` = NEW.`offer_id` AND `day` = NEW.`day`;
END;
--> statement-breakpoint
CREATE TRIGGER `offer_redeemed` AFTER UPDATE OF `redeemed_at` ON `offer_claims`
WHEN OLD.`redeemed_at` IS NULL AND NEW.`redeemed_at` IS NOT NULL
BEGIN
	INSERT OR IGNORE INTO `offer_days` (`offer_id`, `day`) VALUES (NEW.`offer_id`, NEW.`day`);
	UPDATE `offer_days` SET `redeemed` = `redeemed` + 1 WHERE `offer_id` = NEW.`offer_id` AND `day` = NEW.`day`;
END;
