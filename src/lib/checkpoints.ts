import type { AppContext } from './context';
import type { Job } from './jobs';
import { onShutdown } from './shutdown';

/** How often the log is copied into the database file: a few hundred commits of answers at most. */
export const CHECKPOINT_INTERVAL_MS = 250;
/**
 * The serving connection's own checkpoint, after this many pages of log (40 MB), is only a backstop for a
 * stalled worker: SQLite's default of 1,000 pages fired every few hundred answers under load and held
 * the request thread 5-25 ms each time, the tail of the answer's latency (docs/decisions/0008).
 */
const BACKSTOP_PAGES = 10_000;

export interface CheckpointResult {
  /** Pages in the log, and how many of them are now in the database file. */
  frames: number;
  checkpointed: number;
}

/**
 * WAL checkpoints in a worker thread with its own connection, every CHECKPOINT_INTERVAL_MS on the
 * primary (a LiteFS replica's database is written by LiteFS alone). Null for an in-memory database.
 */
export function checkpointJob(ctx: Pick<AppContext, 'config' | 'db'>): Job<Promise<CheckpointResult | null>> | null {
  const databasePath = ctx.config.DATABASE_PATH;
  if (databasePath === ':memory:') return null;
  ctx.db.$client.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let worker: Worker | null = null;
  let running: Promise<CheckpointResult | null> | null = null;
  onShutdown(() => worker?.terminate());
  return {
    name: 'database checkpoint',
    everyMs: CHECKPOINT_INTERVAL_MS,
    primaryOnly: true,
    run() {
      if (running) return running;
      // A small heap (`smol`): the worker holds only a connection. It never keeps the process alive.
      worker ??= new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { smol: true, ref: false });
      const current = worker;
      running = new Promise<CheckpointResult>((resolve, reject) => {
        current.onmessage = (event: MessageEvent<CheckpointResult & { error?: string }>) =>
          event.data.error ? reject(new Error(event.data.error)) : resolve(event.data);
        current.onerror = (event) => reject(new Error(event.message));
        current.postMessage({ databasePath });
      }).finally(() => (running = null));
      return running;
    },
  };
}
