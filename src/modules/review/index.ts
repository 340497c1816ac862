import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { ReviewService } from './service';
import { ReviewSettingsBody } from './model';
import { ProgressQuery } from '../stats/model';

/**
 * Memory-aware review (docs/decisions/0014): the progress and the review settings, a signed-in learner's own.
 * The words due and the forecast list words, so vocabulary's routes serve them (docs/decisions/0050-modules-depend-one-way.md).
 */
export function reviewRoutes(ctx: AppContext, { auth, review }: { auth: AuthService; review: ReviewService }) {
  return new Elysia({ name: 'review' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/review/progress', ({ user, query }) => review.progress(user.id, Number(query.days)), { auth: true, query: ProgressQuery })
    .get('/api/review/settings', ({ user }) => review.settings(user.id), { auth: true })
    .put(
      '/api/review/settings',
      async ({ user, body }) => {
        await ctx.writes.run(() => review.setSettings(user.id, body));
        return review.settings(user.id);
      },
      { auth: true, body: ReviewSettingsBody },
    );
}
