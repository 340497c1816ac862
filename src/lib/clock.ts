/** Time comes from here so trial and streak tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Units of time in milliseconds, as dates and timers count it. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The system's time moved forward by what a journey asked (POST /api/dev/clock): the server running
 * with MOVABLE_CLOCK, refused in production, lets a browser test see tomorrow.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
