import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { SentencesService } from './service';
import { RandomSentenceQuery, SentenceAnswerBody, SentenceTopicParams } from './model';

/** Sentence practice (docs/product-rules.md#sentences): topics and sentences are content anyone may read; answers are a learner's. */
export function sentencesRoutes(ctx: AppContext, { auth, sentences }: { auth: AuthService; sentences: SentencesService }) {
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
        const judged = await sentences.judge(body);
        return ctx.writes.run(() => sentences.record(user.id, judged));
      },
      { auth: true, body: SentenceAnswerBody },
    );
}
