import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { LettersService } from './service';
import { LetterAnswerBody } from './model';

/**
 * The number-letter guide and the letters game (docs/product-rules.md#letters). The guide is open to everyone; counts and
 * the streak are a signed-in learner's (signed out the game keeps its streak in local storage).
 */
export function lettersRoutes(
  ctx: AppContext,
  { auth, letters, 'answer-keys': answerKeys }: { auth: AuthService; letters: LettersService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'letters' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/letters', () => letters.list())
    .get('/api/letters/progress', ({ user }) => letters.progress(user.id), { auth: true })
    .post(
      '/api/letters/progress',
      ({ user, body }) =>
        answerKeys.save(user.id, { kind: 'letter', id: body.letterNumber }, body.idempotencyKey, () => letters.answer(user.id, body)),
      { auth: true, body: LetterAnswerBody },
    );
}
