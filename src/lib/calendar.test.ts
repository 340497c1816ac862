import { describe, expect, test } from 'bun:test';
import { addDays, calendarDay, isTimeZone, weekStart } from './calendar';

describe('calendar days', () => {
  test('days in a time zone, the day before, and the start of the week', () => {
    const lateUtc = new Date('2026-03-01T23:30:00Z');
    expect(calendarDay(lateUtc, 'UTC')).toBe('2026-03-01');
    expect(calendarDay(lateUtc, 'Asia/Beirut')).toBe('2026-03-02');
    expect(calendarDay(lateUtc, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(weekStart(new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(weekStart(new Date('2026-01-18T23:59:59Z')).toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(isTimeZone('Asia/Beirut')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(weekStart(new Date('2026-01-19T00:00:00Z')).toISOString()).toBe('2026-01-19T00:00:00.000Z');
  });
});
