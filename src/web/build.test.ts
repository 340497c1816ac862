import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildClient } from '../../scripts/build';
import { CONTENT_SECURITY_POLICY } from '../lib/core';
import { RUNTIME_START } from '../lib/static';

const outdir = join(mkdtempSync(join(tmpdir(), 'kalimat-build-')), 'dist');
let files: string[] = [];
beforeAll(async () => {
  await buildClient({ quiet: true, outdir });
  files = readdirSync(outdir, { recursive: true, encoding: 'utf8' });
}, 60_000);
afterAll(() => rmSync(join(outdir, '..'), { recursive: true, force: true }));

describe('the client build', () => {
  test('index.html carries its stylesheet and a skeleton, so the first paint needs no other file', () => {
    const html = readFileSync(join(outdir, 'index.html'), 'utf8');
    expect(html).toContain('<style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<div id="root">\s*<div class="frame">/);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(existsSync(join(outdir, 'manifest.webmanifest'))).toBe(true);
    expect(existsSync(join(outdir, 'icons/icon-512.png'))).toBe(true);
  });

  test("/landing and /auth are drawn into copies of index.html, marked for hydration, naming their screen's chunk", () => {
    const index = readFileSync(join(outdir, 'index.html'), 'utf8');
    const entry = index.match(/<script type="module"[^>]*src="(\/[^"]+\.js)"/)?.[1] ?? 'no entry script';
    const entryTag = index.match(/<script type="module"[^>]*><\/script>/)?.[0] ?? 'no entry script';
    for (const [path, text, screen] of [
      ['landing', 'Speak Lebanese, not textbook Arabic.', 'LandingPage'],
      ['auth', 'Continue with Google', 'AuthPage'],
    ]) {
      const html = readFileSync(join(outdir, `pages/${path}.html`), 'utf8');
      expect(html).toContain('<div id="root" data-prerendered="">');
      expect(html).toContain(text);
      const head = html.slice(0, html.indexOf('<div id="root"'));
      // The page fetches no script: the runtime and its screen's chunks wait in an inert template at the
      // end of the page, which the one inline script adds to it once it has loaded (docs/decisions/0062).
      const template = html.match(/<template id="runtime">([\s\S]*?)<\/template>/);
      expect(html).toContain(`${template?.[0]}<script>${RUNTIME_START}</script></body>`);
      const runtime = template?.[1] ?? '';
      expect(runtime.endsWith(entryTag)).toBe(true);
      expect(runtime).not.toContain('modulepreload');
      const chunk = files.find((f) => f.startsWith(`${screen}-`) && f.endsWith('.js'));
      // The screen's chunk and every chunk it imports but the runtime: hydrating waits for all of them.
      const imported = [...readFileSync(join(outdir, chunk!), 'utf8').matchAll(/from\s*"(\/[^"]+\.js)"/g)].map((m) => m[1]);
      expect(imported).toContain(entry);
      for (const file of [`/${chunk}`, ...imported.filter((file) => file !== entry)]) {
        expect(runtime).toContain(`<link rel="preload" href="${file}" as="script" crossorigin>`);
      }
      expect(head).toBe(index.slice(0, index.indexOf('<div id="root"')).replace(entryTag, ''));
      expect(html.split('<script').length).toBe(3);
    }
  });

  test("the drawn pages' one inline script is the one the Content-Security-Policy allows by its hash", () => {
    for (const path of ['landing', 'auth']) {
      const inline = [...readFileSync(join(outdir, `pages/${path}.html`), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1],
      );
      expect(inline).toEqual([RUNTIME_START]);
      const hash = new Bun.CryptoHasher('sha256').update(inline[0]).digest('base64');
      expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' 'sha256-${hash}';`);
    }
  });

  test("a signed-out visit to `/` or to a learner's screen gets a page naming /auth's code; /auth with a query, its own", () => {
    const index = readFileSync(join(outdir, 'index.html'), 'utf8');
    const entry = index.match(/<script type="module"[^>]*src="(\/[^"]+\.js)"/)?.[1] ?? 'no entry script';
    const drawnAuthChunks = readFileSync(join(outdir, 'pages/auth.html'), 'utf8').match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(drawnAuthChunks.length).toBeGreaterThan(0);
    for (const name of ['index', 'words', 'settings', 'auth']) {
      const html = readFileSync(join(outdir, `pages/signed-out/${name}.html`), 'utf8');
      expect(html.match(/<link rel="(module)?preload"[^>]*>/g)).toEqual([`<link rel="modulepreload" href="${entry}">`, ...drawnAuthChunks]);
      expect(html.replace(/<link rel="(module)?preload"[^>]*>/g, '')).toBe(index);
    }
    expect(readFileSync(join(outdir, 'pages/signed-out/landing.html'), 'utf8')).toMatch(
      /<link rel="preload" href="\/LandingPage-[a-z0-9]+\.js"/,
    );
    expect(existsSync(join(outdir, 'pages/signed-out/which-word.html'))).toBe(false);
  });

  test('every screen is its own chunk', () => {
    for (const screen of [
      'LandingPage',
      'AuthPage',
      'AllWordsPage',
      'TopicsPage',
      'FlaggedPage',
      'StatsPage',
      'SettingsScreen',
      'LettersPage',
      'LessonPage',
      'PaywallPage',
    ]) {
      expect(files.some((f) => f.startsWith(`${screen}-`) && f.endsWith('.js'))).toBe(true);
    }
  });

  test('every text file has a Brotli and a gzip copy with the same content', () => {
    const text = files.filter((f) => /\.(js|html|svg|webmanifest)$/.test(f));
    expect(text.length).toBeGreaterThan(10);
    for (const file of text) {
      const original = readFileSync(join(outdir, file));
      expect(brotliDecompressSync(readFileSync(join(outdir, `${file}.br`)))).toEqual(original);
      expect(Buffer.from(Bun.gunzipSync(readFileSync(join(outdir, `${file}.gz`))))).toEqual(original);
    }
  });

  test('the service worker keeps every file of this build, under a name of this build', () => {
    const worker = readFileSync(join(outdir, 'sw.js'), 'utf8');
    const kept = files.filter(
      (f) => !/\.(map|br|gz)$/.test(f) && f !== 'sw.js' && !['fonts', 'icons', 'pages'].includes(f) && !f.startsWith('pages/'),
    );
    for (const file of kept) expect(worker).toContain(`"/${file}"`);
    expect(worker).toMatch(/kalimat-shell-[0-9a-f]{12}/);
  });
});
