import { and, asc, desc, eq, gt, like, lte, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../lib/context';
import { DAY_MS } from '../../lib/clock';
import { ValidationError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors';
import { isPrimary } from '../../lib/litefs';
import { users } from '../auth/schema';
import type { User } from '../auth/service';
import { RENEWAL_GRACE_MS, accessOf } from './access';
import * as v from 'valibot';
import { CHOOSE_PLAN_MESSAGE, StripeEvent, SubscriptionEventObject, type CheckoutInput, type PlanInterval } from './model';
import { paymentMethods, processedWebhookEvents, subscriptionHistory, subscriptionPlans } from './schema';
import { StripeMissing, createStripeGateway, type SubscriptionState } from './stripe';
import type { Job } from '../../lib/jobs';

type Plan = typeof subscriptionPlans.$inferSelect;

const PREMIUM_FEATURES = ['Full vocabulary', 'Complete verb conjugations', 'Cultural notes', 'Priority support'];

/** The published plans (docs/product-rules.md#subscription); prices in cents. Seeded at start so prices live in one place. */
export const PLANS = [
  {
    id: 'monthly',
    name: 'Monthly',
    description: 'Every word, verb, lesson and sentence, billed each month. Cancel any time.',
    priceCents: 699,
    interval: 'month' as const,
    features: PREMIUM_FEATURES,
    isPopular: false,
  },
  {
    id: 'yearly',
    name: 'Yearly',
    description: 'A whole year of full access, billed once, for less than the monthly price.',
    priceCents: 5000,
    interval: 'year' as const,
    features: PREMIUM_FEATURES,
    isPopular: true,
  },
];

const DEMO_PREFIX = 'demo_';
const WEBHOOK_SIGNATURE_MESSAGE = 'The webhook signature is not valid.';
const WEBHOOK_SHAPE_MESSAGE = 'The webhook event is not a valid Stripe event.';
const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again later.';

/** Stripe events billing acts on; any other type is recorded and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

const ceilDays = (ms: number) => Math.max(0, Math.ceil(ms / DAY_MS));
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function planView(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.priceCents / 100,
    priceCents: plan.priceCents,
    interval: plan.interval,
    features: plan.features,
    isActive: plan.isActive,
    isPopular: plan.isPopular,
  };
}
export type PlanView = ReturnType<typeof planView>;

/** The subscription status as the client reads it (docs/product-rules.md#subscription), computed from the stored dates at `now`. */
export function statusView(user: User, plan: Plan | undefined, now: Date) {
  const access = accessOf(user, now);
  const trialDaysRemaining = access.isTrialActive ? ceilDays(user.trialEndDate!.getTime() - now.getTime()) : 0;
  const periodEnd = access.isSubscribed ? user.currentPeriodEnd : null;
  const current = access.isSubscribed && plan ? planView(plan) : null;
  return {
    status: access.status,
    label: access.isSubscribed ? ('Active' as const) : access.isTrialActive ? ('Trial' as const) : ('Inactive' as const),
    isActive: access.isSubscribed,
    isInTrial: access.isTrialActive,
    isTrialActive: access.isTrialActive,
    hasPremium: access.hasPremium,
    daysRemaining: access.isSubscribed ? (periodEnd ? ceilDays(periodEnd.getTime() - now.getTime()) : 0) : trialDaysRemaining,
    trialDaysRemaining,
    plan: current,
    currentPlan: current,
    expiresAt: access.isSubscribed ? iso(periodEnd) : access.isTrialActive ? iso(user.trialEndDate) : null,
    nextBillingDate: access.isSubscribed && !user.cancelAtPeriodEnd ? iso(periodEnd) : null,
    cancelAtPeriodEnd: access.isSubscribed && user.cancelAtPeriodEnd,
    currentPeriodEnd: iso(periodEnd),
    trialStartDate: iso(user.trialStartDate),
    trialEndDate: iso(user.trialEndDate),
    serverTime: now.toISOString(),
  };
}
export type SubscriptionStatusView = ReturnType<typeof statusView>;

declare module '../../shared/channels' {
  interface Channels {
    /** The learner's subscription changed: the status the browser shows, to that learner only. */
    subscription: SubscriptionStatusView;
  }
}

/** What decides whether a `subscription` event is worth sending. */
const statusKey = (view: SubscriptionStatusView) =>
  JSON.stringify([view.status, view.cancelAtPeriodEnd, view.expiresAt, view.plan?.id ?? null]);

/** One calendar month or year after `from`, for demo subscriptions. */
function addInterval(from: Date, interval: PlanInterval) {
  const end = new Date(from);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

const SUCCESS_PATH = '/subscription?success=true';
const CANCEL_PATH = '/subscription?canceled=true';

export function createBillingService(ctx: AppContext) {
  const { db, clock, config, events, log } = ctx;
  const stripe = createStripeGateway(config);
  const appOrigin = new URL(config.appUrl).origin;

  // Replicas get the plans from the primary; only the primary writes.
  if (isPrimary(config.LITEFS_DIR)) {
    const priceIds: Record<string, string | undefined> = { monthly: config.STRIPE_PRICE_MONTHLY, yearly: config.STRIPE_PRICE_YEARLY };
    db.transaction((tx) => {
      for (const plan of PLANS) {
        const row = { ...plan, isActive: true, stripePriceId: priceIds[plan.id] ?? null };
        tx.insert(subscriptionPlans).values(row).onConflictDoUpdate({ target: subscriptionPlans.id, set: row }).run();
      }
    });
  }

  const planById = db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, sql.placeholder('id'))).prepare();
  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();

  const freshUser = (id: number) => userById.get({ id });
  const planOf = (user: User) => (user.subscriptionPlanId ? planById.get({ id: user.subscriptionPlanId }) : undefined);
  const viewOf = (user: User) => statusView(user, planOf(user), clock.now());

  function activePlans() {
    return db.select().from(subscriptionPlans).where(eq(subscriptionPlans.isActive, true)).orderBy(asc(subscriptionPlans.priceCents)).all();
  }

  function choosePlan(planId: string | undefined, interval: PlanInterval | undefined): Plan {
    const plans = activePlans();
    const plan = planId !== undefined ? plans.find((p) => p.id === planId) : plans.find((p) => p.interval === interval);
    if (!plan || (interval !== undefined && plan.interval !== interval)) throw new ValidationError(CHOOSE_PLAN_MESSAGE, 'planId');
    return plan;
  }

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

  function publish(userId: number, view: SubscriptionStatusView) {
    events.publish('subscription', view, userId);
  }

  /**
   * The one activation path, for verified Stripe webhooks, Stripe answers and the demo checkout alike:
   * writes the subscription's current state to its history row and, when it is the user's current
   * subscription (or a newly active one), to the user. With an event, the event is recorded in the same
   * transaction and a second delivery changes nothing. Publishes a `subscription` event on a change.
   */
  function applySubscription(state: SubscriptionState, event?: { id: string; type: string }): User | undefined {
    const now = clock.now();
    const outcome = db.transaction((tx) => {
      if (event) {
        const recorded = tx
          .insert(processedWebhookEvents)
          .values({ id: event.id, type: event.type, processedAt: now })
          .onConflictDoNothing()
          .returning({ id: processedWebhookEvents.id })
          .get();
        if (!recorded) return undefined;
      }
      const user =
        (state.customerId ? tx.select().from(users).where(eq(users.stripeCustomerId, state.customerId)).get() : undefined) ??
        (state.userId ? tx.select().from(users).where(eq(users.id, state.userId)).get() : undefined);
      if (!user) {
        log.warn('subscription for no known user', { subscriptionId: state.subscriptionId, customerId: state.customerId });
        return undefined;
      }
      const before = statusView(user, planOf(user), now);
      const plan = state.planId ? tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, state.planId)).get() : undefined;

      const historyStatus = !state.isActive ? 'expired' : state.cancelAtPeriodEnd ? 'cancelled' : 'active';
      const history = tx
        .select()
        .from(subscriptionHistory)
        .where(and(eq(subscriptionHistory.userId, user.id), eq(subscriptionHistory.stripeSubscriptionId, state.subscriptionId)))
        .get();
      const cancelledAt = state.cancelAtPeriodEnd || !state.isActive ? (state.cancelledAt ?? history?.cancelledAt ?? now) : null;
      if (history) {
        tx.update(subscriptionHistory)
          .set({ planId: plan?.id ?? history.planId, endDate: state.currentPeriodEnd, status: historyStatus, cancelledAt })
          .where(eq(subscriptionHistory.id, history.id))
          .run();
      } else {
        tx.insert(subscriptionHistory)
          .values({
            userId: user.id,
            planId: plan?.id ?? null,
            stripeSubscriptionId: state.subscriptionId,
            startDate: state.startDate,
            endDate: state.currentPeriodEnd,
            status: historyStatus,
            cancelledAt,
            createdAt: now,
          })
          .run();
      }

      // An old subscription ending late must not end the one the user has now.
      const isCurrent = !user.stripeSubscriptionId || user.stripeSubscriptionId === state.subscriptionId || state.isActive;
      if (!isCurrent) return { user, before };

      const trialOpen = !!user.trialEndDate && user.trialEndDate.getTime() > now.getTime();
      const updated = tx
        .update(users)
        .set({
          stripeCustomerId: user.stripeCustomerId ?? state.customerId,
          stripeSubscriptionId: state.subscriptionId,
          isSubscribed: state.isActive,
          subscriptionStatus: state.isActive ? 'active' : trialOpen ? 'trial' : 'expired',
          subscriptionPlanId: plan?.id ?? user.subscriptionPlanId,
          currentPeriodEnd: state.currentPeriodEnd,
          subscriptionExpiryDate: state.currentPeriodEnd,
          cancelAtPeriodEnd: state.isActive && state.cancelAtPeriodEnd,
        })
        .where(eq(users.id, user.id))
        .returning()
        .get();

      if (state.paymentMethod) {
        const card = state.paymentMethod;
        const known = tx
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.type, card.type), card.last4 ? eq(paymentMethods.last4, card.last4) : sql`last4 is null`))
          .get();
        tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, user.id)).run();
        if (known) tx.update(paymentMethods).set({ ...card, isDefault: true }).where(eq(paymentMethods.id, known.id)).run();
        else tx.insert(paymentMethods).values({ userId: user.id, ...card, isDefault: true, createdAt: now }).run();
      }
      return { user: updated, before };
    });
    if (!outcome) return undefined;
    const after = viewOf(outcome.user);
    if (statusKey(after) !== statusKey(outcome.before)) publish(outcome.user.id, after);
    return outcome.user;
  }

  /** A demo subscription's state as the user row holds it, with changes. */
  function demoState(user: User, change: Partial<SubscriptionState>): SubscriptionState {
    return {
      subscriptionId: user.stripeSubscriptionId!,
      customerId: null,
      userId: user.id,
      planId: user.subscriptionPlanId,
      isActive: true,
      cancelAtPeriodEnd: user.cancelAtPeriodEnd,
      startDate: clock.now(),
      currentPeriodEnd: user.currentPeriodEnd ?? clock.now(),
      cancelledAt: null,
      paymentMethod: null,
      ...change,
    };
  }

  /** Sets or clears cancel-at-period-end on the user's subscription, wherever it lives. */
  async function setCancelAtPeriodEnd(user: User, cancel: boolean): Promise<User> {
    const id = user.stripeSubscriptionId!;
    if (id.startsWith(DEMO_PREFIX)) {
      return applySubscription(demoState(user, { cancelAtPeriodEnd: cancel, cancelledAt: cancel ? clock.now() : null })) ?? user;
    }
    if (!stripe) throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
    return serialized(id, async () => {
      let state: SubscriptionState;
      try {
        state = await stripe.setCancelAtPeriodEnd(id, cancel);
      } catch (error) {
        log.error('stripe subscription update failed', { userId: user.id, error: String(error) });
        throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
      }
      return applySubscription(state) ?? user;
    });
  }

  /** The event's subscription id, for the event types billing acts on. */
  function subscriptionIdOf(type: string, object: SubscriptionEventObject): string | null {
    const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));
    if (type.startsWith('checkout.session.')) return object.mode === 'subscription' ? idOf(object.subscription) : null;
    if (type.startsWith('customer.subscription.')) return idOf(object.id);
    if (type.startsWith('invoice.')) return idOf(object.parent?.subscription_details?.subscription ?? object.subscription);
    return null;
  }

  /** A signed event billing can read, or a 400 that is logged (Stripe shows the answer in its dashboard). */
  function readEvent(signed: unknown) {
    const refuse = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => {
      const eventId = signed && typeof signed === 'object' && 'id' in signed ? String(signed.id).slice(0, 100) : null;
      log.warn('malformed stripe event', { eventId, problem: issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? 'event'}: ${i.message}`).join('; ') });
      return badRequest(WEBHOOK_SHAPE_MESSAGE);
    };
    const event = v.safeParse(StripeEvent, signed);
    if (!event.success) throw refuse(event.issues);
    const { id, type } = event.output;
    if (!SUBSCRIPTION_EVENTS.has(type)) return { id, type, subscriptionId: null };
    const object = v.safeParse(SubscriptionEventObject, event.output.data.object);
    if (!object.success) throw refuse(object.issues);
    return { id, type, subscriptionId: subscriptionIdOf(type, object.output) };
  }

  const isProcessed = (id: string) => !!db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id)).get();

  return {

    /** Deleting an account cancels its subscription; access runs to the period end (docs/product-rules.md#accounts). */
    async cancelForDeletion(user: User) {
      const current = freshUser(user.id) ?? user;
      const access = accessOf(current, clock.now());
      if (access.isSubscribed && !access.cancelAtPeriodEnd) await setCancelAtPeriodEnd(current, true);
    },

    plans(): PlanView[] {
      return activePlans().map(planView);
    },

    status(user: User): SubscriptionStatusView {
      return viewOf(user);
    },

    trialStatus(user: User) {
      const view = viewOf(user);
      return { isTrialActive: view.isTrialActive, daysRemaining: view.trialDaysRemaining, trialStartDate: view.trialStartDate, trialEndDate: view.trialEndDate, serverTime: view.serverTime };
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
        ...viewOf(user),
        plans: activePlans().map(planView),
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

    /**
     * Starts a checkout for a plan and returns where the browser goes: Stripe Checkout, or the local
     * demo page. A subscription that is cancelling is resumed instead of paid twice.
     */
    async startCheckout(user: User, input: CheckoutInput, origin = appOrigin): Promise<{ url: string }> {
      const plan = choosePlan(input.planId, input.interval);
      const successUrl = ownAddress(input.successUrl, 'successUrl', SUCCESS_PATH, origin);
      const cancelUrl = ownAddress(input.cancelUrl, 'cancelUrl', CANCEL_PATH, origin);
      const access = accessOf(user, clock.now());
      if (access.isSubscribed && !access.cancelAtPeriodEnd) throw conflict('Conflict', 'You already have an active subscription.');
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
        let customerId = user.stripeCustomerId;
        if (!customerId) {
          customerId = await stripe.createCustomer(user);
          // Kept at once, so the next checkout reuses the customer even if this one is abandoned.
          db.update(users).set({ stripeCustomerId: customerId }).where(and(eq(users.id, user.id), sql`${users.stripeCustomerId} is null`)).run();
          customerId = freshUser(user.id)?.stripeCustomerId ?? customerId;
        }
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

    /** The demo page's Pay button (no Stripe configured): activates through applySubscription. */
    async payDemo(user: User, input: { planId: string; successUrl?: string }, origin = appOrigin) {
      if (stripe) throw notFound();
      const plan = choosePlan(input.planId, undefined);
      const url = ownAddress(input.successUrl, 'successUrl', SUCCESS_PATH, origin);
      const access = accessOf(user, clock.now());
      if (access.isSubscribed && !access.cancelAtPeriodEnd) throw conflict('Conflict', 'You already have an active subscription.');
      const now = clock.now();
      const updated = access.isSubscribed
        ? await setCancelAtPeriodEnd(user, false)
        : applySubscription({
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
      return { url, subscription: viewOf(updated ?? user) };
    },

    /** Cancel at period end: access lasts until currentPeriodEnd. Cancelling twice changes nothing. */
    async cancel(user: User): Promise<SubscriptionStatusView> {
      const access = accessOf(user, clock.now());
      if (!access.isSubscribed) throw badRequest('You have no active subscription to cancel.');
      if (access.cancelAtPeriodEnd) return viewOf(user);
      return viewOf(await setCancelAtPeriodEnd(user, true));
    },

    /**
     * A Stripe webhook: signature checked over the raw body, each event id applied once. The state is
     * always re-read from Stripe, so events in any order, late or replayed, leave the current state.
     */
    async handleWebhook(rawBody: string, signature: string | null): Promise<{ received: true; duplicate?: true; ignored?: true }> {
      if (!stripe?.webhookSecret) throw serviceUnavailable('Stripe webhooks are not configured.');
      let signed: unknown;
      try {
        signed = await stripe.verifyEvent(rawBody, signature ?? '', clock.now().getTime());
      } catch {
        throw badRequest(WEBHOOK_SIGNATURE_MESSAGE);
      }
      const event = readEvent(signed);
      if (isProcessed(event.id)) return { received: true, duplicate: true };
      const { subscriptionId } = event;
      const record = { id: event.id, type: event.type };
      if (!subscriptionId) {
        db.insert(processedWebhookEvents).values({ ...record, processedAt: clock.now() }).onConflictDoNothing().run();
        return { received: true, ignored: true };
      }
      return serialized(subscriptionId, async () => {
        if (isProcessed(event.id)) return { received: true as const, duplicate: true as const };
        let state: SubscriptionState;
        try {
          state = await stripe.retrieveSubscription(subscriptionId);
        } catch (error) {
          if (error instanceof StripeMissing) {
            db.insert(processedWebhookEvents).values({ ...record, processedAt: clock.now() }).onConflictDoNothing().run();
            return { received: true as const, ignored: true as const };
          }
          // Not recorded: Stripe delivers the event again later.
          log.error('stripe subscription lookup failed', { eventId: event.id, error: String(error) });
          throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
        }
        applySubscription(state, record);
        return { received: true as const };
      });
    },

    /**
     * Renews the demo subscriptions whose period has ended without a cancel, as Stripe renews a paying
     * learner's: the demo has no charge that could fail, so the period simply moves on.
     */
    renewDemoSubscriptions(now: Date): number {
      if (stripe) return 0;
      const due = db
        .select()
        .from(users)
        .where(and(like(users.stripeSubscriptionId, `${DEMO_PREFIX}%`), eq(users.isSubscribed, true), eq(users.cancelAtPeriodEnd, false), lte(users.currentPeriodEnd, now)))
        .all();
      for (const user of due) {
        const plan = planOf(user);
        if (!plan) continue;
        let end = user.currentPeriodEnd!;
        while (end.getTime() <= now.getTime()) end = addInterval(end, plan.interval);
        applySubscription(demoState(user, { currentPeriodEnd: end }));
      }
      return due.length;
    },

    /**
     * Users whose access changed between `from` and `to` because a trial or a paid period ran out;
     * each gets a `subscription` event (the trial-expiry job calls this every minute).
     */
    publishExpiries(from: Date, to: Date): number {
      const ending = db
        .select()
        .from(users)
        .where(
          or(
            and(gt(users.trialEndDate, from), lte(users.trialEndDate, to)),
            // A renewing subscription ends RENEWAL_GRACE_MS after its period end; the status comparison below tells.
            and(gt(users.currentPeriodEnd, new Date(from.getTime() - RENEWAL_GRACE_MS)), lte(users.currentPeriodEnd, to)),
          ),
        )
        .all();
      let sent = 0;
      for (const user of ending) {
        if (accessOf(user, from).status === accessOf(user, to).status) continue;
        publish(user.id, statusView(user, planOf(user), to));
        sent++;
      }
      return sent;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

const EXPIRY_CHECK_MS = 60_000;

/**
 * Renews due demo subscriptions, then sends each user whose trial (or paid period) has just ended a
 * `subscription` event, once: every run covers the time since the previous one. Renewals write, and the
 * events reach every machine through the database: the primary alone runs it, and a replica moves its
 * window on so that, promoted, it does not announce again what the primary did.
 */
export function trialExpiryJob(ctx: AppContext, billing: BillingService): Job<number> {
  let checkedUntil = ctx.clock.now();
  return {
    name: 'trial expiry check',
    everyMs: EXPIRY_CHECK_MS,
    primaryOnly: true,
    run() {
      const now = ctx.clock.now();
      if (now.getTime() <= checkedUntil.getTime()) return 0;
      billing.renewDemoSubscriptions(now);
      const sent = billing.publishExpiries(checkedUntil, now);
      checkedUntil = now;
      return sent;
    },
    skip() {
      checkedUntil = ctx.clock.now();
    },
  };
}
