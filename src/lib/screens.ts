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
import { brotliCompressSync, constants } from 'node:zlib';
import { DRAWN_STATE, type DrawAnswer, type DrawRequest } from '../shared/drawn';
import { parseKept } from '../shared/kept';
import { preferredEncoding } from './compression';
import type { Config } from '../config';
import type { Logger } from './log';
import { DRAWN_PAGES, type ClientRequest } from './static';

/** The drawer as the build writes it, beside the client's files (scripts/build.ts). */
export const drawerOf = (distDir: string) => `${distDir}-server/server-draw.js`;

/** Rounds of reads: the screen's named reads, then those its components asked for, then theirs. */
const ROUNDS = 3;
/** Drawings under way beyond which a visit gets the page undrawn: a burst waits for no queue. */
const MOST_AT_ONCE = 4;
/** A drawing slower than this is given up, and the page goes undrawn. */
const DRAW_TIMEOUT_MS = 3000;

/** The reads a first screen's page names (`<link rel="preload" as="fetch">`, scripts/build.ts). */
const NAMED_READ = /<link rel="preload" href="(\/api\/[^"]+)" as="fetch" crossorigin>/g;
/** The runtime and the screen's chunks, as the page names them (scripts/build.ts). */
const APP_CODE = /<link rel="modulepreload" href="[^"]+">|<link rel="preload" href="[^"]+\.js" as="script" crossorigin>|<script type="module" crossorigin src="[^"]+"><\/script>/g;

export interface ScreenDrawer {
  /** The page of a learner's first screen drawn for this visit, or null to send it as the build made it. */
  draw(request: Request, visit: ClientRequest): Promise<Response | null>;
  stop(): void;
}

/** `config` is read at each visit: its client (distDir) is the one built when the visit comes. */
export function createScreenDrawer(options: { config: Pick<Config, 'distDir'>; handle: (request: Request) => Promise<Response>; log: Logger }): ScreenDrawer {
  const { config, handle, log } = options;
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, (answer: DrawAnswer) => void>();
  let underWay = 0;

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
      for (const [id, answer] of waiting) answer({ id, error: event.message });
      waiting.clear();
      started.terminate();
      if (worker === started) worker = null;
    };
    return started;
  }

  function ask(request: Omit<DrawRequest, 'id'>): Promise<DrawAnswer> {
    worker ??= startWorker();
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve({ id, error: `no drawing in ${DRAW_TIMEOUT_MS} ms` });
      }, DRAW_TIMEOUT_MS);
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
    const headers: Record<string, string> = { accept: 'application/json', cookie: request.headers.get('cookie') ?? '' };
    for (const name of ['fly-client-ip', 'x-forwarded-for', 'user-agent']) {
      const value = request.headers.get(name);
      if (value) headers[name] = value;
    }
    /** One read, as the route answers it; undefined when it does not answer 200 with JSON. */
    const read = async (url: string): Promise<unknown> => {
      const response = await handle(new Request(origin + url, { headers }));
      if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('application/json')) return undefined;
      return response.json();
    };
    const user = await read('/api/user');
    // An unknown or expired session: the page as it was, whose app shows the login screen.
    if (!user) return null;
    const reads: Record<string, unknown> = { '/api/user': user };
    const asked = new Set(Object.keys(reads));
    const readAll = async (urls: string[]) => {
      const fresh = urls.filter((url) => !asked.has(url));
      for (const url of fresh) asked.add(url);
      const answers = await Promise.all(fresh.map(read));
      fresh.forEach((url, i) => {
        if (answers[i] !== undefined) reads[url] = answers[i];
      });
      return fresh.length;
    };
    // A named read refused (a trial ended, a server error) is the app's to show: the page goes undrawn.
    const named = [...page.matchAll(NAMED_READ)].map((match) => match[1]);
    await readAll(named);
    if (named.some((url) => !(url in reads))) return null;
    const kept = parseKept(request.headers.get('cookie'));
    for (let round = 1; ; round++) {
      const answer = await ask({ url: pathname + search, reads, kept });
      if ('error' in answer) {
        log.warn('a first screen was not drawn', { path: pathname, error: answer.error });
        return null;
      }
      if (round < ROUNDS && answer.missing.length > 0 && (await readAll(answer.missing)) > 0) continue;
      if (answer.html === null) return null;
      const state = JSON.stringify({ cache: answer.cache, decisions: answer.decisions }).replace(/</g, '\\u003c');
      // The app's code is named after the screen, so a phone's bandwidth goes to the screen first: named
      // in the head, it was fetched beside the page and slowed its arrival (bench:web).
      const code = page.match(APP_CODE)?.join('') ?? '';
      const html = await new HTMLRewriter()
        .on('#root', {
          element(element) {
            element.setAttribute('data-prerendered', 'server');
            element.setInnerContent(answer.html!, { html: true });
            element.after(`<script type="application/json" id="${DRAWN_STATE}">${state}</script>${code}`, { html: true });
          },
        })
        .transform(new Response(page.replace(NAMED_READ, '').replace(APP_CODE, '')))
        .text();
      return htmlResponse(html, visit.acceptEncoding ?? null, performance.now() - started);
    }
  }

  return {
    async draw(request, visit) {
      if (!visit.signedInVisit || DRAWN_PAGES.includes(visit.pathname) || !/^\/[a-z-]+$/.test(visit.pathname) || underWay >= MOST_AT_ONCE) return null;
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
      worker?.terminate();
      worker = null;
    },
  };
}

/**
 * The drawn page, compressed as the browser accepts (one learner's: never cached anywhere, and it differs
 * by the session cookie). Server-Timing says how long drawing took.
 */
function htmlResponse(html: string, acceptEncoding: string | null, ms: number) {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    vary: 'Cookie, Accept-Encoding',
    'server-timing': `drawn;dur=${ms.toFixed(1)}`,
  };
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === 'br') {
    headers['content-encoding'] = 'br';
    return new Response(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), { headers });
  }
  if (encoding === 'gzip') {
    headers['content-encoding'] = 'gzip';
    return new Response(Bun.gzipSync(html), { headers });
  }
  return new Response(html, { headers });
}
