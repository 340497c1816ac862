import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/support/app';
import { startFakeGoogle } from '../../../tests/fakes/google';
import { DAY_MS } from '../../lib/clock';
import { GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE } from './google';
import { cookiesOf, lastMailTo, snapshot, tokenIn } from '../../../tests/support/auth';

const google = startFakeGoogle();
let t: TestApp;
beforeEach(() => {
  t?.close();
  t = createTestApp({ content: false, env: google.env });
  google.setProfile({ sub: 'google-user-1', email: 'google.learner@example.com', email_verified: true, name: 'Google Learner' });
});
afterAll(() => {
  t?.close();
  google.stop();
});

const handle = (url: string, cookie?: string) => t.app.handle(new Request(url, { headers: cookie ? { cookie } : {} }));

/** GET /auth/google: the redirect to the provider and the flow's cookies. */
async function start() {
  const res = await handle('http://localhost:3000/auth/google');
  expect(res.status).toBe(302);
  return { location: new URL(res.headers.get('location')!), cookie: cookiesOf(res), setCookies: res.headers.getSetCookie() };
}

/** The provider's answer: a redirect to our callback with code and state. */
async function authorize(location: URL) {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The whole flow; `tamper` may change the callback URL or the cookies first. */
async function signIn(tamper: (callback: URL, cookie: string) => [URL, string] = (c, k) => [c, k]) {
  const { location, cookie } = await start();
  const [callback, cookies] = tamper(await authorize(location), cookie);
  const res = await handle(callback.toString(), cookies);
  return { res, location: res.headers.get('location'), session: sessionCookie(res) };
}

describe('GET /auth/google', () => {
  test('redirects to the provider with state and an S256 PKCE challenge, kept in HttpOnly cookies', async () => {
    const { location, setCookies } = await start();
    expect(location.origin + location.pathname).toBe(google.env.GOOGLE_AUTH_URL);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(google.clientId);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid email profile');
    const state = setCookies.find((c) => c.startsWith(`${GOOGLE_STATE_COOKIE}=`))!;
    const verifier = setCookies.find((c) => c.startsWith(`${GOOGLE_VERIFIER_COOKIE}=`))!;
    expect(state.split(';')[0].split('=')[1]).toBe(q.get('state')!);
    for (const cookie of [state, verifier]) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=600/i);
    }
    // The verifier itself never leaves for the provider, only its hash.
    expect(location.toString()).not.toContain(verifier.split(';')[0].split('=')[1]);
  });

  test('without a client id and secret it returns to /auth with the not-configured error', async () => {
    const plain = createTestApp({ content: false });
    try {
      for (const path of ['/auth/google', '/auth/google/callback?code=a&state=b']) {
        const res = await plain.app.handle(new Request(`http://localhost:3000${path}`));
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/auth?error=google_unconfigured');
      }
    } finally {
      plain.close();
    }
  });
});

