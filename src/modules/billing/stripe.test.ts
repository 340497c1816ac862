import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { BASE, createTestApp } from '../../../tests/support/app';
import { fakeStripeEnv, startFakeStripe } from '../../../tests/fakes/stripe';
import { DAY_MS } from '../../lib/clock';
import { RENEWAL_GRACE_MS } from './access';
import { processedWebhookEvents, subscriptionHistory, subscriptions } from './schema';
import { trialExpiryJob } from './service';

const fake = startFakeStripe();
const t = createTestApp({ env: fakeStripeEnv(fake, { STRIPE_PRICE_MONTHLY: 'price_monthly_test' }), content: false });
afterAll(() => {
  t.close();
  fake.stop();
});

/** Every `subscription` event the app publishes, by user. */
const published: { userId?: number; data: any }[] = [];
const publish = t.app.ctx.events.publish.bind(t.app.ctx.events);
t.app.ctx.events.publish = (channel, data, userId) => {
  if (channel === 'subscription') published.push({ userId, data });
  publish(channel, data, userId);
};
beforeEach(() => {
  published.length = 0;
});

async function deliver(event: Record<string, any>, opts: { secret?: string; tamper?: boolean; signedAt?: Date } = {}) {
  const { body, signature } = await fake.sign(event, { secret: opts.secret, timestamp: opts.signedAt ?? t.clock.now() });
  return t.server.api.subscription.webhook.post(opts.tamper ? body.replace('"livemode":false', '"livemode":true') : body, {
    headers: { 'stripe-signature': signature },
  });
}

const subscriptionRow = (id: number) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, id)).get();
const historyOf = (id: number) => t.db.select().from(subscriptionHistory).where(eq(subscriptionHistory.userId, id)).all();
const processedCount = () => t.db.select({ n: count() }).from(processedWebhookEvents).get()!.n;

/** A learner who went through Stripe Checkout: the fake holds their paid subscription. */
async function paidLearner(planId = 'monthly') {
  const learner = await t.signUp();
  const res = await t.server.api.subscription['create-checkout-session'].post({ planId }, { cookie: learner.cookie });
  expect(res.status).toBe(200);
  const sessionId = res.json.url.split('/pay/')[1];
  const { session, subscription } = fake.completeCheckout(sessionId, { now: t.clock.now() });
  return { ...learner, session, subscription };
}

describe('plans', () => {
  test('are public, priced as published, with features', async () => {
    const res = await t.server.api.subscription.plans.get();
    expect(res.status).toBe(200);
    expect(res.json.map((p: any) => [p.id, p.price, p.priceCents, p.interval])).toEqual([
      ['monthly', 6.99, 699, 'month'],
      ['yearly', 50, 5000, 'year'],
    ]);
    expect(res.json[1].isPopular).toBe(true);
    expect(res.json[0].features).toContain('Complete verb conjugations');
    expect(res.json[0]).not.toHaveProperty('stripePriceId');
  });
});

