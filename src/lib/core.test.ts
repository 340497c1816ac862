import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { BASE, createTestApp } from '../../tests/support/app';
import { corePlugin, MAX_BODY_DEPTH, MAX_BODY_VALUES } from './core';
import type { EventHub } from './events';
import { serveClient } from './static';

const t = createTestApp({ content: false });
afterAll(() => t.close());

describe('every response', () => {
  test('carries a request id and the security headers', async () => {
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('errors have message, error and requestId, matching the header', async () => {
    const res = await t.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      message: 'The requested resource was not found.',
      error: 'Not Found',
      requestId: res.headers.get('x-request-id'),
    });
  });

  test('unknown API paths answer JSON 404 for every method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.request(method, '/api/nothing/here', { body: {} });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Not Found');
    }
  });
});

describe('request bodies', () => {
  test('malformed JSON is a 400', async () => {
    const res = await t.request('POST', '/api/login', { body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The request body is not valid JSON.');
  });

  test('a body that is not JSON is a 415', async () => {
    const res = await t.request('POST', '/api/login', {
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.json.error).toBe('Unsupported Media Type');
  });

  test('a body over 64 KiB is a 413, with or without a length header', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(70 * 1024) });
    const res = await t.request('POST', '/api/login', { body: big });
    expect(res.status).toBe(413);
    const chunked = await t.app.handle(
      new Request('http://localhost:3000/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE },
        body: new Blob([big]).stream(),
        duplex: 'half',
      } as RequestInit),
    );
    expect(chunked.status).toBe(413);
  });

  test('JSON that is not an object is a validation error, not a 500', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const res = await t.request('POST', '/api/login', { body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Validation Error');
    }
  });

  test('a state-changing request from another origin is refused', async () => {
    const res = await t.request('POST', '/api/login', { body: {}, headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(403);
    const same = await t.request('POST', '/api/login', {
      body: { email: 'a@b.co', password: 'x' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(same.status).toBe(401);
  });

  test('a state-changing request that does not show it comes from this site is refused, the Stripe webhook excepted', async () => {
    const { cookie } = await t.signUp();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await t.request(method, '/api/logout', { cookie, origin: null });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('Requests from another site are not allowed.');
    }
    for (const origin of ['null', '', 'http://localhost:3001', 'https://localhost:3000', 'http://localhost.evil.example']) {
      expect((await t.request('POST', '/api/logout', { cookie, origin })).status).toBe(403);
    }
    const crossSite = await t.request('POST', '/api/logout', { cookie, origin: null, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const sameSite = await t.request('POST', '/api/logout', { cookie, origin: null, headers: { 'sec-fetch-site': 'same-site' } });
    expect(sameSite.status).toBe(403);
    // Still signed in after every refusal.
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200);

    const webhook = await t.request('POST', '/api/subscription/webhook', { body: '{}', origin: null });
    expect(webhook.status).not.toBe(403);
  });

  test('a browser that sends no Origin but Sec-Fetch-Site: same-origin is let through', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request('POST', '/api/logout', { cookie, origin: null, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(204);
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401);
  });

  test('the app is its own site on the address it was reached at, as well as on APP_URL', async () => {
    const res = await t.app.handle(
      new Request('http://127.0.0.1:3000/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
        body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      }),
    );
    expect(res.status).toBe(401);
  });
});

describe('a body or query too deeply nested or too large to check', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  /** Sends `body` and counts the JSON the server parsed and wrote while answering it, in characters. */
  async function send(path: string, body: string, cookie?: string) {
    const parse = spyOn(JSON, 'parse');
    const stringify = spyOn(JSON, 'stringify');
    try {
      const res = await t.request('POST', path, { body, cookie });
      const parsed = parse.mock.calls.reduce((sum, [text]) => sum + (typeof text === 'string' ? text.length : 0), 0);
      const written = stringify.mock.results.reduce((sum, r) => sum + (typeof r.value === 'string' ? r.value.length : 0), 0);
      return { ...res, parsed, written };
    } finally {
      parse.mockRestore();
      stringify.mockRestore();
    }
  }

  test('[[[...]]] of depth 16,000 and 32,000 (under 64 KiB) is refused before it is parsed, signed in or not, and never echoed', async () => {
    const { cookie } = await t.signUp();
    for (const depth of [16_000, 32_000]) {
      for (const [path, who] of [
        ['/api/login', undefined],
        ['/api/words/1/progress', cookie],
      ] as const) {
        const res = await send(path, nested(depth), who);
        expect({ depth, path, status: res.status, json: res.json }).toEqual({
          depth,
          path,
          status: 400,
          json: {
            error: 'Bad Request',
            message: `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`,
            requestId: expect.any(String),
          },
        });
        // The work is the request's, not the body's: nothing as long as the body is parsed or written.
        expect(res.parsed).toBeLessThan(1000);
        expect(res.written).toBeLessThan(1000);
      }
    }
  });

  test('a query value written as a nested JSON list or object (Elysia parses either) is refused before it is parsed, and never echoed', async () => {
    const objects = (depth: number) => '{"":'.repeat(depth) + '1' + '}'.repeat(depth);
    const parse = spyOn(JSON, 'parse');
    const stringify = spyOn(JSON, 'stringify');
    try {
      for (const query of [
        `includeVerbs=${nested(8000)}`,
        `includeVerbs=${encodeURIComponent(nested(8000))}`,
        `text=${nested(8000)}`,
        `text=${objects(2600)}`,
        `text=${encodeURIComponent(objects(2600))}`,
        `text=${encodeURIComponent(`{"a":${nested(4000)}}`)}`,
      ]) {
        const res = await t.app.handle(new Request(`${BASE}/api/${query.startsWith('text') ? 'tts' : 'words/topics'}?${query}`));
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({
          error: 'Bad Request',
          message: `The query is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`,
        });
      }
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > 1000)).toEqual([]);
      expect(stringify.mock.results.filter((r) => typeof r.value === 'string' && r.value.length > 1000)).toEqual([]);
    } finally {
      parse.mockRestore();
      stringify.mockRestore();
    }
    // A flat object is within the limits and reaches the route's schema, which refuses it without writing it back.
    const flat = await t.request('GET', `/api/tts?text=${encodeURIComponent('{"zqx":"zqx"}')}`);
    expect(flat.status).toBe(400);
    expect(flat.text).not.toContain('zqx');
    // Brackets in a query value within the limits reach the route's schema.
    expect((await t.request('GET', `/api/words/topics?includeVerbs=${nested(3)}`)).json.error).toBe('Validation Error');
  });

  test('depth 100,000 (200 KB) is a 413 with or without a length header', async () => {
    const bomb = nested(100_000);
    expect((await send('/api/login', bomb)).status).toBe(413);
    const chunked = await t.app.handle(
      new Request(`${BASE}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE },
        body: new Blob([bomb]).stream(),
        duplex: 'half',
      } as RequestInit),
    );
    expect(chunked.status).toBe(413);
    expect(await chunked.text()).not.toContain('[[');
  });

  test(`more than ${MAX_BODY_VALUES} keys and list items is refused; the limits themselves, and brackets inside strings, are let through to the schema`, async () => {
    const keys = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    const items = (n: number) => JSON.stringify({ email: Array.from({ length: n }, (_, i) => i) });
    const tooMany = `The request body holds too many values (at most ${MAX_BODY_VALUES} keys and list items).`;
    expect((await send('/api/login', keys(MAX_BODY_VALUES + 1))).json.message).toBe(tooMany);
    // The key 'email' counts with its items.
    expect((await send('/api/login', items(MAX_BODY_VALUES))).json.message).toBe(tooMany);
    expect((await send('/api/login', `[${'[],'.repeat(MAX_BODY_VALUES)}[]]`)).json.message).toBe(tooMany);
    for (const body of [
      keys(MAX_BODY_VALUES),
      items(MAX_BODY_VALUES - 1),
      nested(MAX_BODY_DEPTH),
      `[${'[],'.repeat(MAX_BODY_VALUES - 1)}[]]`,
    ]) {
      expect((await send('/api/login', body)).json.error).toBe('Validation Error');
    }
    const inString = await send('/api/login', JSON.stringify({ email: `${'[{'.repeat(5000)}"\\`, password: ',:'.repeat(5000) }));
    expect(inString.json.error).toBe('Validation Error');
  });
});

describe('an unexpected failure', () => {
  test('is a 500 with the catalogue text: no stack trace, no SQL, and the request id to quote', async () => {
    const { ctx } = t.app;
    const failing = new Elysia().use(corePlugin(ctx)).get('/api/boom', () => {
      ctx.db.$client.query('select * from no_such_table where secret = 1').all();
    });
    const res = await failing.handle(new Request(`${BASE}/api/boom`));
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body).toEqual({
      message: 'A server error occurred. Please try again later.',
      error: 'Internal Server Error',
      requestId: res.headers.get('x-request-id'),
    });
    expect(Object.keys(body)).toEqual(['message', 'error', 'requestId']);
  });
});

describe('the web client', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kalimat-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  test('before the build, pages answer a clear 503 instead of a JSON 404', async () => {
    const res = serveClient(dist, '/topics/Colors');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('bun run build');
  });

  test('after it, every non-API path gets index.html, and hashed files are cached for a year', async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'main-abcdef12.js'), 'console.log(1)');
    const page = serveClient(dist, '/topics/Colors');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = serveClient(dist, '/main-abcdef12.js');
    expect(await script.text()).toBe('console.log(1)');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('non-API paths reach the client through the app, never a JSON 404', async () => {
    const res = await t.request('GET', '/topics/Colors');
    expect(res.headers.get('content-type')).not.toContain('application/json');
  });

  test('paths cannot escape the build folder', async () => {
    const res = await t.request('GET', '/..%2f..%2fpackage.json');
    expect(res.text).not.toContain('"dependencies"');
  });
});

