/**
 * The page of a learner's first screen as the server sends it (docs/decisions/0065-learner-screens-drawn-on-the-server.md),
 * made by the drawer (src/web/server-draw.tsx) from the page the build made for the screen.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { DRAWN_STATE } from '../shared/drawn';
import { preferredEncoding, type Encoding } from './encoding';

/** The reads a first screen's page names (`<link rel="preload" as="fetch">`, scripts/build.ts). */
const NAMED_READ = /<link rel="preload" href="(\/api\/[^"]+)" as="fetch" crossorigin>/g;
/** The runtime and the screen's chunks, as the page names them (scripts/build.ts). */
const APP_CODE =
  /<link rel="modulepreload" href="[^"]+">|<link rel="preload" href="[^"]+\.js" as="script" crossorigin>|<script type="module" crossorigin src="[^"]+"><\/script>/g;

/** The reads the build's page for a first screen names. */
export const namedReads = (page: string) => [...page.matchAll(NAMED_READ)].map((match) => match[1]!);

/**
 * The page with the screen drawn in `#root` (marked for hydration), followed by what it was drawn from
 * (`state`, JSON); it names no read, since it carries them. The app's code is named after the screen, so
 * a phone's bandwidth goes to the screen first: named in the head, it was fetched beside the page and
 * slowed its arrival (bench:web).
 */
export async function drawnPage(page: string, screen: string, state: unknown): Promise<string> {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const code = page.match(APP_CODE)?.join('') ?? '';
  return new HTMLRewriter()
    .on('#root', {
      element(element) {
        element.setAttribute('data-prerendered', 'server');
        element.setInnerContent(screen, { html: true });
        element.after(`<script type="application/json" id="${DRAWN_STATE}">${json}</script>${code}`, { html: true });
      },
    })
    .transform(new Response(page.replace(NAMED_READ, '').replace(APP_CODE, '')))
    .text();
}

/** The page compressed as the browser accepts: Brotli at quality 5, as it is made for each visit. */
export function compressed(html: string, acceptEncoding: string | null): { body: Uint8Array<ArrayBuffer>; encoding: Encoding | null } {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === 'br')
    return { body: new Uint8Array(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })), encoding };
  if (encoding === 'gzip') return { body: Bun.gzipSync(html), encoding };
  return { body: new TextEncoder().encode(html), encoding };
}
