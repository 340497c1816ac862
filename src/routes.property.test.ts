import { afterAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, createTestApp } from '../tests/support/app';
import { startFakeOpenAI } from '../tests/fakes/openai';
import { fakeStripeEnv, startFakeStripe } from '../tests/fakes/stripe';

/**
 * The black-box probe of issue 16 as property tests: for every route, generated malformed path
 * parameters, queries, bodies and headers never answer a 5xx or show a stack, SQL or a JavaScript error.
 * Every outside service is a local fake, so a 503 would be the app's own failure too. Runs are bounded
 * (RUNS per route) to keep the suite fast; a failure prints the shrunk request to replay.
 */
const RUNS = 20;

const stripe = startFakeStripe();
const openai = startFakeOpenAI();
const t = createTestApp({
  env: { ...fakeStripeEnv(stripe), OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, ESPEAK_PATH: '/nonexistent/espeak-ng' },
});
// The client's pages are served from a build of one page, whether or not `bun run build` has run.
const dist = mkdtempSync(join(tmpdir(), 'kalimat-probe-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
t.config.distDir = dist;
afterAll(() => {
  t.close();
  stripe.stop();
  openai.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A learner whose session may be ended by a run (logout, deletion); a fresh one is made when it is. */
let learner: Awaited<ReturnType<typeof t.signUp>> | undefined;
async function signedIn() {
  if (!learner || (await t.request('GET', '/api/user', { cookie: learner.cookie })).status !== 200) learner = await t.signUp();
  return learner.cookie;
}

const FIELDS = [
  'email',
  'password',
  'username',
  'name',
  'currentPassword',
  'newPassword',
  'token',
  'planId',
  'interval',
  'successUrl',
  'cancelUrl',
  'correct',
  'page',
  'topic',
  'answer',
  'sentenceKey',
  'context',
  'contextIndex',
  'step',
  'completed',
  'score',
  'number',
  'letter',
  'message',
  'stack',
  'url',
  'componentStack',
  'subject',
  'feature',
  'seconds',
  'duration',
  'timeZone',
  'kind',
  'key',
  'reason',
  'suggestion',
  'note',
  'id',
  'wordId',
  'flagged',
  'batch',
  'exclude',
  'includeVerbs',
  'text',
  'type',
  'data',
];
const QUERY_KEYS = ['text', 'token', 'page', 'exclude', 'includeVerbs', 'topic', 'batch', 'limit', 'tz', 'id'];

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    '1e308',
    'NaN',
    'Infinity',
    '9007199254740993',
    '2abc',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '<script>',
    '\u0000',
    '\uD800',
    '..',
    '../..',
    '%',
    '%zz',
    '%E0%A4%A',
    'x'.repeat(3000),
  ),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const fieldValue = fc.oneof(oddText, anyJson, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  anyJson.map((v) => JSON.stringify(v)),
  oddText,
  fc.constant(undefined),
);
/** A path segment as a client could send it: percent-encoded, or raw (broken escapes included). */
const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // A lone surrogate, as its UTF-8 bytes would be sent.
  }
};
const segment = fc.oneof(oddText.map(encoded), fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '1', '2abc', '99999999999999999999'));
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), oddText, { maxKeys: 4 });
/** Header values can carry any Latin-1 byte but NUL, CR and LF (fetch refuses the rest before sending). */
const headerText = oddText.map((text) => text.replace(/[\0\r\n]|[^\x00-\xff]/g, ''));
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      '',
    ),
    'last-event-id': headerText,
    'stripe-signature': fc.oneof(headerText, fc.constantFrom('t=1,v1=abc', 't=99999999999,v1=', 't=,t=x,v1=0')),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x, y'),
    'x-request-id': headerText,
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', ''),
  },
  { requiredKeys: [] },
);
const cookie = fc.constantFrom('signed-in', 'none', 'garbage', 'empty');

function pathFor(template: string, params: string[]) {
  let i = 0;
  return template.replace(/:\w+|\*/g, () => params[i++ % params.length] ?? '');
}

const STACK = /\n\s+at |TypeError|ReferenceError|RangeError|SyntaxError|SQLITE|sqlite|drizzle|node_modules/;

const routes = t.app.routes.filter((r) => r.path !== '/api/events').map((r) => ({ method: r.method, path: r.path }));

describe('every route, with generated malformed input', () => {
  test('there are routes to probe', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  for (const route of routes) {
    test(`${route.method} ${route.path} answers no 5xx and shows no stack`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 3 }),
          query,
          body,
          headers,
          cookie,
          async (params, q, payload, extra, who) => {
            const search = new URLSearchParams(q).toString();
            const path = pathFor(route.path, params) + (search ? `?${search}` : '');
            const cookieHeader =
              who === 'signed-in'
                ? await signedIn()
                : who === 'garbage'
                  ? 'session=not-a-session'
                  : who === 'empty'
                    ? 'session='
                    : undefined;
            const init: RequestInit = {
              method: route.method,
              headers: { ...extra, ...(cookieHeader ? { cookie: cookieHeader } : {}), origin: BASE },
            };
            if (route.method !== 'GET' && route.method !== 'HEAD' && payload !== undefined) init.body = payload;
            let request: Request;
            try {
              request = new Request(BASE + path, init);
            } catch {
              return; // Not a request a client can send (fetch refuses the URL itself).
            }
            const res = await t.app.handle(request);
            const text = await res.text();
            expect({ path, status: res.status < 500, text }).toEqual({ path, status: true, text: expect.not.stringMatching(STACK) });
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  test('a correctly signed webhook of any shape answers no 5xx', async () => {
    const event = fc.oneof(
      anyJson,
      fc.record(
        {
          id: fieldValue,
          type: fc.oneof(
            fieldValue,
            fc.constantFrom('checkout.session.completed', 'customer.subscription.updated', 'invoice.paid', 'invoice.payment_failed'),
          ),
          data: fc.oneof(
            fieldValue,
            fc.record(
              {
                object: fc.oneof(
                  fieldValue,
                  fc.dictionary(fc.constantFrom('id', 'mode', 'subscription', 'parent', 'customer'), fieldValue),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(event, async (payload) => {
        const { body: raw, signature } = await stripe.sign(payload as Record<string, unknown>, { timestamp: t.clock.now() });
        const res = await t.request('POST', '/api/subscription/webhook', { body: raw, headers: { 'stripe-signature': signature } });
        expect({ payload, status: res.status < 500, text: res.text }).toEqual({
          payload,
          status: true,
          text: expect.not.stringMatching(STACK),
        });
      }),
      { numRuns: RUNS * 5 },
    );
  });

  test('the event stream answers a stream or a 401 for any Last-Event-ID and cookie', async () => {
    await fc.assert(
      fc.asyncProperty(headerText, cookie, async (lastEventId, who) => {
        const abort = new AbortController();
        const cookieHeader = who === 'signed-in' ? await signedIn() : who === 'garbage' ? 'session=x' : undefined;
        const res = await t.app.handle(
          new Request(`${BASE}/api/events`, {
            headers: { 'last-event-id': lastEventId, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
            signal: abort.signal,
          }),
        );
        expect([200, 401]).toContain(res.status);
        abort.abort();
        await res.body?.cancel().catch(() => undefined);
      }),
      { numRuns: RUNS },
    );
  });
});
