import { MINUTE_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';
import type { AuthService, User } from '../auth/service';
import { RENEWAL_GRACE_MS, accessOf } from './access';
import type { Subscriptions } from './subscriptions';

const EXPIRY_CHECK_MS = MINUTE_MS;

/**
 * Users whose access changed between `from` and `to` because a trial or a paid period ran out; each
 * gets a `subscription` event (the trial-expiry job calls this every minute).
 */
export function publishExpiries(deps: { auth: AuthService; subscriptions: Subscriptions }, from: Date, to: Date): number {
  const { auth, subscriptions } = deps;
  const ending = new Map<number, User>(auth.trialsEndingBetween(from, to).map((user) => [user.id, user]));
  // A renewing subscription ends RENEWAL_GRACE_MS after its period end; the status comparison below tells.
  for (const { userId } of subscriptions.periodsEndingBetween(new Date(from.getTime() - RENEWAL_GRACE_MS), to)) {
    const user = ending.has(userId) ? undefined : auth.getUser(userId);
    if (user) ending.set(userId, user);
  }
  let sent = 0;
  for (const user of ending.values()) {
    const subscription = subscriptions.of(user.id);
    if (accessOf(user, subscription, from).status === accessOf(user, subscription, to).status) continue;
    subscriptions.publish(user.id, subscriptions.view(user, to));
    sent++;
  }
  return sent;
}

/**
 * Renews due demo subscriptions, then sends each user whose trial (or paid period) has just ended a
 * `subscription` event, once: every run covers the time since the previous one. Renewals write, and the
 * events reach every machine through the database: the primary alone runs it, and a replica moves its
 * window on so that, promoted, it does not announce again what the primary did.
 */
export function trialExpiryJob(
  ctx: AppContext,
  billing: { renewDemoSubscriptions(now: Date): number; publishExpiries(from: Date, to: Date): number },
): Job<number> {
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
