CREATE TABLE `conversation_turns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scenario_id` integer NOT NULL,
	`position` integer NOT NULL,
	`key` text NOT NULL,
	`arabizi` text NOT NULL,
	`arabic` text NOT NULL,
	`english` text NOT NULL,
	`hint` text,
	`rephrase_arabizi` text,
	`rephrase_arabic` text,
	`rephrase_english` text,
	`expects` text NOT NULL,
	FOREIGN KEY (`scenario_id`) REFERENCES `conversation_scenarios`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_turns_scenario_position_unique` ON `conversation_turns` (`scenario_id`,`position`);--> statement-breakpoint
CREATE INDEX `conversation_turns_arabizi_idx` ON `conversation_turns` (`arabizi`);--> statement-breakpoint
CREATE TABLE `conversation_scenarios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`setting` text NOT NULL,
	`is_premium` integer DEFAULT false NOT NULL,
	`order_index` integer NOT NULL,
	`partner` text NOT NULL,
	`checklist` text NOT NULL,
	`words` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_scenarios_key_unique` ON `conversation_scenarios` (`key`);--> statement-breakpoint
CREATE INDEX `conversation_scenarios_order_idx` ON `conversation_scenarios` (`order_index`);--> statement-breakpoint
CREATE TABLE `talk_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`turns` integer DEFAULT 0 NOT NULL,
	`tokens` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `talk_usage_user_day_unique` ON `talk_usage` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `talks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`scenario_id` integer NOT NULL,
	`partner` text NOT NULL,
	`turn_key` text NOT NULL,
	`lines` text NOT NULL,
	`done` text NOT NULL,
	`corrections` text NOT NULL,
	`ended` integer DEFAULT false NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`points_awarded` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scenario_id`) REFERENCES `conversation_scenarios`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `talks_user_started_idx` ON `talks` (`user_id`,`started_at`);