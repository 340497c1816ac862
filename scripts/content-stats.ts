import { CONTENT_DIR } from '../src/lib/content/dir';
import { validateContent } from '../src/lib/content/importer';
import { contentStats } from '../src/corpus/stats';
import { contentPlugins } from '../src/modules';

/**
 * `bun run content:stats [--content DIR]`: counts content/ per kind, topic and batch, through the
 * same validation as the import and without touching the database. Exits 1 when a file has errors.
 */
const args = process.argv.slice(2);
const contentIndex = args.indexOf('--content');
const contentDir = contentIndex >= 0 ? args[contentIndex + 1] : CONTENT_DIR;

const content = validateContent(contentDir, contentPlugins);
console.log(contentStats(content).text);
if (content.errors.length > 0) process.exit(1);
