import { DAY_MS } from '../../lib/clock';
import type { User } from '../auth/service';
import { accessOf } from './access';
import { planView, type Plan } from './plans';
import type { Subscription } from './schema';

const ceilDays = (ms: number) => Math.max(0, Math.ceil(ms / DAY_MS));
export const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The subscription status the client shows (docs/product-rules.md#subscription), computed from the stored dates at `now`. */
export function statusView(user: User, subscription: Subscription | undefined, plan: Plan | undefined, now: Date) {
  const access = accessOf(user, subscription, now);
  const trialDaysRemaining = access.isTrialActive ? ceilDays(user.trialEndDate!.getTime() - now.getTime()) : 0;
  const periodEnd = access.isSubscribed ? access.currentPeriodEnd : null;
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
    nextBillingDate: access.isSubscribed && !access.cancelAtPeriodEnd ? iso(periodEnd) : null,
    cancelAtPeriodEnd: access.isSubscribed && access.cancelAtPeriodEnd,
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
export const statusKey = (view: SubscriptionStatusView) =>
  JSON.stringify([view.status, view.cancelAtPeriodEnd, view.expiresAt, view.plan?.id ?? null]);

/** The subscription fields of the user as the client sees it (GET /api/user and every answer carrying the user). */
export function userSubscriptionView(user: User, subscription: Subscription | undefined, now: Date) {
  const access = accessOf(user, subscription, now);
  return {
    subscription_status: access.status,
    isSubscribed: access.isSubscribed,
    trial_start_date: iso(user.trialStartDate),
    trial_end_date: iso(user.trialEndDate),
    currentPeriodEnd: iso(subscription?.currentPeriodEnd),
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
  };
}