describe('checkout', () => {
  test('creates a subscription-mode session for a reused customer, returning to /subscription', async () => {
    const learner = await t.signUp();
    const before = fake.calls.length;
    const first = await t.server.api.subscription['create-checkout-session'].post({ planId: 'monthly' }, { cookie: learner.cookie });
    expect(first.status).toBe(200);
    expect(first.json.url).toStartWith(`${fake.url}/pay/cs_`);

    const second = await t.server.api.subscription.checkout.post(
      { planId: 'yearly', interval: 'year', successUrl: `${BASE}/paywall?done=1`, cancelUrl: `${BASE}/paywall` },
      { cookie: learner.cookie },
    );
    expect(second.status).toBe(200);

    const calls = fake.calls.slice(before);
    const customerCalls = calls.filter((c) => c.path === '/v1/customers');
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0].body.email).toBe(learner.email);
    const sessions = calls.filter((c) => c.path === '/v1/checkout/sessions').map((c) => c.body);
    expect(sessions).toHaveLength(2);
    const customerId = subscriptionRow(learner.user.id)!.stripeCustomerId;
    expect(customerId).toStartWith('cus_');
    for (const s of sessions) {
      expect(s.mode).toBe('subscription');
      expect(s.customer).toBe(customerId!);
      expect(s.client_reference_id).toBe(String(learner.user.id));
    }
    expect(sessions[0].success_url).toBe(`${BASE}/subscription?success=true`);
    expect(sessions[0].cancel_url).toBe(`${BASE}/subscription?canceled=true`);
    expect(sessions[0].line_items[0]).toEqual({ price: 'price_monthly_test', quantity: '1' });
    expect(sessions[0].subscription_data.metadata).toEqual({ userId: String(learner.user.id), planId: 'monthly' });
    // No yearly price id configured: the plan's own price goes inline.
    expect(sessions[1].line_items[0].price_data).toMatchObject({ unit_amount: '5000', currency: 'usd', recurring: { interval: 'year' } });
    expect(sessions[1].success_url).toBe(`${BASE}/paywall?done=1`);

    // Starting checkout changes nothing until Stripe says the customer paid.
    const status = await t.server.api.subscription.status.get({ cookie: learner.cookie });
    expect(status.json).toMatchObject({ status: 'trial', isActive: false, isInTrial: true, daysRemaining: 7 });
  });

  test('refuses unknown plans, foreign return addresses and anonymous callers', async () => {
    const learner = await t.signUp();
    const unknown = await t.server.api.subscription['create-checkout-session'].post({ planId: 'lifetime' }, { cookie: learner.cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'Validation Error', message: 'Choose the monthly or the yearly plan.' });
    const mismatch = await t.server.api.subscription.checkout.post({ planId: 'monthly', interval: 'year' }, { cookie: learner.cookie });
    expect(mismatch.status).toBe(400);
    const nothing = await t.server.api.subscription.checkout.post({}, { cookie: learner.cookie });
    expect(nothing.status).toBe(400);
    const foreign = await t.server.api.subscription.checkout.post(
      { interval: 'month', successUrl: 'https://evil.example/steal' },
      { cookie: learner.cookie },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.error?.details?.field).toBe('successUrl');
    const anonymous = await t.server.api.subscription['create-checkout-session'].post({ planId: 'monthly' });
    expect(anonymous.status).toBe(401);
    expect((await t.server.api.subscription.status.get()).status).toBe(401);
  });
});

