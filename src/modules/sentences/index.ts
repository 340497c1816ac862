import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { SentenceAnswerResult, SentencesService } from './service';
import { RandomSentenceQuery, SentenceAnswerBody, SentenceTopicParams } from './model';

/** Sentence practice (docs/product-rules.md#sentences): topics and sentences are content anyone may read; answers are a learner's. */
export function sentencesRoutes(
  ctx: AppContext,
  { auth, sentences, 'answer-keys': answerKeys }: { auth: AuthService; sentences: SentencesService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'sentences' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/sentences/topics', () => sentences.topics())
    .get('/api/sentences/random/:topic', ({ params, query }) => sentences.random(params.topic, query.exclude), {
      params: SentenceTopicParams,
      query: RandomSentenceQuery,
    })
    .post(
      '/api/sentences/answer',
      async ({ user, body }) => {
        const target = { kind: 'sentence', id: body.sentenceId } as const;
        // A repeat is answered from its key before the slow judging; the key is taken when the answer is written.
        const kept = answerKeys.kept<SentenceAnswerResult>(user.id, target, body.idempotencyKey);
        if (kept) return kept;
        const judged = await sentences.judge(body);
        return answerKeys.save(user.id, target, body.idempotencyKey, () => sentences.record(user.id, judged));
      },
      { auth: true, body: SentenceAnswerBody },
    );
}
