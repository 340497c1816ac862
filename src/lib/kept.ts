import type { Database } from 'bun:sqlite';
import { dataVersion } from './data-version';

/** Keys kept per process by one `keptRows`; past this many the memory starts afresh. */
const KEPT = 50_000;

/**
 * A module's rows that every request reads (a learner's subscription, their flagged words), kept per
 * process by key (docs/decisions/0021). The module is their only writer and calls `forget` with every
 * write; a commit by another connection (a replica catching up, a script) is told by `dataVersion`.
 *
 * A key written in the transaction still open is read from the database and not kept until that
 * transaction ends: the write may yet be rolled back (its savepoint, or the whole group commit). Every
 * transaction here is synchronous (bun:sqlite's, the group commit's, readTogether's), so it has ended by
 * the next microtask, and the key is kept again from then on.
 */
export function keptRows<K, V>(client: Database, read: (key: K) => V) {
  const kept = new Map<K, V>();
  let keptAt = -1;
  /** Keys written in the open transaction; every key when `forgetAll` was called in it. */
  const written = new Set<K>();
  let allWritten = false;
  let endScheduled = false;
  const afterTransaction = () => {
    if (endScheduled) return;
    endScheduled = true;
    queueMicrotask(() => {
      endScheduled = false;
      written.clear();
      allWritten = false;
    });
  };

  return {
    get(key: K): V {
      if (!client.inTransaction) {
        written.clear();
        allWritten = false;
      }
      const version = dataVersion(client);
      if (version !== keptAt || kept.size >= KEPT) {
        kept.clear();
        keptAt = version;
      }
      if (allWritten || written.has(key)) return read(key);
      if (kept.has(key)) return kept.get(key)!;
      const value = read(key);
      kept.set(key, value);
      return value;
    },

    forget(key: K) {
      kept.delete(key);
      if (client.inTransaction) {
        written.add(key);
        afterTransaction();
      }
    },

    forgetAll() {
      kept.clear();
      if (client.inTransaction) {
        allWritten = true;
        afterTransaction();
      }
    },
  };
}

export type KeptRows<K, V> = ReturnType<typeof keptRows<K, V>>;
