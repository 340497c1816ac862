import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { SpeakingService } from './service';
import { SpeakingAttemptBody } from './model';

/** Speaking (docs/decisions/0033-saying-it.md): a signed-in learner's recognised attempts. */
export function speakingRoutes(ctx: AppContext, { auth, speaking }: { auth: AuthService; speaking: SpeakingService }) {
  return new Elysia({ name: 'speaking' })
    .use(sessionPlugin(ctx, auth))
    .post('/api/speaking/attempts', ({ user, body }) => ctx.writes.run(() => speaking.attempt(user, body)), { auth: true, body: SpeakingAttemptBody });
}
