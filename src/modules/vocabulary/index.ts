import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { IdParams } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { VocabularyService } from './service';
import { AnswerBody, TopicParams, TopicsQuery } from './model';

/**
 * Words, topics, verbs and answers. Reading content works signed out (the landing deck,
 * the topic list); progress is a signed-in learner's.
 */
export function vocabularyRoutes(ctx: AppContext, { auth, vocabulary, answerKeys }: { auth: AuthService; vocabulary: VocabularyService; answerKeys: AnswerKeysService }) {
  return new Elysia({ name: 'vocabulary' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/words', ({ user }) => vocabulary.deckAsSent(user), { optionalUser: true })
    .get('/api/words/batch', ({ user }) => vocabulary.batchOf(user), { auth: true })
    .get('/api/words/topics', ({ query }) => vocabulary.topicNames(query.includeVerbs), { query: TopicsQuery })
    .get('/api/words/topics-with-progress', ({ user }) => vocabulary.topicCards(user), { optionalUser: true })
    .get('/api/words/by-topic/:topic', ({ user, params }) => vocabulary.topicWords(user, params.topic), { optionalUser: true, params: TopicParams })
    .get('/api/words/:id/progress', ({ user, params }) => vocabulary.progress(user, params.id), { auth: true, params: IdParams })
    .post('/api/words/:id/progress', ({ user, params, body }) => answerKeys.save(user.id, 'word', body.idempotencyKey, () => vocabulary.answer(user, params.id, body)), { auth: true, params: IdParams, body: AnswerBody })
    .get('/api/verbs', ({ user }) => vocabulary.verbList(user), { optionalUser: true });
}
