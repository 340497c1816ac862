import { api, ApiError, progressSave } from '../../lib/api';

/**
 * Saves that failed after their retries wait here (local storage) and are sent again, in order, when
 * the connection comes back: that is the promise of the 'Sync Error' toasts (docs/product-rules.md#retries-and-caching).
 */
interface PendingSave {
  userId: number;
  path: string;
  body: unknown;
}

const KEY = 'pendingSync';
const SAVE_PATH = /^\/api\/words\/\d+\/(progress|flag)$/;

function readPending(): PendingSave[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (p): p is PendingSave => !!p && typeof p === 'object' && Number.isSafeInteger(p.userId) && typeof p.path === 'string' && SAVE_PATH.test(p.path),
    );
  } catch {
    return [];
  }
}

function writePending(list: PendingSave[]) {
  if (list.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(list));
}

/** Network failures and server errors are worth sending again; a 4xx would only be refused again. */
export const isSyncFailure = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Saves and resends run one at a time, in the order they were asked for: an answer given while an
 * earlier one is still being tried (or waits) reaches the server after it, never before.
 */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = turn.then(task);
  turn = run.catch(() => {});
  return run;
}

/** Sends the waiting saves in order; stops at the first that still cannot get through; counts those that left. */
async function sendWaiting(userId: number): Promise<number> {
  let sent = 0;
  for (;;) {
    const next = readPending().find((p) => p.userId === userId);
    if (!next) return sent;
    try {
      await api('POST', next.path, { ...progressSave, body: next.body });
    } catch (error) {
      if (isSyncFailure(error)) return sent;
    }
    sent++;
    const list = readPending();
    const done = list.findIndex((p) => p.userId === userId);
    if (done >= 0) list.splice(done, 1);
    writePending(list);
  }
}

/** Sends the learner's waiting saves in order (when the connection is back); resolves with how many left the queue. */
export const flushPending = (userId: number): Promise<number> => inTurn(() => sendWaiting(userId));

/**
 * Saves an answer or a flag for a signed-in learner. Earlier saves still waiting go first, so the
 * server sees the answers in the order they were given; a save that cannot get through joins them.
 */
export const save = <T>(userId: number, path: string, body: unknown): Promise<T> => inTurn(() => saveInTurn<T>(userId, path, body));

async function saveInTurn<T>(userId: number, path: string, body: unknown): Promise<T> {
  // Without a network the save joins the queue at once: trying would only wait out the retries.
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline && readPending().some((p) => p.userId === userId)) await sendWaiting(userId);
  if (offline || readPending().some((p) => p.userId === userId)) {
    writePending([...readPending(), { userId, path, body }]);
    throw new ApiError(0, 'Network Error', 'Your progress will sync when connection is restored', undefined);
  }
  try {
    return await api<T>('POST', path, { ...progressSave, body });
  } catch (error) {
    if (isSyncFailure(error)) writePending([...readPending(), { userId, path, body }]);
    throw error;
  }
}
