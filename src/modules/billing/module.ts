import { defineModule } from '../../lib/module';
import { billingRoutes } from './index';
import * as tables from './schema';
import { createBillingService, trialExpiryJob } from './service';

/** Plans, trials, subscriptions, the demo checkout and Stripe. */
export const billingModule = defineModule({
  name: 'billing',
  tables,
  service: (ctx) => createBillingService(ctx),
  routes: { needs: ['auth', 'billing'], plugin: billingRoutes },
  jobs: (ctx, billing) => [trialExpiryJob(ctx, billing)],
});
