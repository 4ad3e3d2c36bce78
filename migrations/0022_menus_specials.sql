CREATE TABLE `place_menus` (
	`place_id` integer PRIMARY KEY NOT NULL,
	`sections` text DEFAULT '[]' NOT NULL,
	`kitchen_until` text,
	`next_id` integer DEFAULT 1 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `specials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`title` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`days` text DEFAULT '[]' NOT NULL,
	`from_time` text,
	`to_time` text,
	`starts_at` text,
	`ends_at` text,
	`schedule_since` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "specials_schedule" CHECK(("specials"."from_time" IS NOT NULL AND "specials"."to_time" IS NOT NULL AND "specials"."starts_at" IS NULL AND "specials"."ends_at" IS NULL) OR ("specials"."from_time" IS NULL AND "specials"."to_time" IS NULL AND "specials"."starts_at" IS NOT NULL AND "specials"."ends_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `specials_place_idx` ON `specials` (`place_id`);--> statement-breakpoint
-- Hand-written: a menu's item photos go to deleted_images when its row goes (the cascade of a
-- deleted place, which no route sees), for the cron to delete from R2 (docs/menus-and-specials.md#photos).
CREATE TRIGGER `menu_photos_deleted` AFTER DELETE ON `place_menus`
BEGIN
	INSERT INTO `deleted_images` (`key`)
	SELECT json_extract(`item`.`value`, '$.photo_key')
	FROM json_each(OLD.`sections`) AS `section`, json_each(`section`.`value`, '$.items') AS `item`
	WHERE json_extract(`item`.`value`, '$.photo_key') IS NOT NULL;
END;
