CREATE TABLE `revoked_admin_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `place_invites` ADD `revoked_at` integer;--> statement-breakpoint
CREATE INDEX `event_categories_created_by_idx` ON `event_categories` (`created_by`);