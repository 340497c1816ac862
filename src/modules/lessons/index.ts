import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { IdParams } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { AnswerKeysService } from '../answer-keys/service';
import type { AuthService } from '../auth/service';
import type { LessonsService } from './service';
import { LessonProgressBody } from './model';

/** Lessons (docs/product-rules.md#lessons): the course and its steps are readable by anyone; progress is a signed-in learner's. */
export function lessonsRoutes(
  ctx: AppContext,
  { auth, lessons, 'answer-keys': answerKeys }: { auth: AuthService; lessons: LessonsService; 'answer-keys': AnswerKeysService },
) {
  return new Elysia({ name: 'lessons' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/lessons', ({ user }) => lessons.list(user?.id ?? null), { optionalUser: true })
    .get('/api/lessons/:id', ({ user, params }) => lessons.get(user?.id ?? null, params.id), { optionalUser: true, params: IdParams })
    .get('/api/lessons/:id/content', ({ params }) => lessons.steps(params.id), { params: IdParams })
    .post(
      '/api/lessons/:id/progress',
      ({ user, params, body }) =>
        answerKeys.save(user.id, { kind: 'lesson', id: params.id }, body.idempotencyKey, () => lessons.record(user.id, params.id, body)),
      {
        auth: true,
        params: IdParams,
        body: LessonProgressBody,
      },
    );
}
