import { Database } from 'bun:sqlite';
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speakableIndex } from './speakable';

const dir = mkdtempSync(join(tmpdir(), 'speakable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a source's texts are found by their arabizi in any case or their Arabic, the first of a text winning, and anew once another connection changed the content", async () => {
  const file = join(dir, 'content.db');
  const server = new Database(file);
  server.exec('PRAGMA journal_mode = WAL; CREATE TABLE texts (arabizi TEXT, arabic TEXT, premium INTEGER)');
  server.exec("INSERT INTO texts VALUES ('Ahwe', 'قهوة', 0), ('ahwe', 'قهوة', 1)");
  const read = server.prepare<{ arabizi: string; arabic: string; premium: number }, []>('SELECT * FROM texts ORDER BY premium, rowid');
  const find = speakableIndex(server, () => read.all().map((row) => ({ ...row, premium: row.premium === 1 })));

  expect(find('AHWE')).toEqual({ arabizi: 'Ahwe', arabic: 'قهوة', premium: false });
  expect(find('قهوة')).toEqual({ arabizi: 'Ahwe', arabic: 'قهوة', premium: false });
  expect(find('shay')).toBeNull();

  // An import run beside the server (or a LiteFS replica catching up) commits on another connection.
  const importer = new Database(file);
  importer.exec("INSERT INTO texts VALUES ('shay', 'شاي', 0)");
  importer.close();
  // The content's version is read once per turn of the event loop, as a request is served in one.
  await Promise.resolve();
  expect(find('Shay')).toEqual({ arabizi: 'shay', arabic: 'شاي', premium: false });
  server.close();
});
