import { defineModule } from '../define';
import { billingRoutes } from './index';
import * as tables from './schema';
import type { AuthService } from '../auth/service';
import { createBillingService, trialExpiryJob } from './service';

/** Plans, subscriptions (billing's table), access for every module, the demo checkout and Stripe. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['auth'],
  tables,
  service: (ctx, deps: { auth: AuthService }) => createBillingService(ctx, deps),
  routes: { needs: ['auth', 'billing'], plugin: billingRoutes },
  jobs: (ctx, billing) => [trialExpiryJob(ctx, billing)],
});
