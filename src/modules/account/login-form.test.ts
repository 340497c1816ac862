import { afterAll, describe, expect, test } from 'bun:test';
import { BASE, createTestApp } from '../../../tests/support/app';
import { LOGIN_FORM_PATH, RESTORED_COOKIE } from '../../shared/forms';
import { LIMITS } from './index';

const t = createTestApp({ content: false });
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (fields: Record<string, string>, init: { origin?: string | null; headers?: Record<string, string> } = {}) =>
  t.request('POST', LOGIN_FORM_PATH, {
    body: new URLSearchParams(fields).toString(),
    headers: { ...FORM, ...init.headers },
    origin: init.origin,
  });

// The login form the build draws, posted by the browser before the app has taken it over (docs/decisions/0041).
describe(`POST ${LOGIN_FORM_PATH}`, () => {
  test('the right password starts a session and sends the browser to All Words', async () => {
    const { email, password, user } = await t.signUp();
    const res = await post({ email: `  ${email.toUpperCase()} `, password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/words');
    expect(res.cookie).toBeDefined();
    expect((await t.server.api.user.get({ cookie: res.cookie })).json.id).toBe(user.id);
  });

  test('signing in to an account marked for deletion restores it and leaves a one-minute note for the screen it lands on; the next login leaves none', async () => {
    const { email, password, cookie } = await t.signUp();
    expect((await t.request('DELETE', '/api/user/delete', { cookie })).status).toBe(200);
    const restoredNote = (res: { headers: Headers }) =>
      res.headers.getSetCookie().find((line) => line.startsWith(`${RESTORED_COOKIE.name}=`));
    const first = await post({ email, password });
    expect(first.headers.get('location')).toBe('/words');
    expect(restoredNote(first)).toMatch(/^restored=1; Max-Age=60; Path=\/;.*SameSite=Lax/i);
    expect((await t.server.api.user.get({ cookie: first.cookie })).json).toMatchObject({ email });
    const again = await post({ email, password });
    expect(again.status).toBe(303);
    expect(restoredNote(again)).toBeUndefined();
  });

  test('a wrong password, an unknown address or missing fields go back to the login screen, signed out', async () => {
    const { email } = await t.signUp();
    for (const fields of [
      { email, password: 'wrong-one' },
      { email: 'nobody@example.com', password: 'secret123' },
      { email },
      {},
      { email, password: 'x'.repeat(10_000) },
    ] as Record<string, string>[]) {
      const res = await post(fields);
      expect(res.status).toBe(303);
      // The fragment names the message the drawn login screen shows without a script.
      expect(res.headers.get('location')).toBe('/auth?error=login#login-failed');
      expect(res.cookie).toBeUndefined();
    }
  });

  test('wrong guesses count toward the same limit as the JSON login; past it, the login screen says to wait', async () => {
    const { email, password } = await t.signUp();
    const ip = { 'fly-client-ip': '10.9.9.9' };
    for (let i = 0; i < LIMITS.failedLoginsPerEmailAndIp.limit; i++) await post({ email, password: `wrong${i}` }, { headers: ip });
    const limited = await post({ email, password }, { headers: ip });
    expect(limited.headers.get('location')).toBe('/auth?error=login_limit#login-limited');
    expect(limited.cookie).toBeUndefined();
    expect((await t.server.api.login.post({ email, password }, { headers: ip })).status).toBe(429);
  });

  test("the login screen's ?redirect= is followed after the form's login and kept after a failure; only same-site paths", async () => {
    const { email, password } = await t.signUp();
    const from = (query: string) => ({ headers: { referer: `${BASE}/auth?${query}` } });
    expect((await post({ email, password: 'wrong-one' }, from('redirect=%2Fstats'))).headers.get('location')).toBe(
      '/auth?error=login&redirect=%2Fstats#login-failed',
    );
    expect((await post({ email, password }, from('redirect=%2Fstats'))).headers.get('location')).toBe('/stats');
    for (const query of ['redirect=%2F%2Felsewhere.example', 'redirect=https%3A%2F%2Felsewhere.example', 'redirect=%2Fauth']) {
      expect((await post({ email, password }, from(query))).headers.get('location')).toBe('/words');
    }
    // A page of another site naming a redirect is no login screen of this one.
    expect(
      (await post({ email, password }, { headers: { referer: 'https://elsewhere.example/auth?redirect=%2Fstats' } })).headers.get(
        'location',
      ),
    ).toBe('/words');
  });

  test('a post from another site is refused, and a body that is neither a form nor JSON is a 415', async () => {
    const { email, password } = await t.signUp();
    const foreign = await post({ email, password }, { origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.cookie).toBeUndefined();
    const text = await t.request('POST', LOGIN_FORM_PATH, { body: `email=${email}`, headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  test('only this route reads a form body: the JSON login refuses one', async () => {
    const { email, password } = await t.signUp();
    const res = await t.request('POST', '/api/login', { body: new URLSearchParams({ email, password }).toString(), headers: FORM });
    expect(res.status).toBe(415);
  });
});

describe('POST /api/login', () => {
  test('signing in to an account marked for deletion restores it and says so; the next login says nothing of it', async () => {
    const { email, password, cookie } = await t.signUp();
    expect((await t.request('DELETE', '/api/user/delete', { cookie })).status).toBe(200);
    const first = await t.server.api.login.post({ email, password });
    expect(first.json).toMatchObject({ email, restored: true });
    const again = await t.server.api.login.post({ email, password });
    expect(again.status).toBe(200);
    expect(again.json).not.toHaveProperty('restored');
  });
});
