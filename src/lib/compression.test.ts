import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Elysia } from 'elysia';
import { createTestApp } from '../../tests/support/app';
import { COMPRESS_JSON_ABOVE, compressionPlugin, sentAlike, sentAlikeExcept } from './compression';
import { preferredEncoding } from './encoding';
import { clientRequest, DRAWN_PAGES, PUBLIC_PAGES, serveClient } from './static';

describe('the encoding a browser accepts', () => {
  test('Brotli first, then gzip, never one refused with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('BR ; q=0.5')).toBe('br');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip;q=0.0, br;q=0')).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });
});

describe('the built client', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kalimat-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const script = 'console.log("kalimat");'.repeat(50);
  mkdirSync(join(dist, 'fonts'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'index.html.br'), 'brotli index');
  writeFileSync(join(dist, 'main-abcdef12.js'), script);
  writeFileSync(join(dist, 'main-abcdef12.js.br'), 'brotli bytes');
  writeFileSync(join(dist, 'main-abcdef12.js.gz'), 'gzip bytes');
  writeFileSync(join(dist, 'fonts/face-abcdef12.woff2'), 'font');

  test('a script goes as its Brotli copy to a browser that takes Brotli, with its own type and the year-long cache', async () => {
    const res = serveClient(dist, { pathname: '/main-abcdef12.js', acceptEncoding: 'gzip, deflate, br' });
    expect(await res.text()).toBe('brotli bytes');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('gzip to a browser without Brotli, the file itself to one that takes neither', async () => {
    const gzip = serveClient(dist, { pathname: '/main-abcdef12.js', acceptEncoding: 'gzip' });
    expect(await gzip.text()).toBe('gzip bytes');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = serveClient(dist, { pathname: '/main-abcdef12.js', acceptEncoding: null });
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
  });

  test('the page for a deep link is compressed too and still revalidated every visit', async () => {
    const page = serveClient(dist, { pathname: '/topics/Colors', acceptEncoding: 'br' });
    expect(await page.text()).toBe('brotli index');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
  });

  test('a file the build does not compress (a font) goes as it is', async () => {
    const font = serveClient(dist, { pathname: '/fonts/face-abcdef12.woff2', acceptEncoding: 'br' });
    expect(await font.text()).toBe('font');
    expect(font.headers.get('content-encoding')).toBeNull();
    expect(font.headers.get('vary')).toBeNull();
  });
});

describe('what the server adds to the client', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kalimat-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');

  test('robots.txt allows the pages, not the API, and names the sitemap of the public pages at the public address', async () => {
    const robots = serveClient(dist, { pathname: '/robots.txt', origin: 'https://kalimat.example' });
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://kalimat.example/sitemap.xml\n');
    const sitemap = await serveClient(dist, { pathname: '/sitemap.xml', origin: 'https://kalimat.example' }).text();
    expect(sitemap).toStartWith('<?xml');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(PUBLIC_PAGES.map((p) => `https://kalimat.example${p}`));
  });

  test('the service worker is revalidated on every visit, so a new deploy is seen at once', () => {
    expect(serveClient(dist, '/sw.js').headers.get('cache-control')).toBe('no-cache');
  });

  test('a page opened without a session cookie is marked signed out; with one, or fetched by a script, it is not', () => {
    const open = (headers: Record<string, string>) =>
      serveClient(dist, clientRequest(new Request('http://localhost/words', { headers }), 'http://localhost')).headers.get('server-timing');
    expect(open({ 'sec-fetch-mode': 'navigate' })).toBe('signed-out');
    expect(open({ 'sec-fetch-mode': 'navigate', cookie: 'theme=dark; session=abc' })).toBeNull();
    expect(open({ 'sec-fetch-mode': 'navigate', cookie: 'mysession=abc' })).toBe('signed-out');
    expect(open({ 'sec-fetch-mode': 'cors' })).toBeNull();
  });

  test('/landing and /auth opened without a session come drawn by the build; with one, or with a query the drawing does not show, as the plain page', async () => {
    mkdirSync(join(dist, 'pages'));
    for (const path of DRAWN_PAGES) writeFileSync(join(dist, `pages${path}.html`), `<!doctype html>drawn ${path}`);
    const open = (url: string, headers: Record<string, string> = {}) =>
      serveClient(
        dist,
        clientRequest(new Request(`http://localhost${url}`, { headers: { 'sec-fetch-mode': 'navigate', ...headers } }), 'http://localhost'),
      );
    expect(await open('/landing').text()).toBe('<!doctype html>drawn /landing');
    expect(open('/landing').headers.get('server-timing')).toBe('signed-out');
    expect(await open('/auth').text()).toBe('<!doctype html>drawn /auth');
    expect(await open('/auth', { cookie: 'session=abc' }).text()).toBe('<!doctype html>');
    expect(await open('/auth?tab=register').text()).toBe('<!doctype html>');
    expect(await open('/auth?error=login&tab=register').text()).toBe('<!doctype html>');
    // An arrival's error and where to go after logging in are read once the app runs: the drawing is the same.
    expect(await open('/auth?error=login').text()).toBe('<!doctype html>drawn /auth');
    expect(await open('/auth?redirect=%2Fstats').text()).toBe('<!doctype html>drawn /auth');
    expect(await open('/words').text()).toBe('<!doctype html>');
  });

  test('a signed-out visit no drawn page shows gets the page naming the code of the screen it ends on, where the build made one', async () => {
    mkdirSync(join(dist, 'pages/signed-out'), { recursive: true });
    for (const name of ['index', 'auth', 'words'])
      writeFileSync(join(dist, `pages/signed-out/${name}.html`), `<!doctype html>ends ${name}`);
    const open = (url: string, headers: Record<string, string> = {}) =>
      serveClient(
        dist,
        clientRequest(new Request(`http://localhost${url}`, { headers: { 'sec-fetch-mode': 'navigate', ...headers } }), 'http://localhost'),
      );
    expect(await open('/').text()).toBe('<!doctype html>ends index');
    expect(await open('/?utm_source=mail').text()).toBe('<!doctype html>ends index');
    expect(await open('/auth?tab=register').text()).toBe('<!doctype html>ends auth');
    expect(await open('/words').text()).toBe('<!doctype html>ends words');
    expect(open('/words').headers.get('server-timing')).toBe('signed-out');
    expect(await open('/which-word').text()).toBe('<!doctype html>');
    expect(await open('/%2E%2E%2Fwords').text()).toBe('<!doctype html>');
    expect(await open('/words', { cookie: 'session=abc' }).text()).toBe('<!doctype html>');
    expect(await open('/', { cookie: 'session=abc' }).text()).toBe('<!doctype html>');
    rmSync(join(dist, 'pages/signed-out'), { recursive: true });
  });

  test("a visit with a session gets the page naming its first screen's chunks and reads, or the one naming the user; a script's fetch gets index.html", async () => {
    mkdirSync(join(dist, 'pages/signed-in'), { recursive: true });
    writeFileSync(join(dist, 'pages/signed-in.html'), '<!doctype html>user');
    writeFileSync(join(dist, 'pages/signed-in/words.html'), '<!doctype html>words');
    const open = (url: string, headers: Record<string, string>) =>
      serveClient(dist, clientRequest(new Request(`http://localhost${url}`, { headers }), 'http://localhost'));
    const session = { 'sec-fetch-mode': 'navigate', cookie: 'session=abc' };
    expect(await open('/words', session).text()).toBe('<!doctype html>words');
    expect(await open('/words?x=1', session).text()).toBe('<!doctype html>words');
    expect(await open('/flagged', session).text()).toBe('<!doctype html>user');
    expect(await open('/topics/Food', session).text()).toBe('<!doctype html>user');
    expect(await open('/%2E%2E%2Fauth', session).text()).toBe('<!doctype html>user');
    expect(await open('/words', { 'sec-fetch-mode': 'navigate' }).text()).toBe('<!doctype html>');
    expect(await open('/words', { cookie: 'session=abc' }).text()).toBe('<!doctype html>');
  });
});

