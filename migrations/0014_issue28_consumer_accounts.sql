ALTER TABLE `users` ADD `handle` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `home_lat` real;--> statement-breakpoint
ALTER TABLE `users` ADD `home_lng` real;--> statement-breakpoint
ALTER TABLE `users` ADD `preferences` text DEFAULT '{"categories":[],"tags":[],"level":null}' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_from` text DEFAULT '00:00';--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_to` text DEFAULT '09:00';--> statement-breakpoint
-- Hand-written below: every account has a handle. Accounts from before handles existed get "user<id>"
-- (a shape no one may choose: common/schemas/profile.ts), and so does any row inserted without one.
UPDATE `users` SET `handle` = 'user' || `id` WHERE `handle` = '';--> statement-breakpoint
-- After the update: before it, every existing account had the same empty handle.
CREATE UNIQUE INDEX `users_handle_idx` ON `users` (lower("handle"));--> statement-breakpoint
CREATE TRIGGER `users_default_handle` AFTER INSERT ON `users` WHEN NEW.`handle` = ''
BEGIN
	UPDATE `users` SET `handle` = 'user' || NEW.`id` WHERE `id` = NEW.`id`;
END;
