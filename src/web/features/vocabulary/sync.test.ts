import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { ApiError } from '../../lib/api';
import { flushPending, save } from './sync';

// The browser's storage and network, as far as the save queue uses them.
const store = new Map<string, string>();
const storage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
};
const realFetch = globalThis.fetch;
const hadStorage = 'localStorage' in globalThis;
Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });

let sent: string[] = [];
/** The server: `answer(path)` gives a status, or null for a network failure. */
function serve(answer: (path: string) => number | null) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const path = String(input);
    const status = answer(path);
    if (status === null) throw new TypeError('Failed to fetch');
    sent.push(path);
    return new Response(JSON.stringify({ ok: true }), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}
const pending = () => JSON.parse(store.get('pendingSync') ?? '[]') as Array<{ userId: number; path: string }>;

beforeEach(() => {
  store.clear();
  sent = [];
});
afterAll(() => {
  globalThis.fetch = realFetch;
  if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('saves that wait for the connection', () => {
  test('an answer that cannot get through is kept, then sent first and in order once the server answers', async () => {
    serve(() => null);
    const failed = await save(1, '/api/words/5/progress', { correct: true }).catch((e) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(0);
    expect(pending().map((p) => p.path)).toEqual(['/api/words/5/progress']);

    serve(() => 200);
    await save(1, '/api/words/6/progress', { correct: false });
    expect(sent).toEqual(['/api/words/5/progress', '/api/words/6/progress']);
    expect(pending()).toEqual([]);
  });

  test('while older saves still cannot get through, a new one queues behind them', async () => {
    store.set('pendingSync', JSON.stringify([{ userId: 1, path: '/api/words/5/flag', body: { isFlagged: true } }]));
    serve(() => 503);
    const failed = await save(1, '/api/words/6/progress', { correct: true }).catch((e) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(pending().map((p) => p.path)).toEqual(['/api/words/5/flag', '/api/words/6/progress']);
  });

  test('a waiting save the server refuses is dropped; another learner’s saves are left alone', async () => {
    store.set(
      'pendingSync',
      JSON.stringify([
        { userId: 2, path: '/api/words/7/progress', body: { correct: true } },
        { userId: 1, path: '/api/words/999/progress', body: { correct: true } },
      ]),
    );
    serve((path) => (path.includes('/999/') ? 404 : 200));
    await flushPending(1);
    expect(sent).toEqual(['/api/words/999/progress']);
    expect(pending()).toEqual([{ userId: 2, path: '/api/words/7/progress', body: { correct: true } } as never]);
  });

  test('answers given in quick succession reach the server in the order given, however long the first takes', async () => {
    const arrived: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path.includes('/5/')) await Bun.sleep(50);
      arrived.push(path);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await Promise.all([save(1, '/api/words/5/progress', { correct: true }), save(1, '/api/words/6/progress', { correct: true })]);
    expect(arrived).toEqual(['/api/words/5/progress', '/api/words/6/progress']);
  });

  test('without a network, answers wait in the queue untried and go in order when it is back', async () => {
    const online = Object.getOwnPropertyDescriptor(globalThis.navigator, 'onLine');
    Object.defineProperty(globalThis.navigator, 'onLine', { value: false, configurable: true });
    try {
      serve(() => 200);
      for (const id of [5, 6, 7]) {
        const failed = await save(1, `/api/words/${id}/progress`, { correct: true }).catch((e) => e);
        expect((failed as ApiError).status).toBe(0);
      }
      expect(sent).toEqual([]);
      expect(pending().map((p) => p.path)).toEqual(['/api/words/5/progress', '/api/words/6/progress', '/api/words/7/progress']);
    } finally {
      if (online) Object.defineProperty(globalThis.navigator, 'onLine', online);
      else delete (globalThis.navigator as { onLine?: boolean }).onLine;
    }
    expect(await flushPending(1)).toBe(3);
    expect(sent).toEqual(['/api/words/5/progress', '/api/words/6/progress', '/api/words/7/progress']);
    expect(pending()).toEqual([]);
  });

  test('stored data that is not a list of saves is discarded', async () => {
    store.set('pendingSync', '{not json');
    serve(() => 200);
    await flushPending(1);
    store.set('pendingSync', JSON.stringify([{ userId: 1, path: '/api/user', body: {} }, 'x']));
    await flushPending(1);
    expect(sent).toEqual([]);
  });
});
