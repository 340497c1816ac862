import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { validate } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { Services } from '../index';
import { ReportBody } from './model';

/** Reports on content (docs/decisions/0010): signed-in learners only. */
export function reportsModule(ctx: AppContext, services: Services) {
  const { reports } = services;
  return new Elysia({ name: 'reports' })
    .use(sessionPlugin(ctx, services.auth))
    .post(
      '/api/reports',
      ({ user, body, set }) => {
        const report = reports.create(user.id, validate(ReportBody, body));
        set.status = 201;
        return report;
      },
      { auth: true },
    );
}
