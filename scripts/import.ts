import { existsSync } from 'node:fs';
import { configOrExit } from '../src/boot';
import { CONTENT_DIR } from '../src/lib/content/dir';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { formatCounts, formatIssue, runImport } from '../src/lib/content/importer';
import { contentPlugins } from '../src/modules';

/** `bun run import [--dry-run] [--content DIR]`: validates content/ and loads it into the database. */
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const contentIndex = args.indexOf('--content');
const contentDir = contentIndex >= 0 ? args[contentIndex + 1] : CONTENT_DIR;

const config = configOrExit();
// A dry run against a database that does not exist yet compares with an empty one instead of creating it.
const db = openDatabase(dryRun && !existsSync(config.DATABASE_PATH) ? ':memory:' : config.DATABASE_PATH);
migrateDatabase(db);
const result = runImport(db, contentDir, contentPlugins, { dryRun });

for (const warning of result.warnings) console.warn(`warning: ${formatIssue(warning)}`);
if (!result.ok) {
  for (const error of result.errors) console.error(`error: ${formatIssue(error)}`);
  console.error(`\n${result.errors.length} error(s); nothing was written.`);
  process.exit(1);
}
console.log(formatCounts(result.counts));
console.log(dryRun ? '\nDry run: content is valid; nothing was written.' : `\nImported into ${config.DATABASE_PATH}.`);
if (result.warnings.length) console.log(`${result.warnings.length} warning(s) above.`);
