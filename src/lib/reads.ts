import type { Database } from 'bun:sqlite';

interface Read {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const batches = new WeakMap<Database, (work: () => unknown) => Promise<unknown>>();

/**
 * Runs `work`, a synchronous read, on the next turn of the event loop together with every read asked for
 * in this turn, all in one read transaction. A statement outside a transaction takes and drops SQLite's
 * WAL read lock, and on LiteFS each lock is a round trip to its FUSE layer: the session row read before
 * every answer was two of them, and shared this way the rows of every request that arrived in a turn cost
 * one pair (docs/decisions/0047-reads-together.md).
 *
 * The transaction only reads and ends before the turn does, so a read never sees a write that was not
 * committed, and no write of the group commit (src/lib/writes.ts) can fall inside it.
 */
export function readTogether<T>(client: Database, work: () => T): Promise<T> {
  let read = batches.get(client);
  if (!read) {
    let pending: Read[] = [];
    const run = () => {
      const batch = pending;
      pending = [];
      const own = !client.inTransaction;
      if (own) client.exec('BEGIN');
      try {
        for (const item of batch) {
          try {
            item.resolve(item.work());
          } catch (error) {
            item.reject(error);
          }
        }
      } finally {
        if (own && client.inTransaction) client.exec('COMMIT');
      }
    };
    read = (work) =>
      new Promise((resolve, reject) => {
        if (pending.push({ work, resolve, reject }) === 1) setImmediate(run);
      });
    batches.set(client, read);
  }
  return read(work) as Promise<T>;
}
