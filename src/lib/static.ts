import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { preferredEncoding } from './encoding';

const HASHED = /-[a-z0-9]{8,}\.[a-z0-9]+$/i;
/** Files the build also writes as .br and .gz (scripts/build.ts); source maps are left out, as only developer tools fetch them. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
const TYPES: Record<string, string> = {
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * One file of the build, as its Brotli or gzip copy when the browser accepts one (the type is the
 * original's; `Vary` tells caches the answer depends on Accept-Encoding).
 */
function fileResponse(file: string, acceptEncoding: string | null, cacheControl: string): Response {
  const extension = file.slice(file.lastIndexOf('.'));
  const headers: Record<string, string> = { 'cache-control': cacheControl, 'content-type': TYPES[extension] ?? Bun.file(file).type };
  if (!COMPRESSIBLE.test(file)) return new Response(Bun.file(file), { headers });
  headers.vary = 'Accept-Encoding';
  const encoding = preferredEncoding(acceptEncoding);
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
  if (suffix && existsSync(file + suffix)) {
    headers['content-encoding'] = encoding!;
    return new Response(Bun.file(file + suffix), { headers });
  }
  return new Response(Bun.file(file), { headers });
}

/** The pages anyone may open, for search engines. */
export const PUBLIC_PAGES = ['/landing', '/auth', '/letters', '/study-letters', '/which-word', '/privacy-policy', '/terms-of-service'];

