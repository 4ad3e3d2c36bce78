ALTER TABLE `live_looks` ADD `video_key` text;--> statement-breakpoint
ALTER TABLE `live_looks` ADD `poster_key` text;--> statement-breakpoint
-- Hand-written (drizzle-kit does not know triggers): a deleted Live Look's video and poster are
-- queued for R2 like its photo (live_looks_queue_photo, 0011), whatever deleted the row.
CREATE TRIGGER `live_looks_queue_video` AFTER DELETE ON `live_looks` WHEN OLD.`video_key` IS NOT NULL OR OLD.`poster_key` IS NOT NULL
BEGIN
	INSERT INTO `deleted_images` (`key`) SELECT OLD.`video_key` WHERE OLD.`video_key` IS NOT NULL;
	INSERT INTO `deleted_images` (`key`) SELECT OLD.`poster_key` WHERE OLD.`poster_key` IS NOT NULL;
END;