describe('the callback', () => {
  test('a new person: an account with a trial, a session, and a redirect to /', async () => {
    const { location, session } = await signIn();
    expect(location).toBe('/');
    expect(session).toBeTruthy();
    const me = await t.server.api.user.get({ cookie: session });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      email: 'google.learner@example.com',
      name: 'Google Learner',
      username: 'GoogleLearner',
      isVerified: true,
      subscription_status: 'trial',
      hasPassword: false,
    });
    expect(me.text).not.toContain('google-user-1');

    // The verifier of the flow's cookie is what reached the token endpoint.
    const sent = google.tokenRequests.at(-1)!;
    expect(sent.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    expect(sent.redirectUri).toBe('http://localhost:3000/auth/google/callback');
    expect(sent.clientId).toBe(google.clientId);
  });

  test('the PKCE verifier sent is the one from the cookie', async () => {
    let verifier = '';
    const { location } = await signIn((callback, cookie) => {
      verifier = cookie.match(new RegExp(`${GOOGLE_VERIFIER_COOKIE}=([^;]+)`))![1];
      return [callback, cookie];
    });
    expect(location).toBe('/');
    expect(google.tokenRequests.at(-1)!.codeVerifier).toBe(verifier);
  });

  test('signing in again finds the same account', async () => {
    const first = await signIn();
    const second = await signIn();
    const a = await t.server.api.user.get({ cookie: first.session });
    const b = await t.server.api.user.get({ cookie: second.session });
    expect(b.json.id).toBe(a.json.id);
    expect(t.db.$client.query('select count(*) as n from users').get()).toEqual({ n: 1 });
  });

  test('links an account whose owner proved the address by a mailed link; its password and sessions stay', async () => {
    const email = 'google.learner@example.com';
    const { user } = await t.signUp({ email, username: 'layla' });
    await t.server.api['request-password-reset'].post({ email });
    const token = tokenIn((await lastMailTo(t, email))!.text, `${t.config.appUrl}/reset-password`);
    const password = 'Proven-by-mail-1';
    expect((await t.server.api['reset-password'].post({ token, password })).status).toBe(200);
    const login = await t.server.api.login.post({ email, password });
    const { location, session } = await signIn();
    expect(location).toBe('/');
    const me = await t.server.api.user.get({ cookie: session });
    expect(me.json.id).toBe(user.id);
    expect(me.json.username).toBe('layla');
    expect(t.db.$client.query('select google_id from users where id = ?').get(user.id)).toEqual({ google_id: 'google-user-1' });
    expect((await t.server.api.user.get({ cookie: login.cookie })).status).toBe(200);
    expect((await t.server.api.login.post({ email, password })).status).toBe(200);
  });

  test('an account registered with the address but never proven is taken back: its password and sessions end', async () => {
    // Someone registers the learner's address first, without access to the mailbox.
    const { user, cookie, password } = await t.signUp({ email: 'google.learner@example.com', username: 'squatter' });
    const { location, session } = await signIn();
    expect(location).toBe('/');
    expect((await t.server.api.user.get({ cookie: session })).json.id).toBe(user.id);
    expect((await t.server.api.user.get({ cookie })).status).toBe(401);
    expect((await t.server.api.login.post({ email: 'google.learner@example.com', password })).status).toBe(401);
    // The owner, now signed in, may set a password of their own.
    expect((await t.server.api.user.get({ cookie: session })).json.hasPassword).toBe(false);
  });

  test('a password change or login already under way when Google takes the account back does not keep the squatter in', async () => {
    const { user, password } = await t.signUp({ email: 'google.learner@example.com', username: 'squatter' });
    const auth = t.services.auth;
    const sessionId = (t.db.$client.query('select id from sessions where user_id = ?').get(user.id) as { id: string }).id;
    const squatter = auth.userForSession(sessionId)!;
    // Both check the old password (which takes a while) while the owner's Google sign-in links the account.
    const changing = auth.changePassword(squatter, sessionId, {
      currentPassword: password,
      newPassword: 'Squatter-again-1',
      confirmNewPassword: 'Squatter-again-1',
    });
    const loggingIn = auth.login({ email: 'google.learner@example.com', password });
    auth.signInWithGoogle({ sub: 'google-user-1', email: 'google.learner@example.com', name: 'Google Learner' });

    await expect(changing).rejects.toMatchObject({ status: 401 });
    await expect(loggingIn.then(({ user: stale }) => auth.createSession(stale))).rejects.toMatchObject({ status: 401 });
    expect(t.db.$client.query('select password_hash from users where id = ?').get(user.id)).toEqual({ password_hash: null });
    expect(t.db.$client.query('select count(*) as n from sessions where user_id = ? and revoked_at is null').get(user.id)).toEqual({
      n: 0,
    });
  });

  test('an unverified Google e-mail neither creates nor links an account', async () => {
    await t.signUp({ email: 'google.learner@example.com' });
    google.setProfile({ email_verified: false });
    const before = snapshot(t);
    const { location, session } = await signIn();
    expect(location).toBe('/auth?error=google');
    expect(session).toBeUndefined();
    expect(snapshot(t)).toEqual(before);
  });

  test('a state that does not match the cookie is refused before any token request', async () => {
    const requests = google.tokenRequests.length;
    const before = snapshot(t);
    const { location, session } = await signIn((callback, cookie) => {
      callback.searchParams.set('state', 'forged-state-value');
      return [callback, cookie];
    });
    expect(location).toBe('/auth?error=google');
    expect(session).toBeUndefined();
    expect(google.tokenRequests.length).toBe(requests);
    expect(snapshot(t)).toEqual(before);
  });

  test('without the flow cookies (another browser) the callback is refused', async () => {
    const requests = google.tokenRequests.length;
    for (const keep of ['', GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE]) {
      const { location } = await signIn((callback, cookie) => [
        callback,
        cookie
          .split('; ')
          .filter((c) => keep && c.startsWith(`${keep}=`))
          .join('; '),
      ]);
      expect(location).toBe('/auth?error=google');
    }
    expect(google.tokenRequests.length).toBe(requests);
  });

  test('a wrong verifier is refused by the provider, and so by us', async () => {
    const { location, session } = await signIn((callback, cookie) => [
      callback,
      cookie.replace(new RegExp(`${GOOGLE_VERIFIER_COOKIE}=[^;]+`), `${GOOGLE_VERIFIER_COOKIE}=${'v'.repeat(43)}`),
    ]);
    expect(location).toBe('/auth?error=google');
    expect(session).toBeUndefined();
  });

  test('a code cannot be used twice, and the flow cookies are cleared after one try', async () => {
    const { location: start1, cookie } = await start();
    const callback = await authorize(start1);
    const first = await handle(callback.toString(), cookie);
    expect(first.headers.get('location')).toBe('/');
    const cleared = first.headers.getSetCookie().filter((c) => c.startsWith(GOOGLE_STATE_COOKIE) || c.startsWith(GOOGLE_VERIFIER_COOKIE));
    expect(cleared).toHaveLength(2);
    for (const c of cleared) expect(c).toMatch(/Max-Age=0/i);
    const replay = await handle(callback.toString(), cookie);
    expect(replay.headers.get('location')).toBe('/auth?error=google');
    expect(sessionCookie(replay)).toBeUndefined();
  });

  test('a refusal at the provider or a garbled callback returns to /auth with the error', async () => {
    const { cookie } = await start();
    for (const query of ['?error=access_denied', '', '?code=&state=', '?code=a&code=b&state=c', `?code=${'c'.repeat(3000)}&state=x`]) {
      const res = await handle(`http://localhost:3000/auth/google/callback${query}`, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth?error=google');
    }
  });

  test('a provider that is down is a failed sign-in, not a 500', async () => {
    const down = createTestApp({ content: false, env: { ...google.env, GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token' } });
    try {
      const begin = await down.app.handle(new Request('http://localhost:3000/auth/google'));
      const callback = await authorize(new URL(begin.headers.get('location')!));
      const res = await down.app.handle(new Request(callback.toString(), { headers: { cookie: cookiesOf(begin) } }));
      expect(res.headers.get('location')).toBe('/auth?error=google');
    } finally {
      down.close();
    }
  });

  test('a taken username gets a number; markup in the Google name is dropped', async () => {
    await t.signUp({ username: 'GoogleLearner' });
    google.setProfile({ sub: 'google-user-2', email: 'second@example.com', name: 'Google <b>Learner</b>' });
    const { session } = await signIn();
    const me = await t.server.api.user.get({ cookie: session });
    expect(me.json.username).toBe('GoogleLearner2');
    expect(me.json.name).not.toContain('<');
  });

  test('an account marked for deletion is restored by signing in with Google', async () => {
    const first = await signIn();
    const id = (await t.server.api.user.get({ cookie: first.session })).json.id;
    await t.server.api.user.delete.delete(undefined, { cookie: first.session });
    t.clock.advance(5 * DAY_MS);
    const again = await signIn();
    expect(again.location).toBe('/');
    expect(t.db.$client.query('select marked_for_deletion from users where id = ?').get(id)).toEqual({ marked_for_deletion: 0 });
  });

  test('a Google account may set its first password without a current one', async () => {
    const { session } = await signIn();
    const res = await t.server.api.user['change-password'].post(
      { newPassword: 'firstpass1', confirmNewPassword: 'firstpass1' },
      { cookie: session },
    );
    expect(res.status).toBe(200);
    const login = await t.server.api.login.post({ email: 'google.learner@example.com', password: 'firstpass1' });
    expect(login.status).toBe(200);
    expect(login.json.hasPassword).toBe(true);
  });

  test('a Google account without a password cannot log in with one', async () => {
    await signIn();
    const res = await t.server.api.login.post({ email: 'google.learner@example.com', password: 'anything1' });
    expect(res.status).toBe(401);
  });
});

describe('on a LiteFS replica', () => {
  test('the GETs that write (Google callback, verification link) are replayed on the primary', async () => {
    const litefs = mkdtempSync(join(tmpdir(), 'kalimat-litefs-'));
    writeFileSync(join(litefs, '.primary'), 'primary-machine\n');
    const replica = createTestApp({ content: false, env: { ...google.env, LITEFS_DIR: litefs } });
    try {
      const before = snapshot(replica);
      for (const path of ['/auth/google/callback?code=a&state=b', `/api/verify-email?token=${'a'.repeat(43)}`]) {
        const res = await replica.app.handle(new Request(`http://localhost:3000${path}`));
        expect(res.status).toBe(409);
        expect(res.headers.get('fly-replay')).toBe('instance=primary-machine');
      }
      expect(snapshot(replica)).toEqual(before);
      // Starting the flow writes nothing, so a replica may answer it.
      expect((await replica.app.handle(new Request('http://localhost:3000/auth/google'))).status).toBe(302);
    } finally {
      replica.close();
      rmSync(litefs, { recursive: true, force: true });
    }
  });
});
