import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { badRequest, trialExpired } from '../../lib/errors';
import type { AuthService, User } from '../auth/service';
import { accessOf, type Access } from './access';
import { createCheckout } from './checkout';
import { publishExpiries } from './expiry';
import { createPlans, planView, type PlanView } from './plans';
import { paymentMethods, subscriptionHistory, subscriptionPlans } from './schema';
import { createStripeGateway } from './stripe';
import { createSubscriptions } from './subscriptions';
import { iso, userSubscriptionView, type SubscriptionStatusView } from './views';
import { createWebhook } from './webhook';

export { trialExpiryJob } from './expiry';
export type { PlanView } from './plans';
export type { SubscriptionStatusView } from './views';

/**
 * Trial and subscription (docs/decisions/0003): billing alone writes subscription state (its
 * `subscriptions` table) and answers every other module's question about access. Plans, the write path,
 * the two providers, the webhook and the expiry watch live in their own files of this folder.
 */
export function createBillingService(ctx: AppContext, deps: { auth: AuthService }) {
  const { db, clock } = ctx;
  const stripe = createStripeGateway(ctx.config);
  const plans = createPlans(ctx);
  const subscriptions = createSubscriptions(ctx, { auth: deps.auth, plans });
  const checkout = createCheckout(ctx, { plans, subscriptions, stripe });
  const handleWebhook = createWebhook(ctx, { subscriptions, checkout, stripe });

  const access = (user: User, at = clock.now()): Access => accessOf(user, subscriptions.of(user.id), at);

  return {
    /** What the learner may open now: every module asks this, never the subscription's columns. */
    access,

    /** The premium gate a module puts on a premium call: without a trial or subscription, 402 `trial_expired`. */
    requirePremium(user: User, at = clock.now()): void {
      if (!access(user, at).hasPremium) throw trialExpired();
    },

    /** The subscription fields of the user as the client sees it. */
    userView: (user: User) => userSubscriptionView(user, subscriptions.of(user.id), clock.now()),

    plans(): PlanView[] {
      return plans.active().map(planView);
    },

    status(user: User): SubscriptionStatusView {
      return subscriptions.view(user);
    },

    trialStatus(user: User) {
      const view = subscriptions.view(user);
      return {
        isTrialActive: view.isTrialActive,
        daysRemaining: view.trialDaysRemaining,
        trialStartDate: view.trialStartDate,
        trialEndDate: view.trialEndDate,
        serverTime: view.serverTime,
      };
    },

    /** GET /api/subscription: status, plans, the history and the saved payment methods. */
    overview(user: User) {
      const history = db
        .select({
          id: subscriptionHistory.id,
          planId: subscriptionHistory.planId,
          planName: subscriptionPlans.name,
          startDate: subscriptionHistory.startDate,
          endDate: subscriptionHistory.endDate,
          status: subscriptionHistory.status,
          cancelledAt: subscriptionHistory.cancelledAt,
          createdAt: subscriptionHistory.createdAt,
        })
        .from(subscriptionHistory)
        .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionHistory.planId))
        .where(eq(subscriptionHistory.userId, user.id))
        .orderBy(desc(subscriptionHistory.startDate), desc(subscriptionHistory.id))
        .all();
      const methods = db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, user.id))
        .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt))
        .all();
      return {
        ...subscriptions.view(user),
        plans: plans.active().map(planView),
        history: history.map((h) => ({
          ...h,
          startDate: h.startDate.toISOString(),
          endDate: iso(h.endDate),
          cancelledAt: iso(h.cancelledAt),
          createdAt: h.createdAt.toISOString(),
        })),
        paymentMethods: methods.map((m) => ({
          id: m.id,
          type: m.type,
          last4: m.last4,
          expiryMonth: m.expiryMonth,
          expiryYear: m.expiryYear,
          isDefault: m.isDefault,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },

    startCheckout: checkout.startCheckout,
    payDemo: checkout.payDemo,

    /** Cancel at period end: access lasts until currentPeriodEnd. Cancelling twice changes nothing. */
    async cancel(user: User): Promise<SubscriptionStatusView> {
      const now = access(user);
      if (!now.isSubscribed) throw badRequest('You have no active subscription to cancel.');
      if (!now.cancelAtPeriodEnd) await checkout.setCancelAtPeriodEnd(user, true);
      return subscriptions.view(user);
    },

    /**
     * Deleting an account cancels its subscription (docs/product-rules.md#accounts); access runs to the period end.
     * True when there was a running subscription to cancel.
     */
    async cancelForDeletion(user: User): Promise<boolean> {
      const now = access(user);
      if (!now.isSubscribed || now.cancelAtPeriodEnd) return false;
      await checkout.setCancelAtPeriodEnd(user, true);
      return true;
    },

    handleWebhook,
    renewDemoSubscriptions: checkout.renewDemoSubscriptions,
    publishExpiries: (from: Date, to: Date) => publishExpiries({ auth: deps.auth, subscriptions }, from, to),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
