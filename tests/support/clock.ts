import type { Clock } from '../../src/lib/clock';

/** A clock tests can set and advance. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-01-15T12:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
