import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BASE, createTestApp } from '../../tests/support/app';
import { fakeStripeEnv, startFakeStripe } from '../../tests/fakes/stripe';
import { STATUS_MESSAGES } from '../shared/errors';

/**
 * Whatever a request carries, up to the 1 MiB the server takes: a body of any depth, width or size,
 * JSON or not, on every route of the app. Each is served or refused with a 4xx of the catalogue, never a
 * 500, and a refusal never writes back what was sent. Every string the bodies hold carries MARK, so an
 * echo of any part of one is seen.
 */
const MARK = 'zqx';
const ONE_MIB = 1024 * 1024;

const marked = fc.string({ maxLength: 30 }).map((s) => MARK + s);
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    marked,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 8 }),
    fc.dictionary(marked, tie('value'), { maxKeys: 8 }),
  ),
})).value;

/** `[[…x…]]` or `{"zqx":{"zqx":…x…}}` around a value, to any depth a body of 1 MiB can hold. */
const deep = fc.tuple(fc.integer({ min: 1, max: 150_000 }), fc.boolean(), json).map(([depth, array, inner]) => {
  const [open, close] = array ? ['[', ']'] : [`{"${MARK}":`, '}'];
  const times = Math.min(depth, Math.floor(ONE_MIB / (open.length + close.length)) - 100);
  return open.repeat(times) + JSON.stringify(inner) + close.repeat(times);
});
/** A list or an object with up to a quarter of a million entries. */
const wide = fc
  .tuple(fc.integer({ min: 1, max: 250_000 }), fc.boolean())
  .map(([n, array]) =>
    array ? `[${`"${MARK}",`.repeat(n)}0]` : `{${Array.from({ length: Math.min(n, 60_000) }, (_, i) => `"${MARK}${i}":${i}`).join(',')}}`,
  );
/** One known key holding a string of up to 1 MiB. */
const huge = fc
  .tuple(
    fc.constantFrom('email', 'password', 'username', 'issue', 'planId', 'correct', 'page', MARK),
    fc.integer({ min: 0, max: ONE_MIB - 40 }),
  )
  .map(([key, n]) => JSON.stringify({ [key]: MARK + 'a'.repeat(n) }));
/** The routes' own field names, holding anything: what reaches a schema's checks of each field. */
const FIELDS = [
  'email',
  'username',
  'password',
  'name',
  'issue',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'token',
  'planId',
  'interval',
  'successUrl',
  'cancelUrl',
  'isFlagged',
  'correct',
  'completed',
  'letterNumber',
  'item',
  'kind',
  'id',
  'reason',
  'suggestion',
  'note',
  'sentenceId',
  'answer',
  'context',
  'sessionId',
  'page',
  'timeZone',
  'flag',
  'inFlaggedSection',
  'direction',
  'fast',
];
/** The keys the routes' query schemas read; a GET route is sent the body as one of them. */
const QUERY_KEYS = ['includeVerbs', 'text', 'exclude', 'page', MARK];
const fields = fc.dictionary(fc.constantFrom(...FIELDS), json, { maxKeys: 6 }).map((v) => JSON.stringify(v));
const bytes = fc.uint8Array({ maxLength: 2048 }).map((b) => MARK + new TextDecoder().decode(b));

const body = fc.oneof(
  fields,
  fields,
  json.map((v) => JSON.stringify(v) ?? 'null'),
  deep,
  wide,
  huge,
  bytes,
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);

// Billing as it runs in production, against the fake Stripe: unconfigured, its routes answer 503 by design.
const stripe = startFakeStripe();
const t = createTestApp({
  env: fakeStripeEnv(stripe, { STRIPE_PRICE_MONTHLY: 'price_monthly_test', STRIPE_PRICE_YEARLY: 'price_yearly_test' }),
  content: false,
});
afterAll(() => {
  t.close();
  stripe.stop();
});

