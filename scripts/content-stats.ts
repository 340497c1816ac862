import { statsCommand } from '../src/content/commands/stats';
import { contentPlugins } from '../src/modules';

/** `bun run content:stats [--content DIR]` (src/content/commands/stats.ts), through every module's content plugins. */
process.exit(statsCommand(process.argv.slice(2), contentPlugins));
