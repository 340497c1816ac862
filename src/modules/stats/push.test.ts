import { afterAll, expect, test } from 'bun:test';
import { createECDH, randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import webpush from 'web-push';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { createTestApp } from '../../../tests/support/app';
import { startFakePush } from '../../../tests/fakes/push';
import { MAX_PUSH_SUBSCRIPTIONS } from './push';

/** A listener on every address of this machine that only counts who connects: where no push may go. */
let connections = 0;
const trap = Bun.listen({ hostname: '::', port: 0, socket: { open: () => void connections++, data: () => {} } });
const TRAP_HOST = 'trap.kalimat.test';
/** What TRAP_HOST resolves to at the moment (the test's DNS). */
let trapAddresses: string[] = [];

const vapid = webpush.generateVAPIDKeys();
const fake = startFakePush();
const t = createTestApp({
  env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
  pushNetwork: {
    ...fake.network,
    localServices: [...fake.network.localServices, { origin: `https://${TRAP_HOST}:${trap.port}` }],
    resolve: async (host) => (host === TRAP_HOST ? trapAddresses : []),
  },
});
afterAll(() => {
  trap.stop(true);
  fake.stop();
  t.close();
});

/** This machine's addresses outside the loopback that are private by their RFCs (10/8, 172.16/12, 192.168/16, documentation, unique-local): a listener here is reached through them. */
const privateAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && !a.internal && /^(10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.|192\.0\.2\.|f[cd][0-9a-f]{2}:)/i.test(a.address))
  .map((a) => a!.address);
/** Addresses that reach the trap from this machine and are not the internet. */
const notPublic = ['127.0.0.1', '127.0.0.2', '0.0.0.0', '::1', '::ffff:127.0.0.1', ...privateAddresses];
const literal = (address: string) => (address.includes(':') ? `[${address}]` : address);
const keys = fake.subscription('/').keys;

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
  expect(JSON.parse(fake.messages[0]!.payload)).toEqual({
    title: 'Keep your 1-day streak going',
    body: expect.stringContaining("Today's goal needs 1 more cards"),
    url: '/words',
  });
  expect(fake.messages[0]!.authorization).toStartWith(`vapid t=`);
  expect(fake.messages[0]!.authorization).toContain(`k=${vapid.publicKey}`);
  const endpoints = t.db.$client.query('select endpoint from push_subscriptions where user_id = ?').all(user.id) as { endpoint: string }[];
  expect(endpoints.map((e) => new URL(e.endpoint).pathname)).toEqual([`/push/${user.id}/a`]);
});

