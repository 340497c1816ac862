import { DAY_MS } from '../../lib/clock';
import type { User } from '../auth/service';
import type { Subscription } from './schema';

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
export const RENEWAL_GRACE_MS = 2 * DAY_MS;

/**
 * A user's access, computed from the stored dates at every request and never taken from a client:
 * a subscription cancelled at period end is active until that end, a renewing one for the renewal's
 * grace after it, a trial (the account's) until its end date; anything else is expired.
 */
export function accessOf(user: Pick<User, 'trialEndDate'>, subscription: Subscription | undefined, now: Date): Access {
  const cancelAtPeriodEnd = subscription?.cancelAtPeriodEnd ?? false;
  const currentPeriodEnd = subscription?.currentPeriodEnd ?? null;
  const grace = cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS;
  const periodOpen = !currentPeriodEnd || currentPeriodEnd.getTime() + grace > now.getTime();
  const subscribed = !!subscription?.isSubscribed && subscription.status === 'active' && periodOpen;
  const trialActive = !subscribed && !!user.trialEndDate && user.trialEndDate.getTime() > now.getTime();
  const status: SubscriptionStatus = subscribed ? 'active' : trialActive ? 'trial' : 'expired';
  return {
    status,
    hasPremium: subscribed || trialActive,
    isSubscribed: subscribed,
    isTrialActive: trialActive,
    trialEndDate: user.trialEndDate ?? null,
    currentPeriodEnd,
    cancelAtPeriodEnd,
  };
}