function robotsTxt(origin: string) {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

function sitemapXml(origin: string) {
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export interface ClientRequest {
  pathname: string;
  acceptEncoding?: string | null;
  /** The public address (APP_URL), for the sitemap. */
  origin?: string;
  /** The browser opened the page itself (Sec-Fetch-Mode: navigate), and sent no session cookie. */
  signedOutVisit?: boolean;
  /** The browser opened the page itself with a session cookie (which may have expired). */
  signedInVisit?: boolean;
  /** The address has a query a drawn page would show otherwise (`?tab=register`): a drawn page shows none. */
  hasQuery?: boolean;
}

/**
 * Serves the built client: files from dist/ (hashed names cached for a year), robots.txt and the
 * sitemap, and index.html for every other path so deep links reach the client router. A page opened
 * without a session cookie says so in Server-Timing: the client then knows the visitor is signed out
 * without asking /api/user (whose 401 every browser logs as a console error).
 */
export function serveClient(distDir: string, request: string | ClientRequest): Response {
  const {
    pathname,
    acceptEncoding = null,
    origin = 'http://localhost:3000',
    signedOutVisit = false,
    signedInVisit = false,
    hasQuery = false,
  } = typeof request === 'string' ? { pathname: request } : request;
  if (pathname === '/robots.txt')
    return new Response(robotsTxt(origin), { headers: { 'content-type': TYPES['.txt'], 'cache-control': 'public, max-age=3600' } });
  if (pathname === '/sitemap.xml')
    return new Response(sitemapXml(origin), { headers: { 'content-type': TYPES['.xml'], 'cache-control': 'public, max-age=3600' } });
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const file = normalize(join(distDir, decoded));
  if (file.startsWith(distDir + sep) && !file.endsWith(`${sep}index.html`) && existsSync(file) && statSync(file).isFile()) {
    // The service worker is looked at on every visit, so a new deploy reaches the browser at once.
    const cacheControl = HASHED.test(file)
      ? 'public, max-age=31536000, immutable'
      : file.endsWith(`${sep}sw.js`)
        ? 'no-cache'
        : 'public, max-age=3600';
    return fileResponse(file, acceptEncoding, cacheControl);
  }
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    return new Response('The client is not built yet: run `bun run build`.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const page = fileResponse(pageFor(distDir, pathname, { signedOutVisit, signedInVisit, hasQuery }) ?? index, acceptEncoding, 'no-cache');
  if (signedOutVisit) page.headers.set('server-timing', SIGNED_OUT);
  return page;
}

/**
 * The copy of index.html the build made for this visit (scripts/build.ts), if any: for a signed-out
 * visit, /landing and /auth drawn as a visitor first sees them, or the page naming the code of the
 * one the visitor ends on (`/` and the learner's screens lead to /auth); for a visit with a session,
 * the page naming what its first screen fetches (the user, and a first screen's chunks and reads).
 */
function pageFor(distDir: string, pathname: string, visit: Required<Pick<ClientRequest, 'signedOutVisit' | 'signedInVisit' | 'hasQuery'>>) {
  const names: string[] = [];
  if (visit.signedOutVisit) {
    if (!visit.hasQuery && DRAWN_PAGES.includes(pathname)) names.push(`pages${pathname}.html`);
    if (/^\/[a-z-]*$/.test(pathname)) names.push(signedOutPage(pathname));
  }
  if (visit.signedInVisit) {
    if (/^\/[a-z-]+$/.test(pathname)) names.push(`pages/signed-in${pathname}.html`);
    names.push('pages/signed-in.html');
  }
  return names.map((name) => join(distDir, name)).find((file) => existsSync(file));
}

/** The pages the build draws for a signed-out visitor (src/web/prerender.tsx). */
export const DRAWN_PAGES = ['/landing', '/auth'];

/**
 * The one script a drawn page runs before the app (docs/decisions/0062-public-pages-before-the-runtime.md):
 * its links and its login form work as HTML, so the app's runtime is fetched only once the page has
 * loaded and the browser is idle, or at the visitor's first touch, key or pointer over it, whichever
 * comes first. It then adds what the page's `<template id="runtime">` holds (the entry script and its
 * screen's chunks, scripts/build.ts) to the head, as elements of the document, so they load as they
 * would from the page itself. Inline, so the first paint waits for no request; allowed by its hash in
 * the Content-Security-Policy (src/lib/core.ts).
 */
export const RUNTIME_START = `{
const events = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'];
const start = () => {
  const runtime = document.getElementById('runtime');
  if (!runtime) return;
  runtime.remove();
  for (const type of events) removeEventListener(type, start, true);
  for (const element of runtime.content.children) {
    const copy = document.createElement(element.localName);
    for (const { name, value } of element.attributes) copy.setAttribute(name, value);
    document.head.append(copy);
  }
};
for (const type of events) addEventListener(type, start, { capture: true, passive: true });
const idle = () => (window.requestIdleCallback ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 2000));
if (document.readyState === 'complete') idle();
else addEventListener('load', idle, { once: true });
}`;

/** RUNTIME_START's source as a Content-Security-Policy allows it. */
export const RUNTIME_START_SOURCE = `'sha256-${new Bun.CryptoHasher('sha256').update(RUNTIME_START).digest('base64')}'`;

/** The page, in dist/, naming the code a signed-out visit to `pathname` ends on (`/` as index). */
export const signedOutPage = (pathname: string) => `pages/signed-out${pathname === '/' ? '/index' : pathname}.html`;

/** The Server-Timing entry of a page opened without a session cookie (read by src/web/main.tsx). */
export const SIGNED_OUT = 'signed-out';

/**
 * Query keys no drawn page shows as it is drawn: read once the app runs (the toast of an arrival's error,
 * such as the drawn login form's failed post, docs/decisions/0041; where to go after logging in).
 */
const UNSHOWN_KEYS = new Set(['error', 'redirect']);

/** What serveClient needs from a request for the client. */
export function clientRequest(request: Request, origin: string): ClientRequest {
  const { pathname, search } = new URL(request.url);
  const cookies = request.headers.get('cookie') ?? '';
  const navigation = request.headers.get('sec-fetch-mode') === 'navigate';
  const session = /(^|;\s*)session=/.test(cookies);
  return {
    pathname,
    acceptEncoding: request.headers.get('accept-encoding'),
    origin,
    signedOutVisit: navigation && !session,
    signedInVisit: navigation && session,
    hasQuery: [...new URLSearchParams(search).keys()].some((key) => !UNSHOWN_KEYS.has(key)),
  };
}
