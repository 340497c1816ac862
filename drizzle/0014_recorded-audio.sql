CREATE TABLE `recorded_audio` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`arabizi` text NOT NULL,
	`arabic` text NOT NULL,
	`content_type` text NOT NULL,
	`audio` blob NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recorded_audio_kind_key_unique` ON `recorded_audio` (`kind`,`key`);--> statement-breakpoint
CREATE INDEX `recorded_audio_arabizi_idx` ON `recorded_audio` (`arabizi`);--> statement-breakpoint
CREATE INDEX `recorded_audio_arabic_idx` ON `recorded_audio` (`arabic`);