describe('GET /api/events', () => {
  /** The stream's plumbing is tested with payloads of any shape. */
  const anyEvent = (channel: string, data: unknown, userId: number) =>
    (t.app.ctx.events as unknown as EventHub<Record<string, unknown>>).publish(channel, data, userId);
  /** Opens the stream with `lastEventId` as sent, publishes a marker, and gives the events read up to it. */
  async function eventsAfter(cookie: string, userId: number, lastEventId: string) {
    const abort = new AbortController();
    const res = await t.app.handle(
      new Request(`${BASE}/api/events`, { headers: { cookie, 'last-event-id': lastEventId }, signal: abort.signal }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    anyEvent('subscription', { marker: true }, userId);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('marker')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    return text.split('\n').filter((line) => line.startsWith('data: '));
  }

  test('needs a session', async () => {
    expect((await t.request('GET', '/api/events')).status).toBe(401);
  });

  test('a Last-Event-ID that is not an id the server gave replays nothing and breaks nothing', async () => {
    const { cookie, user } = await t.signUp();
    anyEvent('subscription', { before: true }, user.id);
    for (const lastEventId of ['abc', '-3', '0', '1.5', '1e400', '9'.repeat(40), String(Number.MAX_SAFE_INTEGER)]) {
      expect({ lastEventId, data: await eventsAfter(cookie, user.id, lastEventId) }).toEqual({
        lastEventId,
        data: ['data: {"marker":true}'],
      });
    }
  });

  test('a stream ends as soon as its session does: logout, a password change elsewhere, deletion', async () => {
    const { cookie, password, email } = await t.signUp();
    const other = await t.request('POST', '/api/login', { body: { email, password } });
    const open = async (c: string) => {
      const res = await t.app.handle(new Request(`${BASE}/api/events`, { headers: { cookie: c } }));
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes(': connected')) text += new TextDecoder().decode((await reader.read()).value);
      return reader;
    };
    /** Reads to the end of the stream; the heartbeat (8 s) never comes first. */
    const rest = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      let text = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
      return text;
    };
    const mine = await open(cookie);
    expect((await t.request('POST', '/api/logout', { cookie })).status).toBe(204);
    expect(await rest(mine)).not.toContain('heartbeat');

    const theirs = await open(other.cookie!);
    const change = await t.request('POST', '/api/user/change-password', {
      cookie: other.cookie!,
      body: { currentPassword: password, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' },
    });
    expect(change.status).toBe(200);
    expect(await rest(theirs)).not.toContain('heartbeat');

    const last = await open(change.cookie!);
    expect((await t.request('DELETE', '/api/user/delete', { cookie: change.cookie! })).status).toBe(200);
    expect(await rest(last)).not.toContain('heartbeat');
  });
});
