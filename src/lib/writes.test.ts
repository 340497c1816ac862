import { Database } from 'bun:sqlite';
import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTransaction, WriteQueue } from './writes';

let dir: string;
function open() {
  dir = mkdtempSync(join(tmpdir(), 'kalimat-writes-'));
  const client = new Database(join(dir, 'w.db'), { create: true, strict: true });
  client.exec('PRAGMA journal_mode = WAL');
  client.exec('create table answers (n integer not null unique)');
  // Counts the transactions the queue opens (a savepoint is not one).
  let transactions = 0;
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const wrapped = transaction(fn);
    return Object.assign((...args: unknown[]) => wrapped(...args), {
      immediate: (...args: unknown[]) => {
        if (!client.inTransaction) transactions++;
        return wrapped.immediate(...args);
      },
    });
  }) as unknown as typeof client.transaction;
  return { client, transactions: () => transactions, path: join(dir, 'w.db') };
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const insert = (client: Database, n: number) => () => {
  client.query('insert into answers (n) values (?)').run(n);
  return (client.query('select count(*) as c from answers').get() as { c: number }).c;
};

describe('WriteQueue', () => {
  test('writes arriving together share one transaction, in arrival order, each seeing the ones before', async () => {
    const { client, transactions } = open();
    const queue = new WriteQueue(client);
    const counts = await Promise.all(Array.from({ length: 100 }, (_, i) => queue.run(insert(client, i))));
    expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(transactions()).toBe(1);
  });

  test('a write that throws fails alone: its error reaches its caller, the others commit', async () => {
    const { client } = open();
    const queue = new WriteQueue(client);
    const results = await Promise.allSettled([
      queue.run(insert(client, 1)),
      queue.run(() => {
        client.query('insert into answers (n) values (2)').run();
        throw new Error('not this one');
      }),
      queue.run(insert(client, 1)),
      queue.run(insert(client, 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('not this one');
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain('UNIQUE');
    expect(client.query('select n from answers order by n').values()).toEqual([[1], [3]]);
  });

  test('a write is answered only once it is committed: another connection already sees it', async () => {
    const { client, path } = open();
    const queue = new WriteQueue(client);
    const other = new Database(path, { readonly: true });
    await queue.run(insert(client, 7));
    expect(other.query('select n from answers').values()).toEqual([[7]]);
    other.close();
  });

  test('when the transaction itself cannot commit, each write is tried alone and answered on its own', async () => {
    const { client, path } = open();
    client.exec('PRAGMA busy_timeout = 0');
    const queue = new WriteQueue(client);
    const locker = new Database(path);
    locker.exec('BEGIN IMMEDIATE');
    const refused = await Promise.allSettled([queue.run(insert(client, 1)), queue.run(insert(client, 2))]);
    expect(refused.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain('locked');
    locker.exec('COMMIT');
    locker.close();
    expect(await Promise.all([queue.run(insert(client, 1)), queue.run(insert(client, 2))])).toEqual([1, 2]);
  });

  test('with a commit delay, writes arriving during one commit wait for it and share the next', async () => {
    const { client, transactions } = open();
    const queue = new WriteQueue(client, 20);
    const first = queue.run(insert(client, 0));
    await Bun.sleep(5);
    const during = Array.from({ length: 50 }, (_, i) => queue.run(insert(client, i + 1)));
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await Bun.sleep(1);
    expect(firstDone).toBe(false);
    await Promise.all([first, ...during]);
    expect(transactions()).toBe(2);
  });

  test('drain waits for every queued write', async () => {
    const { client } = open();
    const queue = new WriteQueue(client, 5);
    for (let i = 0; i < 10; i++) void queue.run(insert(client, i));
    await queue.drain();
    expect(client.query('select count(*) as c from answers').get()).toEqual({ c: 10 });
  });

  /** A clock each reading of which is 10 ms later: every commit then costs 20 ms beyond its writes. */
  const costlyCommits = () => {
    let now = 0;
    return () => (now += 10);
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const wave = (queue: WriteQueue, client: Database, from: number, size: number) =>
    Array.from({ length: size }, (_, i) => queue.run(insert(client, from + i)));

  test('when commits are costly, a few writes just after a large commit share one with the rest of their wave', async () => {
    const { client, transactions } = open();
    const queue = new WriteQueue(client, 0, costlyCommits());
    await Promise.all(wave(queue, client, 0, 8));
    const early = queue.run(insert(client, 8));
    await nextTurn();
    await nextTurn();
    const rest = wave(queue, client, 9, 7);
    const counts: number[] = await Promise.all([early, ...rest]);
    expect(counts).toEqual(Array.from({ length: 8 }, (_, i) => 9 + i));
    expect(transactions()).toBe(2);
  });

  test('a held write is committed when its hold ends, though no other write comes', async () => {
    const { client, transactions } = open();
    const queue = new WriteQueue(client, 0, costlyCommits());
    await Promise.all(wave(queue, client, 0, 8));
    expect(await queue.run(insert(client, 8))).toBe(9);
    expect(transactions()).toBe(2);
  });

  test('when commits are cheap, writes are committed at the next turn without waiting for company', async () => {
    const { client, transactions } = open();
    const queue = new WriteQueue(client, 0, () => 0);
    await Promise.all(wave(queue, client, 0, 8));
    const early = queue.run(insert(client, 8));
    await nextTurn();
    await nextTurn();
    const rest = wave(queue, client, 9, 7);
    await Promise.all([early, ...rest]);
    expect(transactions()).toBe(3);
  });

  test('drain commits a held write at once', async () => {
    const { client } = open();
    const queue = new WriteQueue(client, 0, costlyCommits());
    await Promise.all(wave(queue, client, 0, 8));
    void queue.run(insert(client, 8));
    await nextTurn();
    await queue.drain();
    expect(client.query('select count(*) as c from answers').get()).toEqual({ c: 9 });
  });
});

describe('inTransaction', () => {
  const failing = (client: Database, n: number) => () => {
    client.query('insert into answers (n) values (?)').run(n);
    throw new Error('refused');
  };

  test('called alone, it opens its own transaction: a unit that throws leaves nothing', () => {
    const { client, transactions } = open();
    expect(inTransaction(client, insert(client, 1))).toBe(1);
    expect(() => inTransaction(client, failing(client, 2))).toThrow('refused');
    expect(transactions()).toBe(2);
    expect(client.inTransaction).toBe(false);
    expect(client.query('select n from answers').values()).toEqual([[1]]);
  });

  test("inside a write, it runs in the write's own savepoint and adds none: the write decides what is kept", async () => {
    const { client, transactions } = open();
    const queue = new WriteQueue(client);
    const results = await Promise.allSettled([
      queue.run(() => inTransaction(client, insert(client, 1))),
      queue.run(() => {
        try {
          inTransaction(client, failing(client, 2));
        } catch {
          // Caught by the write itself: with no savepoint of the unit's own, its insert stands.
        }
        return inTransaction(client, insert(client, 3));
      }),
      queue.run(() => inTransaction(client, failing(client, 4))),
      queue.run(() => inTransaction(client, insert(client, 5))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(transactions()).toBe(1);
    expect(client.query('select n from answers order by n').values()).toEqual([[1], [2], [3], [5]]);
  });
});
