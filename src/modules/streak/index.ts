import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { VocabularyService } from '../vocabulary/service';
import { StreakQuery, StreakUpdateBody } from './model';
import { streakView, type StreakService } from './service';

/** The server streak per page (docs/product-rules.md#streak); signed-out learners keep theirs in local storage. */
export function streakRoutes(ctx: AppContext, { auth, streak, vocabulary }: { auth: AuthService; streak: StreakService; vocabulary: VocabularyService }) {
  return new Elysia({ name: 'streak' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/streak', ({ user, query }) => streakView(streak.get(user.id, query.page)), { auth: true, query: StreakQuery })
    // Through vocabulary, whose rule unlocks batches from the card streak.
    .post('/api/streak/update', ({ user, body }) => ctx.writes.run(() => streakView(vocabulary.recordStreak(user.id, body.page, body.correct))), {
      auth: true,
      body: StreakUpdateBody,
    });
}
