import type { App } from '../../app';
import type { JsonText } from '../../lib/compression';
import { isTrialExpiry, TRIAL_EXPIRED, type ErrorBody } from '../../shared/errors';
import { displayMessage, NETWORK_STATUS, TIMEOUT_STATUS } from './messages';

/** A failed call: the HTTP status (0 for a network failure), the server's code and a message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `error` code, e.g. 'Validation Error', 'Email Error', 'trial_expired'. */
    readonly code: string | undefined,
    /** What to show a person: the server's message when displayable, else the catalogue's. */
    message: string,
    /** The server's own message, for mapping to a form field. */
    readonly serverMessage: string | undefined,
    readonly details?: Record<string, unknown>,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiHooks {
  /** A 401 on a call that does not expect it: forget the user and go to /auth. */
  onUnauthorized(): void;
  /** A 402 or trial_expired anywhere: toast and go to /paywall. */
  onTrialExpired(error: ApiError): void;
}

let hooks: ApiHooks = { onUnauthorized() {}, onTrialExpired() {} };
export function setApiHooks(next: ApiHooks) {
  hooks = next;
}

/** Extra tries on a network error or a 5xx: the one retry layer of the client (the query cache adds none). */
export const RETRY_TRIES = 2;
/** Waits before the nth extra try: 1 s, 2 s, 4 s… capped at 8 s (docs/product-rules.md#retries-and-caching). */
export function retryDelay(attempt: number) {
  return Math.min(1000 * 2 ** attempt, 8000);
}

/** Progress saves (answers, flags, letters, lesson steps) wait less before their extra tries: 500 ms, then 1 s. */
export const progressRetryDelay = (attempt: number) => 500 * 2 ** attempt;
/** The options of a progress save. */
export const progressSave = { retryDelay: progressRetryDelay };

