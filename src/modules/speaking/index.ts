import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { SpeakingService } from './service';
import { SpeakingAttemptBody } from './model';

/**
 * Speaking (docs/decisions/0033-saying-it.md): a signed-in learner's recognised attempts, each counted
 * once by its key, as the browser's save queue may send it again (src/web/lib/saves.ts).
 */
export function speakingRoutes(
  ctx: AppContext,
  { auth, speaking, 'answer-keys': answerKeys }: { auth: AuthService; speaking: SpeakingService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'speaking' })
    .use(sessionPlugin(ctx, auth))
    .post(
      '/api/speaking/attempts',
      ({ user, body }) =>
        answerKeys.save(user.id, { kind: 'speaking', id: body.wordId }, body.idempotencyKey, () => speaking.attempt(user, body)),
      {
        auth: true,
        body: SpeakingAttemptBody,
      },
    );
}