test('a subscription must name an https push service and its keys; it needs a session', async () => {
  const { cookie } = await t.signUp();
  const good = fake.subscription('/push/x');
  for (const body of [
    { ...good, endpoint: 'http://127.0.0.1/push' },
    { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
    { endpoint: good.endpoint },
    'push',
  ]) {
    expect((await t.request('POST', '/api/push/subscriptions', { cookie, body })).status).toBe(400);
  }
  expect((await t.server.api.push.subscriptions.post(good)).status).toBe(401);
});

test('a loopback endpoint, a private-range one and a redirecting one are refused, and nothing connects to them', async () => {
  const { cookie, user } = await t.signUp();
  const before = connections;
  // Addresses named in the endpoint: not a push service.
  for (const address of notPublic) {
    const res = await t.server.api.push.subscriptions.post({ endpoint: `https://${literal(address)}:${trap.port}/push`, keys }, { cookie });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("endpoint must be the https address of a browser's push service.");
  }
  // A push service's name that resolves to them (or to them among public ones): not the internet.
  for (const addresses of [...notPublic.map((a) => [a]), ['8.8.8.8', '127.0.0.1']]) {
    trapAddresses = addresses;
    const res = await t.server.api.push.subscriptions.post({ endpoint: `https://${TRAP_HOST}:${trap.port}/push`, keys }, { cookie });
    expect(res.status).toBe(422);
  }

  // A name that was public when it was subscribed and points inside at send time (DNS rebinding), and
  // endpoints kept before these checks: refused at send time too.
  trapAddresses = ['8.8.8.8'];
  expect(
    (await t.server.api.push.subscriptions.post({ endpoint: `https://${TRAP_HOST}:${trap.port}/push/rebound`, keys }, { cookie })).status,
  ).toBe(204);
  const insert = t.db.$client.prepare('insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (?, ?, ?, ?)');
  for (const address of notPublic) insert.run(user.id, `https://${literal(address)}:${trap.port}/push/kept`, keys.p256dh, keys.auth);
  // A push service that answers with a redirect elsewhere.
  expect((await t.server.api.push.subscriptions.post(fake.subscription('/push/redirecting'), { cookie })).status).toBe(204);
  fake.redirectFor('/push/redirecting', `https://127.0.0.1:${trap.port}/push/redirected`);

  for (const address of notPublic) {
    trapAddresses = [address];
    expect(await t.services.stats.push(user.id, { title: 'Keep your streak', body: 'Practise', url: '/words' })).toBe(0);
  }
  expect(fake.requests.filter((path) => path === '/push/redirecting')).toHaveLength(notPublic.length);
  // The endpoints of before that name no push service are forgotten; the others wait for their next send.
  const left = t.db.$client.query('select endpoint from push_subscriptions where user_id = ? order by id').all(user.id) as {
    endpoint: string;
  }[];
  expect(left.map((e) => new URL(e.endpoint).pathname)).toEqual(['/push/rebound', '/push/redirecting']);
  await Bun.sleep(100);
  expect(connections - before).toBe(0);
});

test("an endpoint stays its first learner's: another learner's subscribing it is refused, not moved", async () => {
  const a = await t.signUp();
  const b = await t.signUp();
  const shared = fake.subscription(`/push/shared-${a.user.id}`);
  expect((await t.server.api.push.subscriptions.post(shared, { cookie: a.cookie })).status).toBe(204);
  const res = await t.server.api.push.subscriptions.post(shared, { cookie: b.cookie });
  expect(res.status).toBe(409);
  expect(res.error?.message).toBe('This browser gets the notifications of another account; that account must turn them off first.');
  // The same browser subscribing again for its own learner keeps it.
  expect((await t.server.api.push.subscriptions.post(shared, { cookie: a.cookie })).status).toBe(204);
  const owners = t.db.$client.query('select user_id as userId from push_subscriptions where endpoint = ?').all(shared.endpoint);
  expect(owners).toEqual([{ userId: a.user.id }]);
});

test(`a learner has at most ${MAX_PUSH_SUBSCRIPTIONS} browsers notified`, async () => {
  const { cookie, user } = await t.signUp();
  for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i++) {
    expect((await t.server.api.push.subscriptions.post(fake.subscription(`/push/many-${user.id}/${i}`), { cookie })).status).toBe(204);
  }
  const res = await t.server.api.push.subscriptions.post(fake.subscription(`/push/many-${user.id}/one-more`), { cookie });
  expect(res.status).toBe(409);
  expect(res.error?.message).toBe(`At most ${MAX_PUSH_SUBSCRIPTIONS} browsers can be notified for one account.`);
  // One of them subscribing again is no new browser.
  expect((await t.server.api.push.subscriptions.post(fake.subscription(`/push/many-${user.id}/0`), { cookie })).status).toBe(204);
  expect(t.db.$client.query('select count(*) as n from push_subscriptions where user_id = ?').get(user.id)).toEqual({
    n: MAX_PUSH_SUBSCRIPTIONS,
  });
});

// A browser subscribing again only refreshes its keys (docs/decisions/0067-push-reaches-only-push-services.md):
// its next push is encrypted for the new ones, or the browser could not read it.
test('a browser subscribing again with new keys gets its pushes encrypted for them', async () => {
  const { cookie, user } = await t.signUp();
  const current = fake.subscription(`/push/rekeyed-${user.id}`);
  const old = createECDH('prime256v1');
  old.generateKeys();
  const before = { p256dh: old.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  expect((await t.server.api.push.subscriptions.post({ ...current, keys: before }, { cookie })).status).toBe(204);
  expect((await t.server.api.push.subscriptions.post(current, { cookie })).status).toBe(204);
  const message = { title: 'Keep your streak', body: 'Practise', url: '/words' };
  expect(await t.services.stats.push(user.id, message)).toBe(1);
  expect(fake.messages.filter((m) => m.path === `/push/rekeyed-${user.id}`).map((m) => JSON.parse(m.payload))).toEqual([message]);
});

// A push service says a subscription is gone with a 404 or a 410 (src/modules/stats/push.ts): either way it is forgotten.
test('a subscription its push service answers 404 for is forgotten', async () => {
  const { cookie, user } = await t.signUp();
  for (const path of [`/push/${user.id}/kept`, `/push/${user.id}/not-found`])
    expect((await t.server.api.push.subscriptions.post(fake.subscription(path), { cookie })).status).toBe(204);
  fake.goneFor(`/push/${user.id}/not-found`, 404);
  expect(await t.services.stats.push(user.id, { title: 'Keep your streak', body: 'Practise', url: '/words' })).toBe(1);
  const endpoints = t.db.$client.query('select endpoint from push_subscriptions where user_id = ?').all(user.id) as { endpoint: string }[];
  expect(endpoints.map((e) => new URL(e.endpoint).pathname)).toEqual([`/push/${user.id}/kept`]);
});

test('without VAPID keys push is off: no key is offered and a subscription is a 404, not kept', async () => {
  const off = createTestApp({ content: false, pushNetwork: fake.network });
  try {
    const { cookie } = await off.signUp();
    expect((await off.server.api.push.key.get()).json).toEqual({ publicKey: null });
    const res = await off.server.api.push.subscriptions.post(fake.subscription('/push/off'), { cookie });
    expect(res.status).toBe(404);
    expect(off.db.$client.query('select count(*) as n from push_subscriptions').get()).toEqual({ n: 0 });
  } finally {
    off.close();
  }
});
