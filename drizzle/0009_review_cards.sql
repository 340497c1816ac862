CREATE TABLE `review_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`direction` text NOT NULL,
	`due` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`scheduled_days` integer DEFAULT 0 NOT NULL,
	`learning_steps` integer DEFAULT 0 NOT NULL,
	`reps` integer DEFAULT 0 NOT NULL,
	`lapses` integer DEFAULT 0 NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`last_review` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_cards_item_unique` ON `review_cards` (`user_id`,`kind`,`item_id`,`direction`);--> statement-breakpoint
CREATE INDEX `review_cards_due_idx` ON `review_cards` (`user_id`,`due`);--> statement-breakpoint
CREATE TABLE `review_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`card_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`state` integer NOT NULL,
	`due` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`scheduled_days` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `review_cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_log_user_idx` ON `review_log` (`user_id`,`reviewed_at`);--> statement-breakpoint
CREATE INDEX `review_log_card_idx` ON `review_log` (`card_id`);--> statement-breakpoint
-- Existing progress seeds the cards (docs/decisions/0014), on the unified card's side (English → Lebanese)
-- for words and arabizi → sound for letters: more right than wrong answers make a Review card whose
-- stability is a first Good answer's (2.3065 days, FSRS's default w[2]) per net right answer, capped at
-- 30 days, due that long after it was last seen; any other is due at once, with a first Again's
-- stability (w[0]). Difficulty runs from 5 (never wrong) towards 10 with the share of wrong answers.
INSERT INTO `review_cards` (`user_id`, `kind`, `item_id`, `direction`, `due`, `stability`, `difficulty`, `scheduled_days`, `reps`, `lapses`, `state`, `last_review`)
SELECT `user_id`, 'word', `word_id`, 'english-to-lebanese',
	CASE WHEN `times_correct` > `times_incorrect` THEN `last_seen` + CAST(round(min(30, 2.3065 * (`times_correct` - `times_incorrect`))) AS integer) * 86400000 ELSE `last_seen` END,
	CASE WHEN `times_correct` > `times_incorrect` THEN min(30, 2.3065 * (`times_correct` - `times_incorrect`)) ELSE 0.212 END,
	5.0 + 5.0 * `times_incorrect` / (`times_correct` + `times_incorrect`),
	CASE WHEN `times_correct` > `times_incorrect` THEN CAST(round(min(30, 2.3065 * (`times_correct` - `times_incorrect`))) AS integer) ELSE 0 END,
	`times_correct` + `times_incorrect`, `times_incorrect`,
	CASE WHEN `times_correct` > `times_incorrect` THEN 2 WHEN `times_correct` > 0 THEN 3 ELSE 1 END,
	`last_seen`
FROM `user_progress` WHERE `last_seen` IS NOT NULL AND `times_correct` + `times_incorrect` > 0;
--> statement-breakpoint
INSERT INTO `review_cards` (`user_id`, `kind`, `item_id`, `direction`, `due`, `stability`, `difficulty`, `scheduled_days`, `reps`, `lapses`, `state`, `last_review`)
SELECT `user_id`, 'letter', `letter_number`, 'lebanese-to-english',
	CASE WHEN `times_correct` > `times_incorrect` THEN `last_practiced` + CAST(round(min(30, 2.3065 * (`times_correct` - `times_incorrect`))) AS integer) * 86400000 ELSE `last_practiced` END,
	CASE WHEN `times_correct` > `times_incorrect` THEN min(30, 2.3065 * (`times_correct` - `times_incorrect`)) ELSE 0.212 END,
	5.0 + 5.0 * `times_incorrect` / (`times_correct` + `times_incorrect`),
	CASE WHEN `times_correct` > `times_incorrect` THEN CAST(round(min(30, 2.3065 * (`times_correct` - `times_incorrect`))) AS integer) ELSE 0 END,
	`times_correct` + `times_incorrect`, `times_incorrect`,
	CASE WHEN `times_correct` > `times_incorrect` THEN 2 WHEN `times_correct` > 0 THEN 3 ELSE 1 END,
	`last_practiced`
FROM `letter_progress` WHERE `last_practiced` IS NOT NULL AND `times_correct` + `times_incorrect` > 0;
