ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
-- Accounts already linked to Google proved their address there.
UPDATE `users` SET `email_confirmed_at` = `created_at` WHERE `google_id` IS NOT NULL;
