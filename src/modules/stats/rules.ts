import { addDays } from '../../lib/calendar';
import { DAY_MS } from '../../lib/clock';

/**
 * Points and achievements (docs/product-rules.md#points-and-leaderboard), the daily goal and the day
 * streak (docs/product-rules.md#daily-goal-and-day-streak): pure rules, shared by the server, the
 * modules that award points and the browser. Days are the learner's own calendar days, 'YYYY-MM-DD'.
 */

/** Points per correct answer (a role-play's right line among them) or completed lesson. */
export const POINTS = {
  card: 10,
  'which-word': 10,
  letter: 5,
  sentence: 20,
  lesson: 50,
  listening: 10,
  speaking: 10,
  dialogue: 10,
  conversation: 10,
} as const;
export type PointsReason = keyof typeof POINTS;

/** The achievements, in the order the statistics page lists them. */
export const ACHIEVEMENTS = [
  { name: 'First Steps', description: 'Answer your first question correctly.' },
  { name: 'On Fire', description: 'Reach a streak of 10 correct answers.' },
  { name: 'Unstoppable', description: 'Reach a streak of 50 correct answers.' },
  { name: 'Batch Master', description: 'Unlock batch 6.' },
  { name: 'Dedicated', description: 'Study 7 days in a row.' },
  { name: 'Wordsmith', description: 'Answer 100 questions correctly.' },
  { name: 'Scholar', description: 'Complete your first lesson.' },
  { name: 'Number Letters', description: 'Answer each number-letter (2, 3, 5, 7, 8) correctly 3 times.' },
] as const;
export type AchievementName = (typeof ACHIEVEMENTS)[number]['name'];

export type GoalKind = 'minutes' | 'cards';
export interface Goal {
  kind: GoalKind;
  amount: number;
}

/** What a learner may pick (the settings and the first-use prompt offer these). */
export const GOAL_CHOICES: Record<GoalKind, readonly number[]> = { minutes: [5, 10, 15, 20, 30], cards: [10, 20, 30, 50, 100] };
/** The bounds the server accepts for each kind. */
export const GOAL_LIMITS: Record<GoalKind, { min: number; max: number }> = { minutes: { min: 1, max: 240 }, cards: { min: 1, max: 1000 } };

/** Points earned (from any practice) buy one streak freeze; a learner holds at most MAX_FREEZES. */
export const FREEZE_POINTS = 200;
export const MAX_FREEZES = 2;

/** The day-streak part of a learner's goal row. */
export interface DayStreakState {
  dayStreak: number;
  bestDayStreak: number;
  /** The last day the streak counts: a day its goal was met or a freeze kept. */
  streakDay: string | null;
  freezes: number;
  /** Points earned toward the next freeze. */
  freezePoints: number;
}

/** Whole days from `a` to `b` (negative if b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** Whether a day's progress meets the goal: answers counted for cards, whole minutes of learning for minutes. */
export function goalMet(goal: Goal, progress: { cards: number; seconds: number }): boolean {
  return goal.kind === 'cards' ? progress.cards >= goal.amount : progress.seconds >= goal.amount * 60;
}

/**
 * The streak as it stands on `today`: every whole day missed since the streak's last day spends a freeze,
 * oldest first; when the freezes held cannot cover every missed day the streak ends and the freezes are
 * kept (a freeze that would not save the streak is not spent). Returns the days the freezes kept.
 */
export function settle(state: DayStreakState, today: string): { state: DayStreakState; frozen: string[] } {
  if (!state.streakDay || state.dayStreak === 0) return { state, frozen: [] };
  const missed = daysBetween(state.streakDay, today) - 1;
  if (missed <= 0) return { state, frozen: [] };
  if (missed > state.freezes) return { state: { ...state, dayStreak: 0, streakDay: null }, frozen: [] };
  const frozen = Array.from({ length: missed }, (_, i) => addDays(state.streakDay!, i + 1));
  return { state: { ...state, freezes: state.freezes - missed, streakDay: addDays(today, -1) }, frozen };
}

/** The goal met on `today` (the state already settled): the streak grows by one, once a day. */
export function meet(state: DayStreakState, today: string): DayStreakState {
  if (state.streakDay === today) return state;
  const dayStreak = state.streakDay === addDays(today, -1) ? state.dayStreak + 1 : 1;
  return { ...state, dayStreak, bestDayStreak: Math.max(state.bestDayStreak, dayStreak), streakDay: today };
}

/** Points earned go toward freezes; points beyond a full hand of freezes are not banked. */
export function earn(state: DayStreakState, points: number): DayStreakState {
  if (points <= 0) return state;
  let { freezes, freezePoints } = state;
  freezePoints += points;
  while (freezePoints >= FREEZE_POINTS && freezes < MAX_FREEZES) {
    freezes++;
    freezePoints -= FREEZE_POINTS;
  }
  if (freezes >= MAX_FREEZES) freezePoints = 0;
  return { ...state, freezes, freezePoints };
}
