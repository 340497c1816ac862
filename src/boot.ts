import { count } from 'drizzle-orm';
import type { Config } from './config';
import { migrateDatabase, openDatabase, type Db } from './db/client';
import { CONTENT_DIR } from './content/dir';
import { runImport, formatIssue } from './content/importer';
import { isPrimary } from './lib/litefs';
import { contentPlugins } from './modules';
import { topics } from './modules/vocabulary/schema';

/**
 * Opens the database; on the primary it applies migrations and, on a database with no content yet,
 * imports content/ so a first start is ready to use.
 */
export function prepareDatabase(config: Config, opts: { importContent?: 'if-empty' | 'always' } = {}): Db {
  const db = openDatabase(config.DATABASE_PATH);
  if (!isPrimary(config.LITEFS_DIR)) return db;
  migrateDatabase(db);
  const empty = db.select({ n: count() }).from(topics).get()!.n === 0;
  if (opts.importContent === 'always' || (opts.importContent === 'if-empty' && empty)) {
    const result = runImport(db, CONTENT_DIR, contentPlugins);
    if (!result.ok) {
      console.error(`Content has errors; fix them and run \`bun run import\`:\n${result.errors.map(formatIssue).join('\n')}`);
    }
  }
  return db;
}
