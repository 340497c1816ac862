import { and, eq, gt, isNotNull, like, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { keptRows } from '../../lib/kept';
import type { AuthService, User } from '../auth/service';
import type { Plans } from './plans';
import { accessOf } from './access';
import {
  paymentMethods,
  processedWebhookEvents,
  subscriptionHistory,
  subscriptions,
  type Subscription,
  type SubscriptionHistory,
} from './schema';
import type { SubscriptionState } from './stripe';
import { statusKey, statusView, type SubscriptionStatusView } from './views';

/** The subscription started last; two started in the same second are told apart by their ids, so the choice never depends on the order of events. */
function newest(held: SubscriptionHistory[]): SubscriptionHistory | undefined {
  const newer = (a: SubscriptionHistory, b: SubscriptionHistory) =>
    a.startDate.getTime() !== b.startDate.getTime() ? a.startDate > b.startDate : a.stripeSubscriptionId! > b.stripeSubscriptionId!;
  return held.reduce<SubscriptionHistory | undefined>((best, h) => (best === undefined || newer(h, best) ? h : best), undefined);
}

/**
 * Billing's table of subscriptions and its one write path. Every request that shows or checks access
 * reads a subscription, the answer path among them, so rows are kept per process (`keptRows`): billing
 * is the only writer and forgets them after each of its writes (docs/decisions/0021).
 */
export function createSubscriptions(ctx: AppContext, deps: { auth: AuthService; plans: Plans }) {
  const { db, clock, events, log } = ctx;
  const { auth, plans } = deps;

  const byUser = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .prepare();
  const kept = keptRows(db.$client, (userId: number) => byUser.get({ userId }));
  const of = (userId: number): Subscription | undefined => kept.get(userId);

  /** Runs a write of billing's and forgets every kept row after it, committed or not. */
  function writing<T>(work: () => T): T {
    try {
      return work();
    } finally {
      kept.forgetAll();
    }
  }

  const viewAt = (user: User, subscription: Subscription | undefined, now: Date) =>
    statusView(user, subscription, plans.byId(subscription?.planId), now);

  function publish(userId: number, view: SubscriptionStatusView) {
    events.publish('subscription', view, userId);
  }

  /**
   * The one activation path, for verified Stripe webhooks, Stripe answers and the demo checkout alike:
   * writes the subscription's current state to its history row, then makes the user's subscription the
   * newest of theirs that is live (else the newest). With an event, the event is recorded in the same
   * transaction and a second delivery changes nothing. Publishes a `subscription` event on a change.
   * Returns the user it applied to.
   */
  function apply(state: SubscriptionState, event?: { id: string; type: string }): User | undefined {
    const now = clock.now();
    const outcome = writing(() =>
      db.transaction((tx) => {
        if (event) {
          const recorded = tx
            .insert(processedWebhookEvents)
            .values({ id: event.id, type: event.type, processedAt: now })
            .onConflictDoNothing()
            .returning({ id: processedWebhookEvents.id })
            .get();
          if (!recorded) return undefined;
        }
        const byCustomer = state.customerId
          ? tx.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, state.customerId)).get()
          : undefined;
        const userId = byCustomer?.userId ?? state.userId;
        const user = userId ? auth.getUser(userId) : undefined;
        if (!user) {
          log.warn('subscription for no known user', { subscriptionId: state.subscriptionId, customerId: state.customerId });
          return undefined;
        }
        const current = byCustomer ?? tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).get();
        const before = viewAt(user, current, now);
        const plan = plans.byId(state.planId);

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

        // Access follows the newest subscription that is live now, else the newest: a second subscription
        // ending, or an old one's late event, never ends the one still paid, whatever order the events
        // come in (docs/decisions/0022-newest-live-subscription.md).
        const trialOpen = !!user.trialEndDate && user.trialEndDate.getTime() > now.getTime();
        const valuesOf = (held: SubscriptionHistory): Omit<Subscription, 'userId'> => ({
          stripeCustomerId: current?.stripeCustomerId ?? state.customerId,
          stripeSubscriptionId: held.stripeSubscriptionId,
          isSubscribed: held.status !== 'expired',
          status: held.status !== 'expired' ? 'active' : trialOpen ? 'trial' : 'expired',
          planId: held.planId ?? current?.planId ?? null,
          currentPeriodEnd: held.endDate,
          expiryDate: held.endDate,
          cancelAtPeriodEnd: held.status === 'cancelled',
        });
        const held = tx
          .select()
          .from(subscriptionHistory)
          .where(and(eq(subscriptionHistory.userId, user.id), isNotNull(subscriptionHistory.stripeSubscriptionId)))
          .all();
        const live = held.filter((h) => accessOf(user, { userId: user.id, ...valuesOf(h) }, now).isSubscribed);
        const values = valuesOf(newest(live) ?? newest(held)!);
        tx.insert(subscriptions)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: subscriptions.userId, set: values })
          .run();
        if (values.stripeSubscriptionId !== state.subscriptionId) return { user, before };

        if (state.paymentMethod) {
          const card = state.paymentMethod;
          const known = tx
            .select()
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.userId, user.id),
                eq(paymentMethods.type, card.type),
                card.last4 ? eq(paymentMethods.last4, card.last4) : sql`last4 is null`,
              ),
            )
            .get();
          tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, user.id)).run();
          if (known)
            tx.update(paymentMethods)
              .set({ ...card, isDefault: true })
              .where(eq(paymentMethods.id, known.id))
              .run();
          else
            tx.insert(paymentMethods)
              .values({ userId: user.id, ...card, isDefault: true, createdAt: now })
              .run();
        }
        return { user, before };
      }),
    );
    if (!outcome) return undefined;
    const after = viewAt(outcome.user, of(outcome.user.id), clock.now());
    if (statusKey(after) !== statusKey(outcome.before)) publish(outcome.user.id, after);
    return outcome.user;
  }

  return {
    of,
    apply,
    publish,
    /** The status view of a user's subscription at `now`. */
    view: (user: User, now = clock.now()) => viewAt(user, of(user.id), now),

    /** Keeps a new Stripe customer at once (the first one kept wins), so an abandoned checkout's is reused. */
    keepCustomer(userId: number, customerId: string): string {
      writing(() =>
        db
          .insert(subscriptions)
          .values({ userId, stripeCustomerId: customerId })
          .onConflictDoUpdate({
            target: subscriptions.userId,
            set: { stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)` },
          })
          .run(),
      );
      return of(userId)?.stripeCustomerId ?? customerId;
    },

    /** Running demo subscriptions (ids starting with `prefix`) whose period ended by `now` without a cancel. */
    dueRenewals(prefix: string, now: Date): Subscription[] {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            like(subscriptions.stripeSubscriptionId, `${prefix}%`),
            eq(subscriptions.isSubscribed, true),
            eq(subscriptions.cancelAtPeriodEnd, false),
            lte(subscriptions.currentPeriodEnd, now),
          ),
        )
        .all();
    },

    /** Subscriptions whose period ended in (`from`, `to`]. */
    periodsEndingBetween(from: Date, to: Date): Subscription[] {
      return db
        .select()
        .from(subscriptions)
        .where(and(gt(subscriptions.currentPeriodEnd, from), lte(subscriptions.currentPeriodEnd, to)))
        .all();
    },

    isProcessed: (eventId: string) => !!db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, eventId)).get(),

    /** Records an event billing does nothing with, so a second delivery is known. */
    recordEvent(event: { id: string; type: string }) {
      db.insert(processedWebhookEvents)
        .values({ ...event, processedAt: clock.now() })
        .onConflictDoNothing()
        .run();
    },
  };
}
export type Subscriptions = ReturnType<typeof createSubscriptions>;
