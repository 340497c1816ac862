import { afterAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { eq } from 'drizzle-orm';
import { BASE, createTestApp } from '../../../tests/support/app';
import { DAY_MS } from '../../lib/clock';
import { corePlugin } from '../../lib/core';
import { AppError } from '../../lib/errors';
import { sessionPlugin } from '../auth/plugin';
import { users } from '../auth/schema';
import { lastMailTo } from '../../../tests/support/auth';
import { subscriptionHistory, subscriptions } from './schema';
import { trialExpiryJob } from './service';

// No Stripe configured: the demo checkout (docs/product-rules.md#local-defaults).
const t = createTestApp({ content: false });
afterAll(() => t.close());

const { ctx, services } = t.app;
const userRow = (id: number) => t.db.select().from(users).where(eq(users.id, id)).get()!;
const subscriptionRow = (id: number) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, id)).get()!;
const status = (cookie: string) => t.server.api.subscription.status.get({ cookie });

/** A premium call and a free call, guarded the way any module guards its premium content. */
const guarded = new Elysia()
  .use(corePlugin(ctx))
  .use(sessionPlugin(ctx, services.auth))
  .get('/api/premium-thing', ({ user }) => (services.billing.requirePremium(user), { ok: true }), { auth: true })
  .get('/api/free-thing', () => ({ ok: true }), { auth: true });
const callGuarded = async (path: string, cookie: string) => {
  const res = await guarded.handle(new Request(BASE + path, { headers: { cookie } }));
  return { status: res.status, json: await res.json() };
};

