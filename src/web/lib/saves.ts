import { createStore, get, update } from 'idb-keyval';
import { ApiError, progressRetryDelay, RETRY_TRIES, server, type CallOptions, type RequestOptions } from './api';
import { NETWORK_STATUS, TIMEOUT_STATUS } from './messages';

/**
 * What the queue keeps, by kind: the typed endpoint each kind is sent to for its params, the pattern
 * of that endpoint's path (named groups are its numeric params), and whether it carries a key. Every
 * answer does (the server applies each key once per learner and kind); a flag does not: it sets a
 * state, and sent twice it sets the same one.
 */
const KINDS = {
  word: { route: ({ id }: { id: number }) => server.api.words({ id }).progress, path: /^\/api\/words\/(?<id>\d+)\/progress$/, keyed: true },
  flag: { route: ({ id }: { id: number }) => server.api.words({ id }).flag, path: /^\/api\/words\/(?<id>\d+)\/flag$/, keyed: false },
  letter: { route: () => server.api.letters.progress, path: /^\/api\/letters\/progress$/, keyed: true },
  lesson: {
    route: ({ id }: { id: number }) => server.api.lessons({ id }).progress,
    path: /^\/api\/lessons\/(?<id>\d+)\/progress$/,
    keyed: true,
  },
  sentence: { route: () => server.api.sentences.answer, path: /^\/api\/sentences\/answer$/, keyed: true },
  listening: { route: () => server.api.listening.answers, path: /^\/api\/listening\/answers$/, keyed: true },
  speaking: { route: () => server.api.speaking.attempts, path: /^\/api\/speaking\/attempts$/, keyed: true },
  dialogue: {
    route: ({ id }: { id: number }) => server.api.dialogues({ id })['role-play'],
    path: /^\/api\/dialogues\/(?<id>\d+)\/role-play$/,
    keyed: true,
  },
  conversation: {
    route: ({ id }: { id: number }) => server.api.talks({ id }).finish,
    path: /^\/api\/talks\/(?<id>\d+)\/finish$/,
    keyed: true,
  },
  'offline-talk': {
    route: ({ id }: { id: number }) => server.api.conversations({ id })['offline-talks'],
    path: /^\/api\/conversations\/(?<id>\d+)\/offline-talks$/,
    keyed: true,
  },
} as const;
type Kinds = typeof KINDS;
export type SaveKind = keyof Kinds;
type Endpoint<K extends SaveKind> = ReturnType<Kinds[K]['route']>;
/** What names a kind's endpoint: `{ id }` for a word, a flag, a lesson, a dialogue and a conversation, nothing for the others. */
export type SaveParams<K extends SaveKind> =
  Parameters<Kinds[K]['route']> extends [infer Params extends object] ? Params : Record<never, never>;
/** A kind's body and reply, as its route declares them. */
export type SaveBody<K extends SaveKind> = Parameters<Endpoint<K>['post']>[0] & object;
export type SaveReply<K extends SaveKind> = Awaited<ReturnType<Endpoint<K>['post']>>;

/**
 * The save queue (docs/decisions/0024-durable-save-queue.md, docs/decisions/0043-one-save-queue.md,
 * docs/decisions/0058-saves-on-the-contract.md): every save of a signed-in learner (a card's or Which
 * Word's answer, a flag, a letter, a lesson's answer or completion, a sentence, a listening answer, a
 * Say it attempt, a role-play's result) is
 * written to IndexedDB before it is sent, and stays there until the server has acknowledged it, across
 * navigation, reloads and closed tabs. Saves go one at a time, in the order given; an answer carries a
 * random key that the server applies at most once, so a save sent again after its reply was lost never
 * counts twice. A save is kept as its kind and params, which name its endpoint again after a reload, and
 * its path, which the previous version of the queue (still running in a tab opened before a deploy) sends.
 */
export type Saved = {
  [K in SaveKind]: { id: string; userId: number; kind: K; params: SaveParams<K>; path: string; body: SaveBody<K> };
}[SaveKind];

/** The waiting saves, kept as one list changed in one transaction, so tabs adding at once lose nothing. */
export interface SaveStore {
  read(): Promise<Saved[]>;
  change(edit: (list: Saved[]) => Saved[]): Promise<void>;
}

/** A kind's endpoint for params as stored, untyped: a stored save's params and body are checked when read (`savedOrNull`). */
const endpointOf = (kind: SaveKind, params: object) =>
  (KINDS[kind].route as (params: object) => { '~path': string; post(body: object, options?: CallOptions): Promise<unknown> })(params);

/** The params in a path of a kind's pattern (its ids are numbers), or null when the path is not of that kind. */
function paramsIn(kind: SaveKind, path: string) {
  const match = KINDS[kind].path.exec(path);
  return match && Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, Number(value)]));
}

