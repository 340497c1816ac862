/**
 * The client's billing rules (docs/product-rules.md#tiers, #subscription): the yearly savings computed
 * from the plan prices, the countdown's parts, and where a checkout address may be opened. Pure, no React.
 */

/** The countdown ticks every second; the paywall redirect waits 1 s. */
export const TICK_MS = 1000;
export const PAYWALL_DELAY_MS = 1000;

export const TRIAL_ENDED_TITLE = 'Trial Period Ended';
export const TRIAL_ENDED_TEXT = 'Subscribe now to unlock full access and keep all your valuable progress! Your learning journey awaits.';
// A cancelled subscription reaching its end is not a trial ending (the catalogue words only the trial's).
export const SUBSCRIPTION_ENDED_TITLE = 'Subscription Ended';
export const SUBSCRIPTION_ENDED_TEXT = 'Your subscription has ended. Subscribe again to keep full access.';
export const TRIAL_ENDED_MS = 7000;

/** Screens an expired countdown does not leave: the learner is already where they can subscribe. */
export const SUBSCRIBE_PATHS = ['/subscription', '/subscribe', '/paywall'];

interface PricedPlan {
  priceCents: number;
  interval: string;
}

export interface YearlySavings {
  /** Whole percent, rounded down so the badge never claims more than the prices give. */
  percent: number;
  /** Cents saved in a year against paying monthly for twelve months. */
  savedCents: number;
  /** The yearly price spread over twelve months, in cents. */
  monthlyEquivalentCents: number;
}

/** Yearly against twelve monthly payments, from the prices (12 × 6.99 = 83.88 against 50: 40%, $33.88). */
export function yearlySavings(plans: PricedPlan[]): YearlySavings | null {
  const monthly = plans.find((p) => p.interval === 'month');
  const yearly = plans.find((p) => p.interval === 'year');
  if (!monthly || !yearly) return null;
  const yearAtMonthly = monthly.priceCents * 12;
  const savedCents = yearAtMonthly - yearly.priceCents;
  if (savedCents <= 0) return null;
  return {
    percent: Math.floor((savedCents * 100) / yearAtMonthly),
    savedCents,
    monthlyEquivalentCents: Math.round(yearly.priceCents / 12),
  };
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  expired: boolean;
}

/**
 * Milliseconds left split into days, hours, minutes and seconds, a started second counting as one: it
 * reads expired only once nothing is left, never in the last second before the end.
 */
export function countdownParts(msLeft: number): CountdownParts {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    expired: total === 0,
  };
}

/** What a status says about premium access and its end, in the server's words (docs/product-rules.md#subscription). */
interface AccessStatus {
  status: string;
  label: string;
  isActive: boolean;
  isInTrial: boolean;
  isTrialActive: boolean;
  hasPremium: boolean;
  daysRemaining: number;
  trialDaysRemaining: number;
  plan: unknown;
  currentPlan: unknown;
  expiresAt: string | null;
  nextBillingDate: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

/**
 * A status whose countdown (a trial, or a cancelled subscription) has run out, as the server answers it
 * from then on: the page follows the clock at once instead of showing the trial open beside 'Expired'
 * until the next read.
 */
export function endedStatus<S extends AccessStatus>(status: S): S {
  return {
    ...status,
    status: 'expired',
    label: 'Inactive',
    isActive: false,
    isInTrial: false,
    isTrialActive: false,
    hasPremium: false,
    daysRemaining: 0,
    trialDaysRemaining: 0,
    plan: null,
    currentPlan: null,
    expiresAt: null,
    nextBillingDate: null,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
  };
}

/**
 * The server's clock minus the browser's, measured when the status arrived: the countdown runs on the
 * server's time, so a browser clock set wrong neither hides nor invents an expiry.
 */
export function clockOffset(serverTime: string | null | undefined, receivedAt: number): number {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds until `expiresAt` at the browser time `now`, corrected to the server's clock; 0 when there is no end. */
export function msUntil(expiresAt: string | null | undefined, now: number, offset: number): number {
  const end = expiresAt ? Date.parse(expiresAt) : NaN;
  return Number.isFinite(end) ? Math.max(0, end - (now + offset)) : 0;
}

/** A same-origin address as the router's path and query, or null for another site (Stripe Checkout). */
export function sameOriginPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}
