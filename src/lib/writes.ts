import type { Database } from 'bun:sqlite';

interface Item {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Runs `work` in the transaction already open on `client` (the write queue's item, a caller's unit), or
 * in its own immediate transaction when none is open: a service's unit of work is atomic when called
 * alone and adds no savepoint inside its caller's (docs/decisions/0017-module-definition.md).
 */
export function inTransaction<T>(client: Database, work: () => T): T {
  return client.inTransaction ? work() : client.transaction(work).immediate();
}

/** More than this many waiting writes are committed in several transactions, so none waits too long. */
const MAX_BATCH = 512;

/**
 * A commit whose own cost (the transaction beyond its writes' statements) reaches this is expensive
 * enough to be worth waiting for company: 99% of a plain file's commits cost under 2 ms on this busy
 * machine (the rest 2-7 ms), a LiteFS primary's (its syncs and the LTX file) 6 ms and more
 * (docs/decisions/0060-commits-through-litefs.md).
 */
const COSTLY_COMMIT_MS = 5;
/** The longest a few writes are held for the rest of their wave, however costly the last commit was. */
const MAX_HOLD_MS = 100;

/**
 * Group commit for the hot writes (answers, flags, heartbeats, points): the writes that arrive while
 * one transaction is being committed share the next one. A LiteFS primary carries about a hundred
 * commits a second, so a commit per answer would cap the app there (docs/decisions/0008).
 *
 * Each write runs in its own savepoint, in arrival order (its only one: the services it calls run their
 * statements in it, docs/decisions/0017-module-definition.md), so it sees every write before it exactly
 * as if they had run one by one, and one that throws is rolled back alone and answered with its own
 * error while the others commit. A write's promise settles only after the transaction holding it has
 * committed. Writes are synchronous functions over the database connection: bun:sqlite is synchronous,
 * so nothing else runs between them.
 *
 * A commit holds the server's thread for its whole cost. When commits are costly and a few writes wait
 * just after a large commit (they arrived while it ran; the answers it acknowledged are on their way
 * back), they are held until as many writes as that commit carried are waiting, at most as long as the
 * last commit cost (and MAX_HOLD_MS): they then share one commit with the rest of the wave instead of
 * holding the thread for a commit of their own while the wave arrives (docs/decisions/0060).
 */
export class WriteQueue {
  private pending: Item[] = [];
  private committed: (() => void)[] = [];
  private scheduled = false;
  private committing: Promise<void> | null = null;
  private holding: ReturnType<typeof setTimeout> | null = null;
  /** The last commit: how many writes it carried, and its own cost in ms (beyond its writes' statements). */
  private last = { writes: 0, costMs: 0 };

  constructor(
    private readonly client: Database,
    /** Stands in for the commit cost of LiteFS's FUSE layer in the bench (COMMIT_DELAY_MS). */
    private readonly commitDelayMs = 0,
    private readonly clock: () => number = () => performance.now(),
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
    if (this.holding) this.release();
    while (this.pending.length > 0 || this.committing || this.scheduled) {
      await (this.committing ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }

  private schedule() {
    if (this.holding) {
      if (this.pending.length >= this.last.writes) this.release();
      return;
    }
    if (this.scheduled || this.committing) return;
    this.scheduled = true;
    // The next turn of the event loop: every request already read by then joins this transaction.
    setImmediate(() => {
      const holdMs = this.holdMs();
      if (holdMs > 0) {
        this.holding = setTimeout(() => this.release(), holdMs);
        return;
      }
      this.scheduled = false;
      this.committing = this.commitNext().finally(() => {
        this.committing = null;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  /** How long the waiting writes are held for company: 0 unless commits are costly and these are few. */
  private holdMs() {
    if (this.last.costMs < COSTLY_COMMIT_MS || this.pending.length * 2 > this.last.writes) return 0;
    return Math.min(this.last.costMs, MAX_HOLD_MS);
  }

  /** Ends a hold: the writes waiting are committed on the next turn of the event loop. */
  private release() {
    clearTimeout(this.holding!);
    this.holding = null;
    this.scheduled = false;
    this.last.costMs = 0;
    this.schedule();
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
      const started = this.clock();
      let writesMs = 0;
      this.client
        .transaction(() => {
          outcomes.length = 0;
          const first = this.clock();
          for (const item of batch) outcomes.push(this.attempt(item));
          writesMs = this.clock() - first;
        })
        .immediate();
      this.last = { writes: batch.length, costMs: this.clock() - started - writesMs };
      return outcomes;
    } catch (error) {
      // The transaction itself failed (the database busy past its timeout, a full disk): nothing of it
      // is stored. Each write is tried once more on its own, so one cause cannot fail its neighbours.
      if (batch.length === 1) return [{ ok: false, error }];
      return batch.map((item) => {
        try {
          return { ok: true, value: this.client.transaction(item.work).immediate() };
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
