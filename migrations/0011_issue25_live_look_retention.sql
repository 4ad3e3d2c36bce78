CREATE TABLE `deleted_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not know triggers): every deleted row that names an image queues
-- its R2 key, whatever deleted it: a route, the retention cron, or the cascade from a deleted place.
CREATE TRIGGER `live_looks_queue_photo` AFTER DELETE ON `live_looks` WHEN OLD.`photo_key` IS NOT NULL
BEGIN
	INSERT INTO `deleted_images` (`key`) VALUES (OLD.`photo_key`);
END;
--> statement-breakpoint
CREATE TRIGGER `places_queue_cover` AFTER DELETE ON `places` WHEN OLD.`cover_image_key` IS NOT NULL
BEGIN
	INSERT INTO `deleted_images` (`key`) VALUES (OLD.`cover_image_key`);
END;
--> statement-breakpoint
CREATE TRIGGER `events_queue_images` AFTER DELETE ON `events` WHEN OLD.`cover_image_key` IS NOT NULL OR OLD.`flyer_image_key` IS NOT NULL
BEGIN
	INSERT INTO `deleted_images` (`key`) SELECT OLD.`cover_image_key` WHERE OLD.`cover_image_key` IS NOT NULL;
	INSERT INTO `deleted_images` (`key`) SELECT OLD.`flyer_image_key` WHERE OLD.`flyer_image_key` IS NOT NULL;
END;
