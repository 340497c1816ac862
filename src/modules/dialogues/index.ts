import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { IdParams } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { DialoguesService } from './service';
import { RolePlayBody } from './model';

/** Dialogues (docs/product-rules.md#dialogues): free ones are readable by anyone, premium ones with a trial or subscription; role-plays are a signed-in learner's. */
export function dialoguesRoutes(
  ctx: AppContext,
  { auth, dialogues, 'answer-keys': answerKeys }: { auth: AuthService; dialogues: DialoguesService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'dialogues' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/dialogues', ({ user }) => dialogues.list(user), { optionalUser: true })
    .get('/api/dialogues/:id', ({ user, params }) => dialogues.get(user, params.id), { optionalUser: true, params: IdParams })
    .post(
      '/api/dialogues/:id/role-play',
      ({ user, params, body }) =>
        answerKeys.save(user.id, { kind: 'dialogue', id: params.id }, body.idempotencyKey, () => dialogues.rolePlay(user, params.id, body)),
      {
        auth: true,
        params: IdParams,
        body: RolePlayBody,
      },
    );
}
