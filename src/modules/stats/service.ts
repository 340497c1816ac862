import type { AppContext } from '../../lib/context';
import { calendarDay } from '../../lib/calendar';
import type { AuthService } from '../auth/service';
import type { StreakService } from '../streak/service';
import { createGoals } from './goal';
import { createLeaderboard } from './leaderboard';
import { createLearningTime } from './learning-time';
import { createPoints } from './points';
import { createPush } from './push';
import { createReminders } from './reminders';
import type { Goal } from './rules';

export type { Standings } from './leaderboard';
export type { AwardInput } from './points';

/**
 * Stats' one service, composed of its pieces (as vocabulary's): points, totals and achievements with the
 * learner's time zone (points.ts), the leaderboard (leaderboard.ts), learning time (learning-time.ts),
 * the daily goal and the progress charts (goal.ts), reminders (reminders.ts) and web push (push.ts).
 * Calendar days are src/lib/calendar.ts; points per answer and the achievements are rules.ts.
 */
export function createStatsService(ctx: AppContext, deps: { auth: AuthService; streak: StreakService }) {
  const { db, clock } = ctx;
  const { auth, streak } = deps;
  const goals = createGoals(db);
  const leaderboard = createLeaderboard(ctx, { auth });
  const points = createPoints(ctx, { streak, goals, boards: leaderboard.boards, weeklyPointsOf: leaderboard.weeklyPointsOf });
  const { timeZoneOf } = points;

  /** The learner's own today ('YYYY-MM-DD') in their time zone. */
  const todayOf = (userId: number) => calendarDay(clock.now(), timeZoneOf(userId));

  const push = createPush(ctx);
  const reminders = createReminders(ctx, {
    auth,
    push,
    todayOf,
    timeZoneOf,
    goalOf: (userId) => goals.view(userId, todayOf(userId)),
    daysOf: (userId, count) => goals.days(userId, todayOf(userId), count),
  });

  return {
    ...reminders,
    ...push,
    award: points.award,
    setTimeZone: points.setTimeZone,
    timeZoneOf,
    statsOf: points.statsOf,
    leaderboard: leaderboard.leaderboard,
    ...createLearningTime(ctx, { goals, timeZoneOf }),

    /** Sets the learner's daily goal (docs/product-rules.md#daily-goal-and-day-streak). */
    setGoal(userId: number, goal: Goal) {
      db.transaction(() => goals.setGoal(userId, todayOf(userId), goal), { behavior: 'immediate' });
    },

    /** The daily goal, today's progress toward it and the day streak. */
    goalOf(userId: number) {
      return goals.view(userId, todayOf(userId));
    },

    /** The learner's last `count` days for the progress charts: answers, right answers, learning time, goal met. */
    progressDays(userId: number, count: number) {
      return goals.days(userId, todayOf(userId), count);
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
