import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { ApiError } from './api';
import { createSaveQueue, memoryStore, storedSaves, type Saved } from './saves';

const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

interface Sent {
  path: string;
  body: Record<string, unknown>;
}
let sent: Sent[] = [];
/** The server: `answer(path)` gives a status, or null for a network failure. */
function serve(answer: (path: string) => number | null) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const status = answer(path);
    if (status === null) throw new TypeError('Failed to fetch');
    sent.push({ path, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ path }), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

/** A queue over a store the test can read; the first tries do not wait, and the backoff never ends (the test calls sendNow). */
function queue(list: Saved[] = []) {
  const kept = list;
  const store = memoryStore(kept);
  const q = createSaveQueue(
    {
      read: store.read,
      change: async (edit) => {
        await store.change(edit);
        kept.splice(0, kept.length, ...(await store.read()));
      },
    },
    { sleep: async () => {}, backoff: () => 1e9 },
  );
  return { q, kept };
}
const paths = (list: { path: string }[]) => list.map((s) => s.path);

beforeEach(() => {
  sent = [];
});

describe('the save queue', () => {
  test('a save is kept before it is sent and forgotten once the server has answered; an answer carries its key', async () => {
    const { q, kept } = queue();
    let keptWhenSent: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      keptWhenSent = paths(kept);
      sent.push({ path: String(input), body: JSON.parse(String(init?.body)) });
      return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    expect<unknown>(await q.save(1, 'word', { id: 5 }, { correct: true })).toEqual({ ok: true });
    expect(keptWhenSent).toEqual(['/api/words/5/progress']);
    expect(kept).toEqual([]);
    expect(sent[0]!.body).toEqual({ correct: true, idempotencyKey: expect.stringMatching(/^[\w-]{22}$/) });
    await q.save(1, 'flag', { id: 5 }, { isFlagged: true });
    expect(sent[1]!.body).toEqual({ isFlagged: true });
    expect(q.waiting()).toBeNull();
  });

  test('a save that fails its first tries waits with its key; later saves wait behind it at once; all go in order once the server answers', async () => {
    const { q, kept } = queue();
    serve(() => null);
    const first = await q.save(1, 'word', { id: 5 }, { correct: true }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).message).toBe('Your progress will sync when connection is restored');
    const key = (kept[0]!.body as { idempotencyKey: string }).idempotencyKey;
    expect(q.waiting()).toEqual({ answers: 1, flags: 0 });

    const tries: string[] = [];
    serve((path) => (tries.push(path), null));
    await expect(q.save(1, 'word', { id: 6 }, { correct: false })).rejects.toBeInstanceOf(ApiError);
    await expect(q.save(1, 'flag', { id: 6 }, { isFlagged: false })).rejects.toBeInstanceOf(ApiError);
    // Not tried: the oldest is stuck, and they wait for its next try.
    expect(tries).toEqual([]);
    expect(q.waiting()).toEqual({ answers: 2, flags: 1 });

    serve(() => 200);
    await q.sendNow();
    expect(paths(sent)).toEqual(['/api/words/5/progress', '/api/words/6/progress', '/api/words/6/flag']);
    expect(sent[0]!.body.idempotencyKey).toBe(key);
    expect(kept).toEqual([]);
    expect(q.waiting()).toBeNull();
  });

  test('the first tries are the spec’s three; after them one try each time', async () => {
    const { q } = queue();
    let tries = 0;
    serve(() => (tries++, 503));
    await q.save(1, 'word', { id: 5 }, { correct: true }).catch(() => {});
    expect(tries).toBe(3);
    await q.sendNow();
    expect(tries).toBe(4);
  });

  test('a save the server refuses is dropped and the next goes on; another learner’s saves are left alone', async () => {
    const other: Saved = {
      id: 'other-learner-save',
      userId: 2,
      kind: 'word',
      params: { id: 7 },
      path: '/api/words/7/progress',
      body: { correct: true },
    };
    const { q, kept } = queue([other]);
    serve((path) => (path.includes('/999/') ? 404 : 200));
    const refused = await q.save(1, 'word', { id: 999 }, { correct: true }).catch((e: unknown) => e);
    expect((refused as ApiError).status).toBe(404);
    await q.save(1, 'word', { id: 8 }, { correct: true });
    expect(paths(sent)).toEqual(['/api/words/999/progress', '/api/words/8/progress']);
    expect(kept).toEqual([other]);
  });

  test('saves left by an earlier page are sent first, in order, when the queue starts; the page hears of it once', async () => {
    const left: Saved[] = [5, 6, 7].map((id) => ({
      id: `left-by-earlier-page-${id}`,
      userId: 1,
      kind: 'word' as const,
      params: { id },
      path: `/api/words/${id}/progress`,
      body: { correct: true },
    }));
    const { q, kept } = queue([...left]);
    serve(() => 200);
    let heard = 0;
    await q.start(1, () => heard++);
    expect(paths(sent)).toEqual(paths(left));
    expect(kept).toEqual([]);
    expect(heard).toBe(1);
  });

  test('answers given in quick succession reach the server in the order given, however long the first takes', async () => {
    const { q } = queue();
    const arrived: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path.includes('/5/')) await Bun.sleep(50);
      arrived.push(path);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await Promise.all([q.save(1, 'word', { id: 5 }, { correct: true }), q.save(1, 'word', { id: 6 }, { correct: true })]);
    expect(arrived).toEqual(['/api/words/5/progress', '/api/words/6/progress']);
  });

  test('without a network, saves wait untried and go in order when it is back', async () => {
    const { q, kept } = queue();
    const online = Object.getOwnPropertyDescriptor(globalThis.navigator, 'onLine');
    Object.defineProperty(globalThis.navigator, 'onLine', { value: false, configurable: true });
    try {
      serve(() => 200);
      for (const id of [5, 6, 7]) await expect(q.save(1, 'word', { id }, { correct: true })).rejects.toBeInstanceOf(ApiError);
      expect(sent).toEqual([]);
      expect(q.waiting()).toEqual({ answers: 3, flags: 0 });
    } finally {
      if (online) Object.defineProperty(globalThis.navigator, 'onLine', online);
      else delete (globalThis.navigator as { onLine?: boolean }).onLine;
    }
    await q.sendNow();
    expect(paths(sent)).toEqual(['/api/words/5/progress', '/api/words/6/progress', '/api/words/7/progress']);
    expect(kept).toEqual([]);
  });

  test('a lost session keeps the saves until the learner is back', async () => {
    const { q, kept } = queue();
    serve(() => 401);
    await expect(q.save(1, 'word', { id: 5 }, { correct: true })).rejects.toBeInstanceOf(ApiError);
    expect(paths(kept)).toEqual(['/api/words/5/progress']);
    serve(() => 200);
    await q.start(1);
    expect(kept).toEqual([]);
  });

  test('saves the queue before this one left in local storage are moved over and sent; anything else there is dropped', async () => {
    const storage = new Map<string, string>();
    Object.defineProperty(globalThis, 'localStorage', {
      value: { getItem: (k: string) => storage.get(k) ?? null, removeItem: (k: string) => void storage.delete(k) },
      configurable: true,
    });
    try {
      storage.set(
        'pendingSync',
        JSON.stringify([
          { userId: 1, path: '/api/words/5/progress', body: { correct: true } },
          { userId: 1, path: '/api/user', body: {} },
          'x',
        ]),
      );
      const { q } = queue();
      serve(() => 200);
      await q.start(1);
      expect(paths(sent)).toEqual(['/api/words/5/progress']);
      expect(storage.has('pendingSync')).toBe(false);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  test('every kind of answer carries its key and is counted as an answer; a flag carries none', async () => {
    const { q, kept } = queue();
    serve(() => null);
    await q.save(1, 'letter', {}, { letterNumber: 7, correct: true }).catch(() => {});
    await q.save(1, 'lesson', { id: 3 }, { completed: true }).catch(() => {});
    await q.save(1, 'sentence', {}, { sentenceId: 1, answer: 'baddi ahwe', context: 'At a café' }).catch(() => {});
    await q.save(1, 'listening', {}, { wordId: 5, mode: 'choose', answer: 'red' }).catch(() => {});
    await q.save(1, 'word', { id: 5 }, { correct: true, page: 'which-word' }).catch(() => {});
    await q.save(1, 'flag', { id: 5 }, { isFlagged: true }).catch(() => {});
    expect(q.waiting()).toEqual({ answers: 5, flags: 1 });
    expect(kept.map((s) => [s.kind, 'idempotencyKey' in (s.body as object)])).toEqual([
      ['letter', true],
      ['lesson', true],
      ['sentence', true],
      ['listening', true],
      ['word', true],
      ['flag', false],
    ]);
    // Its params name the endpoint again after a reload; its path is what a tab of the previous version sends.
    expect(kept[1]).toMatchObject({ kind: 'lesson', params: { id: 3 }, path: '/api/lessons/3/progress' });
    serve(() => 200);
    await q.sendNow();
    expect(paths(sent)).toEqual([
      '/api/letters/progress',
      '/api/lessons/3/progress',
      '/api/sentences/answer',
      '/api/listening/answers',
      '/api/words/5/progress',
      '/api/words/5/flag',
    ]);
    expect(q.waiting()).toBeNull();
  });

  test('saves kept by the previous version (a kind and a path) or before it (a path) are read with their params; anything else found is dropped', () => {
    const answer = { correct: true, idempotencyKey: 'key-of-an-earlier-version' };
    expect(
      storedSaves([
        { id: 'a', userId: 1, kind: 'word', path: '/api/words/5/progress', body: answer },
        { id: 'b', userId: 1, path: '/api/words/6/flag', body: { isFlagged: true } },
        { id: 'c', userId: 2, kind: 'letter', path: '/api/letters/progress', body: { letterNumber: 7, correct: true } },
        { id: 'd', userId: 1, kind: 'lesson', params: { id: 3 }, path: '/api/lessons/3/progress', body: { completed: true } },
        { id: 'kind and path disagree', userId: 1, kind: 'flag', path: '/api/words/6/progress', body: answer },
        { id: 'params name no word', userId: 1, kind: 'word', params: { id: 'x' }, path: '/api/words/5/progress', body: answer },
        { id: 'no such kind', userId: 1, kind: 'profile', params: {}, path: '/api/user', body: {} },
        { id: 'no such path', userId: 1, path: '/api/user', body: {} },
        { id: 'no body', userId: 1, kind: 'flag', path: '/api/words/6/flag' },
        'x',
        null,
      ]),
    ).toEqual([
      { id: 'a', userId: 1, kind: 'word', params: { id: 5 }, path: '/api/words/5/progress', body: answer },
      { id: 'b', userId: 1, kind: 'flag', params: { id: 6 }, path: '/api/words/6/flag', body: { isFlagged: true } },
      { id: 'c', userId: 2, kind: 'letter', params: {}, path: '/api/letters/progress', body: { letterNumber: 7, correct: true } },
      { id: 'd', userId: 1, kind: 'lesson', params: { id: 3 }, path: '/api/lessons/3/progress', body: { completed: true } },
    ]);
  });

  test('a save kept by the previous version is sent to its path and forgotten once answered', async () => {
    const [left] = storedSaves([
      {
        id: 'left-by-the-previous-version',
        userId: 1,
        kind: 'word',
        path: '/api/words/5/progress',
        body: { correct: true, idempotencyKey: 'key-of-an-earlier-version' },
      },
    ]);
    const { q, kept } = queue([left!]);
    serve(() => 200);
    await q.start(1);
    expect(sent).toEqual([{ path: '/api/words/5/progress', body: { correct: true, idempotencyKey: 'key-of-an-earlier-version' } }]);
    expect(kept).toEqual([]);
  });

  test('a save names its route and sends its route’s body (checked by the type checker, never sent)', () => {
    const { q } = queue();
    const wrong = [
      // @ts-expect-error a word's answer names its word
      () => q.save(1, 'word', {}, { correct: true }),
      // @ts-expect-error a letter's answer says which letter
      () => q.save(1, 'letter', {}, { correct: true }),
      // @ts-expect-error a flag is a state, not an answer
      () => q.save(1, 'flag', { id: 5 }, { correct: true }),
      // @ts-expect-error no such kind of save
      () => q.save(1, 'profile', {}, {}),
    ];
    expect(wrong).toHaveLength(4);
  });
});
