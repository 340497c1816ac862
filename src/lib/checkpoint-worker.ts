import { Database } from 'bun:sqlite';

/**
 * Copies the write-ahead log into the database file on a connection of its own (src/lib/checkpoints.ts),
 * so the server's thread never waits for that copy. PASSIVE: it never blocks a writer or a reader.
 */
declare const self: Worker;

let db: Database | null = null;

self.onmessage = (event: MessageEvent<{ databasePath: string } | { close: true }>) => {
  // Closed before the server closes its own connection, which, being the last, then folds the log into
  // the database file and removes it.
  if ('close' in event.data) {
    db?.close();
    db = null;
    postMessage({ closed: true });
    return;
  }
  try {
    db ??= new Database(event.data.databasePath);
    const result = db.query('PRAGMA wal_checkpoint(PASSIVE)').get() as { busy: number; log: number; checkpointed: number };
    postMessage({ frames: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
