import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildClient } from '../../scripts/build';
import { createTestApp, type TestApp } from '../../tests/support/app';
import { DRAWN_STATE } from '../shared/drawn';
import { createLogger } from './log';
import { createScreenDrawer, drawerOf } from './screens';
import { clientRequest } from './static';

const outdir = join(mkdtempSync(join(tmpdir(), 'kalimat-screens-')), 'dist');
let t: TestApp;
beforeAll(async () => {
  await buildClient({ quiet: true, outdir });
  t = createTestApp();
  t.config.distDir = outdir;
}, 120_000);
afterAll(() => {
  t?.close();
  rmSync(join(outdir, '..'), { recursive: true, force: true });
});

/** The page a browser opening `path` itself gets (Sec-Fetch-Mode: navigate), with these cookies. */
const open = (path: string, cookie?: string, headers: Record<string, string> = { 'sec-fetch-mode': 'navigate' }) =>
  t.request('GET', path, { cookie, headers });

/** What a drawn page carries: the reads it was drawn from, by URL, and the decisions made. */
function drawnState(html: string) {
  const json = html.match(new RegExp(`<script type="application/json" id="${DRAWN_STATE}">(.*?)</script>`, 's'))?.[1];
  if (!json) return null;
  const { cache, decisions } = JSON.parse(json) as {
    cache: { queries: Array<{ queryKey: string[]; state: { data: unknown } }> };
    decisions: Record<string, unknown>;
  };
  return { reads: Object.fromEntries(cache.queries.map((query) => [query.queryKey[0], query.state.data])), decisions };
}

const drawn = (html: string) => html.includes('<div id="root" data-prerendered="server">');

describe("a learner's first screen, drawn on the server", () => {
  test("/words comes with the learner's first card, drawn from the reads the page carries, and names no read to fetch", async () => {
    const { cookie, user } = await t.signUp();
    const res = await open('/words', cookie);
    expect(res.status).toBe(200);
    expect(drawn(res.text)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    const state = drawnState(res.text)!;
    expect((state.reads['/api/user'] as { id: number }).id).toBe(user.id);
    for (const read of ['/api/words', '/api/words/batch', '/api/goal']) expect(state.reads[read]).toBeDefined();
    const words = state.reads['/api/words'] as Array<{ id: number; english: string }>;
    const first = words.find((word) => word.id === state.decisions['first-card']);
    expect(first).toBeDefined();
    expect(res.text).toContain(`<h2 class="flash-card-english">${first!.english}</h2>`);
    expect(res.text).not.toContain('as="fetch"');
    // The app's code is named after the screen and its reads, so the screen arrives first.
    const root = res.text.indexOf('<div id="root"');
    for (const code of ['<link rel="modulepreload"', '<script type="module"', 'as="script"'])
      expect(res.text.indexOf(code)).toBeGreaterThan(root);
    // The welcome of a first visit.
    expect(res.text).toContain('Welcome to All Words');
  });

  test('the review, /topics and /stats come drawn, each with the reads its parts asked for', async () => {
    const { cookie } = await t.signUp();
    for (const [path, read, shown] of [
      ['/words?mode=review', '/api/review/due', '<h1>Review</h1>'],
      ['/topics', '/api/words/topics-with-progress', 'class="topic-tile"'],
      ['/stats', '/api/stats', 'data-testid="stats-points"'],
    ] as const) {
      const res = await open(path, cookie);
      expect(drawn(res.text)).toBe(true);
      expect(drawnState(res.text)!.reads[read]).toBeDefined();
      expect(res.text).toContain(shown);
    }
    // The page carries what the drawing read: the review does not show the deck its address's loader reads.
    const review = drawnState((await open('/words?mode=review', cookie)).text)!;
    expect(Object.keys(review.reads)).not.toContain('/api/words');
  });

  test('the choices this browser keeps are drawn as it keeps them: a welcome closed is not drawn open', async () => {
    const { cookie } = await t.signUp();
    const kept = `kept=${encodeURIComponent(JSON.stringify({ 'popup-seen:home': 'true' }))}`;
    const res = await open('/words', `${cookie}; ${kept}`);
    expect(drawn(res.text)).toBe(true);
    expect(res.text).not.toContain('Welcome to All Words');
    // Anything else in the cookie is dropped, not drawn by.
    const odd = await open('/words', `${cookie}; kept=%7B%22popup-seen%3Ahome%22%3A%22%3Cscript%3E%22%7D; kept-session=not-json`);
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('Welcome to All Words');
  });

  test('a page is drawn only for a navigation with a session it knows, to a first screen', async () => {
    const { cookie } = await t.signUp();
    for (const [path, sent, headers] of [
      ['/words', undefined, undefined],
      ['/words', 'session=not-a-session', undefined],
      ['/words', cookie, {}],
      ['/flagged', cookie, undefined],
      ['/landing', cookie, undefined],
    ] as const) {
      const res = await open(path, sent, headers);
      expect(res.status).toBe(200);
      expect(drawn(res.text)).toBe(false);
      expect(res.text).not.toContain(`id="${DRAWN_STATE}"`);
    }
  });
});

describe('the drawer', () => {
  test('a drawing that never ends leaves its page undrawn after 3 s, and the next visit gets a fresh drawer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalimat-drawer-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'pages/signed-in'), { recursive: true });
    writeFileSync(
      join(dist, 'pages/signed-in/words.html'),
      '<html><head><link rel="preload" href="/api/words" as="fetch" crossorigin></head><body><div id="root"></div></body></html>',
    );
    // The first drawer hangs on its first drawing and, drawing one at a time, answers nothing after it
    // (it leaves a mark); one started after it answers at once.
    const mark = join(dir, 'hung');
    mkdirSync(dirname(drawerOf(dist)), { recursive: true });
    writeFileSync(
      drawerOf(dist),
      `const fs = require('node:fs');
       let hung = false;
       self.onmessage = ({ data }) => {
         if (hung) return;
         if (!fs.existsSync(${JSON.stringify(mark)})) return (hung = true), fs.writeFileSync(${JSON.stringify(mark)}, '');
         self.postMessage({ id: data.id, body: new TextEncoder().encode('drawn'), encoding: null });
       };`,
    );
    const handle = async () => Response.json({ id: 1 });
    const screens = createScreenDrawer({ config: { distDir: dist }, handle, log: createLogger('silent') });
    const visit = new Request('http://localhost/words', { headers: { cookie: 'session=x', 'sec-fetch-mode': 'navigate' } });
    const client = clientRequest(visit, 'http://localhost');
    try {
      expect(await screens.draw(visit, client)).toBeNull();
      expect(await (await screens.draw(visit, client))!.text()).toBe('drawn');
    } finally {
      screens.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 15_000);
});
