ALTER TABLE `verb_progress` ADD `imperative_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `verb_progress` ADD `negative_count` integer DEFAULT 0 NOT NULL;