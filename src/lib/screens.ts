/**
 * A learner's first screen drawn on the server (docs/decisions/0065-learner-screens-drawn-on-the-server.md):
 * a visit with a session to a screen the build marked as a first screen (/words, /topics, /stats) gets
 * the page with that learner's screen already in it (their first card, their topics, their numbers) and
 * the reads it was drawn from, which the browser hydrates without asking for them again.
 *
 * The reads are the app's own routes called in this process (`handle`), never over the network, so each
 * is exactly what the browser would have been sent. The drawing is done by a worker built from the
 * client (src/web/server-draw.tsx). Anything that keeps a screen from being drawn (no session, a guard
 * sending it elsewhere, a busy or failed drawer) leaves the page as it was: the client then draws it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { DrawAnswer, DrawRequest } from '../shared/drawn';
import { parseKept } from '../shared/kept';
import { namedReads } from './drawn-page';
import type { Logger } from './log';
import { DRAWN_PAGES, type ClientRequest } from './static';

/** The drawer as the build writes it, beside the client's files (scripts/build.ts). */
export const drawerOf = (distDir: string) => `${distDir}-server/server-draw.js`;

/** Rounds of reads: the screen's named reads, then those its components asked for, then theirs. */
const ROUNDS = 3;
/**
 * Drawings under way beyond which a visit gets the page undrawn: the one drawer draws one at a time,
 * and a burst of visits waits for no queue.
 */
export const MOST_AT_ONCE = 2;
/** A drawing slower than this is given up, and the page goes undrawn. */
const DRAW_TIMEOUT_MS = 3000;
/** How long the drawer waits for the next drawing before it stops. */
const IDLE_MS = 60_000;
/** Screens (address with query) whose reads are remembered: more addresses are drawn in rounds. */
const MOST_REMEMBERED = 64;

export interface ScreenDrawer {
  /** The page of a learner's first screen drawn for this visit, or null to send it as the build made it. */
  draw(request: Request, visit: ClientRequest): Promise<Response | null>;
  stop(): void;
}