/** Reads a user's event stream until a `subscription` event arrives. */
async function nextSubscriptionEvent(cookie: string, action: () => Promise<unknown>) {
  const controller = new AbortController();
  const res = await t.app.handle(new Request(`${BASE}/api/events`, { headers: { cookie }, signal: controller.signal }));
  expect(res.headers.get('content-type')).toStartWith('text/event-stream');
  const reader = res.body!.getReader();
  await action();
  let text = '';
  while (!text.includes('event: subscription')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  const block = text.slice(text.indexOf('event: subscription')).split('\n\n')[0];
  return JSON.parse(
    block
      .split('\n')
      .find((line) => line.startsWith('data: '))!
      .slice(6),
  );
}

describe('trial', () => {
  test('a new account has a 7-day trial, computed at every request', async () => {
    const learner = await t.signUp();
    const res = await status(learner.cookie);
    expect(res.json).toMatchObject({
      status: 'trial',
      label: 'Trial',
      isActive: false,
      isInTrial: true,
      isTrialActive: true,
      hasPremium: true,
      daysRemaining: 7,
      plan: null,
      expiresAt: learner.user.trial_end_date,
      nextBillingDate: null,
    });
    expect(new Date(learner.user.trial_end_date!).getTime() - new Date(learner.user.trial_start_date!).getTime()).toBe(7 * DAY_MS);

    t.clock.advance(2 * DAY_MS + 60_000);
    const trial = await t.server.api.user['trial-status'].get({ cookie: learner.cookie });
    expect(trial.json).toMatchObject({ isTrialActive: true, daysRemaining: 5, trialEndDate: learner.user.trial_end_date });
    t.clock.set(new Date());
  });

  test('ends when the clock passes the end date; the expiry job tells the user once', async () => {
    const learner = await t.signUp();
    const job = trialExpiryJob(ctx, services.billing);
    const told: unknown[] = [];
    const publish = ctx.events.publish.bind(ctx.events);
    ctx.events.publish = (channel, data, userId) => {
      if (channel === 'subscription' && userId === learner.user.id) told.push(data);
      publish(channel, data, userId);
    };
    try {
      t.clock.advance(7 * DAY_MS - 60_000);
      job.run();
      expect(told).toHaveLength(0);
      expect((await status(learner.cookie)).json.status).toBe('trial');

      const event = await nextSubscriptionEvent(learner.cookie, async () => {
        t.clock.advance(2 * 60_000);
        job.run();
      });
      expect(event).toMatchObject({
        status: 'expired',
        label: 'Inactive',
        isTrialActive: false,
        hasPremium: false,
        daysRemaining: 0,
        expiresAt: null,
      });
      t.clock.advance(60_000);
      job.run();
      expect(told).toHaveLength(1);

      expect((await status(learner.cookie)).json).toMatchObject({ status: 'expired', isActive: false, isInTrial: false, daysRemaining: 0 });
      expect((await t.server.api.user['trial-status'].get({ cookie: learner.cookie })).json).toMatchObject({
        isTrialActive: false,
        daysRemaining: 0,
      });
      expect((await t.server.api.user.get({ cookie: learner.cookie })).json.subscription_status).toBe('expired');
    } finally {
      ctx.events.publish = publish;
      t.clock.set(new Date());
    }
  });

  // A trial is 7 days from registration (docs/product-rules.md#tiers): the instant the seventh day ends it is over.
  test('is over exactly 7 days after registration', async () => {
    const learner = await t.signUp();
    t.clock.set(new Date(learner.user.trial_end_date!));
    try {
      expect((await status(learner.cookie)).json).toMatchObject({ status: 'expired', hasPremium: false, isTrialActive: false });
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('the premium guard', () => {
  test('answers 402 trial_expired after the trial, while free calls stay open', async () => {
    const learner = await t.signUp();
    expect(await callGuarded('/api/premium-thing', learner.cookie)).toEqual({ status: 200, json: { ok: true } });

    t.clock.advance(8 * DAY_MS);
    try {
      const premium = await callGuarded('/api/premium-thing', learner.cookie);
      expect(premium.status).toBe(402);
      expect(premium.json).toMatchObject({
        error: 'trial_expired',
        message: 'Your 7-day trial period has ended. Please subscribe to continue.',
      });
      expect((await callGuarded('/api/free-thing', learner.cookie)).status).toBe(200);
      expect((await t.server.api.subscription.plans.get()).status).toBe(200);
      expect((await status(learner.cookie)).status).toBe(200);

      const user = userRow(learner.user.id);
      expect(() => services.billing.requirePremium(user)).toThrow(AppError);
      expect(() => services.billing.requirePremium(user, new Date(user.trialEndDate!.getTime() - 1))).not.toThrow();
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('demo checkout', () => {
  test('leads to the local demo page, and its Pay activates the subscription live', async () => {
    const learner = await t.signUp();
    t.clock.advance(8 * DAY_MS);
    try {
      const checkout = await t.server.api.subscription.checkout.post(
        { planId: 'yearly', interval: 'year', successUrl: `${BASE}/subscription?success=true`, cancelUrl: `${BASE}/paywall` },
        { cookie: learner.cookie },
      );
      expect(checkout.status).toBe(200);
      const url = new URL(checkout.json.url);
      expect(url.origin + url.pathname).toBe(`${BASE}/demo-checkout`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        plan: 'yearly',
        success_url: `${BASE}/subscription?success=true`,
        cancel_url: `${BASE}/paywall`,
      });
      expect(
        (await t.server.api.subscription['create-checkout-session'].post({ planId: 'monthly' }, { cookie: learner.cookie })).json.url,
      ).toStartWith(`${BASE}/demo-checkout?plan=monthly`);

      let paid: any;
      const event = await nextSubscriptionEvent(learner.cookie, async () => {
        paid = await t.server.api.subscription['demo-checkout'].post({ planId: 'yearly' }, { cookie: learner.cookie });
      });
      expect(paid.status).toBe(200);
      expect(paid.json.url).toBe(`${BASE}/subscription?success=true`);
      const yearLater = new Date(t.clock.now());
      yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
      expect(paid.json.subscription).toMatchObject({
        status: 'active',
        label: 'Active',
        isActive: true,
        plan: { id: 'yearly', price: 50 },
        expiresAt: yearLater.toISOString(),
      });
      expect(event).toMatchObject({ status: 'active', isActive: true });

      expect(await callGuarded('/api/premium-thing', learner.cookie)).toEqual({ status: 200, json: { ok: true } });
      expect((await t.server.api.user.get({ cookie: learner.cookie })).json).toMatchObject({
        subscription_status: 'active',
        isSubscribed: true,
      });
      const overview = await t.server.api.subscription.get({ cookie: learner.cookie });
      expect(overview.json.history).toEqual([expect.objectContaining({ planId: 'yearly', planName: 'Yearly', status: 'active' })]);

      const again = await t.server.api.subscription['demo-checkout'].post({ planId: 'yearly' }, { cookie: learner.cookie });
      expect(again.status).toBe(409);
    } finally {
      t.clock.set(new Date());
    }
  });

  test('works on every address of the app (127.0.0.1 as well as APP_URL), returning there, and on no other site', async () => {
    const learner = await t.signUp();
    const local = 'http://127.0.0.1:3000';
    const checkout = await t.server.api.subscription.checkout.post(
      { planId: 'monthly', successUrl: `${local}/subscription?success=true`, cancelUrl: `${local}/subscription?canceled=true` },
      { base: local, cookie: learner.cookie },
    );
    expect(checkout.status).toBe(200);
    const demo = new URL(checkout.json.url);
    expect(demo.origin + demo.pathname).toBe(`${local}/demo-checkout`);
    expect(demo.searchParams.get('success_url')).toBe(`${local}/subscription?success=true`);
    const defaults = await t.server.api.subscription['create-checkout-session'].post(
      { planId: 'monthly' },
      { base: local, cookie: learner.cookie },
    );
    expect(new URL(defaults.json.url).searchParams.get('cancel_url')).toBe(`${local}/subscription?canceled=true`);

    for (const foreign of [
      'http://127.0.0.1:4000/subscription',
      'http://localhost.evil.example/subscription',
      'https://127.0.0.1:3000/subscription',
    ]) {
      const refused = await t.server.api.subscription.checkout.post(
        { planId: 'monthly', successUrl: foreign },
        { base: local, cookie: learner.cookie },
      );
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ message: 'The return address must be a page of this site.', details: { field: 'successUrl' } });
    }
    // The address the request was sent to counts only when the browser's Origin says it came from there.
    const elsewhere = await t.server.api.subscription.checkout.post(
      { planId: 'monthly', successUrl: `${local}/subscription` },
      { origin: BASE, cookie: learner.cookie },
    );
    expect(elsewhere.status).toBe(400);

    const paid = await t.server.api.subscription['demo-checkout'].post(
      { planId: 'monthly', successUrl: `${local}/subscription?success=true` },
      { base: local, cookie: learner.cookie },
    );
    expect(paid.status).toBe(200);
    expect(paid.json.url).toBe(`${local}/subscription?success=true`);
  });

  test('cancel keeps access to the period end; the subscription then ends', async () => {
    const learner = await t.signUp();
    await t.server.api.subscription['demo-checkout'].post({ planId: 'monthly' }, { cookie: learner.cookie });
    const periodEnd = subscriptionRow(learner.user.id).currentPeriodEnd!;

    const cancelled = await t.server.api.subscription.cancel.post(undefined, { cookie: learner.cookie });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      expiresAt: periodEnd.toISOString(),
      nextBillingDate: null,
    });
    expect(t.db.select().from(subscriptionHistory).where(eq(subscriptionHistory.userId, learner.user.id)).get()).toMatchObject({
      status: 'cancelled',
    });

    t.clock.set(new Date(periodEnd.getTime() - 1000));
    expect((await status(learner.cookie)).json.isActive).toBe(true);
    t.clock.set(new Date(periodEnd.getTime() + 1000));
    // Sessions last 30 days; a month may be longer.
    const login = await t.server.api.login.post({ email: learner.email, password: learner.password });
    expect((await status(login.cookie!)).json).toMatchObject({ status: 'expired', isActive: false, cancelAtPeriodEnd: false });
    t.clock.set(new Date());
  });

  test('renews at its period end like a paid subscription, keeping its history row, and a cancelled one does not', async () => {
    const renewing = await t.signUp();
    const cancelling = await t.signUp();
    for (const learner of [renewing, cancelling])
      await t.server.api.subscription['demo-checkout'].post({ planId: 'monthly' }, { cookie: learner.cookie });
    await t.server.api.subscription.cancel.post(undefined, { cookie: cancelling.cookie });
    const periodEnd = subscriptionRow(renewing.user.id).currentPeriodEnd!;
    const job = trialExpiryJob(ctx, services.billing);
    try {
      t.clock.set(new Date(periodEnd.getTime() + 60_000));
      job.run();
      const nextEnd = new Date(periodEnd);
      nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);
      const login = (learner: typeof renewing) => t.server.api.login.post({ email: learner.email, password: learner.password });
      const renewed = (await login(renewing)).cookie!;
      expect((await status(renewed)).json).toMatchObject({
        status: 'active',
        expiresAt: nextEnd.toISOString(),
        nextBillingDate: nextEnd.toISOString(),
      });
      expect((await t.server.api.subscription.get({ cookie: renewed })).json.history).toEqual([
        expect.objectContaining({ status: 'active', endDate: nextEnd.toISOString() }),
      ]);
      expect((await status((await login(cancelling)).cookie!)).json).toMatchObject({ status: 'expired', isActive: false });
    } finally {
      t.clock.set(new Date());
    }
  });

  test('has no webhook and refuses anonymous or unknown plans', async () => {
    expect((await t.request('POST', '/api/subscription/webhook', { body: '{}' })).status).toBe(503);
    expect((await t.server.api.subscription['demo-checkout'].post({ planId: 'monthly' })).status).toBe(401);
    const learner = await t.signUp();
    const unknown = await t.server.api.subscription['demo-checkout'].post({ planId: 'forever' }, { cookie: learner.cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.details?.field).toBe('planId');
  });
});

describe('one trial per e-mail address', () => {
  test('a deleted account registered again gets no new trial, and deletion cancels the subscription', async () => {
    const first = await t.signUp({ email: 'once@example.com', username: 'oncer' });
    await t.server.api.subscription['demo-checkout'].post({ planId: 'monthly' }, { cookie: first.cookie });
    const deleted = await t.server.api.user.delete.delete(undefined, { cookie: first.cookie });
    expect(deleted.status).toBe(200);
    expect(subscriptionRow(first.user.id).cancelAtPeriodEnd).toBe(true);
    // The farewell mail says the subscription is not restored with the account.
    expect((await lastMailTo(t, 'once@example.com'))!.text).toContain(
      'Your subscription has been cancelled: it runs to the end of the period you paid for',
    );

    t.clock.advance(31 * DAY_MS);
    try {
      expect(services.auth.purgeDueAccounts()).toBeGreaterThanOrEqual(1);
      const again = await t.signUp({ email: 'once@example.com', username: 'oncer2' });
      expect(again.user.trial_end_date).toBeNull();
      expect((await status(again.cookie)).json).toMatchObject({ status: 'expired', isInTrial: false, daysRemaining: 0 });
      expect((await callGuarded('/api/premium-thing', again.cookie)).status).toBe(402);
    } finally {
      t.clock.set(new Date());
    }
  });
});
