ALTER TABLE `devices` ADD `ttn_application_id` text;--> statement-breakpoint
ALTER TABLE `integration_keys` ADD `application_id` text;--> statement-breakpoint
ALTER TABLE `unregistered_uplinks` ADD `application_id` text;