describe('any body on any route', () => {
  const routes = t.app.routes.map(({ method, path }) => ({ method, path }));

  test('every route of the app is tried', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.path)).toContain('/api/login');
    expect(routes.map((r) => r.path)).toContain('/api/words/:id/progress');
  });

  test('is served or refused with a 4xx of the catalogue, never a 500, and a refusal never echoes it', async () => {
    let cookie = (await t.signUp()).cookie;
    let sessions = 1;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.boolean(),
        body,
        contentType,
        fc.constantFrom('1', MARK, '-1', '99999999999999999999'),
        fc.constantFrom(...QUERY_KEYS),
        async (route, signedIn, text, type, param, queryKey) => {
          // The catch-all is tried on its API side: its other side is the web client's page, which a test tree may not have built.
          const path = route.path.replace(/:\w+/g, param).replace('/*', `/api/${MARK}/x`);
          const method = route.method === 'ALL' ? 'POST' : route.method;
          const carriesBody = method !== 'GET' && method !== 'HEAD';
          const headers: Record<string, string> = { origin: BASE };
          if (type) headers['content-type'] = type;
          if (signedIn) headers.cookie = cookie;
          const url = carriesBody ? BASE + path : `${BASE}${path}?${queryKey}=${encodeURIComponent(text.slice(0, 16_000))}`;
          const res = await t.app.handle(new Request(url, { method, headers, body: carriesBody ? text : undefined }));
          const case_ = `${method} ${route.path} (${text.length} characters: ${text.slice(0, 60)})`;
          if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
            await res.body?.cancel();
            expect({ case_, status: res.status }).toEqual({ case_, status: 200 });
            return;
          }
          const answer = await res.text();
          expect({ case_, status: res.status, below500: res.status < 500 }).toEqual({ case_, status: res.status, below500: true });
          if (res.status >= 400) {
            expect({ case_, status: res.status, known: res.status in STATUS_MESSAGES }).toEqual({ case_, status: res.status, known: true });
            const error = JSON.parse(answer);
            expect({ case_, keys: Object.keys(error).filter((k) => k !== 'details') }).toEqual({
              case_,
              keys: ['message', 'error', 'requestId'],
            });
            expect({ case_, echoed: answer.includes(MARK) }).toEqual({ case_, echoed: false });
          }
          // A session ended by the body's route (logout, deletion, a password change) is replaced, so later runs reach the schemas.
          if (signedIn && res.ok && method !== 'GET' && (await t.request('GET', '/api/user', { cookie })).status === 401) {
            cookie = (await t.signUp({ email: `again${++sessions}@example.com`, username: `again${sessions}` })).cookie;
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('a nested body sent to the running server', () => {
  const ROOT = resolve(import.meta.dir, '../..');
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-bodies-'));
  let server: ReturnType<typeof Bun.spawn>;
  let base = '';

  beforeAll(async () => {
    const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
    const port = probe.port!;
    probe.stop(true);
    base = `http://127.0.0.1:${port}`;
    // As `npm start` runs it: development mode, where Elysia writes a refused input out in full.
    server = Bun.spawn([process.execPath, 'src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_PATH: join(dir, 'app.db'),
        LOG_LEVEL: 'silent',
      },
      stdout: 'ignore',
      stderr: 'inherit',
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return;
      } catch {}
      await Bun.sleep(100);
    }
    throw new Error('the server did not start');
  }, 60_000);
  afterAll(async () => {
    // Killed outright: a graceful drain waits for the idle keep-alive connections of the bombs' fetches.
    server.kill('SIGKILL');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  test('twenty [[[...]]] of depth 32,000 and 100,000 to login and to a signed-in route leave /healthz answering', async () => {
    const json = { 'content-type': 'application/json', origin: base };
    const register = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'rana@example.com', username: 'rana', password: 'secret123', name: 'Rana' }),
    });
    const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
    const bombs = Array.from({ length: 20 }, (_, i) => {
      const depth = i % 2 ? 100_000 : 32_000;
      const [path, headers] = i % 4 < 2 ? ['/api/login', json] : ['/api/words/1/progress', { ...json, cookie }];
      return fetch(base + path, { method: 'POST', headers, body: '['.repeat(depth) + ']'.repeat(depth) }).then((res) => res.status);
    });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect((await Promise.all(bombs)).sort()).toEqual([...Array(10).fill(400), ...Array(10).fill(413)]);
  }, 10_000);
});
