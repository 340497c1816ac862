CREATE TABLE `dialogue_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dialogue_id` integer NOT NULL,
	`position` integer NOT NULL,
	`speaker` text NOT NULL,
	`voice` text NOT NULL,
	`arabizi` text NOT NULL,
	`arabic` text NOT NULL,
	`english` text NOT NULL,
	`note` text,
	FOREIGN KEY (`dialogue_id`) REFERENCES `dialogues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialogue_lines_dialogue_position_unique` ON `dialogue_lines` (`dialogue_id`,`position`);--> statement-breakpoint
CREATE TABLE `dialogue_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`dialogue_id` integer NOT NULL,
	`times_played` integer DEFAULT 0 NOT NULL,
	`best_score` integer DEFAULT 0 NOT NULL,
	`last_score` integer DEFAULT 0 NOT NULL,
	`last_total` integer DEFAULT 0 NOT NULL,
	`last_played` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dialogue_id`) REFERENCES `dialogues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialogue_progress_user_dialogue_unique` ON `dialogue_progress` (`user_id`,`dialogue_id`);--> statement-breakpoint
CREATE TABLE `dialogues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`setting` text NOT NULL,
	`is_premium` integer DEFAULT false NOT NULL,
	`order_index` integer NOT NULL,
	`speakers` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialogues_key_unique` ON `dialogues` (`key`);--> statement-breakpoint
CREATE INDEX `dialogues_order_idx` ON `dialogues` (`order_index`);