PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_flagged_words` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`word_id` integer NOT NULL,
	`correct_in_flagged` integer DEFAULT 0 NOT NULL,
	`flagged_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_flagged_words`("id", "user_id", "word_id", "correct_in_flagged", "flagged_at") SELECT "id", "user_id", "word_id", "correct_in_flagged", "flagged_at" FROM `flagged_words`;--> statement-breakpoint
DROP TABLE `flagged_words`;--> statement-breakpoint
ALTER TABLE `__new_flagged_words` RENAME TO `flagged_words`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `flagged_words_user_word_unique` ON `flagged_words` (`user_id`,`word_id`);--> statement-breakpoint
CREATE INDEX `flagged_words_word_idx` ON `flagged_words` (`word_id`);--> statement-breakpoint
CREATE TABLE `__new_lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`topic_id` integer,
	`verb_id` integer,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`order_index` integer NOT NULL,
	`difficulty` text NOT NULL,
	`grammar` text
);
--> statement-breakpoint
INSERT INTO `__new_lessons`("id", "key", "topic_id", "verb_id", "name", "description", "order_index", "difficulty", "grammar") SELECT "id", "key", "topic_id", "verb_id", "name", "description", "order_index", "difficulty", "grammar" FROM `lessons`;--> statement-breakpoint
DROP TABLE `lessons`;--> statement-breakpoint
ALTER TABLE `__new_lessons` RENAME TO `lessons`;--> statement-breakpoint
CREATE UNIQUE INDEX `lessons_key_unique` ON `lessons` (`key`);--> statement-breakpoint
CREATE INDEX `lessons_order_idx` ON `lessons` (`order_index`);