/**
 * The floor of a first screen for `bun run bench:web` (scripts/bench/web.ts): the screen as the app has
 * drawn it for the learner, saved as plain HTML without any script, and served with the app's own CSS and
 * fonts, compressed as the app serves its pages. Loaded under the same throttling, it is what the screen
 * would cost if nothing but its HTML, CSS and fonts had to arrive, so the app's figures are read as a
 * ratio to it, measured in the same run on a machine whose speed drifts.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page } from 'playwright-core';
import { preferredEncoding } from '../../src/lib/encoding';
import { serveClient } from '../../src/lib/static';

/** The screen as drawn, and the text it shows (the floor must show the same, tests/e2e/bench-floor.test.ts). */
export interface Capture {
  html: string;
  text: string;
}

/**
 * Saves the screen `page` shows now: its DOM with every script, and every link that loads one or a
 * read, taken out; stylesheets (the build's and those a script added), font preloads and inline styles kept.
 */
export async function captureScreen(page: Page): Promise<Capture> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll(
      'script, noscript, link[rel="modulepreload"], link[rel="preload"]:not([as="font"]):not([as="style"]), link[rel="prefetch"], link[rel="manifest"]',
    ))
      element.remove();
    // React sets no inline handlers, but a floor must run nothing even if some markup did.
    for (const element of copy.querySelectorAll('*'))
      for (const name of element.getAttributeNames()) if (/^on/i.test(name)) element.removeAttribute(name);
    return { html: `<!doctype html>\n${copy.outerHTML}`, text: document.body.innerText };
  });
}

/**
 * Serves captured screens by path and query (`/words?mode=review`), each as Brotli or gzip as the browser
 * accepts, and every other path from the build as the app serves it (src/lib/static.ts): the CSS and fonts.
 */
export function serveFloors(distDir: string) {
  const pages = new Map<string, { html: string; br: Buffer<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> }>();
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const url = new URL(request.url);
      const acceptEncoding = request.headers.get('accept-encoding');
      const page = pages.get(url.pathname + url.search);
      if (!page) return serveClient(distDir, { pathname: url.pathname, acceptEncoding });
      const headers: Record<string, string> = {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'Accept-Encoding',
      };
      const encoding = preferredEncoding(acceptEncoding);
      if (encoding) headers['content-encoding'] = encoding;
      return new Response(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html, { headers });
    },
  });
  return {
    base: `http://127.0.0.1:${server.port}`,
    set(path: string, html: string) {
      const bytes = new TextEncoder().encode(html);
      pages.set(path, {
        html,
        br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: Bun.gzipSync(bytes, { level: 9 }),
      });
    },
    stop: () => server.stop(true),
  };
}
