import type { users } from '../auth/schema';

type UserRow = typeof users.$inferSelect;

export type SubscriptionStatus = 'trial' | 'active' | 'expired';

export interface Access {
  status: SubscriptionStatus;
  /** Trial or paid subscription: premium content is open. */
  hasPremium: boolean;
  isSubscribed: boolean;
  isTrialActive: boolean;
  trialEndDate: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * How long a renewing subscription stays open past its period end: the renewal is charged at the end
 * and its webhook moves the date some seconds to hours later; a failed charge ends access at once
 * (the subscription turns past due).
 */
export const RENEWAL_GRACE_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * A user's access, computed from the stored dates at every request and never taken from a client:
 * a subscription cancelled at period end is active until that end, a renewing one for the renewal's
 * grace after it, a trial until its end date; anything else is expired.
 */
export function accessOf(user: UserRow, now: Date): Access {
  const grace = user.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS;
  const periodOpen = !user.currentPeriodEnd || user.currentPeriodEnd.getTime() + grace > now.getTime();
  const subscribed = user.isSubscribed && user.subscriptionStatus === 'active' && periodOpen;
  const trialActive = !subscribed && !!user.trialEndDate && user.trialEndDate.getTime() > now.getTime();
  const status: SubscriptionStatus = subscribed ? 'active' : trialActive ? 'trial' : 'expired';
  return {
    status,
    hasPremium: subscribed || trialActive,
    isSubscribed: subscribed,
    isTrialActive: trialActive,
    trialEndDate: user.trialEndDate ?? null,
    currentPeriodEnd: user.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
  };
}
