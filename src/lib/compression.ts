import { Elysia } from 'elysia';
import { brotliCompressSync, constants } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this a JSON answer is sent as it is: compressing it would cost more time than the bytes it saves. */
export const COMPRESS_JSON_ABOVE = 1024;

/** The best encoding an Accept-Encoding header allows (Brotli, then gzip), or null for none. */
export function preferredEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.toLowerCase().split(';').map((s) => s.trim());
    const refused = params.some((p) => /^q\s*=\s*0(\.0*)?$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** A plain object or array, which Elysia would send as JSON (not a Response, file, stream or generator). */
function isJson(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

/** The JSON text of an answer sent to many learners alike, and its compressed copies once made. */
type Encoded = { text?: string; br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> };
const sharedAnswers = new WeakMap<object, Encoded>();

/**
 * Marks a value that routes return unchanged to many learners (a deck memoised per content), so it is
 * serialised and compressed once rather than on every request. The value must not change afterwards:
 * it is frozen. Forgotten with the value when the content changes.
 */
export function sentAlike<T extends object>(value: T): T {
  sharedAnswers.set(Object.freeze(value), {});
  return value;
}

function compress(text: string, encoding: Encoding): Uint8Array<ArrayBuffer> {
  // Quality 4 Brotli is as quick as gzip and smaller; the build's own files get the slow, smallest kind.
  return encoding === 'br' ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : Bun.gzipSync(text);
}

/**
 * Compresses JSON answers to GET requests above 1 KiB (word lists, statistics, the leaderboard) for the
 * browser. Answers to other methods (an answer, a flag) are small and skip it at the first check, so the
 * answer path pays one comparison.
 */
export function compressionPlugin() {
  return new Elysia({ name: 'compression' }).mapResponse({ as: 'global' }, ({ request, responseValue, set }) => {
    if (request.method !== 'GET' || !isJson(responseValue)) return;
    const shared = sharedAnswers.get(responseValue);
    const text = shared ? (shared.text ??= JSON.stringify(responseValue)) : JSON.stringify(responseValue);
    set.headers['content-type'] = 'application/json;charset=utf-8';
    if (text.length <= COMPRESS_JSON_ABOVE) return new Response(text);
    set.headers.vary = 'Accept-Encoding';
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(text);
    set.headers['content-encoding'] = encoding;
    return new Response(shared ? (shared[encoding] ??= compress(text, encoding)) : compress(text, encoding));
  });
}
