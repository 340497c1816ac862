import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, handledGlobally, server, type Reply } from '../../lib/api';
import { overviewQuery } from './queries';
import { isDisplayableMessage } from '../../lib/messages';
import { ACCESS_ENDED_TOAST, toast } from '../../ui/toast';
import type { Failure } from '../../ui/QueryBoundary';
import { SUBSCRIPTION_KEYS, type SubscriptionStatus } from '../../lib/session';
import {
  PAYWALL_DELAY_MS,
  SUBSCRIBE_PATHS,
  SUBSCRIPTION_ENDED_TEXT,
  SUBSCRIPTION_ENDED_TITLE,
  TICK_MS,
  TRIAL_ENDED_MS,
  TRIAL_ENDED_TEXT,
  TRIAL_ENDED_TITLE,
  clockOffset,
  countdownParts,
  msUntil,
  sameOriginPath,
} from './rules';

export type Plan = Reply<typeof server.api.subscription.plans.get>[number];
export type SubscriptionOverview = Reply<typeof server.api.subscription.get>;

/** What the billing screens say when the subscription or the plans cannot be read. */
export const LOAD_FAILED: Failure = {
  title: 'Unable to load subscription details',
  message: 'Failed to load subscription information. Please try again later.',
};

/** Every query that shows the learner's subscription, asked again (the navigation's Premium too). */
export function refreshSubscription(queryClient: QueryClient) {
  for (const queryKey of SUBSCRIPTION_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/** A server sentence such as 'You already have an active subscription.' beats the generic text. */
const reason = (error: unknown, fallback: string) =>
  error instanceof ApiError && isDisplayableMessage(error.serverMessage) ? error.serverMessage : fallback;

export function checkoutFailed(error: unknown) {
  if (handledGlobally(error)) return;
  toast.error('Checkout Error', { description: reason(error, 'Failed to initiate checkout process') });
}

/**
 * Asks the server for a checkout address and opens it. The paywall uses create-checkout-session, where
 * "the browser goes there"; the subscription page uses checkout with its return addresses and opens
 * the checkout, Stripe's or the demo's, in a new tab (docs/product-rules.md#subscription).
 */
export function useCheckout({ newTab }: { newTab: boolean }) {
  const navigate = useNavigate();
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);

  async function start(plan: Plan) {
    setPendingPlanId(plan.id);
    try {
      const origin = window.location.origin;
      const answer = newTab
        ? await server.api.subscription.checkout.post({
            planId: plan.id,
            interval: plan.interval,
            successUrl: `${origin}/subscription?success=true`,
            cancelUrl: `${origin}/subscription?canceled=true`,
          })
        : await server.api.subscription['create-checkout-session'].post({ planId: plan.id });
      if (!answer?.url) {
        toast.error('Subscription Error', { description: 'Could not initiate subscription process. Please try again.' });
        return;
      }
      const path = sameOriginPath(answer.url, origin);
      const checkoutPage = path === null || path.startsWith('/demo-checkout');
      // Checkout, Stripe's or the demo's, opens in a new tab that keeps this page open: it turns Premium
      // live when the payment lands. A blocked pop-up falls back to this tab.
      const tab = newTab && checkoutPage ? window.open(answer.url, '_blank') : null;
      if (tab) {
        // Not 'noopener' in open(), which always answers null and would hide a blocked pop-up.
        tab.opener = null;
        return;
      }
      // This tab: a page of this app (the demo checkout from the paywall, the success page of a resumed
      // subscription) through the router, keeping the cache and the event stream.
      if (path) await navigate({ href: path });
      else window.location.assign(answer.url);
    } catch (error) {
      checkoutFailed(error);
    } finally {
      setPendingPlanId(null);
    }
  }

  return { start, pendingPlanId };
}

/** Cancel at period end: the toast names the day access ends. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function cancel(): Promise<SubscriptionStatus | null> {
    setPending(true);
    try {
      const status = await server.api.subscription.cancel.post();
      // The end date shows at once; the refetch brings the history row too.
      queryClient.setQueryData(overviewQuery.queryKey, (old) => (old ? { ...old, ...status } : old));
      refreshSubscription(queryClient);
      return status;
    } catch (error) {
      if (!handledGlobally(error))
        toast.error('Cancel failed', { description: reason(error, 'Failed to cancel subscription. Please try again.') });
      return null;
    } finally {
      setPending(false);
    }
  }

  return { cancel, pending };
}

/** The browser's time, updated every second while `running`. */
export function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The live countdown to `expiresAt` on the server's clock (the status was read at `receivedAt`). It ends
 * at 'Expired': also when the learner has neither a subscription nor a trial and so no end date (docs/product-rules.md#tiers).
 */
export function useCountdown(status: SubscriptionStatus, receivedAt: number) {
  const offset = clockOffset(status.serverTime, receivedAt);
  // A renewing subscription does not run out at its period end (the payment provider renews it, and the
  // server's expiry job reports it if not): only a trial or a cancelled subscription counts down.
  const renewing = status.isActive && !status.cancelAtPeriodEnd;
  const running = !!status.expiresAt && !renewing;
  const now = useNow(running);
  const parts = countdownParts(msUntil(status.expiresAt, now, offset));
  const expired = running ? parts.expired : !status.isActive && !status.isInTrial;
  return { ...parts, expired, running };
}

/**
 * What an 'Expired' countdown does (docs/product-rules.md#tiers): the status is asked again and, after 1 s, the learner goes
 * to /paywall with the 'Trial Period Ended' toast, unless already on a page where they can subscribe.
 * A countdown seen running out while on those pages still says so, without leaving.
 */
export function useExpiryRedirect(expired: boolean, subscriptionEnded = false) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const sawRunning = useRef(false);
  // One refetch and one toast per expiry, also when the effect runs again (React's StrictMode).
  const announced = useRef(false);

  useEffect(() => {
    if (!expired) {
      sawRunning.current = true;
      announced.current = false;
      return;
    }
    const staying = SUBSCRIBE_PATHS.includes(pathRef.current);
    if (!announced.current) {
      announced.current = true;
      refreshSubscription(queryClient);
      if (!staying || sawRunning.current) {
        const [title, description] = subscriptionEnded
          ? [SUBSCRIPTION_ENDED_TITLE, SUBSCRIPTION_ENDED_TEXT]
          : [TRIAL_ENDED_TITLE, TRIAL_ENDED_TEXT];
        // One toast for one end, whoever saw it first (the subscription screen's countdown, the shell's clock, a 402).
        toast.error(title, { id: ACCESS_ENDED_TOAST, description, duration: TRIAL_ENDED_MS });
      }
    }
    if (staying) return;
    const timer = setTimeout(() => {
      if (!SUBSCRIBE_PATHS.includes(pathRef.current)) void navigate({ to: '/paywall' });
    }, PAYWALL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [expired, subscriptionEnded, queryClient, navigate]);
}
