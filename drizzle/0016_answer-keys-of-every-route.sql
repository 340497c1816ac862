PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_answer_keys` (
	`user_id` integer NOT NULL,
	`kind` text DEFAULT 'word' NOT NULL,
	`key` text NOT NULL,
	`result` text NOT NULL,
	`applied_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_answer_keys`("user_id", "kind", "key", "result", "applied_at") SELECT "user_id", 'word', "key", "result", "applied_at" FROM `answer_keys`;--> statement-breakpoint
DROP TABLE `answer_keys`;--> statement-breakpoint
ALTER TABLE `__new_answer_keys` RENAME TO `answer_keys`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `answer_keys_applied_idx` ON `answer_keys` (`applied_at`);