import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import { StreakQuery } from './model';
import { streakView, type StreakService } from './service';

/**
 * The server streak per page (docs/product-rules.md#streak); signed-out learners keep theirs in local storage.
 * An answer moves it through vocabulary, whose rule unlocks batches (its routes hold `POST /api/streak/update`).
 */
export function streakRoutes(ctx: AppContext, { auth, streak }: { auth: AuthService; streak: StreakService }) {
  return new Elysia({ name: 'streak' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/streak', ({ user, query }) => streakView(streak.get(user.id, query.page)), { auth: true, query: StreakQuery });
}
