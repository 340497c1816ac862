import { afterAll, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { DAY_MS } from '../../lib/clock';
import { SERVER_PASSWORD_MESSAGE } from './model';
import { SESSION_DAYS } from './sessions';
import { expectError, snapshot } from '../../../tests/support/auth';

const t = createTestApp({ content: false });
afterAll(() => t.close());

const register = (body: Parameters<typeof t.server.api.register.post>[0], headers?: Record<string, string>) =>
  t.server.api.register.post(body, { headers });
const login = (body: Parameters<typeof t.server.api.login.post>[0], headers?: Record<string, string>) =>
  t.server.api.login.post(body, { headers });
/** Bodies of any shape, sent as they are: input that is wrong on purpose. */
const registerRaw = (body: unknown, headers?: Record<string, string>) => t.request('POST', '/api/register', { body, headers });
const loginRaw = (body: unknown) => t.request('POST', '/api/login', { body });

let n = 0;
const fresh = () => {
  n++;
  return { email: `person${n}@example.com`, username: `person${n}`, password: 'goodpass1', name: 'Layla Haddad' };
};

/** Fields the client must never see, by name or by value. */
function expectPublic(user: Record<string, unknown>, raw: string) {
  for (const key of [
    'password',
    'passwordHash',
    'password_hash',
    'googleId',
    'stripeCustomerId',
    'stripeSubscriptionId',
    'resetToken',
    'resetTokenExpiry',
  ]) {
    expect(user).not.toHaveProperty(key);
  }
  expect(raw).not.toContain('$argon2id$');
  for (const key of ['id', 'username', 'email', 'name', 'isVerified', 'subscription_status', 'trial_end_date'])
    expect(user).toHaveProperty(key);
}

describe('POST /api/register', () => {
  test('creates the account with a 7-day trial, signs in and answers 201 {user}', async () => {
    const input = fresh();
    const res = await register({ ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expectPublic(res.json.user, res.text);
    expect(res.json.user).toMatchObject({
      email: input.email,
      username: input.username,
      name: input.name,
      isVerified: true,
      subscription_status: 'trial',
    });
    const days = (Date.parse(res.json.user.trial_end_date!) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBe(7);
    const me = await t.server.api.user.get({ cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(res.json.user.id);
    const stored = t.db.$client.query('select password_hash from users where id = ?').get(res.json.user.id) as { password_hash: string };
    expect(stored.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  test('the session cookie is HttpOnly, SameSite=Lax, for the whole site', async () => {
    const res = await register(fresh());
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  test('in production the session cookie is also Secure, and the outbox is not served', async () => {
    const prod = createTestApp({ content: false, env: { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) } });
    try {
      const res = await prod.server.api.register.post(fresh());
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(/Secure/i);
      expect((await prod.server.api.dev.mail.get()).status).toBe(404);
    } finally {
      prod.close();
    }
  });

  test('server-assigned fields sent by the client are ignored', async () => {
    const input = fresh();
    const res = await registerRaw({
      ...input,
      id: 4242,
      isVerified: false,
      createdAt: '2000-01-01T00:00:00Z',
      subscription_status: 'active',
      isSubscribed: true,
      trial_end_date: '2999-01-01T00:00:00Z',
      trialEndDate: '2999-01-01T00:00:00Z',
      currentPeriodEnd: '2999-01-01T00:00:00Z',
      stripeCustomerId: 'cus_evil',
      stripeSubscriptionId: 'sub_evil',
      googleId: 'google-evil',
      markedForDeletion: true,
      scheduledDeletionDate: '2000-01-01T00:00:00Z',
      resetToken: 'x',
      passwordHash: 'x',
    });
    expect(res.status).toBe(201);
    const row = t.db.$client.query('select * from users where email = ?').get(input.email) as Record<string, unknown>;
    expect(row.id).not.toBe(4242);
    expect(row).toMatchObject({
      is_verified: 1,
      google_id: null,
      marked_for_deletion: 0,
      scheduled_deletion_date: null,
    });
    // No subscription comes with an account: billing writes one at a checkout.
    expect(t.db.$client.query('select * from subscriptions where user_id = ?').get(row.id as number)).toBeNull();
    expect(row.trial_end_date).toBe(t.clock.now().getTime() + 7 * 86_400_000);
  });

  test('a taken e-mail is 409 Email Error, whatever its case and spaces', async () => {
    const input = fresh();
    await register(input);
    const before = snapshot(t);
    const res = await register({ ...fresh(), email: ` ${input.email.toUpperCase()}` });
    expectError(res, 409, 'Email Error');
    expect(res.error?.message).toBe('This email is already registered. Please try logging in instead.');
    expect(snapshot(t)).toEqual(before);
  });

  test('a taken username is 409 Username Error, without regard to case', async () => {
    const input = fresh();
    await register(input);
    const before = snapshot(t);
    const res = await register({ ...fresh(), username: input.username.toUpperCase() });
    expectError(res, 409, 'Username Error');
    expect(res.error?.message).toBe('This username is already taken. Please choose another one.');
    expect(snapshot(t)).toEqual(before);
  });

  test('case is ignored in every script, and so is the Unicode form', async () => {
    await register({ ...fresh(), username: 'Élise.Ωmega' });
    for (const username of ['élise.ωmega', 'ÉLISE.ΩMEGA', 'E\u0301lise.Ωmega']) {
      const res = await register({ ...fresh(), username });
      expect({ username, status: res.status, error: res.error?.error }).toEqual({ username, status: 409, error: 'Username Error' });
    }
  });

  test('case is folded, not just lowered: Straße is STRASSE, and Σοφος is σοφοσ', async () => {
    for (const [first, second] of [
      ['Straße', 'STRASSE'],
      ['Σοφος', 'σοφοσ'],
      ['ΜΑΡΙΑΣ', 'μαριας'],
      ['groẞ_1', 'GROSS_1'],
      ['ﬁshing', 'FISHING'],
    ]) {
      expect((await register({ ...fresh(), username: first })).status).toBe(201);
      const res = await register({ ...fresh(), username: second });
      expect({ first, second, status: res.status, error: res.error?.error }).toEqual({
        first,
        second,
        status: 409,
        error: 'Username Error',
      });
    }
  });

  test('Arabic letters are a valid username', async () => {
    const res = await register({ ...fresh(), username: 'كلمات_١٢', name: 'ليلى حداد' });
    expect(res.status).toBe(201);
    expect(res.json.user.username).toBe('كلمات_١٢');
    expect(res.json.user.name).toBe('ليلى حداد');
  });

  test('SQL in the name is stored as plain text', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const res = await register({ ...fresh(), name });
    expect(res.status).toBe(201);
    expect(res.json.user.name).toBe(name);
    expect(t.db.$client.query('select count(*) as n from users').get()).toMatchObject({ n: expect.any(Number) });
  });
});

describe('registration validation: the spec messages, naming the field, nothing stored', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['bad e-mail', { email: 'not-an-email' }, 'email', 'Invalid email format'],
    ['e-mail too long', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Invalid email format'],
    ['short password', { password: 'abc1' }, 'password', SERVER_PASSWORD_MESSAGE],
    ['password without a digit', { password: 'abcdefghij' }, 'password', SERVER_PASSWORD_MESSAGE],
    ['seven-character password', { password: 'abcdef1' }, 'password', SERVER_PASSWORD_MESSAGE],
    ['password over 128', { password: `1${'a'.repeat(128)}` }, 'password', 'Password must not exceed 128 characters.'],
    ['short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    ['long username', { username: 'a'.repeat(21) }, 'username', 'Username must not exceed 20 characters'],
    ['username of spaces', { username: '     ' }, 'username', 'Username must be at least 3 characters'],
    ['short name', { name: 'A' }, 'name', 'Name must be at least 2 characters'],
    ['name of spaces', { name: '   ' }, 'name', 'Name must be at least 2 characters'],
  ];
  for (const [label, change, field, message] of cases) {
    test(label, async () => {
      const before = snapshot(t);
      const res = await register({ ...fresh(), ...change });
      expectError(res, 400, 'Validation Error');
      expect(res.error?.message).toBe(message);
      expect(res.error?.details?.field).toBe(field);
      expect(snapshot(t)).toEqual(before);
    });
  }
});

/** Values no field may take; each must be a 4xx from the catalogue, never a 500, and store nothing. */
const BAD_VALUES: [string, unknown][] = [
  ['missing', undefined],
  ['null', null],
  ['a number', 12345678],
  ['a boolean', true],
  ['an array', ['a', 'b']],
  ['an object', { $gt: '' }],
  ['a huge string', 'x'.repeat(60_000)],
  ['an emoji string', '😀😀😀😀😀😀😀😀'],
  ['control characters', 'ab\u0000cd\u0007ef1'],
  ['SQL', "' OR 1=1; --"],
  ['HTML', '<script>alert(1)</script>'],
];

describe('bad input of every kind on register and login', () => {
  // Some values are fine text for some fields: a password may be any 8 to 128 characters with a digit,
  // and a name may hold emoji or SQL-looking text (stored as text, see above).
  const acceptable: Record<string, string[]> = { password: ['SQL', 'control characters', 'HTML'], name: ['an emoji string', 'SQL'] };
  for (const field of ['email', 'username', 'password', 'name']) {
    for (const [label, value] of BAD_VALUES) {
      if (acceptable[field]?.includes(label)) continue;
      test(`register: ${field} as ${label}`, async () => {
        const before = snapshot(t);
        const body: Record<string, unknown> = { ...fresh(), [field]: value };
        if (value === undefined) delete body[field];
        const res = await registerRaw(body);
        expectError(res, 400, 'Validation Error');
        expect(res.error?.details?.field).toBe(field);
        expect(snapshot(t)).toEqual(before);
      });
    }
  }

  for (const [label, value] of BAD_VALUES) {
    test(`login: e-mail as ${label}`, async () => {
      const res = await loginRaw({ email: value, password: 'whatever1' });
      expect([400, 401]).toContain(res.status);
      expect(res.error?.error).toMatch(/^(Validation Error|Authentication Failed)$/);
    });
  }

  test('a body that is not an object', async () => {
    for (const body of ['"text"', '[]', '42', 'null']) {
      const before = snapshot(t);
      const res = await registerRaw(body);
      expectError(res, 400, 'Validation Error');
      expect(snapshot(t)).toEqual(before);
    }
  });

  test('malformed JSON, a form body and an oversized body', async () => {
    const before = snapshot(t);
    expectError(await registerRaw('{"email": "a@'), 400);
    expectError(await registerRaw('email=a', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    expectError(await register({ ...fresh(), name: 'x'.repeat(70_000) }), 413);
    expect(snapshot(t)).toEqual(before);
  });

  test('a request from another site is refused', async () => {
    const before = snapshot(t);
    expectError(await register(fresh(), { origin: 'https://evil.example' }), 403);
    expect(snapshot(t)).toEqual(before);
  });
});

describe('login, logout and the current user', () => {
  test('GET /api/user without a session is 401', async () => {
    expectError(await t.server.api.user.get(), 401);
    expectError(await t.server.api.user.get({ cookie: 'session=garbage' }), 401);
    expectError(await t.server.api.user.get({ cookie: `session=${'x'.repeat(3000)}` }), 401);
  });

  test('login answers the public user and a session', async () => {
    const { email, password } = await t.signUp();
    const res = await login({ email: ` ${email.toUpperCase()} `, password });
    expect(res.status).toBe(200);
    expectPublic(res.json, res.text);
    expect(res.json.email).toBe(email);
    expect((await t.server.api.user.get({ cookie: res.cookie })).status).toBe(200);
  });

  test('an unknown e-mail and a wrong password answer alike: 401 Authentication Failed', async () => {
    const { email } = await t.signUp();
    const wrong = await login({ email, password: 'wrongpass1' });
    const unknown = await login({ email: 'nobody@example.com', password: 'wrongpass1' });
    for (const res of [wrong, unknown]) {
      expectError(res, 401, 'Authentication Failed');
      expect(res.cookie).toBeUndefined();
    }
    expect(wrong.error?.message).toBe(unknown.error?.message);
  });

  test('missing login fields are validation errors', async () => {
    expectError(await loginRaw({ email: 'a@example.com' }), 400, 'Validation Error');
    expectError(await loginRaw({ password: 'x' }), 400, 'Validation Error');
    expectError(await login({ email: 'a@example.com', password: '' }), 400, 'Validation Error');
  });

  test('logout revokes that session only and answers 204', async () => {
    const { email, password, cookie } = await t.signUp();
    const other = (await login({ email, password })).cookie!;
    const res = await t.server.api.logout.post(undefined, { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session=') && /max-age=0/i.test(c))).toBe(true);
    // The old cookie is dead even if the browser kept it.
    expectError(await t.server.api.user.get({ cookie }), 401);
    expect((await t.server.api.user.get({ cookie: other })).status).toBe(200);
  });

  // The session row ends the session (docs/decisions/0002-accounts-and-sessions.md): the cookie's own expiry
  // is the browser's, and a cookie kept past it is refused by the server.
  test(`a session ends ${SESSION_DAYS} days after it started: its cookie is refused from then on`, async () => {
    const { cookie } = await t.signUp();
    t.clock.advance(SESSION_DAYS * DAY_MS - 1);
    try {
      expect((await t.server.api.user.get({ cookie })).status).toBe(200);
      t.clock.advance(1);
      expectError(await t.server.api.user.get({ cookie }), 401);
    } finally {
      t.clock.advance(-SESSION_DAYS * DAY_MS);
    }
  });

  test('logout without a session still answers 204', async () => {
    expect((await t.server.api.logout.post()).status).toBe(204);
  });
});

describe('rate limits', () => {
  let app: TestApp;
  beforeEach(() => {
    app?.close();
    app = createTestApp({ content: false, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.close());
  const ip = (address: string) => ({ 'fly-client-ip': address });

  test('10 failed logins a minute per e-mail from one address, then 429 with Retry-After', async () => {
    const { email, password } = await app.signUp();
    for (let i = 0; i < 10; i++) {
      const res = await app.server.api.login.post({ email, password: 'wrongpass1' }, { headers: ip('10.0.0.1') });
      expect(res.status).toBe(401);
    }
    const blocked = await app.server.api.login.post({ email, password }, { headers: ip('10.0.0.1') });
    expectError(blocked, 429, 'Too Many Requests');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    app.clock.advance(61_000);
    expect((await app.server.api.login.post({ email, password }, { headers: ip('10.0.0.1') })).status).toBe(200);
  });

  test('whoever knows the e-mail cannot lock its owner out from another address', async () => {
    const { email, password } = await app.signUp();
    for (let i = 0; i < 15; i++) await app.server.api.login.post({ email, password: 'wrongpass1' }, { headers: ip('10.6.6.6') });
    expect((await app.server.api.login.post({ email, password }, { headers: ip('10.7.7.7') })).status).toBe(200);
  });

  test('100 failed logins an hour per e-mail from all addresses together', async () => {
    const { email, password } = await app.signUp();
    for (let i = 0; i < 100; i++) {
      const res = await app.server.api.login.post({ email, password: 'wrongpass1' }, { headers: ip(`10.3.${i >> 3}.${i}`) });
      expect(res.status).toBe(401);
    }
    expectError(await app.server.api.login.post({ email, password }, { headers: ip('10.4.0.1') }), 429, 'Too Many Requests');
    app.clock.advance(60 * 60_000 + 1000);
    expect((await app.server.api.login.post({ email, password }, { headers: ip('10.4.0.1') })).status).toBe(200);
  }, 30_000);

  test('100 simultaneous wrong logins for one e-mail check at most 10 passwords, and a right guess after them is refused', async () => {
    const { email, password } = await app.signUp();
    const verify = spyOn(Bun.password, 'verify');
    try {
      const attempts = Array.from({ length: 100 }, (_, i) =>
        app.server.api.login.post({ email, password: `wrong${i}pass` }, { headers: ip('10.5.5.5') }),
      );
      const statuses = (await Promise.all(attempts)).map((res) => res.status);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(90);
      // Sent among the 100, a right guess would be checked or not by the order the requests reach the
      // check, which is not the order sent; after them it is refused unchecked.
      expectError(await app.server.api.login.post({ email, password }, { headers: ip('10.5.5.5') }), 429, 'Too Many Requests');
      expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      verify.mockRestore();
    }
  });

  test('successful logins do not count', async () => {
    const { email, password } = await app.signUp();
    for (let i = 0; i < 12; i++) expect((await app.server.api.login.post({ email, password })).status).toBe(200);
  });

  test('30 failed logins a minute per address', async () => {
    for (let i = 0; i < 30; i++) {
      expect(
        (await app.server.api.login.post({ email: `x${i}@example.com`, password: 'wrongpass1' }, { headers: ip('10.9.9.9') })).status,
      ).toBe(401);
    }
    expectError(await app.server.api.login.post({ email: 'y@example.com', password: 'wrongpass1' }, { headers: ip('10.9.9.9') }), 429);
    expect((await app.server.api.login.post({ email: 'y@example.com', password: 'wrongpass1' }, { headers: ip('10.9.9.8') })).status).toBe(
      401,
    );
    // 32 password hashes (an unknown address is hashed too, to take as long as a known one): seconds on a busy machine.
  }, 30_000);

  test('5 registrations a minute per address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await app.server.api.register.post({ ...fresh() }, { headers: ip('10.1.1.1') });
      expect(res.status).toBe(201);
    }
    const before = snapshot(app);
    const blocked = await app.server.api.register.post(fresh(), { headers: ip('10.1.1.1') });
    expectError(blocked, 429, 'Too Many Requests');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    expect(snapshot(app)).toEqual(before);
    expect((await app.server.api.register.post(fresh(), { headers: ip('10.1.1.2') })).status).toBe(201);
    app.clock.advance(60_000);
    expect((await app.server.api.register.post(fresh(), { headers: ip('10.1.1.1') })).status).toBe(201);
  });

  test('Fly-Client-IP is ignored unless TRUST_PROXY=true', async () => {
    const plain = createTestApp({ content: false });
    try {
      // Without a trusted header and without a socket (app.handle) there is no address to count.
      for (let i = 0; i < 7; i++) expect((await plain.server.api.register.post(fresh(), { headers: ip('10.2.2.2') })).status).toBe(201);
    } finally {
      plain.close();
    }
  });
});
