import { defineModule } from '../define';
import { authRoutes } from './index';
import { purgeJob } from './purge';
import * as tables from './schema';
import { createAuthService } from './service';

/** Accounts, sessions, passwords, verification, deletion and support tickets; the trial an account is granted. */
export const authModule = defineModule({
  name: 'auth',
  tables,
  service: (ctx) => createAuthService(ctx),
  routes: { needs: ['auth'], plugin: authRoutes },
  jobs: (ctx, auth) => [purgeJob(ctx, auth)],
});
