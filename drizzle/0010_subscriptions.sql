CREATE TABLE `subscriptions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'expired' NOT NULL,
	`is_subscribed` integer DEFAULT false NOT NULL,
	`plan_id` text,
	`expiry_date` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_customer_unique` ON `subscriptions` (`stripe_customer_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`current_period_end`);--> statement-breakpoint
-- Every account's subscription columns move to billing's table as they stand, before they are dropped.
INSERT INTO `subscriptions` (`user_id`, `status`, `is_subscribed`, `plan_id`, `expiry_date`, `current_period_end`, `cancel_at_period_end`, `stripe_customer_id`, `stripe_subscription_id`)
SELECT `id`, `subscription_status`, `is_subscribed`, `subscription_plan_id`, `subscription_expiry_date`, `current_period_end`, `cancel_at_period_end`, `stripe_customer_id`, `stripe_subscription_id` FROM `users`;--> statement-breakpoint
DROP INDEX `users_stripe_customer_unique`;--> statement-breakpoint
DROP INDEX `users_period_end_idx`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `subscription_status`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `is_subscribed`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `subscription_plan_id`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `subscription_expiry_date`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `current_period_end`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `cancel_at_period_end`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `stripe_customer_id`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `stripe_subscription_id`;