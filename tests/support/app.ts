import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createPushNetwork, type PushNetworkOptions } from '../../src/lib/push-network';
import { migrateDatabase, openDatabase } from '../../src/db/client';
import { TestClock } from './clock';
import { CONTENT_DIR } from '../../src/content/dir';
import { testClient, type TestError } from './client';
import { importedDatabase } from './imported';

export const BASE = 'http://localhost:3000';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Import content/ (default true): most module tests need words and topics. */
  content?: boolean | string;
  /** Push services on this machine, and how host names resolve (default: production's network). */
  pushNetwork?: PushNetworkOptions;
}

/**
 * A whole app on its own temporary SQLite file, with a movable clock, driven through app.handle().
 * Call `close()` in afterAll/afterEach.
 */
export function createTestApp(opts: TestAppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(dir, 'app.db'), APP_URL: BASE, ...opts.env });
  if (opts.content !== false)
    copyFileSync(importedDatabase(typeof opts.content === 'string' ? opts.content : CONTENT_DIR), config.DATABASE_PATH);
  const db = openDatabase(config.DATABASE_PATH);
  migrateDatabase(db);
  const clock = new TestClock(new Date());
  const app = createApp({ config, db, clock, pushNetwork: opts.pushNetwork && createPushNetwork(opts.pushNetwork) });

  /**
   * Sends a request; a JSON body is serialized; `cookie` is a Cookie header value. A state-changing
   * request carries the origin it is sent to as a browser's would, unless `origin` says otherwise (null:
   * none). `base` sends it to another address of the app (e.g. http://127.0.0.1:3000).
   */
  async function request(
    method: string,
    path: string,
    init: { body?: unknown; cookie?: string; headers?: Record<string, string>; origin?: string | null; base?: string } = {},
  ) {
    const base = init.base ?? BASE;
    const origin = init.origin === undefined ? (method === 'GET' || method === 'HEAD' ? null : base) : init.origin;
    const headers: Record<string, string> = { ...(origin === null ? {} : { origin }), ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.handle(new Request(base + path, { method, headers, body }));
    const text = await res.text();
    // Work a call defers past its answer (a reset request's mail) is done before the next call, as it
    // would be for a browser's next request.
    await new Promise((resolve) => setImmediate(resolve));
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {}
    const error: TestError | undefined = res.status >= 400 ? json : undefined;
    return { status: res.status, headers: res.headers, json, error, text, cookie: sessionCookie(res) };
  }
  /** The app through the browser's typed client: `server.api.words({ id }).progress.post(body, { cookie })`. */
  const server = testClient(request);

  let counter = 0;
  /** Registers a fresh learner and returns their cookie and user. */
  async function signUp(overrides: Partial<{ email: string; username: string; password: string; name: string }> = {}) {
    counter++;
    const input = {
      email: `learner${counter}@example.com`,
      username: `learner${counter}`,
      password: 'secret123',
      name: 'Test Learner',
      ...overrides,
    };
    const res = await server.api.register.post(input);
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    return { cookie: res.cookie!, user: res.json.user, password: input.password, email: input.email };
  }

  return {
    app,
    db,
    clock,
    config,
    services: app.services,
    request,
    server,
    signUp,
    close() {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = ReturnType<typeof createTestApp>;

/** The `session=...` pair from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(res: Response): string | undefined {
  const all = res.headers.getSetCookie?.() ?? [];
  const found = all.find((c) => c.startsWith('session='));
  return found?.split(';')[0];
}
