import { existsSync } from 'node:fs';
import { configOrExit } from '../../config';
import { migrateDatabase, openDatabase } from '../../db/client';
import { contentDirOf } from '../dir';
import { formatIssue, runImport, type ImportResult } from '../importer';
import { formatTable } from '../table';
import type { ContentPlugin } from '../types';

/**
 * `bun run import [--dry-run] [--content DIR]`: validates content/ and loads it into the database through
 * the plugins it is given (the module list's, scripts/import.ts); the exit code.
 */
export function importCommand(args: string[], plugins: ContentPlugin<any>[]): number {
  const dryRun = args.includes('--dry-run');
  const config = configOrExit();
  // A dry run against a database that does not exist yet compares with an empty one instead of creating it.
  const db = openDatabase(dryRun && !existsSync(config.DATABASE_PATH) ? ':memory:' : config.DATABASE_PATH);
  migrateDatabase(db);
  const result = runImport(db, contentDirOf(args), plugins, { dryRun });

  for (const warning of result.warnings) console.warn(`warning: ${formatIssue(warning)}`);
  if (!result.ok) {
    for (const error of result.errors) console.error(`error: ${formatIssue(error)}`);
    console.error(`\n${result.errors.length} error(s); nothing was written.`);
    return 1;
  }
  console.log(formatCounts(result.counts));
  console.log(dryRun ? '\nDry run: content is valid; nothing was written.' : `\nImported into ${config.DATABASE_PATH}.`);
  if (result.warnings.length) console.log(`${result.warnings.length} warning(s) above.`);
  return 0;
}

function formatCounts(counts: ImportResult['counts']) {
  return formatTable([
    ['kind', 'files', 'added', 'updated', 'unchanged', 'removed'],
    ...counts.map((c) => [c.kind, c.files, c.counts.added, c.counts.updated, c.counts.unchanged, c.counts.removed]),
  ]);
}
