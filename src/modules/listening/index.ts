import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { ListeningService } from './service';
import { ListeningAnswerBody } from './model';

/** The listening drill (docs/decisions/0032-listening-drill.md): a signed-in learner's round and answers. */
export function listeningRoutes(
  ctx: AppContext,
  { auth, listening, 'answer-keys': answerKeys }: { auth: AuthService; listening: ListeningService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'listening' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/listening/round', ({ user }) => listening.round(user), { auth: true })
    .post(
      '/api/listening/answers',
      ({ user, body }) =>
        answerKeys.save(user.id, { kind: 'listening', id: body.wordId }, body.idempotencyKey, () => listening.answer(user, body)),
      { auth: true, body: ListeningAnswerBody },
    );
}
