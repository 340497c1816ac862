import { afterAll } from 'bun:test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../../src/db/client';

/**
 * A copy of `drizzle/` whose journal stops at migration `last`, so a test can build a database as it stood
 * then, fill it, and run the later migrations over its rows. Removed after the test file.
 */
export function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), `kalimat-migrations-${last}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}