describe('webhooks', () => {
  test('a bad signature is a 400 and changes nothing', async () => {
    const learner = await paidLearner();
    const event = fake.event('checkout.session.completed', learner.session);
    const processed = processedCount();

    const wrongSecret = await deliver(event, { secret: 'whsec_not_ours' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.error?.message).toBe('The webhook signature is not valid.');
    expect((await deliver(event, { tamper: true })).status).toBe(400);
    const unsigned = await t.server.api.subscription.webhook.post(JSON.stringify(event));
    expect(unsigned.status).toBe(400);

    expect(subscriptionRow(learner.user.id)).toMatchObject({ isSubscribed: false, stripeSubscriptionId: null });
    expect(historyOf(learner.user.id)).toHaveLength(0);
    expect(processedCount()).toBe(processed);
    expect(published).toHaveLength(0);

    // The same event, correctly signed, is then applied.
    expect((await deliver(event)).status).toBe(200);
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(true);
  });

  test('duplicate and out-of-order events activate once', async () => {
    const learner = await paidLearner();
    const created = fake.event('customer.subscription.created', learner.subscription);
    const completed = fake.event('checkout.session.completed', learner.session);

    // The subscription event overtakes the checkout event; then both are delivered again.
    expect((await deliver(created)).json).toEqual({ received: true });
    expect((await deliver(completed)).json).toEqual({ received: true });
    expect((await deliver(completed)).json).toEqual({ received: true, duplicate: true });
    expect((await deliver(created)).json).toEqual({ received: true, duplicate: true });

    const history = historyOf(learner.user.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'active', planId: 'monthly', stripeSubscriptionId: learner.subscription.id });
    expect(published.filter((p) => p.userId === learner.user.id)).toHaveLength(1);
    expect(published[0].data).toMatchObject({ status: 'active', isActive: true, label: 'Active' });

    const status = await t.server.api.subscription.status.get({ cookie: learner.cookie });
    const periodEnd = new Date(learner.subscription.items.data[0].current_period_end * 1000).toISOString();
    expect(status.json).toMatchObject({
      status: 'active',
      isActive: true,
      isInTrial: false,
      plan: { id: 'monthly', price: 6.99 },
      currentPlan: { id: 'monthly' },
      expiresAt: periodEnd,
      nextBillingDate: periodEnd,
      cancelAtPeriodEnd: false,
      daysRemaining: 30,
    });
    const overview = await t.server.api.subscription.get({ cookie: learner.cookie });
    expect(overview.json.history).toHaveLength(1);
    expect(overview.json.history[0]).toMatchObject({ planId: 'monthly', planName: 'Monthly', status: 'active', endDate: periodEnd });
    expect(overview.json.paymentMethods).toEqual([expect.objectContaining({ type: 'card', last4: '4242', isDefault: true })]);
    expect(overview.json.plans).toHaveLength(2);
  });

  test('a late update after the deletion leaves the subscription ended', async () => {
    const learner = await paidLearner();
    await deliver(fake.event('checkout.session.completed', learner.session));
    const cancelling = fake.updateSubscription(learner.subscription.id, {
      cancel_at_period_end: true,
      canceled_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    const updated = fake.event('customer.subscription.updated', cancelling);
    const ended = fake.updateSubscription(learner.subscription.id, {
      status: 'canceled',
      ended_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    const deleted = fake.event('customer.subscription.deleted', ended);

    expect((await deliver(deleted)).status).toBe(200);
    expect((await deliver(updated)).status).toBe(200);
    expect(subscriptionRow(learner.user.id)).toMatchObject({ isSubscribed: false, status: 'trial', cancelAtPeriodEnd: false });
    expect(historyOf(learner.user.id)).toEqual([expect.objectContaining({ status: 'expired' })]);
    const status = await t.server.api.subscription.status.get({ cookie: learner.cookie });
    expect(status.json).toMatchObject({ status: 'trial', isActive: false, plan: null });
  });

  test('past its period end a renewing subscription stays open while the renewal webhook is on its way, then ends', async () => {
    const learner = await paidLearner();
    await deliver(fake.event('checkout.session.completed', learner.session));
    const periodEnd = subscriptionRow(learner.user.id)!.currentPeriodEnd!;
    const job = trialExpiryJob(t.app.ctx, t.services.billing);
    try {
      t.clock.set(new Date(periodEnd.getTime() + 60 * 60_000));
      job.run();
      const login = await t.server.api.login.post({ email: learner.email, password: learner.password });
      expect((await t.server.api.subscription.status.get({ cookie: login.cookie })).json).toMatchObject({
        status: 'active',
        isActive: true,
      });
      expect(published.filter((p) => p.userId === learner.user.id)).toHaveLength(1);

      t.clock.set(new Date(periodEnd.getTime() + RENEWAL_GRACE_MS + 60_000));
      job.run();
      expect(published.filter((p) => p.userId === learner.user.id).at(-1)!.data).toMatchObject({ status: 'expired', hasPremium: false });
      expect((await t.server.api.subscription.status.get({ cookie: login.cookie })).json).toMatchObject({
        status: 'expired',
        isActive: false,
      });
    } finally {
      t.clock.set(new Date());
    }
  });

  test('a cancel set for a date ends access on that date, with no renewal grace', async () => {
    const learner = await paidLearner();
    await deliver(fake.event('checkout.session.completed', learner.session));
    const cancelAt = Math.floor(t.clock.now().getTime() / 1000) + 10 * 86_400;
    const cancelling = fake.updateSubscription(learner.subscription.id, { cancel_at: cancelAt });
    expect((await deliver(fake.event('customer.subscription.updated', cancelling))).status).toBe(200);
    const status = await t.server.api.subscription.status.get({ cookie: learner.cookie });
    expect(status.json).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      expiresAt: new Date(cancelAt * 1000).toISOString(),
      nextBillingDate: null,
    });
    try {
      t.clock.set(new Date(cancelAt * 1000 + 60_000));
      const login = await t.server.api.login.post({ email: learner.email, password: learner.password });
      expect((await t.server.api.subscription.status.get({ cookie: login.cookie })).json).toMatchObject({
        status: 'expired',
        isActive: false,
      });
    } finally {
      t.clock.set(new Date());
    }
  });

  test('a failed renewal payment ends premium access; paying again restores it', async () => {
    const learner = await paidLearner();
    await deliver(fake.event('checkout.session.completed', learner.session));
    // At renewal Stripe starts the next period, then the invoice for it fails.
    t.clock.advance(30 * DAY_MS);
    const item = learner.subscription.items.data[0];
    const next = { ...item, current_period_start: item.current_period_end, current_period_end: item.current_period_end + 30 * 86_400 };
    const renewed = fake.updateSubscription(learner.subscription.id, { items: { object: 'list', data: [next] } });
    await deliver(fake.event('customer.subscription.updated', renewed));
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(true);
    fake.updateSubscription(learner.subscription.id, { status: 'past_due' });
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: learner.subscription.id } },
    };
    expect((await deliver(fake.event('invoice.payment_failed', invoice))).status).toBe(200);
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(false);
    expect(published.at(-1)?.data).toMatchObject({ status: 'expired', hasPremium: false });

    fake.updateSubscription(learner.subscription.id, { status: 'active' });
    expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(true);
    expect(historyOf(learner.user.id)).toHaveLength(1);
    t.clock.set(new Date());
  });

  test('while Stripe cannot be reached an event is refused unrecorded, and applied when delivered again', async () => {
    const learner = await paidLearner();
    const event = fake.event('checkout.session.completed', learner.session);
    fake.failing = true;
    try {
      expect((await deliver(event)).status).toBe(503);
      const checkout = await t.server.api.subscription['create-checkout-session'].post({ planId: 'monthly' }, { cookie: learner.cookie });
      expect(checkout.status).toBe(503);
      expect(checkout.error?.message).toBe('Payments are unavailable right now. Please try again later.');
    } finally {
      fake.failing = false;
    }
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(false);
    expect((await deliver(event)).json).toEqual({ received: true });
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(true);
  });

  test('events about other things are acknowledged and ignored', async () => {
    const res = await deliver(fake.event('customer.created', { id: 'cus_other', object: 'customer' }));
    expect(res.json).toEqual({ received: true, ignored: true });
    const gone = await deliver(fake.event('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription' }));
    expect(gone.json).toEqual({ received: true, ignored: true });
  });
});