/** One try that has not answered in this long is given up as a timeout (then retried like a network error). */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface RequestOptions {
  body?: unknown;
  /** A 401 answers null instead of sending the browser to /auth (the current-user query). */
  nullOn401?: boolean;
  signal?: AbortSignal;
  /** Extra tries on a network error or a 5xx (default RETRY_TRIES). */
  retries?: number;
  /** The wait before the nth extra try (default `retryDelay`). */
  retryDelay?: (attempt: number) => number;
  /** For tests: the fetch and the wait to use. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one way the client calls the server: cookies and JSON, two more tries on network errors and 5xx,
 * and the 401 / 402 rules (docs/product-rules.md#sessions, #tiers) applied once for every screen.
 */
export async function api<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const doFetch = opts.fetchImpl ?? fetch;
  const sleep = opts.sleep ?? wait;
  const retries = opts.retries ?? RETRY_TRIES;
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let response: Response | undefined;
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    try {
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      response = await doFetch(path, { method, headers, body, credentials: 'same-origin', signal });
      if (response.status < 500 || attempt >= retries) break;
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      if (attempt >= retries) {
        const status = timeout.aborted ? TIMEOUT_STATUS : NETWORK_STATUS;
        throw new ApiError(status, timeout.aborted ? 'Timeout' : 'Network Error', displayMessage(status), undefined);
      }
    }
    await sleep((opts.retryDelay ?? retryDelay)(attempt));
  }

  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const problem = (payload && typeof payload === 'object' ? payload : {}) as Partial<Record<keyof ErrorBody, unknown>>;
  const serverMessage = typeof problem.message === 'string' ? problem.message : typeof payload === 'string' ? payload : undefined;
  // A 402 without a code of its own is the trial running out (docs/product-rules.md#tiers).
  const code =
    typeof problem.error === 'string' ? problem.error : response.status === TRIAL_EXPIRED.status ? TRIAL_EXPIRED.code : undefined;
  const error = new ApiError(
    response.status,
    code,
    displayMessage(response.status, serverMessage),
    serverMessage,
    problem.details as Record<string, unknown> | undefined,
    typeof problem.requestId === 'string' ? problem.requestId : (response.headers.get('x-request-id') ?? undefined),
  );

  if (response.status === 401) {
    if (opts.nullOn401) return null as T;
    hooks.onUnauthorized();
  } else if (isTrialExpiry(response.status, code, serverMessage)) {
    hooks.onTrialExpired(error);
  }
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!text) return undefined;
  if (type.includes('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** 401 and trial expiry are handled here for the whole app (sign-in, paywall): a screen adds nothing. */
export const handledGlobally = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || isTrialExpiry(error.status, error.code, error.serverMessage));

/** A call's options: the request's rules above, without the body (the first argument of a write). */
export type CallOptions = Omit<RequestOptions, 'body'>;

/**
 * What a call takes as options and answers, by the runtime that sends it: the browser's (`server`
 * below) resolves with the reply and fails with an ApiError; a route test's (tests/support/client.ts)
 * adds its own by declaration merging, as the event channels do (src/shared/channels.ts).
 */
export interface Runtimes<Data> {
  browser: { options: CallOptions; answer: Data };
}
type Runtime = keyof Runtimes<unknown>;

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
const METHODS: readonly string[] = ['get', 'post', 'put', 'delete', 'patch'] satisfies Method[];

/** A value as it travels as JSON: dates arrive as strings, JSON the server wrote as what it holds. */
type Json<T> =
  T extends JsonText<infer Holds>
    ? Json<Holds>
    : T extends Date
      ? string
      : T extends readonly (infer U)[]
        ? Json<U>[]
        : T extends object
          ? { [K in keyof T]: Json<T[K]> }
          : T;
type Success<Res> = Res extends { 200: infer Data } ? Json<Data> : unknown;
type QueryValue = string | number | boolean | undefined;
type Query<Q> = unknown extends Q ? Record<string, QueryValue> : { [K in keyof Q]: Q[K] extends QueryValue ? Q[K] : QueryValue };
type Options<R extends Runtime, Res> = Runtimes<Success<Res>>[R]['options'];
type Answer<R extends Runtime, Res> = Promise<Runtimes<Success<Res>>[R]['answer']>;
type Endpoint<M, Route, R extends Runtime> = Route extends { body: infer Body; query: infer Q; response: infer Res }
  ? M extends 'get'
    ? (options?: Options<R, Res> & { query?: Query<Q> }) => Answer<R, Res>
    : {} extends Body
      ? (body?: Body, options?: Options<R, Res>) => Answer<R, Res>
      : (body: Body, options?: Options<R, Res>) => Answer<R, Res>
  : never;
type ParamKey<Routes> = Extract<keyof Routes, `:${string}`>;
type Params<Routes, R extends Runtime> = [ParamKey<Routes>] extends [never]
  ? unknown
  : (params: Record<ParamKey<Routes> extends `:${infer Name}` ? Name : never, string | number>) => Client<Routes[ParamKey<Routes>], R>;
/**
 * The server's routes as calls, typed from the app (src/app.ts) as Eden Treaty types them: a path's
 * segments are properties, a path parameter is a call (`api.words({ id }).progress.post(body)`), and
 * the last segment is the method. `'~path'` is a node's path, for query keys and the event stream.
 */
export type Client<Routes, R extends Runtime = 'browser'> = { '~path': string } & Params<Routes, R> & {
    [K in keyof Routes as K extends `:${string}` ? never : K]: K extends Method
      ? Routes[K] extends { response: unknown }
        ? Endpoint<K, Routes[K], R>
        : Client<Routes[K], R>
      : Client<Routes[K], R>;
  };

/** What a call of the typed client answers: `Reply<typeof server.api.user.get>`. */
export type Reply<Call extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Call>>;

/** `?a=1&b=2` of the defined values, or nothing. */
export function searchOf(query: Record<string, QueryValue> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString();
  return search ? `?${search}` : '';
}

/** How a typed client's runtime sends a call: its method, its path with the query, a write's body and the call's options. */
export type Send = (method: string, path: string, body: unknown, options: object) => Promise<unknown>;

/**
 * The client's runtime, a few lines instead of Eden's own (which brings WebSockets, form data and date
 * parsing this app does not use, and would cost its entry chunk about 3 KiB): each call goes to `send`,
 * in the browser `api` above, so retries, timeouts, 401 and trial expiry stay written once.
 */
export function typedClient(send: Send, path: string[] = []): unknown {
  return new Proxy(() => {}, {
    get: (_, key) =>
      key === '~path' ? `/${path.join('/')}` : typeof key === 'string' && key !== 'then' ? typedClient(send, [...path, key]) : undefined,
    apply: (_, __, [first, second]) => {
      const method = path.at(-1)!;
      if (!METHODS.includes(method)) return typedClient(send, [...path, encodeURIComponent(String(Object.values(first as object)[0]))]);
      const url = `/${path.slice(0, -1).join('/')}`;
      if (method !== 'get') return send(method.toUpperCase(), url, first, second ?? {});
      const { query, ...options } = (first ?? {}) as { query?: Record<string, QueryValue> };
      return send('GET', url + searchOf(query), undefined, options);
    },
  });
}

/** The server, called through its typed routes (the app's type only: nothing of the server is bundled). */
export const server = typedClient((method, path, body, options) => api(method, path, { ...options, body })) as Client<App['~Routes']>;
