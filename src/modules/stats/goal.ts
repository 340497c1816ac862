import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyGoals, goalDays } from './schema';
import { FREEZE_POINTS, MAX_FREEZES, earn, goalMet, meet, settle, type DayStreakState, type Goal } from './rules';
import { addDays } from '../../lib/calendar';

/** How far back the view lists the days a freeze kept. */
const FROZEN_SHOWN_DAYS = 30;

/** One of the learner's days in the progress charts. */
export interface ProgressDay {
  date: string;
  answered: number;
  correct: number;
  seconds: number;
  /** The goal was met that day, or a freeze kept it. */
  met: boolean;
  frozen: boolean;
}

export interface GoalView {
  goal: Goal | null;
  /** The learner's own today and what they did on it. */
  today: { day: string; cards: number; seconds: number; met: boolean };
  dayStreak: number;
  bestDayStreak: number;
  freezes: number;
  freezePoints: number;
  /** Points a freeze costs, and how many a learner may hold. */
  freezeCost: number;
  maxFreezes: number;
  /** Days of the last month a freeze kept, oldest first. */
  frozenDays: string[];
}

/** What one event adds to a learner's day. */
interface Progress {
  cards: number;
  correct: number;
  seconds: number;
  points: number;
}

type GoalRow = typeof dailyGoals.$inferSelect;
const stateOf = (row: GoalRow): DayStreakState => ({
  dayStreak: row.dayStreak,
  bestDayStreak: row.bestDayStreak,
  streakDay: row.streakDay,
  freezes: row.freezes,
  freezePoints: row.freezePoints,
});
const goalOfRow = (row: GoalRow | undefined): Goal | null =>
  row?.goalKind && row.goalAmount ? { kind: row.goalKind, amount: row.goalAmount } : null;

/**
 * The daily goal and day streak (docs/product-rules.md#daily-goal-and-day-streak), part of the stats
 * service: its writes run inside the caller's transaction (an answer's, a heartbeat's). Missed days are
 * settled (freezes spent) by the next write; a read shows them settled without writing.
 */
