import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../../src/db/client';
import { runImport } from '../../src/content/importer';
import { contentPlugins } from '../../src/modules';

/**
 * Where the imported databases are kept: `npm test` names one folder for its whole run (scripts/test.ts),
 * shared by every test file, as each file has modules of its own; a file run by hand keeps its own.
 */
const shared = process.env.KALIMAT_IMPORTED_DIR;
const templates = shared ?? mkdtempSync(join(tmpdir(), 'kalimat-imported-'));
if (!shared) process.on('exit', () => rmSync(templates, { recursive: true, force: true }));

/**
 * A database with the content of `contentDir` imported, made once for as long as the folder's files stay
 * as they are and copied for each test app or server: importing the whole course takes seconds, and the
 * tests build hundreds of apps.
 */
export function importedDatabase(contentDir: string): string {
  const signature = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const { size, mtimeMs } = statSync(join(contentDir, name));
      return `${name}:${size}:${mtimeMs}`;
    })
    .join('\n');
  const file = join(templates, `${Bun.hash(`${contentDir}\n${signature}`).toString(16)}.db`);
  if (existsSync(file)) return file;
  // Made under a name of its own and renamed when whole: two files of a run may make it at once.
  const making = `${file}.${process.pid}.${crypto.randomUUID()}`;
  const db = openDatabase(making);
  migrateDatabase(db);
  const result = runImport(db, contentDir, contentPlugins);
  if (!result.ok) throw new Error(`content has errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
  // One file to copy: the write-ahead log folded into it.
  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  renameSync(making, file);
  for (const left of [`${making}-wal`, `${making}-shm`]) rmSync(left, { force: true });
  return file;
}
