import { SubscriptionManager } from './SubscriptionManager';

/** The Settings Subscription tab: status, the live countdown, plan management and cancel. */
export function SubscriptionPanel() {
  return <SubscriptionManager framed={false} />;
}
