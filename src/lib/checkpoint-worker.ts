import { Database } from 'bun:sqlite';

/**
 * Copies the write-ahead log into the database file on a connection of its own (src/lib/checkpoints.ts),
 * so the server's thread never waits for that copy. PASSIVE: it never blocks a writer or a reader.
 */
declare const self: Worker;

let db: Database | null = null;

self.onmessage = (event: MessageEvent<{ databasePath: string }>) => {
  try {
    db ??= new Database(event.data.databasePath);
    const result = db.query('PRAGMA wal_checkpoint(PASSIVE)').get() as { busy: number; log: number; checkpointed: number };
    postMessage({ frames: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
