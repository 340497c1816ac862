import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { Services } from '../index';

/** Memory-aware review (docs/decisions/0014): the words due now and the forecast, a signed-in learner's own. */
export function reviewModule(ctx: AppContext, services: Services) {
  const { review } = services;
  return new Elysia({ name: 'review' })
    .use(sessionPlugin(ctx, services.auth))
    .get('/api/review/due', ({ user }) => review.queue(user), { auth: true })
    .get('/api/review/forecast', ({ user }) => review.forecast(user), { auth: true });
}
