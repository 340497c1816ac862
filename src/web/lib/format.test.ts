import { describe, expect, test } from 'bun:test';
import { formatCount, formatDate, formatDay, formatDayWithWeekday, formatWeekday, weekdayOf } from './format';

describe('dates and counts as the screens show them', () => {
  test("dates read 'MMM d, yyyy' in the browser's time zone", () => {
    expect(formatDate(new Date(2026, 8, 5, 23, 59))).toBe('Sep 5, 2026');
    expect(formatDate(new Date(2027, 0, 1, 0, 0))).toBe('Jan 1, 2027');
    expect(formatDate(new Date(2026, 10, 28).getTime())).toBe('Nov 28, 2026');
  });

  test("a learner's calendar day reads '28 Nov', with its weekday 'Sat 28 Nov'", () => {
    expect(formatDay('2026-11-28')).toBe('28 Nov');
    expect(formatDayWithWeekday('2026-11-28')).toBe('Sat 28 Nov');
    expect(formatDayWithWeekday('2024-02-29')).toBe('Thu 29 Feb');
    expect(formatWeekday('2026-03-30')).toBe('Mon');
    expect(weekdayOf('2026-11-29')).toBe(0);
  });

  test('every day of two years reads as the browser’s own formatter reads it', () => {
    const gb = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    const us = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      // Newer locale data shortens September to 'Sept' in en-GB only; the app writes 'Sep' everywhere.
      expect(formatDayWithWeekday(day)).toBe(gb.format(new Date(t)).replace('Sept', 'Sep'));
      const local = new Date(t + 12 * 3_600_000);
      expect(formatDate(local)).toBe(us.format(local));
    }
  });

  test('counts are grouped by thousands', () => {
    expect([0, 7, 999, 1000, 12345, 1234567].map(formatCount)).toEqual(['0', '7', '999', '1,000', '12,345', '1,234,567']);
  });
});
