import { contentPlugins } from '../src/modules';
import { reportsCommand } from '../src/modules/reports/command';

/** `bun run content:reports [--content DIR] [--resolve ID]` (src/modules/reports/command.ts), through every module's content plugins. */
process.exit(reportsCommand(process.argv.slice(2), contentPlugins));
