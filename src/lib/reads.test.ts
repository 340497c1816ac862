import { Database } from 'bun:sqlite';
import { afterEach, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTogether } from './reads';

let dir: string;
function open() {
  dir = mkdtempSync(join(tmpdir(), 'kalimat-reads-'));
  const client = new Database(join(dir, 'r.db'), { create: true, strict: true });
  client.exec('PRAGMA journal_mode = WAL');
  client.exec('create table words (n integer not null)');
  client.exec('insert into words values (1), (2)');
  return client;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the reads asked for in one turn run in one read transaction, ended before their answers', async () => {
  const client = open();
  const count = client.prepare<{ n: number }, []>('select count(*) as n from words');
  const seen: { n: number; inTransaction: boolean }[] = [];
  const read = () => {
    seen.push({ n: count.get()!.n, inTransaction: client.inTransaction });
    return seen.length;
  };
  const reads = [readTogether(client, read), readTogether(client, read), readTogether(client, read)];
  expect(seen).toEqual([]);
  expect(await Promise.all(reads)).toEqual([1, 2, 3]);
  expect(seen).toEqual(Array(3).fill({ n: 2, inTransaction: true }));
  expect(client.inTransaction).toBe(false);
  // A write after the turn is seen by the reads of the next one.
  client.exec('insert into words values (3)');
  expect(await readTogether(client, () => count.get()!.n)).toBe(3);
});

test('a read that throws fails alone', async () => {
  const client = open();
  const failing = readTogether(client, () => client.prepare('select * from no_such_table').all());
  const fine = readTogether(client, () => client.prepare<{ n: number }, []>('select max(n) as n from words').get()!.n);
  expect(failing).rejects.toThrow(/no such table/);
  expect(await fine).toBe(2);
  expect(client.inTransaction).toBe(false);
});