/**
 * A save as stored, or null for anything else found there (an older shape, a hand edit), which is
 * dropped rather than sent. Saves kept before there were params (by the previous version, or by a tab
 * still running it) get theirs from their path, and saves kept before there were kinds their kind too.
 */
function savedOrNull(s: unknown): Saved | null {
  const save = s as Partial<Record<keyof Saved, unknown>> | null;
  if (!save || typeof save.id !== 'string' || !Number.isSafeInteger(save.userId) || typeof save.body !== 'object' || save.body === null)
    return null;
  const kinds = Object.keys(KINDS) as SaveKind[];
  const kind =
    save.kind === undefined
      ? kinds.find((k) => typeof save.path === 'string' && KINDS[k].path.test(save.path))
      : kinds.find((k) => k === save.kind);
  if (kind === undefined) return null;
  const path = typeof save.params === 'object' && save.params !== null ? endpointOf(kind, save.params)['~path'] : save.path;
  const params = typeof path === 'string' ? paramsIn(kind, path) : null;
  return params && ({ id: save.id, userId: save.userId, kind, params, path, body: save.body } as Saved);
}
/** What the store holds, as saves (see `savedOrNull`). */
export const storedSaves = (list: unknown) => (Array.isArray(list) ? list.map(savedOrNull).filter((s) => s !== null) : []);

function indexedStore(): SaveStore {
  const db = createStore('kalimat', 'saves');
  return {
    read: async () => storedSaves(await get('queue', db)),
    change: (edit) => update('queue', (list) => edit(storedSaves(list)), db),
  };
}

/** For a browser without IndexedDB (some private modes): the page's memory, lost with the page. */
export function memoryStore(list: Saved[] = []): SaveStore {
  return {
    read: async () => list,
    change: async (edit) => void (list = edit(list)),
  };
}

/** `store` until it fails once, then `fallback` for the rest of the page (what IndexedDB kept is sent at the next load). */
function firstWorking(store: SaveStore, fallback: SaveStore): SaveStore {
  const use = <T>(act: (s: SaveStore) => Promise<T>) => act(store).catch(() => act((store = fallback)));
  return { read: () => use((s) => s.read()), change: (edit) => use((s) => s.change(edit)) };
}

/** Saves left in local storage by the queue before this one: moved here once, unchanged and in order. */
async function adoptOldQueue(store: SaveStore) {
  const OLD_KEY = 'pendingSync';
  if (typeof localStorage === 'undefined' || localStorage.getItem(OLD_KEY) === null) return;
  let old: unknown;
  try {
    old = JSON.parse(localStorage.getItem(OLD_KEY)!);
  } catch {}
  const saves = storedSaves((Array.isArray(old) ? old : []).map((s) => ({ ...s, id: newId() })));
  await store.change((all) => [...saves, ...all]);
  localStorage.removeItem(OLD_KEY);
}

/** What waits once the first tries of the oldest save failed (null when nothing waits): the indicator's counts, every answer of every kind in `answers`. */
export type Waiting = { answers: number; flags: number } | null;

const WAITING_MESSAGE = 'Your progress will sync when connection is restored';
/** A save that could not get through now and waits in the queue. */
const waitingError = () => new ApiError(NETWORK_STATUS, 'Network Error', WAITING_MESSAGE, undefined);

/** Network failures, timeouts, 5xx, 429 and a lost session are worth sending again; any other 4xx would only be refused again. */
export const isSyncFailure = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === NETWORK_STATUS ||
    error.status === TIMEOUT_STATUS ||
    error.status === 401 ||
    error.status === 429 ||
    error.status >= 500);

/** The waits between tries after the first ones: 2 s doubling up to a minute, spread so a server back up is not met all at once. */
const backoff = (attempt: number) => Math.min(2000 * 2 ** attempt, 60_000) * (0.5 + Math.random() / 2);

