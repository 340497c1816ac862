import type { Grade } from 'ts-fsrs';
import { addDays } from '../../lib/calendar';

/** Which side the learner saw: a word is remembered separately each way (docs/decisions/0014). */
export const DIRECTIONS = ['english-to-lebanese', 'lebanese-to-english'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Days the due forecast covers, today first. */
export const FORECAST_DAYS = 14;

/** The four grades of the review buttons (keys 1-4), FSRS's own (docs/decisions/0014). */
export const GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type GradeName = (typeof GRADES)[number];
// ts-fsrs's Rating values, written out: these rules also run in the browser, which does not load ts-fsrs.
const RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const satisfies Record<GradeName, Grade>;

/**
 * The learner's grade as an FSRS rating: the one they chose on Review's buttons, else Still learning is
 * Again and I know it is Good, however quickly it came (docs/decisions/0014).
 */
export function ratingFor(correct: boolean, grade?: GradeName): Grade {
  if (grade) return RATINGS[grade];
  return correct ? RATINGS.good : RATINGS.again;
}

/** Desired retention (FSRS's request_retention) a learner may set, and its default. */
export const RETENTION_LIMITS = { min: 0.7, max: 0.97, default: 0.9 } as const;
/** Never-reviewed cards that may enter the memory review on one day, and the default. */
export const NEW_CARDS_LIMITS = { min: 0, max: 500, default: 20 } as const;

/**
 * The side an answer was given from when the client does not say: the unified card and Which Word show
 * the English, the word lists (a topic, the flagged words) the Lebanese.
 */
export function defaultDirection(page: string | undefined): Direction {
  return page === 'unified' || page === 'which-word' ? 'english-to-lebanese' : 'lebanese-to-english';
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

/** An interval as a grade button shows it: minutes, hours, days, months or years, rounded. */
export function intervalLabel(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return days === 1 ? '1 day' : `${days} days`;
  if (days < 365) return `${Math.round(days / 30)} mo`;
  return `${Math.round((days / 365) * 10) / 10} yr`;
}