describe('malformed webhooks', () => {
  test('a signed event of the wrong shape is a 400, logged and unrecorded, never a 500', async () => {
    const warnings: unknown[] = [];
    const warn = t.app.ctx.log.warn;
    t.app.ctx.log.warn = (msg, fields) => warnings.push({ msg, ...fields });
    try {
      const good = fake.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' });
      const { data, ...noData } = good;
      const { id, ...noId } = good;
      const malformed: unknown[] = [
        null,
        [],
        'text',
        42,
        {},
        noData,
        noId,
        { ...good, id: 42 },
        { ...good, id: '' },
        { ...good, id: { nested: true } },
        { ...good, type: null },
        { ...good, data: null },
        { ...good, data: {} },
        { ...good, data: { object: null } },
        { ...good, data: { object: 'sub_x' } },
        { ...good, data: { object: { id: 7 } } },
        fake.event('checkout.session.completed', { id: 'cs_x', mode: 'subscription', subscription: 12 }),
        fake.event('checkout.session.completed', { id: 'cs_x', mode: 'subscription', subscription: { id: null } }),
        fake.event('invoice.paid', { id: 'in_x', parent: { subscription_details: { subscription: [] } } }),
      ];
      const processed = processedCount();
      for (const event of malformed) {
        const res = await deliver(event as Record<string, any>);
        expect({ event, status: res.status }).toEqual({ event, status: 400 });
        expect(res.json).toMatchObject({ error: 'Bad Request', message: 'The webhook event is not a valid Stripe event.' });
      }
      expect(processedCount()).toBe(processed);
      expect(warnings).toHaveLength(malformed.length);
      expect(warnings[6]).toMatchObject({ msg: 'malformed stripe event', problem: expect.stringContaining('id') });
    } finally {
      t.app.ctx.log.warn = warn;
    }
  });

  test('an event signed more than five minutes before or after it arrives is refused', async () => {
    const learner = await paidLearner();
    const event = fake.event('checkout.session.completed', learner.session);
    const now = t.clock.now().getTime();
    for (const offset of [-10 * 60_000, 10 * 60_000, 365 * DAY_MS]) {
      const res = await deliver(event, { signedAt: new Date(now + offset) });
      expect({ offset, status: res.status }).toEqual({ offset, status: 400 });
      expect(res.error?.message).toBe('The webhook signature is not valid.');
    }
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(false);
    // Within the tolerance either way (clocks drift), it is applied.
    expect((await deliver(event, { signedAt: new Date(now + 60_000) })).status).toBe(200);
    expect(subscriptionRow(learner.user.id)!.isSubscribed).toBe(true);
  });
});

