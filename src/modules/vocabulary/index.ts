import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { IdParams } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import { FlagBody } from '../flagged/model';
import type { ReviewService } from '../review/service';
import { StreakUpdateBody } from '../streak/model';
import { streakView } from '../streak/service';
import type { VocabularyService } from './service';
import { AnswerBody, TopicParams, TopicsQuery } from './model';

/**
 * Words, topics, verbs and answers. Reading content works signed out (the landing deck,
 * the topic list); progress is a signed-in learner's.
 * Vocabulary composes what an answer moves in the modules below it (flagged, streak, review, stats), so
 * the pages that show words from their records are here too: the practice list, the page streak (whose
 * rule unlocks batches) and the review queue (docs/decisions/0050-modules-depend-one-way.md).
 */
export function vocabularyRoutes(
  ctx: AppContext,
  {
    auth,
    vocabulary,
    'answer-keys': answerKeys,
    review,
  }: { auth: AuthService; vocabulary: VocabularyService; 'answer-keys': AnswerKeysService; review: ReviewService },
) {
  return (
    new Elysia({ name: 'vocabulary' })
      .use(sessionPlugin(ctx, auth))
      .get('/api/words', ({ user }) => vocabulary.deckAsSent(user), { optionalUser: true })
      .get('/api/words/batch', ({ user }) => vocabulary.batchOf(user), { auth: true })
      .get('/api/words/answered', ({ user }) => vocabulary.answeredWordIds(user), { auth: true })
      .get('/api/words/topics', ({ query }) => vocabulary.topicNames(query.includeVerbs), { query: TopicsQuery })
      .get('/api/words/topics-with-progress', ({ user }) => vocabulary.topicCards(user), { optionalUser: true })
      .get('/api/words/by-topic/:topic', ({ user, params }) => vocabulary.topicWords(user, params.topic), {
        optionalUser: true,
        params: TopicParams,
      })
      .get('/api/words/:id/progress', ({ user, params }) => vocabulary.progress(user, params.id), { auth: true, params: IdParams })
      .post(
        '/api/words/:id/progress',
        ({ user, params, body }) =>
          answerKeys.save(user.id, { kind: 'word', id: params.id }, body.idempotencyKey, () => vocabulary.answer(user, params.id, body)),
        { auth: true, params: IdParams, body: AnswerBody },
      )
      .get('/api/verbs', ({ user }) => vocabulary.verbList(user), { optionalUser: true })
      // The practice list (docs/product-rules.md#flagged-words): flagging needs a signed-in learner.
      .get('/api/words/flagged', ({ user }) => vocabulary.flaggedWords(user), { auth: true })
      .post('/api/words/:id/flag', ({ user, params, body }) => ctx.writes.run(() => vocabulary.setFlag(user, params.id, body.isFlagged)), {
        auth: true,
        params: IdParams,
        body: FlagBody,
      })
      // The server streak per page (docs/product-rules.md#streak), through the rule that unlocks batches from the card streak.
      .post(
        '/api/streak/update',
        ({ user, body }) => ctx.writes.run(() => streakView(vocabulary.recordStreak(user.id, body.page, body.correct))),
        {
          auth: true,
          body: StreakUpdateBody,
        },
      )
      // Memory-aware review (docs/decisions/0014): the words due now and the forecast, as the learner's tier opens them.
      .get('/api/review/due', ({ user }) => review.queue(user, vocabulary.openWords), { auth: true })
      .get('/api/review/forecast', ({ user }) => review.forecast(user, vocabulary.openWords), { auth: true })
  );
}
