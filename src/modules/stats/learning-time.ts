import { and, desc, eq, max, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { calendarDay } from '../../lib/calendar';
import type { Goals } from './goal';
import { userActivityLog } from './schema';

/** Learning time is measured between heartbeats; a longer gap means the learner was away. */
const ACTIVITY_GAP_SECONDS = 60;

export interface SessionAnalytics {
  totalTimeSpent: number;
  lastActive: string | null;
  featureUsage: { featureId: string; totalTime: number }[];
}

/** Learning time (docs/product-rules.md#learning-time): heartbeats from a visible tab, credited to the feature in use. */
export function createLearningTime({ db, clock }: AppContext, deps: { goals: Goals; timeZoneOf: (userId: number) => string }) {
  const { goals, timeZoneOf } = deps;
  const P = sql.placeholder;
  const lastActivity = db
    .select()
    .from(userActivityLog)
    .where(and(eq(userActivityLog.userId, P('userId')), eq(userActivityLog.sessionId, P('sessionId'))))
    .orderBy(desc(userActivityLog.endTime), desc(userActivityLog.id))
    .limit(1)
    .prepare();
  const usage = db
    .select({ featureId: userActivityLog.featureId, totalTime: sum(userActivityLog.sessionDuration).mapWith(Number) })
    .from(userActivityLog)
    .where(eq(userActivityLog.userId, P('userId')))
    .groupBy(userActivityLog.featureId)
    .orderBy(desc(sum(userActivityLog.sessionDuration)), userActivityLog.featureId)
    .prepare();
  const lastActive = db
    .select({ at: max(userActivityLog.endTime) })
    .from(userActivityLog)
    .where(eq(userActivityLog.userId, P('userId')))
    .prepare();

  return {
    /**
     * One heartbeat from a visible tab: the time since the session's previous beat (if recent) is
     * credited to the feature being used (null: a page that is not learning, whose time is not counted).
     * Time is measured by the server's clock, never sent by the client.
     */
    recordActivity(userId: number, input: { sessionId: string; featureId: string | null; page: string }) {
      const at = clock.now();
      db.transaction(
        (tx) => {
          const last = lastActivity.get({ userId, sessionId: input.sessionId });
          const lastEnd = last?.endTime ?? last?.startTime;
          const gap = lastEnd ? Math.floor((at.getTime() - lastEnd.getTime()) / 1000) : Infinity;
          const credited = last && gap >= 0 && gap <= ACTIVITY_GAP_SECONDS ? gap : 0;
          // Learning time counts toward a goal in minutes; time on other pages does not.
          if (credited > 0 && input.featureId !== null)
            goals.record(userId, calendarDay(at, timeZoneOf(userId)), { cards: 0, correct: 0, seconds: credited, points: 0 });
          if (last && gap >= 0 && gap <= ACTIVITY_GAP_SECONDS && last.featureId === input.featureId) {
            tx.update(userActivityLog)
              .set({ endTime: at, sessionDuration: (last.sessionDuration ?? 0) + gap, page: input.page })
              .where(eq(userActivityLog.id, last.id))
              .run();
            return;
          }
          tx.insert(userActivityLog)
            .values({
              userId,
              activityType: 'feature_use',
              page: input.page,
              details: { route: input.page },
              startTime: credited > 0 ? lastEnd! : at,
              endTime: at,
              sessionDuration: credited,
              featureId: input.featureId,
              sessionId: input.sessionId,
            })
            .run();
        },
        { behavior: 'immediate' },
      );
    },

    /** Session analytics: all learning time, the last beat, and time per feature, most used first. */
    sessionAnalytics(userId: number): SessionAnalytics {
      const featureUsage = usage
        .all({ userId })
        .filter((u): u is { featureId: string; totalTime: number } => u.featureId !== null && u.totalTime > 0);
      return {
        totalTimeSpent: featureUsage.reduce((total, u) => total + u.totalTime, 0),
        lastActive: lastActive.get({ userId })?.at?.toISOString() ?? null,
        featureUsage,
      };
    },
  };
}