describe('cancel', () => {
  test('sets cancel-at-period-end; access lasts until the period ends', async () => {
    const learner = await paidLearner('yearly');
    await deliver(fake.event('checkout.session.completed', learner.session));
    published.length = 0;

    const res = await t.server.api.subscription.cancel.post(undefined, { cookie: learner.cookie });
    expect(res.status).toBe(200);
    const periodEnd = new Date(learner.subscription.items.data[0].current_period_end * 1000).toISOString();
    expect(res.json).toMatchObject({
      status: 'active',
      isActive: true,
      cancelAtPeriodEnd: true,
      expiresAt: periodEnd,
      nextBillingDate: null,
    });
    expect(fake.subscriptions.get(learner.subscription.id)!.cancel_at_period_end).toBe(true);
    expect(historyOf(learner.user.id)).toEqual([expect.objectContaining({ status: 'cancelled', cancelledAt: expect.any(Date) })]);
    expect(published).toHaveLength(1);

    // Stripe's own update event then changes nothing; cancelling twice neither.
    await deliver(fake.event('customer.subscription.updated', fake.subscriptions.get(learner.subscription.id)!));
    expect((await t.server.api.subscription.cancel.post(undefined, { cookie: learner.cookie })).json.cancelAtPeriodEnd).toBe(true);
    expect(published).toHaveLength(1);

    // Paying again while cancelling resumes instead of charging twice.
    const again = await t.server.api.subscription['create-checkout-session'].post({ planId: 'yearly' }, { cookie: learner.cookie });
    expect(again.json.url).toBe(`${BASE}/subscription?success=true`);
    expect(fake.subscriptions.get(learner.subscription.id)!.cancel_at_period_end).toBe(false);
    const conflict = await t.server.api.subscription['create-checkout-session'].post({ planId: 'yearly' }, { cookie: learner.cookie });
    expect(conflict.status).toBe(409);
  });

  test('without a subscription is a 400', async () => {
    const learner = await t.signUp();
    const res = await t.server.api.subscription.cancel.post(undefined, { cookie: learner.cookie });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('You have no active subscription to cancel.');
  });
});