const newId = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function createSaveQueue(
  store: SaveStore,
  options: { backoff?: (attempt: number) => number; sleep?: RequestOptions['sleep'] } = {},
) {
  let userId: number | null = null;
  /**
   * A save failed its first tries: until the queue is empty each save gets one try (then the backoff),
   * new saves join it without anyone waiting for them, and the indicator counts them.
   */
  let stuck = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let waiting: Waiting = null;
  const listeners = new Set<() => void>();
  /** Each save of this page whose caller still waits for the server's reply. */
  const replies = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void }>();
  /** Saves of an earlier page, another tab or a stuck spell sent without anyone here waiting: their effects are read again. */
  let sentUnseen = 0;
  let onSentUnseen = () => {};

  const publish = (mine: Saved[]) => {
    const flags = mine.filter((s) => s.kind === 'flag').length;
    const next = stuck && mine.length > 0 ? { answers: mine.length - flags, flags } : null;
    if (JSON.stringify(next) === JSON.stringify(waiting)) return;
    waiting = next;
    for (const listener of listeners) listener();
  };
  const settle = (id: string, outcome: { value: unknown } | { error: unknown }) => {
    const reply = replies.get(id);
    if (!reply) return false;
    replies.delete(id);
    if ('value' in outcome) reply.resolve(outcome.value);
    else reply.reject(outcome.error);
    return true;
  };
  const mine = async () => (await store.read()).filter((s) => s.userId === userId);

  function becomeStuck(list: Saved[]) {
    stuck = true;
    // Those waiting here go on with the streak computed on the page; the indicator says their saves wait.
    for (const save of list) settle(save.id, { error: waitingError() });
    publish(list);
  }

  function retryLater() {
    clearTimeout(timer);
    timer = setTimeout(() => void drain(), (options.backoff ?? backoff)(attempt++));
  }

  /** Sends the learner's saves, oldest first, until none is left or one cannot get through. */
  async function pass() {
    for (;;) {
      if (userId === null) return;
      const list = await mine();
      const head = list[0];
      if (!head) stuck = false;
      publish(list);
      if (!head) {
        attempt = 0;
        // Sent by another tab while someone here waited for them: the page goes on without their replies.
        for (const id of replies.keys()) settle(id, { error: waitingError() });
        if (sentUnseen > 0) onSentUnseen();
        sentUnseen = 0;
        return;
      }
      // Without a network there is nothing to try: the 'online' event starts the queue again.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return becomeStuck(list);
      let outcome: { value: unknown } | { error: unknown };
      try {
        // The spec's tries first (2 more, 500 ms then 1 s); once stuck, one try per backoff.
        outcome = {
          value: await endpointOf(head.kind, head.params).post(head.body, {
            retries: stuck ? 0 : RETRY_TRIES,
            retryDelay: progressRetryDelay,
            sleep: options.sleep,
          }),
        };
      } catch (error) {
        if (isSyncFailure(error)) {
          becomeStuck(list);
          // A lost session waits for the learner to sign in again (the queue starts again then).
          if (!(error instanceof ApiError && error.status === 401)) retryLater();
          return;
        }
        outcome = { error };
      }
      await store.change((all) => all.filter((s) => s.id !== head.id));
      if (!settle(head.id, outcome) && 'value' in outcome) sentUnseen++;
      // Through again: the next failure waits the shortest backoff. The indicator stays until the queue is empty.
      attempt = 0;
    }
  }

  /** One pass at a time in this page, and across the learner's tabs (Web Locks) where the browser has them. */
  function drain(): Promise<void> {
    clearTimeout(timer);
    if (running) {
      again = true;
      return running;
    }
    const exclusive = (task: () => Promise<void>) =>
      typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('kalimat-saves', task) : task();
    running = (async () => {
      try {
        do {
          again = false;
          await exclusive(pass).catch(() => retryLater());
        } while (again);
      } finally {
        // In the same turn as the last check of `again`: a save given after it starts a new pass.
        running = null;
      }
    })();
    return running;
  }

  return {
    /**
     * Keeps a save of a kind for its typed endpoint at `params` (`'word', { id }` is
     * `server.api.words({ id }).progress`; an answer with its idempotency key in its body), then sends it
     * after those before it. Resolves with the server's reply; rejects with the server's refusal, or with
     * a sync failure when it waits in the queue (at once while older saves are stuck).
     */
    async save<K extends SaveKind>(forUser: number, kind: K, params: SaveParams<K>, body: SaveBody<K>): Promise<SaveReply<K>> {
      const id = newId();
      // The queue sends for the learner who saves, even before the frame has started it.
      if (userId === null) userId = forUser;
      const save = {
        id,
        userId: forUser,
        kind,
        params,
        path: endpointOf(kind, params)['~path'],
        body: KINDS[kind].keyed ? { ...body, idempotencyKey: id } : body,
      };
      await store.change((all) => [...all, save as Saved]);
      if (stuck && forUser === userId) {
        publish(await mine());
        throw waitingError();
      }
      const reply = new Promise<SaveReply<K>>((resolve, reject) =>
        replies.set(id, { resolve: resolve as (value: unknown) => void, reject }),
      );
      void drain();
      return reply;
    },

    /**
     * Sends the learner's waiting saves from now on (at start, when the network is back, after a
     * backoff), and no one else's (null: no one's); `onSent` runs when saves were sent that nobody on
     * this page waited for.
     */
    async start(forUser: number | null, onSent: () => void = () => {}) {
      if (userId !== forUser) for (const id of replies.keys()) settle(id, { error: waitingError() });
      userId = forUser;
      onSentUnseen = onSent;
      stuck = false;
      attempt = 0;
      await adoptOldQueue(store);
      return drain();
    },

    /** Tries the waiting saves now (the network is back). */
    sendNow: () => drain(),

    waiting: () => waiting,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The page's queue. */
export const saves = createSaveQueue(typeof indexedDB === 'undefined' ? memoryStore() : firstWorking(indexedStore(), memoryStore()));
