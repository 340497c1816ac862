import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { CourseService } from './service';
import { PageParams, PlacementBody, UnitParams } from './model';

/** The course (docs/decisions/0076-the-course.md): a signed-in learner's path, today's plan and the placement check. */
export function courseRoutes(ctx: AppContext, { auth, course }: { auth: AuthService; course: CourseService }) {
  return new Elysia({ name: 'course' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/course', ({ user }) => course.path(user), { auth: true })
    .get('/api/course/plan', ({ user }) => course.plan(user), { auth: true })
    .post(
      '/api/course/grammar/:key/read',
      async ({ user, params }) => {
        await ctx.writes.run(() => course.readGrammar(user.id, params.key));
        return course.plan(user);
      },
      { auth: true, params: PageParams },
    )
    .get('/api/course/placement/:unit', ({ user, params }) => course.placementQuiz(user, params.unit), { auth: true, params: UnitParams })
    .post('/api/course/placement/:unit', ({ user, params, body }) => ctx.writes.run(() => course.place(user, params.unit, body)), {
      auth: true,
      params: UnitParams,
      body: PlacementBody,
    });
}
