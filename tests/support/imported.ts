import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../../src/db/client';
import { runImport } from '../../src/content/importer';
import { contentPlugins } from '../../src/modules';

const imported = new Map<string, { signature: string; file: string }>();
let importedFiles = 0;
const templates = mkdtempSync(join(tmpdir(), 'kalimat-imported-'));
process.on('exit', () => rmSync(templates, { recursive: true, force: true }));

/**
 * A database with the content of `contentDir` imported, made once for as long as the folder's files stay
 * as they are and copied for each test app or server: importing the whole course takes seconds, and a test file
 * builds many apps.
 */
export function importedDatabase(contentDir: string): string {
  const signature = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const { size, mtimeMs } = statSync(join(contentDir, name));
      return `${name}:${size}:${mtimeMs}`;
    })
    .join('\n');
  const kept = imported.get(contentDir);
  if (kept?.signature === signature) return kept.file;
  const file = join(templates, `${importedFiles++}.db`);
  const db = openDatabase(file);
  migrateDatabase(db);
  const result = runImport(db, contentDir, contentPlugins);
  if (!result.ok) throw new Error(`content has errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
  // One file to copy: the write-ahead log folded into it.
  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  imported.set(contentDir, { signature, file });
  return file;
}
