import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { ReportsService } from './service';
import { ReportBody } from './model';

/** Reports on content (docs/decisions/0010): signed-in learners only. */
export function reportsRoutes(ctx: AppContext, { auth, reports }: { auth: AuthService; reports: ReportsService }) {
  return new Elysia({ name: 'reports' }).use(sessionPlugin(ctx, auth)).post(
    '/api/reports',
    ({ user, body, set }) => {
      const report = reports.create(user, body);
      set.status = 201;
      return report;
    },
    { auth: true, body: ReportBody },
  );
}
