import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './harness';

/**
 * Two server processes on one database file: what happens while a deploy overlaps two machines' worth of
 * processes, or `bun run import` runs beside the server. Every answer is one IMMEDIATE transaction with the
 * counts added in SQL, so answers arriving through both at once must all count.
 */
const dir = mkdtempSync(join(tmpdir(), 'kalimat-two-'));
let a: Awaited<ReturnType<typeof startServer>>;
let b: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  a = await startServer(join(dir, 'app.db'));
  // The second start finds the database migrated and the content imported, and shares the session secret.
  b = await startServer(join(dir, 'app.db'));
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const call = async (base: string, method: string, path: string, cookie: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};

describe('two server processes on one database', () => {
  test('sixty answers sent through both at once all count, and the streak unlocks each batch once', async () => {
    const register = await fetch(`${a.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.baseUrl },
      body: JSON.stringify({ email: 'two@example.com', username: 'twoprocs', password: 'secret123', name: 'Two Processes' }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0];
    const words = (await call(b.baseUrl, 'GET', '/api/words', cookie)).json as { id: number }[];
    const [first, second] = words;

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(i % 2 ? a.baseUrl : b.baseUrl, 'POST', `/api/words/${i % 4 < 2 ? first.id : second.id}/progress`, cookie, {
          correct: true,
          page: 'unified',
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect((await call(a.baseUrl, 'GET', `/api/words/${first.id}/progress`, cookie)).json.timesCorrect).toBe(30);
    expect((await call(b.baseUrl, 'GET', `/api/words/${second.id}/progress`, cookie)).json.timesCorrect).toBe(30);
    expect((await call(a.baseUrl, 'GET', '/api/streak', cookie)).json).toMatchObject({ currentStreak: 60, bestStreak: 60 });
    expect(
      answers
        .map((r) => r.json.unlockedBatch)
        .filter(Boolean)
        .sort(),
    ).toEqual([2, 3, 4, 5]);
  });

  test('a tab connected to one process hears of a subscription bought through the other', async () => {
    const register = await fetch(`${a.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.baseUrl },
      body: JSON.stringify({ email: 'tabs@example.com', username: 'twotabs', password: 'secret123', name: 'Two Tabs' }),
    });
    const cookie = register.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0];
    const abort = new AbortController();
    const stream = await fetch(`${b.baseUrl}/api/events`, { headers: { cookie }, signal: abort.signal });
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes(': connected')) text += new TextDecoder().decode((await reader.read()).value);

    expect((await call(a.baseUrl, 'POST', '/api/subscription/demo-checkout', cookie, { planId: 'yearly' })).status).toBe(200);
    while (!text.includes('event: subscription')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const data = text
      .slice(text.indexOf('event: subscription'))
      .split('\n')
      .find((line) => line.startsWith('data: '))!;
    expect(JSON.parse(data.slice(6))).toMatchObject({ status: 'active', isActive: true, plan: { id: 'yearly' } });
  });
});
