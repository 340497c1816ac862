CREATE TABLE `grammar_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`body` text NOT NULL,
	`order_index` integer NOT NULL,
	`tables` text NOT NULL,
	`examples` text NOT NULL,
	`words` text NOT NULL,
	`verbs` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grammar_pages_key_unique` ON `grammar_pages` (`key`);--> statement-breakpoint
CREATE INDEX `grammar_pages_order_idx` ON `grammar_pages` (`order_index`);--> statement-breakpoint
ALTER TABLE `lessons` ADD `grammar` text;