import { tooManyRequests } from './errors';
import type { Clock } from './clock';

/**
 * Fixed-window counters in memory, per process. Each limit names its own window; `check` throws a 429
 * with Retry-After once a key has used its allowance.
 */
export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
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

  /** Throws 429 when the key already reached `limit` in the window. Does not count. */
  check(key: string, limit: number, windowMs: number) {
    const { entry, now } = this.window(key, windowMs);
    if (entry.count >= limit) throw tooManyRequests((entry.resetAt - now) / 1000);
  }

  /** Counts one use of the key. */
  hit(key: string, windowMs: number) {
    this.window(key, windowMs).entry.count++;
  }

  /** Checks, then counts: for limits on every attempt rather than on failures. */
  consume(key: string, limit: number, windowMs: number) {
    this.check(key, limit, windowMs);
    this.hit(key, windowMs);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