describe('JSON answers', () => {
  const big = { words: Array.from({ length: 100 }, (_, i) => ({ id: i, english: `word ${i}` })) };
  const app = new Elysia()
    .use(compressionPlugin())
    .get('/big', ({ set, cookie }) => {
      set.status = 201;
      cookie.session.set({ value: 'kept', path: '/' });
      return big;
    })
    .get('/small', () => ({ ok: true }))
    .get('/file', () => new Response('x'.repeat(5000), { headers: { 'content-type': 'text/plain' } }))
    .post('/big', () => big);
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    app.handle(new Request(`http://localhost${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }));

  test('above 1 KiB a GET answer is compressed, keeping its status and cookies', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_JSON_ABOVE);
    const br = await get('/big', 'gzip, br');
    expect(br.status).toBe(201);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('application/json');
    expect(br.headers.getSetCookie()[0]).toStartWith('session=kept');
    expect(JSON.parse(brotliDecompressSync(await br.arrayBuffer()).toString())).toEqual(big);

    const gzip = await get('/big', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer()))))).toEqual(big);

    const plain = await get('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  test('small answers, answers to POSTs and responses a route built itself are left as they are', async () => {
    const small = await get('/small', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-type')).toContain('application/json');
    expect(await small.json()).toEqual({ ok: true });
    const posted = await get('/big', 'br', 'POST');
    expect(posted.headers.get('content-encoding')).toBeNull();
    expect(await posted.json()).toEqual(big);
    const file = await get('/file', 'br');
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(await file.text()).toHaveLength(5000);
  });

  test('an answer sent alike to many learners is serialised and compressed once, and cannot change afterwards', async () => {
    const deck = sentAlike(Array.from({ length: 100 }, (_, i) => ({ id: i, english: `word ${i}` })));
    const shared = new Elysia().use(compressionPlugin()).get('/deck', () => deck);
    const send = (acceptEncoding?: string) =>
      shared.handle(new Request('http://localhost/deck', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }));
    const stringify = spyOn(JSON, 'stringify');
    try {
      const bodies = [];
      for (const encoding of ['br', 'br', 'gzip', 'gzip', undefined, undefined]) bodies.push(await (await send(encoding)).arrayBuffer());
      expect(stringify).toHaveBeenCalledTimes(1);
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[3]).toEqual(bodies[2]);
      expect(JSON.parse(brotliDecompressSync(bodies[0]!).toString())).toEqual(deck);
      expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(bodies[2]!))))).toEqual(deck);
      expect(JSON.parse(new TextDecoder().decode(bodies[4]))).toEqual(deck);
    } finally {
      stringify.mockRestore();
    }
    expect(() => deck.push({ id: 100, english: 'one more' })).toThrow();
  });

  test("a shared list with one learner's items changed is joined from each item's JSON, written once per list", async () => {
    const deck = sentAlike(Array.from({ length: 100 }, (_, i) => ({ id: i, english: `word ${i}`, isFlagged: false })));
    const flagged = (ids: number[]) => {
      const set = new Set(ids);
      return new Elysia().use(compressionPlugin()).get('/deck', () =>
        sentAlikeExcept(
          deck,
          (w) => set.has(w.id),
          (w) => ({ ...w, isFlagged: true }),
        ),
      );
    };
    const expected = (ids: number[]) => deck.map((w) => (ids.includes(w.id) ? { ...w, isFlagged: true } : w));
    const stringify = spyOn(JSON, 'stringify');
    try {
      const first = await flagged([3, 50]).handle(new Request('http://localhost/deck'));
      expect(first.headers.get('content-type')).toContain('application/json');
      expect(await first.json()).toEqual(expected([3, 50]));
      const wordsWritten = () =>
        stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && 'english' in value).length;
      expect(wordsWritten()).toBe(102);
      // Another learner's flags: only the items not yet written as changed are written.
      const br = await flagged([3, 7]).handle(new Request('http://localhost/deck', { headers: { 'accept-encoding': 'br' } }));
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(JSON.parse(brotliDecompressSync(await br.arrayBuffer()).toString())).toEqual(expected([3, 7]));
      expect(wordsWritten()).toBe(103);
      const none = await flagged([]).handle(new Request('http://localhost/deck'));
      expect(await none.json()).toEqual(deck);
      const empty = new Elysia().use(compressionPlugin()).get('/none', () =>
        sentAlikeExcept(
          sentAlike([] as { id: number }[]),
          () => true,
          (w) => w,
        ),
      );
      expect(await (await empty.handle(new Request('http://localhost/none'))).json()).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
  });

  test('the app compresses its large answers and still answers errors and pages as before', async () => {
    const t = createTestApp({ content: false });
    try {
      for (let i = 0; i < 3; i++) {
        const { email } = await t.signUp();
        await t.request('POST', '/api/request-password-reset', { body: { email } });
      }
      const plain = await t.request('GET', '/api/dev/mail');
      expect(plain.text.length).toBeGreaterThan(COMPRESS_JSON_ABOVE);
      const res = await t.app.handle(new Request('http://localhost:3000/api/dev/mail', { headers: { 'accept-encoding': 'gzip, br' } }));
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(JSON.parse(brotliDecompressSync(await res.arrayBuffer()).toString())).toEqual(plain.json);
      const missing = await t.request('GET', '/api/no-such-thing', { headers: { 'accept-encoding': 'br' } });
      expect(missing.status).toBe(404);
      expect(missing.json.error).toBe('Not Found');
      const page = await t.request('GET', '/topics/Colors', { headers: { 'accept-encoding': 'br' } });
      expect(page.headers.get('content-type')).not.toContain('application/json');
    } finally {
      t.close();
    }
  });
});
