import type { App } from '../../src/app';
import type { ErrorBody } from '../../src/shared/errors';
import { typedClient, type Client } from '../../src/web/lib/api';

/** How a route test sends a call: a session's Cookie header, more headers, the origin it claims (null: none), another address of the app. */
export interface TestCallOptions {
  cookie?: string;
  headers?: Record<string, string>;
  origin?: string | null;
  base?: string;
}

/** The body of a refusal, as the error catalogue writes it (src/shared/errors.ts). */
export type TestError = ErrorBody & { details?: Record<string, unknown> };

/**
 * What a route test's call answers, whatever its status: `json` is the body as the route's reply (read
 * it once the status says it is one), `error` the body of a refusal (status 400 and up).
 */
export interface TestResponse<Data> {
  status: number;
  headers: Headers;
  json: Data;
  error: TestError | undefined;
  text: string;
  /** The `session=...` pair the response sets, ready for a Cookie header. */
  cookie: string | undefined;
}

declare module '../../src/web/lib/api' {
  interface Runtimes<Data> {
    test: { options: TestCallOptions; answer: TestResponse<Data> };
  }
}

type Request = (method: string, path: string, init: TestCallOptions & { body?: unknown }) => Promise<TestResponse<unknown>>;

/** The browser's typed client (src/web/lib/api.ts) over a test app's requests: the same paths, bodies and replies, checked by tsc. */
export function testClient(request: Request) {
  return typedClient((method, path, body, options) => request(method, path, { ...(options as TestCallOptions), body })) as Client<
    App['~Routes'],
    'test'
  >;
}
