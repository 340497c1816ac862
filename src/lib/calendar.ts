import { DAY_MS, MINUTE_MS } from './clock';

/**
 * Calendar days, 'YYYY-MM-DD', in a learner's time zone: what stats (study days, goals, reminders) and
 * review (new cards per day, the forecast) count by. Pure, so rules shared with the browser use them too.
 */

/** An IANA zone name the runtime knows (Intl throws a RangeError for any other). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();
/**
 * The calendar day ('YYYY-MM-DD') of an instant in a time zone. Every zone's day starts on a whole
 * minute, so the answer is kept per zone for the minute it was asked in (Intl is slow for every answer).
 */
export function calendarDay(at: Date, timeZone: string): string {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      minute: NaN,
      day: '',
    };
    dayFormats.set(timeZone, zone);
  }
  if (zone.minute !== minute) {
    const parts = Object.fromEntries(zone.format.formatToParts(at).map((p) => [p.type, p.value]));
    zone.minute = minute;
    zone.day = `${parts.year}-${parts.month}-${parts.day}`;
  }
  return zone.day;
}

/** The calendar day `n` days after `day` (YYYY-MM-DD), by date arithmetic so DST never skips a day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const dayStarts = new Map<string, number>();
/**
 * The first minute of a calendar day in a time zone: every zone's day starts on a whole minute within 14
 * hours of UTC's. Kept per zone and day (a few recent days are asked for on every answer to a new card).
 */
export function dayStart(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= 4096) dayStarts.clear();
    start = searchDayStart(day, timeZone);
    dayStarts.set(key, start);
  }
  return new Date(start);
}

function searchDayStart(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let before = Math.floor((midnight - 15 * 60 * MINUTE_MS) / MINUTE_MS);
  let from = Math.floor((midnight + 15 * 60 * MINUTE_MS) / MINUTE_MS);
  // calendarDay only grows with time: halve the minutes between the last one before the day and the first of it.
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (calendarDay(new Date(middle * MINUTE_MS), timeZone) < day) before = middle;
    else from = middle;
  }
  return from * MINUTE_MS;
}

/** Monday 00:00 UTC of the week holding `at`: one weekly board for every learner. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}
