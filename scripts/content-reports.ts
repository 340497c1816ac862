import { reportsCommand } from '../src/content/commands/reports';

/** `bun run content:reports [--content DIR] [--resolve ID]` (src/content/commands/reports.ts). */
process.exit(reportsCommand(process.argv.slice(2)));
