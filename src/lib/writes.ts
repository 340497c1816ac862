import type { Database } from 'bun:sqlite';

interface Item {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** More than this many waiting writes are committed in several transactions, so none waits too long. */
const MAX_BATCH = 512;

/**
 * Group commit for the hot writes (answers, flags, heartbeats, points): the writes that arrive while
 * one transaction is being committed share the next one. A LiteFS primary carries about a hundred
 * commits a second, so a commit per answer would cap the app there (docs/decisions/0008).
 *
 * Each write runs in its own savepoint, in arrival order, so it sees every write before it exactly as
 * if they had run one by one, and one that throws is rolled back alone and answered with its own
 * error while the others commit. A write's promise settles only after the transaction holding it has
 * committed. Writes are synchronous functions over the database connection: bun:sqlite is synchronous,
 * so nothing else runs between them.
 */
export class WriteQueue {
  private pending: Item[] = [];
  private committed: (() => void)[] = [];
  private scheduled = false;
  private committing: Promise<void> | null = null;

  constructor(
    private readonly client: Database,
    /** Stands in for the commit cost of LiteFS's FUSE layer in the bench (COMMIT_DELAY_MS). */
    private readonly commitDelayMs = 0,
  ) {}

  /** Runs `work` in the next group transaction; resolves with its result once that has committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Calls `listener` after each group transaction has committed and its writes are answered. */
  afterCommit(listener: () => void) {
    this.committed.push(listener);
  }

  /** Settles once every write queued so far has committed (or failed): for a clean shutdown. */
  async drain() {
    while (this.pending.length > 0 || this.committing || this.scheduled) {
      await (this.committing ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }

  private schedule() {
    if (this.scheduled || this.committing) return;
    this.scheduled = true;
    // The next turn of the event loop: every request already read by then joins this transaction.
    setImmediate(() => {
      this.scheduled = false;
      this.committing = this.commitNext().finally(() => {
        this.committing = null;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  private async commitNext() {
    const batch = this.pending.splice(0, MAX_BATCH);
    const outcomes = this.commit(batch);
    if (this.commitDelayMs > 0) await Bun.sleep(this.commitDelayMs);
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
    for (const listener of this.committed) listener();
  }

  private commit(batch: Item[]): Outcome[] {
    const outcomes: Outcome[] = [];
    try {
      this.client
        .transaction(() => {
          outcomes.length = 0;
          for (const item of batch) outcomes.push(this.attempt(item));
        })
        .immediate();
      return outcomes;
    } catch (error) {
      // The transaction itself failed (the database busy past its timeout, a full disk): nothing of it
      // is stored. Each write is tried once more on its own, so one cause cannot fail its neighbours.
      if (batch.length === 1) return [{ ok: false, error }];
      return batch.map((item) => {
        try {
          return this.client.transaction(() => this.attempt(item)).immediate();
        } catch (error) {
          return { ok: false, error };
        }
      });
    }
  }

  /** One write in a savepoint: rolled back alone when it throws. */
  private attempt(item: Item): Outcome {
    try {
      return { ok: true, value: this.client.transaction(item.work)() };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
