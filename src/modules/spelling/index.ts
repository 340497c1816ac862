import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { SpellingService } from './service';

/**
 * GET /api/spelling: the lexicon of the spelling table and the forms the content teaches, for answers
 * judged in the browser (docs/decisions/0009, 0069). Its forms carry their English, so a learner without
 * premium gets the free content's only, and a premium learner's copy is kept by their browser alone.
 */
export function spellingRoutes(
  ctx: AppContext,
  { auth, billing, spelling }: { auth: AuthService; billing: BillingService; spelling: SpellingService },
) {
  return new Elysia({ name: 'spelling' }).use(sessionPlugin(ctx, auth)).get(
    '/api/spelling',
    ({ set, user }) => {
      const premium = !!user && billing.access(user, ctx.clock.now()).hasPremium;
      set.headers['cache-control'] = premium ? 'private, max-age=3600' : 'public, max-age=3600';
      set.headers.vary = 'Cookie';
      return spelling.lexiconFor(premium);
    },
    { optionalUser: true },
  );
}
