import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';
import { LOGIN_FORM_PATH } from '../../shared/forms';
import { LIMITS } from './index';

const t = createTestApp({ content: false });
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (fields: Record<string, string>, init: { origin?: string | null; headers?: Record<string, string> } = {}) =>
  t.request('POST', LOGIN_FORM_PATH, { body: new URLSearchParams(fields).toString(), headers: { ...FORM, ...init.headers }, origin: init.origin });

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

  test('a wrong password, an unknown address or missing fields go back to the login screen, signed out', async () => {
    const { email } = await t.signUp();
    for (const fields of [{ email, password: 'wrong-one' }, { email: 'nobody@example.com', password: 'secret123' }, { email }, {}, { email, password: 'x'.repeat(10_000) }] as Record<string, string>[]) {
      const res = await post(fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/auth?error=login');
      expect(res.cookie).toBeUndefined();
    }
  });

  test('wrong guesses count toward the same limit as the JSON login; past it, the login screen says to wait', async () => {
    const { email, password } = await t.signUp();
    const ip = { 'fly-client-ip': '10.9.9.9' };
    for (let i = 0; i < LIMITS.failedLoginsPerEmailAndIp.limit; i++) await post({ email, password: `wrong${i}` }, { headers: ip });
    const limited = await post({ email, password }, { headers: ip });
    expect(limited.headers.get('location')).toBe('/auth?error=login_limit');
    expect(limited.cookie).toBeUndefined();
    expect((await t.server.api.login.post({ email, password }, { headers: ip })).status).toBe(429);
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
