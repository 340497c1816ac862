import { defineModule } from '../define';
import type { BillingService } from '../billing/service';
import { accountRoutes } from './index';
import { createAccountService } from './view';

/** The user shown whole (auth's account with billing's trial and subscription) and the calls that answer with it or end it. */
export const accountModule = defineModule({
  name: 'account',
  needs: ['billing'],
  service: (_ctx, deps: { billing: BillingService }) => createAccountService(deps),
  routes: { needs: ['auth', 'billing', 'account'], plugin: accountRoutes },
});
