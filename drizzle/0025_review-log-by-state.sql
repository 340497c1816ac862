DROP INDEX `review_log_user_idx`;--> statement-breakpoint
CREATE INDEX `review_log_user_idx` ON `review_log` (`user_id`,`state`,`reviewed_at`);