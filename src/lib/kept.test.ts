import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keptRows } from './kept';

const dir = mkdtempSync(join(tmpdir(), 'kept-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A table of counts by key on a WAL database, read through `keptRows`, counting the reads that reach it. */
function setUp(name: string) {
  const path = join(dir, `${name}.db`);
  const client = new Database(path, { strict: true });
  client.exec('PRAGMA journal_mode = WAL');
  client.exec('create table counts (key integer primary key, n integer not null)');
  client.exec('insert into counts values (1, 10), (2, 20)');
  const select = client.prepare<{ n: number }, [number]>('select n from counts where key = ?');
  let reads = 0;
  const kept = keptRows(client, (key: number) => {
    reads++;
    return select.get(key)?.n ?? null;
  });
  /** The module's one write path: it forgets what it wrote. */
  const write = (key: number, n: number) => {
    client.prepare('update counts set n = ? where key = ?').run(n, key);
    kept.forget(key);
  };
  return { path, client, kept, write, reads: () => reads };
}

describe('rows kept per process', () => {
  test('read once, then from memory until the writer forgets them', () => {
    const { kept, write, reads } = setUp('forget');
    expect([kept.get(1), kept.get(1), kept.get(2)]).toEqual([10, 10, 20]);
    expect(reads()).toBe(2);
    write(1, 11);
    expect([kept.get(1), kept.get(2)]).toEqual([11, 20]);
    expect(reads()).toBe(3);
    kept.forgetAll();
    expect(kept.get(2)).toBe(20);
    expect(reads()).toBe(4);
  });

  test("another connection's commit is seen at the next read", () => {
    const { path, kept } = setUp('other');
    expect(kept.get(1)).toBe(10);
    const other = new Database(path);
    other.exec('update counts set n = 12 where key = 1');
    other.close();
    return Promise.resolve().then(() => expect(kept.get(1)).toBe(12));
  });

  test('a row written in a transaction that rolls back is not kept as written', () => {
    const { client, kept, write } = setUp('rollback');
    expect(kept.get(1)).toBe(10);
    expect(() =>
      client.transaction(() => {
        write(1, 13);
        expect(kept.get(1)).toBe(13);
        // An untouched row read in the transaction is what is committed, and is kept.
        expect(kept.get(2)).toBe(20);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(kept.get(1)).toBe(10);

    // A savepoint rolled back inside a transaction that commits: its write is gone, the other stays.
    client.transaction(() => {
      try {
        client.transaction(() => {
          write(1, 14);
          expect(kept.get(1)).toBe(14);
          throw new Error('this write fails');
        })();
      } catch {}
      expect(kept.get(1)).toBe(10);
      write(2, 21);
    })();
    expect([kept.get(1), kept.get(2)]).toEqual([10, 21]);
  });

  test('every row forgotten in a transaction that rolls back is read again afterwards', () => {
    const { client, kept } = setUp('all');
    expect(kept.get(1)).toBe(10);
    expect(() =>
      client.transaction(() => {
        client.exec('update counts set n = 15');
        kept.forgetAll();
        expect(kept.get(1)).toBe(15);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(kept.get(1)).toBe(10);
  });

  test('a row written in one transaction is kept again once it has ended, though every read is in one', async () => {
    // The server reads and writes only inside transactions (the group commit, readTogether): a key once
    // written must not be read from the database for ever after.
    const { client, kept, write, reads } = setUp('after');
    client.transaction(() => {
      write(1, 16);
      expect(kept.get(1)).toBe(16);
    })();
    await Promise.resolve();
    const before = reads();
    client.transaction(() => {
      expect([kept.get(1), kept.get(1), kept.get(1)]).toEqual([16, 16, 16]);
    })();
    expect(reads() - before).toBe(1);
  });
});
