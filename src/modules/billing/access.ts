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
 * A user's access, computed from the stored dates at every request and never taken from a client:
 * a subscription is active until its period ends (also when cancelled at period end), a trial until
 * its end date; anything else is expired.
 */
export function accessOf(user: UserRow, now: Date): Access {
  const periodOpen = !user.currentPeriodEnd || user.currentPeriodEnd.getTime() > now.getTime();
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
