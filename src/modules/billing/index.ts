import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { requestOriginOf } from '../../lib/core';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { BillingService } from './service';
import { CheckoutBody, CreateCheckoutSessionBody, DemoPayBody } from './model';

/** Trial and subscription calls (docs/product-rules.md#subscription), the demo checkout's Pay and the Stripe webhook. */
export function billingRoutes(ctx: AppContext, { auth, billing }: { auth: AuthService; billing: BillingService }) {
  return (
    new Elysia({ name: 'billing' })
      .use(sessionPlugin(ctx, auth))
      // Public: the paywall shows the plans to anonymous visitors too.
      .get('/api/subscription/plans', () => billing.plans())
      .get('/api/subscription/status', ({ user }) => billing.status(user), { signedIn: true })
      .get('/api/user/trial-status', ({ user }) => billing.trialStatus(user), { signedIn: true })
      .get('/api/subscription', ({ user }) => billing.overview(user), { signedIn: true })
      .post(
        '/api/subscription/create-checkout-session',
        ({ user, body, request }) => billing.startCheckout(user, body, requestOriginOf(request)),
        { auth: true, body: CreateCheckoutSessionBody },
      )
      .post('/api/subscription/checkout', ({ user, body, request }) => billing.startCheckout(user, body, requestOriginOf(request)), {
        auth: true,
        body: CheckoutBody,
      })
      .post('/api/subscription/demo-checkout', ({ user, body, request }) => billing.payDemo(user, body, requestOriginOf(request)), {
        auth: true,
        body: DemoPayBody,
      })
      .post('/api/subscription/cancel', ({ user }) => billing.cancel(user), { auth: true })
      // Stripe signs the exact bytes: the core parser hands this path its raw text.
      .post('/api/subscription/webhook', ({ body, request }) =>
        billing.handleWebhook(typeof body === 'string' ? body : '', request.headers.get('stripe-signature')),
      )
  );
}
