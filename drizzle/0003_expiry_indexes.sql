CREATE INDEX `users_trial_end_idx` ON `users` (`trial_end_date`);--> statement-breakpoint
CREATE INDEX `users_period_end_idx` ON `users` (`current_period_end`);