export function createGoals(db: Db) {
  const P = sql.placeholder;
  const readGoal = db
    .select()
    .from(dailyGoals)
    .where(eq(dailyGoals.userId, P('userId')))
    .prepare();
  const ensureGoal = db
    .insert(dailyGoals)
    .values({ userId: P('userId') })
    .onConflictDoNothing()
    .prepare();
  const writeState = db
    .update(dailyGoals)
    .set({
      dayStreak: sql`${P('dayStreak')}`,
      bestDayStreak: sql`${P('bestDayStreak')}`,
      streakDay: sql`${P('streakDay')}`,
      freezes: sql`${P('freezes')}`,
      freezePoints: sql`${P('freezePoints')}`,
    })
    .where(eq(dailyGoals.userId, P('userId')))
    .prepare();
  const addToDay = db
    .insert(goalDays)
    .values({ userId: P('userId'), day: P('day'), cards: P('cards'), correct: P('correct'), seconds: P('seconds') })
    .onConflictDoUpdate({
      target: [goalDays.userId, goalDays.day],
      set: {
        cards: sql`${goalDays.cards} + excluded.cards`,
        correct: sql`${goalDays.correct} + excluded.correct`,
        seconds: sql`${goalDays.seconds} + excluded.seconds`,
      },
    })
    .returning()
    .prepare();
  const markMet = db
    .update(goalDays)
    .set({ met: true })
    .where(and(eq(goalDays.userId, P('userId')), eq(goalDays.day, P('day'))))
    .prepare();
  const markFrozen = db
    .insert(goalDays)
    .values({ userId: P('userId'), day: P('day'), frozen: true })
    .onConflictDoUpdate({ target: [goalDays.userId, goalDays.day], set: { frozen: true } })
    .prepare();
  const daysSince = db
    .select()
    .from(goalDays)
    .where(and(eq(goalDays.userId, P('userId')), gte(goalDays.day, P('since'))))
    .prepare();
  const readDay = db
    .select()
    .from(goalDays)
    .where(and(eq(goalDays.userId, P('userId')), eq(goalDays.day, P('day'))))
    .prepare();
  const frozenSince = db
    .select({ day: goalDays.day })
    .from(goalDays)
    .where(and(eq(goalDays.userId, P('userId')), eq(goalDays.frozen, true), gte(goalDays.day, P('since'))))
    .orderBy(goalDays.day)
    .prepare();

  function rowOf(userId: number): GoalRow {
    let row = readGoal.get({ userId });
    if (!row) {
      ensureGoal.run({ userId });
      row = readGoal.get({ userId })!;
    }
    return row;
  }

  /** Settles missed days, then applies `change`; writes the state only when it moved. */
  function update(userId: number, today: string, change: (state: DayStreakState, goal: Goal | null) => DayStreakState) {
    const row = rowOf(userId);
    const before = stateOf(row);
    const settled = settle(before, today);
    for (const day of settled.frozen) markFrozen.run({ userId, day });
    const after = change(settled.state, goalOfRow(row));
    if (JSON.stringify(after) !== JSON.stringify(before)) writeState.run({ userId, ...after });
  }

  /** Marks `today` met if its progress reaches the goal for the first time, and grows the streak. */
  function meetIfReached(
    userId: number,
    today: string,
    state: DayStreakState,
    goal: Goal | null,
    day: typeof goalDays.$inferSelect | undefined,
  ) {
    if (!goal || !day || day.met || !goalMet(goal, day)) return state;
    markMet.run({ userId, day: today });
    return meet(state, today);
  }

  return {
    /** One answer's or heartbeat's progress on the learner's `today`, inside the caller's transaction. */
    record(userId: number, today: string, progress: Progress) {
      update(userId, today, (state, goal) => {
        const earned = earn(state, progress.points);
        if (progress.cards === 0 && progress.seconds === 0) return earned;
        const day = addToDay.get({ userId, day: today, cards: progress.cards, correct: progress.correct, seconds: progress.seconds });
        return meetIfReached(userId, today, earned, goal, day);
      });
    },

    /** Sets the goal (inside the caller's transaction); a goal already reached today counts at once. */
    setGoal(userId: number, today: string, goal: Goal) {
      rowOf(userId);
      db.update(dailyGoals).set({ goalKind: goal.kind, goalAmount: goal.amount }).where(eq(dailyGoals.userId, userId)).run();
      update(userId, today, (state) => meetIfReached(userId, today, state, goal, readDay.get({ userId, day: today })));
    },

    /** The learner's last `count` days, today last, each with what they did (nothing on a day without a row). */
    days(userId: number, today: string, count: number): ProgressDay[] {
      const since = addDays(today, -(count - 1));
      const stored = new Map(daysSince.all({ userId, since }).map((d) => [d.day, d]));
      return Array.from({ length: count }, (_, i) => {
        const date = addDays(since, i);
        const d = stored.get(date);
        return {
          date,
          answered: d?.cards ?? 0,
          correct: d?.correct ?? 0,
          seconds: d?.seconds ?? 0,
          met: d?.met ?? false,
          frozen: d?.frozen ?? false,
        };
      });
    },

    /** The goal, today's progress and the day streak as they stand on `today` (missed days settled, nothing written). */
    view(userId: number, today: string): GoalView {
      const row = readGoal.get({ userId });
      const day = readDay.get({ userId, day: today });
      const empty: DayStreakState = { dayStreak: 0, bestDayStreak: 0, streakDay: null, freezes: 0, freezePoints: 0 };
      const settled = settle(row ? stateOf(row) : empty, today);
      const stored = frozenSince.all({ userId, since: addDays(today, -FROZEN_SHOWN_DAYS) }).map((d) => d.day);
      const { state } = settled;
      return {
        goal: goalOfRow(row),
        today: { day: today, cards: day?.cards ?? 0, seconds: day?.seconds ?? 0, met: day?.met ?? false },
        dayStreak: state.streakDay ? state.dayStreak : 0,
        bestDayStreak: state.bestDayStreak,
        freezes: state.freezes,
        freezePoints: state.freezePoints,
        freezeCost: FREEZE_POINTS,
        maxFreezes: MAX_FREEZES,
        frozenDays: [...stored, ...settled.frozen],
      };
    },
  };
}

export type Goals = ReturnType<typeof createGoals>;
