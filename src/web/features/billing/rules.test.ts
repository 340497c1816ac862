import { describe, expect, test } from 'bun:test';
import { clockOffset, countdownParts, endedStatus, msUntil, sameOriginPath, yearlySavings } from './rules';

const monthly = { priceCents: 699, interval: 'month' };
const yearly = { priceCents: 5000, interval: 'year' };

describe('yearly savings', () => {
  test('are computed from the published prices: 40% and $33.88 a year', () => {
    expect(yearlySavings([monthly, yearly])).toEqual({ percent: 40, savedCents: 3388, monthlyEquivalentCents: 417 });
  });

  test('follow the prices when they change, rounding the percent down', () => {
    expect(
      yearlySavings([
        { priceCents: 1000, interval: 'month' },
        { priceCents: 10_000, interval: 'year' },
      ])?.percent,
    ).toBe(16);
  });

  test('are not claimed without both plans or when the yearly plan costs more', () => {
    expect(yearlySavings([monthly])).toBeNull();
    expect(yearlySavings([monthly, { priceCents: 9000, interval: 'year' }])).toBeNull();
  });
});

describe('the countdown', () => {
  test('splits the time left into days, hours, minutes and seconds', () => {
    const ms = ((6 * 24 + 23) * 3600 + 59 * 60 + 58) * 1000;
    expect(countdownParts(ms)).toEqual({ days: 6, hours: 23, minutes: 59, seconds: 58, expired: false });
  });

  test('reads expired once nothing is left, not in the last second before the end; never negative', () => {
    expect(countdownParts(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, expired: false });
    expect(countdownParts(1)).toMatchObject({ seconds: 1, expired: false });
    expect(countdownParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, expired: true });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, expired: true });
  });

  test('a status whose countdown ran out reads as the server reads it from then on: no premium, no days left', () => {
    const trial = {
      status: 'trial',
      label: 'Trial',
      isActive: false,
      isInTrial: true,
      isTrialActive: true,
      hasPremium: true,
      daysRemaining: 1,
      trialDaysRemaining: 1,
      plan: null,
      currentPlan: null,
      expiresAt: '2025-03-01T12:00:00.000Z' as string | null,
      nextBillingDate: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      trialEndDate: '2025-03-01T12:00:00.000Z',
    };
    expect(endedStatus(trial)).toEqual({
      ...trial,
      status: 'expired',
      label: 'Inactive',
      isInTrial: false,
      isTrialActive: false,
      hasPremium: false,
      daysRemaining: 0,
      trialDaysRemaining: 0,
      expiresAt: null,
    });
  });

  test("runs on the server's clock: a browser an hour fast still sees the full time", () => {
    const receivedAt = Date.parse('2025-03-01T13:00:00Z');
    const offset = clockOffset('2025-03-01T12:00:00Z', receivedAt);
    expect(offset).toBe(-3_600_000);
    expect(msUntil('2025-03-01T12:10:00Z', receivedAt + 1000, offset)).toBe(599_000);
  });

  test('no end date or an unreadable server time count as nothing left and no correction', () => {
    expect(msUntil(null, Date.now(), 0)).toBe(0);
    expect(clockOffset('not a date', 123)).toBe(0);
  });
});

describe('checkout addresses', () => {
  test('a page of this site becomes a router path; another site stays a full address', () => {
    const origin = 'http://127.0.0.1:3000';
    expect(sameOriginPath('http://127.0.0.1:3000/demo-checkout?plan=yearly&success_url=x', origin)).toBe(
      '/demo-checkout?plan=yearly&success_url=x',
    );
    expect(sameOriginPath('https://checkout.stripe.com/c/pay/cs_test', origin)).toBeNull();
    expect(sameOriginPath('//evil.example/x', origin)).toBeNull();
  });
});
