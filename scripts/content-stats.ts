import { statsCommand } from '../src/content/commands/stats';

/** `bun run content:stats [--content DIR]` (src/content/commands/stats.ts). */
process.exit(statsCommand(process.argv.slice(2)));
