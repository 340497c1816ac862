import { afterAll, beforeAll, expect, test } from 'bun:test';
import webpush from 'web-push';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { createTestApp } from '../../../tests/support/app';
import { startFakePush } from '../../../tests/fakes/push';

const vapid = webpush.generateVAPIDKeys();
const t = createTestApp({ env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } });
const fake = startFakePush();
// The fake push service's certificate is its own: this test process trusts it.
const trust = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
beforeAll(() => (process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'));
afterAll(() => {
  if (trust === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = trust;
  fake.stop();
  t.close();
});

test('the daily reminder reaches an opted-in browser as a push it decrypts, signed with the VAPID key; a gone subscription is dropped', async () => {
  t.clock.set('2026-01-14T06:00:00Z');
  const { cookie, user } = await t.signUp();
  expect((await t.server.api.push.key.get()).json).toEqual({ publicKey: vapid.publicKey });
  await t.server.api.goal.put({ kind: 'cards', amount: 1 }, { cookie });
  t.clock.advance(-DAY_MS);
  const wordId = (await t.server.api.words.get({ cookie })).json[0].id;
  await t.server.api.words({ id: wordId }).progress.post({ correct: true, page: 'unified' }, { cookie });
  t.clock.advance(DAY_MS);
  await t.server.api.reminders.put({ dailyHour: 7, weekly: false }, { cookie });
  expect((await t.server.api.push.subscriptions.post(fake.subscription(`/push/${user.id}/a`), { cookie })).status).toBe(204);
  expect((await t.server.api.push.subscriptions.post(fake.subscription(`/push/${user.id}/b`), { cookie })).status).toBe(204);
  fake.goneFor(`/push/${user.id}/b`);

  t.clock.advance(HOUR_MS);
  await t.services.stats.sendDue();
  await t.services.stats.sendDue();
  expect(fake.messages).toHaveLength(1);
  expect(JSON.parse(fake.messages[0]!.payload)).toEqual({ title: 'Keep your 1-day streak going', body: expect.stringContaining("Today's goal needs 1 more cards"), url: '/words' });
  expect(fake.messages[0]!.authorization).toStartWith(`vapid t=`);
  expect(fake.messages[0]!.authorization).toContain(`k=${vapid.publicKey}`);
  const endpoints = t.db.$client.query('select endpoint from push_subscriptions where user_id = ?').all(user.id) as { endpoint: string }[];
  expect(endpoints.map((e) => new URL(e.endpoint).pathname)).toEqual([`/push/${user.id}/a`]);
});

test('a subscription must name an https push service and its keys; it needs a session', async () => {
  const { cookie } = await t.signUp();
  const good = fake.subscription('/push/x');
  for (const body of [{ ...good, endpoint: 'http://127.0.0.1/push' }, { ...good, keys: { p256dh: 'short', auth: good.keys.auth } }, { endpoint: good.endpoint }, 'push']) {
    expect((await t.request('POST', '/api/push/subscriptions', { cookie, body })).status).toBe(400);
  }
  expect((await t.server.api.push.subscriptions.post(good)).status).toBe(401);
});
