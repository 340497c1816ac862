import { tooManyRequests } from './errors';
import type { Clock } from './clock';

type Window = { count: number; resetAt: number };
export type Limit = { limit: number; windowMs: number };

/**
 * Fixed-window counters in memory, per process. Each limit names its own window; a key that has used
 * its allowance throws a 429 with Retry-After.
 */
export class RateLimiter {
  private windows = new Map<string, Window>();
  constructor(private clock: Clock) {}

  private window(key: string, windowMs: number) {
    const now = this.clock.now().getTime();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    return { entry, now };
  }

  /** Counts one use of the key, or throws 429 when it already reached its limit in the window. */
  consume(key: string, limit: number, windowMs: number) {
    this.reserve([[key, { limit, windowMs }]]);
  }

  /**
   * Takes one use of every key at once, before the slow work it guards (a password hash), so requests
   * arriving together cannot all pass a check made before any of them counted (docs/decisions/0006).
   * All or none: when one key is full nothing is taken. The returned function gives the uses back, for
   * outcomes that should not count (a right password).
   */
  reserve(keys: [string, Limit][]): () => void {
    const windows = keys.map(([key, { windowMs }]) => this.window(key, windowMs));
    keys.forEach(([, { limit }], i) => {
      const { entry, now } = windows[i]!;
      if (entry.count >= limit) throw tooManyRequests((entry.resetAt - now) / 1000);
    });
    for (const { entry } of windows) entry.count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A window that has since been replaced holds nothing of this use.
      keys.forEach(([key], i) => {
        const entry = windows[i]!.entry;
        if (this.windows.get(key) === entry && entry.count > 0) entry.count--;
      });
    };
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
