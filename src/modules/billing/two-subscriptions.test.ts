import { afterAll, expect, test } from 'bun:test';
import fc from 'fast-check';
import { createTestApp } from '../../../tests/support/app';
import { fakeStripeEnv, startFakeStripe } from '../../../tests/fakes/stripe';

const fake = startFakeStripe();
const t = createTestApp({ env: fakeStripeEnv(fake, { STRIPE_PRICE_MONTHLY: 'price_monthly_test' }), content: false });
afterAll(() => {
  t.close();
  fake.stop();
});

type Json = Record<string, any>;
/** What happens to a subscription at Stripe; each change sends the events Stripe sends for it. */
type Change = 'pay' | 'fail' | 'cancelAtEnd' | 'resume' | 'delete';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function deliver(event: Json) {
  const { body, signature } = await fake.sign(event, { timestamp: t.clock.now() });
  const res = await t.server.api.subscription.webhook.post(body, { headers: { 'stripe-signature': signature } });
  expect(res.status).toBe(200);
}

/** A customer's subscription as Stripe holds it, changed one step at a time. */
function subscriptionAtStripe(session: Json, subscription: Json) {
  const invoice = () => ({
    id: `in_${subscription.id}`,
    object: 'invoice',
    subscription: null,
    parent: { subscription_details: { subscription: subscription.id } },
  });
  let paid = false;
  return {
    id: subscription.id as string,
    created: () => [fake.event('customer.subscription.created', fake.updateSubscription(subscription.id, { status: 'incomplete' }))],
    change(change: Change): Json[] {
      const now = seconds(t.clock.now());
      switch (change) {
        case 'pay': {
          const updated = fake.updateSubscription(subscription.id, { status: 'active' });
          const events = [fake.event('invoice.paid', invoice()), fake.event('customer.subscription.updated', updated)];
          if (!paid) events.push(fake.event('checkout.session.completed', session));
          paid = true;
          return events;
        }
        case 'fail':
          return [
            fake.event('invoice.payment_failed', invoice()),
            fake.event('customer.subscription.updated', fake.updateSubscription(subscription.id, { status: 'past_due' })),
          ];
        case 'cancelAtEnd':
          return [
            fake.event(
              'customer.subscription.updated',
              fake.updateSubscription(subscription.id, { cancel_at_period_end: true, canceled_at: now }),
            ),
          ];
        case 'resume':
          return [
            fake.event(
              'customer.subscription.updated',
              fake.updateSubscription(subscription.id, { cancel_at_period_end: false, canceled_at: null }),
            ),
          ];
        case 'delete':
          return [
            fake.event('customer.subscription.deleted', fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: now })),
          ];
      }
    },
  };
}

/** What the learner's status must be once every event has arrived: the newest live subscription's, or none. */
function expectedStatus(held: Json[]) {
  const live = held.filter((s) => (s.status === 'active' || s.status === 'trialing') && s.ended_at === null);
  const newest = live.sort((a, b) => b.start_date - a.start_date)[0];
  if (!newest) return { status: 'trial' as const, isActive: false, plan: null, cancelAtPeriodEnd: false, currentPeriodEnd: null };
  return {
    status: 'active' as const,
    isActive: true,
    plan: newest.metadata.planId,
    cancelAtPeriodEnd: newest.cancel_at_period_end,
    currentPeriodEnd: new Date(newest.items.data[0].current_period_end * 1000).toISOString(),
  };
}

/** A learner who opened two checkouts before paying either: Stripe makes two subscriptions for the one customer, started `startedSecondsAgo`. */
async function learnerWithTwo(startedSecondsAgo: number[]) {
  const learner = await t.signUp();
  const opened = [];
  for (const planId of ['monthly', 'yearly']) {
    const res = await t.server.api.subscription['create-checkout-session'].post({ planId }, { cookie: learner.cookie });
    expect(res.status).toBe(200);
    opened.push(res.json.url.split('/pay/')[1] as string);
  }
  const held = opened.map((sessionId, i) => {
    const { session, subscription } = fake.completeCheckout(sessionId, {
      now: new Date(t.clock.now().getTime() - startedSecondsAgo[i]! * 1000),
    });
    return subscriptionAtStripe(session, subscription);
  });
  const status = async () => {
    const {
      status: state,
      isActive,
      plan,
      cancelAtPeriodEnd,
      currentPeriodEnd,
    } = (await t.server.api.subscription.status.get({ cookie: learner.cookie })).json;
    return { status: state, isActive, plan: plan?.id ?? null, cancelAtPeriodEnd, currentPeriodEnd };
  };
  return { held, status, expected: () => expectedStatus(held.map((s) => fake.subscriptions.get(s.id)!)) };
}

test('the late subscription ending leaves the paid one its access', async () => {
  const { held, status, expected } = await learnerWithTwo([3600, 60]);
  const [first, late] = held as [ReturnType<typeof subscriptionAtStripe>, ReturnType<typeof subscriptionAtStripe>];
  const steps = [
    () => first.created(),
    () => late.created(),
    () => first.change('pay'),
    () => late.change('pay'),
    () => late.change('delete'),
  ];
  for (const step of steps) for (const event of step()) await deliver(event);
  expect(await status()).toEqual(expected());
  expect(await status()).toMatchObject({ status: 'active', plan: 'monthly' });
});

/** Mostly paid at checkout, then anything, and maybe ended. */
const script = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom<Change>('pay', 'fail', 'cancelAtEnd', 'resume'), { maxLength: 3 }), fc.boolean())
  .map(([unpaid, changes, deleted]): Change[] => [
    ...(unpaid ? [] : ['pay' as const]),
    ...changes,
    ...(deleted ? ['delete' as const] : []),
  ]);

test("two subscriptions of one customer: access follows the newest live one, whatever order Stripe's events arrive in", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(fc.integer({ min: 0, max: 24 * 3600 }), { minLength: 2, maxLength: 2 }),
      fc.tuple(script, script),
      fc.gen(),
      async (startedSecondsAgo, scripts, g) => {
        const { held, status, expected } = await learnerWithTwo(startedSecondsAgo);

        // The changes of the two subscriptions interleave; each event arrives any time after it is sent, maybe twice.
        const pending: Json[] = held.flatMap((s) => s.created());
        const todo = scripts.map((changes) => [...changes]);
        const deliverSome = async (all: boolean) => {
          let count = all ? pending.length : g(fc.nat, { max: pending.length });
          while (count-- > 0 && pending.length > 0) {
            const [event] = pending.splice(g(fc.nat, { max: pending.length - 1 }), 1);
            await deliver(event!);
            if (!all && g(fc.nat, { max: 9 }) === 0) pending.push(event!);
          }
        };
        while (todo[0]!.length + todo[1]!.length > 0) {
          const which = todo[0]!.length === 0 ? 1 : todo[1]!.length === 0 ? 0 : g(fc.nat, { max: 1 });
          pending.push(...held[which]!.change(todo[which]!.shift()!));
          await deliverSome(false);
        }
        await deliverSome(true);

        expect(await status()).toEqual(expected());
      },
    ),
    { numRuns: 40 },
  );
}, 60_000);
