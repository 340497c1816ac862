import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { StatsService } from './service';
import { ActivityBody, GoalBody, ProgressQuery, PushSubscriptionBody, RemindersBody, UnsubscribeParams, featureOf } from './model';
import { notFound } from '../../lib/errors';

/** Statistics, the leaderboard and learning time (docs/product-rules.md#points-and-leaderboard): a signed-in learner's own. */
export function statsRoutes(ctx: AppContext, { auth, stats }: { auth: AuthService; stats: StatsService }) {
  return (
    new Elysia({ name: 'stats' })
      .use(sessionPlugin(ctx, auth))
      .get('/api/stats', ({ user }) => stats.statsOf(user.id), { auth: true })
      .get('/api/stats/leaderboard', ({ user }) => stats.leaderboard(user), { auth: true })
      .get('/api/stats/progress', ({ user, query }) => ({ days: stats.progressDays(user.id, Number(query.days)) }), {
        auth: true,
        query: ProgressQuery,
      })
      .get('/api/reminders', ({ user }) => stats.remindersOf(user.id), { auth: true })
      .put(
        '/api/reminders',
        async ({ user, body }) => {
          await ctx.writes.run(() => stats.setReminders(user.id, body));
          return stats.remindersOf(user.id);
        },
        { auth: true, body: RemindersBody },
      )
      // The List-Unsubscribe address opened by a person or a mail client: the page that asks (a GET changes nothing).
      .get(
        '/api/reminders/unsubscribe/:kind/:token',
        ({ params, redirect }) => redirect(`/unsubscribe?kind=${params.kind}&token=${params.token}`, 303),
        { params: UnsubscribeParams },
      )
      // No session: the mail's token is the proof, and a mail provider's one-click POST carries no cookie.
      .post(
        '/api/reminders/unsubscribe/:kind/:token',
        async ({ params }) => {
          if (!(await ctx.writes.run(() => stats.unsubscribe(params.kind, params.token))))
            throw notFound('This unsubscribe link is not valid.');
          return { unsubscribed: params.kind };
        },
        { params: UnsubscribeParams },
      )
      // Without VAPID keys the answer says so (null) rather than failing: Settings asks on every visit.
      .get('/api/push/key', () => ({ publicKey: stats.pushKey() ?? null }))
      .post(
        '/api/push/subscriptions',
        async ({ user, body, set }) => {
          if (!stats.pushKey()) throw notFound('Push notifications are not set up on this server.');
          await stats.checkPushEndpoint(body.endpoint);
          await ctx.writes.run(() => stats.subscribePush(user.id, body));
          set.status = 204;
        },
        { auth: true, body: PushSubscriptionBody },
      )
      .get('/api/goal', ({ user }) => stats.goalOf(user.id), { auth: true })
      .put(
        '/api/goal',
        async ({ user, body }) => {
          await ctx.writes.run(() => stats.setGoal(user.id, body));
          return stats.goalOf(user.id);
        },
        { auth: true, body: GoalBody },
      )
      .get('/api/analytics/session', ({ user }) => stats.sessionAnalytics(user.id), { auth: true })
      .post(
        '/api/analytics/activity',
        async ({ user, body: beat, set }) => {
          await ctx.writes.run(() => {
            if (beat.timeZone) stats.setTimeZone(user.id, beat.timeZone);
            stats.recordActivity(user.id, { sessionId: beat.sessionId, page: beat.page, featureId: beat.activity ?? featureOf(beat.page) });
          });
          set.status = 204;
        },
        { auth: true, body: ActivityBody },
      )
  );
}
