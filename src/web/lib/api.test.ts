import { describe, expect, test } from 'bun:test';
import { QueryObserver } from '@tanstack/react-query';
import { api, ApiError, handledGlobally, progressSave, server, setApiHooks } from './api';
import { createQueryClient, read } from './query';
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './messages';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noWait = () => Promise.resolve();
/** The ApiError a call fails with; a call that succeeds fails the test. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: ApiError) => error,
  );

/** A fetch that answers from a list, one reply a call, and counts the calls. */
function replies(...answers: Array<Response | Error>) {
  let calls = 0;
  const fetchImpl = (async () => {
    const answer = answers[Math.min(calls++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof fetch;
  return { fetchImpl, calls: () => calls };
}

describe('the API client', () => {
  test('extra tries wait 1 s, then 2 s; a progress save waits 500 ms, then 1 s', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await failure(api('GET', '/api/words', { fetchImpl: replies(json(503, {})).fetchImpl, sleep }));
    expect(waits).toEqual([1000, 2000]);
    waits.length = 0;
    expect<unknown>(
      await server.api
        .words({ id: 1 })
        .progress.post(
          { correct: true },
          { ...progressSave, fetchImpl: replies(json(500, {}), json(502, {}), json(200, { ok: true })).fetchImpl, sleep },
        ),
    ).toEqual({ ok: true });
    expect(waits).toEqual([500, 1000]);
  });

  test('a read that keeps failing is tried three times in all: the query cache adds no tries of its own', async () => {
    const down = replies(json(503, {}));
    const observer = new QueryObserver(createQueryClient(), read(server.api.words, { fetchImpl: down.fetchImpl, sleep: noWait }));
    await new Promise<void>((resolve) => {
      const stop = observer.subscribe((result) => result.isError && (stop(), resolve()));
    });
    expect(down.calls()).toBe(3);
  });

  test('the typed client sends each call to its path, with its parameters, query and body', async () => {
    const sent: string[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      sent.push(`${init.method} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
      return json(200, {});
    }) as unknown as typeof fetch;
    await server.api.words({ id: 7 }).progress.post({ correct: true }, { fetchImpl });
    await server.api.sentences.random({ topic: 'Food & Drink' }).get({ query: { exclude: 3 }, fetchImpl });
    await server.api.sentences.random({ topic: 'x' }).get({ query: { exclude: undefined }, fetchImpl });
    await server.api.user.delete.delete(undefined, { fetchImpl });
    expect(sent).toEqual([
      'POST /api/words/7/progress {"correct":true}',
      'GET /api/sentences/random/Food%20%26%20Drink?exclude=3',
      'GET /api/sentences/random/x',
      'DELETE /api/user/delete',
    ]);
    expect(server.api.words({ id: 7 }).flag['~path']).toBe('/api/words/7/flag');
    expect<unknown>(read(server.api.streak, { query: { page: 'letters' } }).queryKey).toEqual(['/api/streak?page=letters']);
  });

  test('network errors and 5xx are tried twice more, then reported with the catalogue text', async () => {
    const down = replies(new TypeError('fetch failed'));
    const error = await failure(api('GET', '/api/words', { fetchImpl: down.fetchImpl, sleep: noWait }));
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message, down.calls()]).toEqual([0, NETWORK_MESSAGE, 3]);

    const recovering = replies(json(503, {}), json(200, { ok: true }));
    expect(await api('GET', '/api/words', { fetchImpl: recovering.fetchImpl, sleep: noWait })).toEqual({ ok: true });
    expect(recovering.calls()).toBe(2);
  });

  test('4xx answers are not tried again, and a technical server message is replaced', async () => {
    const bad = replies(json(400, { error: 'Validation Error', message: 'undefined is not a function' }));
    const error = await failure(api('POST', '/api/x', { fetchImpl: bad.fetchImpl, sleep: noWait }));
    expect([error.status, error.code, error.message, bad.calls()]).toEqual([
      400,
      'Validation Error',
      'Invalid request. Please check your input and try again.',
      1,
    ]);
  });

  test('a try that never answers times out, is retried, and ends as a timeout', async () => {
    const hang = (async (_: unknown, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    const error = await failure(api('GET', '/api/words', { fetchImpl: hang, sleep: noWait, timeoutMs: 20 }));
    expect([error.status, error.code, error.message]).toEqual([408, 'Timeout', TIMEOUT_MESSAGE]);
  });

  test('401 goes to the handler unless the call expects it; 402 reaches the handler as trial_expired', async () => {
    const seen: string[] = [];
    setApiHooks({ onUnauthorized: () => seen.push('401'), onTrialExpired: (e) => seen.push(`402 ${e.code}`) });
    expect(await api('GET', '/api/user', { fetchImpl: replies(json(401, {})).fetchImpl, nullOn401: true })).toBeNull();
    await api('GET', '/api/words', { fetchImpl: replies(json(401, {})).fetchImpl }).catch(() => {});
    await api('GET', '/api/words/by-topic/Work', { fetchImpl: replies(json(402, { message: 'Pay.' })).fetchImpl }).catch(() => {});
    expect(seen).toEqual(['401', '402 trial_expired']);
    setApiHooks({ onUnauthorized() {}, onTrialExpired() {} });
  });
});

describe('handledGlobally', () => {
  test('401 and every form of trial expiry are the client’s; other failures are the screen’s', () => {
    const error = (status: number, code?: string, message?: string) => new ApiError(status, code, message ?? 'x', message);
    expect(handledGlobally(error(401))).toBe(true);
    expect(handledGlobally(error(402))).toBe(true);
    expect(handledGlobally(error(403, 'trial_expired'))).toBe(true);
    expect(handledGlobally(error(400, 'Bad Request', 'A subscription required for this.'))).toBe(true);
    expect(handledGlobally(error(500))).toBe(false);
    expect(handledGlobally(error(0, 'Network Error'))).toBe(false);
    expect(handledGlobally(new Error('plain'))).toBe(false);
  });
});
