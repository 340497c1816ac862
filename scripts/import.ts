import { importCommand } from '../src/content/commands/import';
import { contentPlugins } from '../src/modules';

/** `bun run import [--dry-run] [--content DIR]` (src/content/commands/import.ts), through every module's content plugins. */
process.exit(importCommand(process.argv.slice(2), contentPlugins));
