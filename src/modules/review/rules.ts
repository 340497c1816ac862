import { Rating, type Grade } from 'ts-fsrs';
import { DAY_MS } from '../../lib/clock';

/** Which side the learner saw: a word is remembered separately each way (docs/decisions/0014). */
export const DIRECTIONS = ['english-to-lebanese', 'lebanese-to-english'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Days the due forecast covers, today first. */
export const FORECAST_DAYS = 14;

/**
 * The learner's self-grade as an FSRS rating: Still learning is Again, I know it is Good, and an
 * I know it given before half the card's countdown is Easy (docs/decisions/0014).
 */
export function ratingFor(correct: boolean, fast = false): Grade {
  if (!correct) return Rating.Again;
  return fast ? Rating.Easy : Rating.Good;
}

/**
 * The side an answer was given from when the client does not say: the unified card and Which Word show
 * the English, the word lists (a topic, the flagged words) the Lebanese.
 */
export function defaultDirection(page: string | undefined): Direction {
  return page === 'unified' || page === 'which-word' ? 'english-to-lebanese' : 'lebanese-to-english';
}

/** The calendar day `n` days after `day` (YYYY-MM-DD), by date arithmetic so DST never skips a day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Cards due on each of the next FORECAST_DAYS days, today first; what is overdue counts as due today.
 * `dueDays` are the calendar days (in the learner's time zone) of the cards' due dates.
 */
export function forecast(today: string, dueDays: string[]): { date: string; due: number }[] {
  const days = Array.from({ length: FORECAST_DAYS }, (_, i) => ({ date: addDays(today, i), due: 0 }));
  const index = new Map(days.map((d, i) => [d.date, i]));
  for (const day of dueDays) {
    const i = day <= today ? 0 : index.get(day);
    if (i !== undefined) days[i]!.due++;
  }
  return days;
}