/** `config` is read at each visit: its client (distDir) is the one built when the visit comes. */
export function createScreenDrawer(options: {
  config: Pick<Config, 'distDir'>;
  handle: (request: Request) => Promise<Response>;
  log: Logger;
}): ScreenDrawer {
  const { config, handle, log } = options;
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, (answer: DrawAnswer) => void>();
  let underWay = 0;
  /** The reads each screen asked for beyond those its page names, learnt from its first drawing: made before the next, one round. */
  const learnt = new Map<string, string[]>();

  function startWorker() {
    // Bun's worker: it does not keep the process alive.
    const started = new Worker(drawerOf(config.distDir)) as Worker & { unref(): void };
    started.unref();
    started.onmessage = ({ data }: MessageEvent<DrawAnswer>) => {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    };
    started.onerror = (event) => {
      log.error('the screen drawer failed', { error: event.message });
      stopWorker(event.message);
    };
    return started;
  }

  /** Stops the drawer; the drawings it still owes go undrawn, and the next visit starts a fresh one. */
  function stopWorker(why: string) {
    for (const [id, answer] of waiting) answer({ id, error: why });
    waiting.clear();
    worker?.terminate();
    worker = null;
  }

  /** The drawer holds about 80 MiB (its own JavaScript heap and React): it stops after a while without drawings. */
  let idle: ReturnType<typeof setTimeout> | undefined;
  const stopWhenIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => (waiting.size > 0 ? stopWhenIdle() : stopWorker('idle')), IDLE_MS);
    idle.unref();
  };

  function ask(request: Omit<DrawRequest, 'id'>): Promise<DrawAnswer> {
    worker ??= startWorker();
    stopWhenIdle();
    const id = nextId++;
    return new Promise((resolve) => {
      // A drawing that never ends would hold every one after it (the drawer draws one at a time).
      const timer = setTimeout(() => stopWorker(`no drawing in ${DRAW_TIMEOUT_MS} ms`), DRAW_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      worker!.postMessage({ id, ...request } satisfies DrawRequest);
    });
  }

  async function drawn(request: Request, visit: ClientRequest, page: string): Promise<Response | null> {
    const started = performance.now();
    const { pathname, search, origin } = new URL(request.url);
    const url = pathname + search;
    const headers: Record<string, string> = { accept: 'application/json', cookie: request.headers.get('cookie') ?? '' };
    for (const name of ['fly-client-ip', 'x-forwarded-for', 'user-agent']) {
      const value = request.headers.get(name);
      if (value) headers[name] = value;
    }
    /** One read, the route's JSON as it would be sent; undefined when it does not answer 200 with JSON. */
    const read = async (path: string): Promise<string | undefined> => {
      const response = await handle(new Request(origin + path, { headers }));
      if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('application/json')) return undefined;
      return response.text();
    };
    const user = await read('/api/user');
    // An unknown or expired session: the page as it was, whose app shows the login screen.
    if (!user) return null;
    const reads: Record<string, string> = { '/api/user': user };
    const asked = new Set(Object.keys(reads));
    const readAll = async (paths: string[]) => {
      const fresh = paths.filter((path) => !asked.has(path));
      for (const path of fresh) asked.add(path);
      const answers = await Promise.all(fresh.map(read));
      fresh.forEach((path, i) => {
        if (answers[i] !== undefined) reads[path] = answers[i];
      });
      return fresh.length;
    };
    // A named read refused (a trial ended, a server error) is the app's to show: the page goes undrawn.
    const named = namedReads(page);
    await readAll([...named, ...(learnt.get(url) ?? [])]);
    if (named.some((path) => !(path in reads))) return null;
    const kept = parseKept(request.headers.get('cookie'));
    for (let round = 1; ; round++) {
      const answer = await ask({ url, page, reads, kept, acceptEncoding: visit.acceptEncoding ?? null, lastRound: round === ROUNDS });
      if ('error' in answer) {
        log.warn('a first screen was not drawn', { path: pathname, error: answer.error });
        return null;
      }
      if ('missing' in answer) {
        if (learnt.size < MOST_REMEMBERED || learnt.has(url))
          learnt.set(url, [...new Set([...(learnt.get(url) ?? []), ...answer.missing])]);
        if ((await readAll(answer.missing)) === 0) round = ROUNDS - 1;
        continue;
      }
      if (answer.body === null) return null;
      return drawnResponse(answer.body, answer.encoding, performance.now() - started);
    }
  }

  return {
    async draw(request, visit) {
      if (!visit.signedInVisit || DRAWN_PAGES.includes(visit.pathname) || !/^\/[a-z-]+$/.test(visit.pathname) || underWay >= MOST_AT_ONCE)
        return null;
      const file = join(config.distDir, `pages/signed-in${visit.pathname}.html`);
      if (!existsSync(file) || !existsSync(drawerOf(config.distDir))) return null;
      underWay++;
      try {
        return await drawn(request, visit, await Bun.file(file).text());
      } catch (error) {
        log.warn('a first screen was not drawn', { path: visit.pathname, error: String(error) });
        return null;
      } finally {
        underWay--;
      }
    },
    stop() {
      clearTimeout(idle);
      stopWorker('the server stops');
    },
  };
}

/**
 * The drawn page, as the drawer compressed it (one learner's: never cached anywhere, and it differs by
 * the session cookie). Server-Timing says how long reading and drawing took.
 */
function drawnResponse(body: Uint8Array<ArrayBuffer>, encoding: 'br' | 'gzip' | null, ms: number) {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    vary: 'Cookie, Accept-Encoding',
    'server-timing': `drawn;dur=${ms.toFixed(1)}`,
  };
  if (encoding) headers['content-encoding'] = encoding;
  return new Response(body, { headers });
}
