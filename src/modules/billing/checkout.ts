import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../lib/context';
import { ValidationError, conflict, notFound, serviceUnavailable } from '../../lib/errors';
import type { User } from '../auth/service';
import { accessOf } from './access';
import type { CheckoutInput } from './model';
import { addInterval, type Plans } from './plans';
import type { Subscription } from './schema';
import type { StripeGateway, SubscriptionState } from './stripe';
import type { Subscriptions } from './subscriptions';

export const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again later.';
const DEMO_PREFIX = 'demo_';
const SUCCESS_PATH = '/subscription?success=true';
const CANCEL_PATH = '/subscription?canceled=true';
const alreadySubscribed = () => conflict('Conflict', 'You already have an active subscription.');

/**
 * Checkouts and cancels through the two providers: Stripe when it is configured, else the local demo
 * checkout (docs/decisions/0003), whose subscriptions billing renews itself. Both end in the one write
 * path (`Subscriptions.apply`).
 */
export function createCheckout(ctx: AppContext, deps: { plans: Plans; subscriptions: Subscriptions; stripe: StripeGateway | null }) {
  const { clock, config, log } = ctx;
  const { plans, subscriptions, stripe } = deps;
  const appOrigin = new URL(config.appUrl).origin;

  /**
   * Return addresses must lead back to this site, at APP_URL or at the origin the request came from (the
   * app answers on 127.0.0.1 and localhost alike, docs/decisions/0011): a checkout must not become an open
   * redirect. Without one, the learner returns to the origin they came from.
   */
  function ownAddress(url: string | undefined, field: string, fallback: string, origin: string) {
    if (url === undefined) return new URL(fallback, origin).toString();
    const target = new URL(url).origin;
    if (target !== origin && target !== appOrigin) throw new ValidationError('The return address must be a page of this site.', field);
    return url;
  }

  /** Calls touching one subscription run one after another, so a slow answer never overwrites a newer one. */
  const queues = new Map<string, Promise<unknown>>();
  function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  }

  /** A demo subscription's state as billing holds it, with changes. */
  function demoState(subscription: Subscription, change: Partial<SubscriptionState>): SubscriptionState {
    return {
      subscriptionId: subscription.stripeSubscriptionId!,
      customerId: null,
      userId: subscription.userId,
      planId: subscription.planId,
      isActive: true,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      startDate: clock.now(),
      currentPeriodEnd: subscription.currentPeriodEnd ?? clock.now(),
      cancelledAt: null,
      paymentMethod: null,
      ...change,
    };
  }

  /** Sets or clears cancel-at-period-end on the user's subscription, wherever it lives. */
  async function setCancelAtPeriodEnd(user: User, cancel: boolean): Promise<void> {
    const subscription = subscriptions.of(user.id)!;
    const id = subscription.stripeSubscriptionId!;
    if (id.startsWith(DEMO_PREFIX)) {
      subscriptions.apply(demoState(subscription, { cancelAtPeriodEnd: cancel, cancelledAt: cancel ? clock.now() : null }));
      return;
    }
    if (!stripe) throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
    await serialized(id, async () => {
      let state: SubscriptionState;
      try {
        state = await stripe.setCancelAtPeriodEnd(id, cancel);
      } catch (error) {
        log.error('stripe subscription update failed', { userId: user.id, error: String(error) });
        throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
      }
      subscriptions.apply(state);
    });
  }

  const accessNow = (user: User) => accessOf(user, subscriptions.of(user.id), clock.now());

  return {
    serialized,
    setCancelAtPeriodEnd,

    /**
     * Starts a checkout for a plan and returns where the browser goes: Stripe Checkout, or the local
     * demo page. A subscription that is cancelling is resumed instead of paid twice.
     */
    async startCheckout(user: User, input: CheckoutInput, origin = appOrigin): Promise<{ url: string }> {
      const plan = plans.choose(input.planId, input.interval);
      const successUrl = ownAddress(input.successUrl, 'successUrl', SUCCESS_PATH, origin);
      const cancelUrl = ownAddress(input.cancelUrl, 'cancelUrl', CANCEL_PATH, origin);
      const access = accessNow(user);
      if (access.isSubscribed && !access.cancelAtPeriodEnd) throw alreadySubscribed();
      if (access.isSubscribed) {
        await setCancelAtPeriodEnd(user, false);
        return { url: successUrl };
      }

      if (!stripe) {
        const demo = new URL('/demo-checkout', origin);
        demo.searchParams.set('plan', plan.id);
        demo.searchParams.set('success_url', successUrl);
        demo.searchParams.set('cancel_url', cancelUrl);
        return { url: demo.toString() };
      }
      try {
        let customerId = subscriptions.of(user.id)?.stripeCustomerId;
        // Kept at once, so the next checkout reuses the customer even if this one is abandoned.
        if (!customerId) customerId = subscriptions.keepCustomer(user.id, await stripe.createCustomer(user));
        const url = await stripe.createCheckoutSession({
          userId: user.id,
          customerId,
          planId: plan.id,
          planName: plan.name,
          priceCents: plan.priceCents,
          interval: plan.interval,
          stripePriceId: plan.stripePriceId,
          successUrl,
          cancelUrl,
        });
        return { url };
      } catch (error) {
        log.error('stripe checkout failed', { userId: user.id, error: String(error) });
        throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
      }
    },

    /** The demo page's Pay button (no Stripe configured): activates through the one write path. */
    async payDemo(user: User, input: { planId: string; successUrl?: string }, origin = appOrigin) {
      if (stripe) throw notFound();
      const plan = plans.choose(input.planId, undefined);
      const url = ownAddress(input.successUrl, 'successUrl', SUCCESS_PATH, origin);
      const access = accessNow(user);
      if (access.isSubscribed && !access.cancelAtPeriodEnd) throw alreadySubscribed();
      const now = clock.now();
      if (access.isSubscribed) await setCancelAtPeriodEnd(user, false);
      else {
        subscriptions.apply({
          subscriptionId: `${DEMO_PREFIX}${randomBytes(12).toString('hex')}`,
          customerId: null,
          userId: user.id,
          planId: plan.id,
          isActive: true,
          cancelAtPeriodEnd: false,
          startDate: now,
          currentPeriodEnd: addInterval(now, plan.interval),
          cancelledAt: null,
          paymentMethod: null,
        });
      }
      return { url, subscription: subscriptions.view(user) };
    },

    /**
     * Renews the demo subscriptions whose period has ended without a cancel, as Stripe renews a paying
     * learner's: the demo has no charge that could fail, so the period simply moves on.
     */
    renewDemoSubscriptions(now: Date): number {
      if (stripe) return 0;
      const due = subscriptions.dueRenewals(DEMO_PREFIX, now);
      for (const subscription of due) {
        const plan = plans.byId(subscription.planId);
        if (!plan) continue;
        let end = subscription.currentPeriodEnd!;
        while (end.getTime() <= now.getTime()) end = addInterval(end, plan.interval);
        subscriptions.apply(demoState(subscription, { currentPeriodEnd: end }));
      }
      return due.length;
    },
  };
}
export type Checkout = ReturnType<typeof createCheckout>;
