import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscriptionStatus } from '../lib/session';
import { useExpiryRedirect } from '../features/billing/hooks';
import { clockOffset, msUntil } from '../features/billing/rules';

/** The longest a browser timer waits (a longer delay fires at once): a later end is timed again from there. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Access follows the clock on every open tab (docs/product-rules.md#tiers): when the trial, or a
 * subscription cancelled at its period end, runs out while a screen is open, every query is read again
 * at once, so premium content leaves the screen without waiting for an answer or the server's expiry
 * event; then the end is told as the countdown tells it ('Trial Period Ended', /paywall 1 s later unless
 * the learner is where they can subscribe). A renewing subscription has no end to time: the server's
 * `subscription` event tells when it ends (src/web/shell/live.ts).
 */
export function useAccessClock(signedIn: boolean) {
  const queryClient = useQueryClient();
  const { data: status, dataUpdatedAt } = useSubscriptionStatus(signedIn);
  const renewing = !!status?.isActive && !status.cancelAtPeriodEnd;
  const end = status && (status.isActive || status.isInTrial) && !renewing ? status.expiresAt : null;
  const offset = clockOffset(status?.serverTime, dataUpdatedAt);
  /** The end this tab saw pass, until a read brings another. */
  const [passed, setPassed] = useState<{ end: string; subscription: boolean } | null>(null);
  const subscription = !!status?.isActive;

  useEffect(() => {
    if (!end) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = msUntil(end, Date.now(), offset);
      if (left > 0) {
        timer = setTimeout(wait, Math.min(left, LONGEST_TIMER_MS));
        return;
      }
      void queryClient.invalidateQueries();
      setPassed({ end, subscription });
    };
    wait();
    return () => clearTimeout(timer);
  }, [end, offset, subscription, queryClient]);

  // Ended from the tab's clock until a read says so too, and no longer once a read brings access again (a subscription bought in another tab).
  const ended = passed !== null && (end === passed.end || !(status?.isActive || status?.isInTrial));
  useExpiryRedirect(ended, passed?.subscription ?? false);
}
