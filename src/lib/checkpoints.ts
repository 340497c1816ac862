import type { AppContext } from './context';
import type { Job } from './jobs';
import { onShutdown } from './shutdown';

/**
 * How often the log is copied into the database file. SQLite's own checkpoint still runs on the serving
 * connection after every 1,000 pages of log (under load every few hundred answers) and restarts the log
 * from its beginning, which keeps it small; the worker has by then copied nearly all of it, so the
 * request thread, which used to be held 5-25 ms copying it, finds little left (docs/decisions/0008).
 */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * While writes are committed, the log is also copied after a commit, at most this often: at a steady
 * 1,000 answers a second the request thread's own checkpoint otherwise found up to 100 ms of log to
 * copy, which held the answers behind it about 10 ms every 90 ms (docs/decisions/0008).
 */
export const CHECKPOINT_AFTER_COMMITS_MS = 10;

export interface CheckpointResult {
  /** Pages in the log, and how many of them are now in the database file. */
  frames: number;
  checkpointed: number;
}

/**
 * WAL checkpoints in a worker thread with its own connection, every CHECKPOINT_INTERVAL_MS on the
 * primary (a LiteFS replica's database is written by LiteFS alone). Null for an in-memory database.
 */
export function checkpointJob(ctx: Pick<AppContext, 'config'>): Job<Promise<CheckpointResult | null>> | null {
  const databasePath = ctx.config.DATABASE_PATH;
  if (databasePath === ':memory:') return null;
  let worker: Worker | null = null;
  let running: Promise<CheckpointResult | null> | null = null;
  onShutdown(async () => {
    const current = worker;
    if (!current) return;
    await running?.catch(() => null);
    // A worker that died cannot answer: the server does not wait for it past a second.
    const closed = new Promise((resolve) => {
      current.onmessage = resolve;
      current.postMessage({ close: true });
    });
    await Promise.race([closed, Bun.sleep(1000)]);
    current.terminate();
  });
  return {
    name: 'database checkpoint',
    everyMs: CHECKPOINT_INTERVAL_MS,
    afterCommitsEveryMs: CHECKPOINT_AFTER_COMMITS_MS,
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
