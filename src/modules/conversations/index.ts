import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { IdParams } from '../../lib/validation';
import type { AnswerKeysService } from '../answer-keys/service';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import { FinishBody, LineBody, OfflineTalkBody, RecordingBody, StartBody } from './model';
import type { ConversationsService } from './service';

/**
 * Conversations (docs/decisions/0072-conversation-partner.md): the scenarios are readable by anyone (a
 * premium one with a trial or subscription); the conversations are a signed-in learner's.
 */
export function conversationsRoutes(
  ctx: AppContext,
  {
    auth,
    conversations,
    'answer-keys': answerKeys,
  }: { auth: AuthService; conversations: ConversationsService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'conversations' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/conversations', ({ user }) => conversations.list(user), { optionalUser: true })
    .get('/api/conversations/:id', ({ user, params }) => conversations.get(user, params.id), { optionalUser: true, params: IdParams })
    .post('/api/conversations/:id/talks', ({ user, params, body }) => ctx.writes.run(() => conversations.start(user, params.id, body)), {
      auth: true,
      params: IdParams,
      body: StartBody,
    })
    .post(
      '/api/conversations/:id/offline-talks',
      ({ user, params, body }) =>
        answerKeys.save(user.id, { kind: 'offline-talk', id: params.id }, body.idempotencyKey, () =>
          conversations.heldOffline(user, params.id, body.lines),
        ),
      { auth: true, params: IdParams, body: OfflineTalkBody },
    )
    .get('/api/talks/:id', ({ user, params }) => conversations.talk(user, params.id), { auth: true, params: IdParams })
    .post('/api/talks/:id/lines', ({ user, params, body }) => conversations.say(user, params.id, body), {
      auth: true,
      params: IdParams,
      body: LineBody,
    })
    .post('/api/talks/:id/recording', ({ user, params, body }) => conversations.sayRecorded(user, params.id, body), {
      auth: true,
      params: IdParams,
      body: RecordingBody,
    })
    .post(
      '/api/talks/:id/finish',
      ({ user, params, body }) =>
        answerKeys.save(user.id, { kind: 'conversation', id: params.id }, body.idempotencyKey, () => conversations.finish(user, params.id)),
      {
        auth: true,
        params: IdParams,
        body: FinishBody,
      },
    )
    .post('/api/talks/:id/review', ({ user, params }) => ctx.writes.run(() => conversations.addWordsToReview(user, params.id)), {
      auth: true,
      params: IdParams,
    });
}
