import { importCommand } from '../src/content/commands/import';

/** `bun run import [--dry-run] [--content DIR]` (src/content/commands/import.ts). */
process.exit(importCommand(process.argv.slice(2)));
