import { expect } from 'bun:test';
import type { TestApp } from './app';

/** Every row the auth calls can write, so a refused call can be shown to have changed nothing. */
const TABLES = [
  'users',
  'sessions',
  'password_reset_tokens',
  'email_verification_tokens',
  'support_tickets',
  'client_errors',
  'trial_grants',
  'mail_outbox',
];

export function snapshot(t: TestApp) {
  return Object.fromEntries(TABLES.map((table) => [table, t.db.$client.query(`select * from ${table} order by rowid`).all()]));
}

/** The newest stored mail to `to`, or undefined. */
export async function lastMailTo(t: TestApp, to: string) {
  const res = await t.request('GET', '/api/dev/mail');
  return (res.json as { to: string; subject: string; text: string }[]).find((mail) => mail.to === to);
}

/** The `token` query value of the first link to `path` in a mail text. */
export function tokenIn(text: string, path: string) {
  const match = text.match(new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

/** All cookies a response sets, as a Cookie header value (cookies cleared with Max-Age=0 left out). */
export function cookiesOf(res: { headers: Headers }) {
  return res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** An error answer from the catalogue: the status, the code, a message, the request id. */
export function expectError(res: { status: number; json: any; headers: Headers }, status: number, error?: string) {
  expect(res.status).toBe(status);
  expect(typeof res.json?.message).toBe('string');
  expect(res.json.requestId).toBe(res.headers.get('x-request-id'));
  if (error) expect(res.json.error).toBe(error);
}
