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

/**
 * Compresses JSON answers to GET requests above 1 KiB (word lists, statistics, the leaderboard) for the
 * browser. Answers to other methods (an answer, a flag) are small and skip it at the first check, so the
 * answer path pays one comparison.
 */
export function compressionPlugin() {
  return new Elysia({ name: 'compression' }).mapResponse({ as: 'global' }, ({ request, responseValue, set }) => {
    if (request.method !== 'GET' || !isJson(responseValue)) return;
    const text = JSON.stringify(responseValue);
    set.headers['content-type'] = 'application/json;charset=utf-8';
    if (text.length <= COMPRESS_JSON_ABOVE) return new Response(text);
    set.headers.vary = 'Accept-Encoding';
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(text);
    set.headers['content-encoding'] = encoding;
    // Quality 4 Brotli is as quick as gzip and smaller; the build's own files get the slow, smallest kind.
    const body = encoding === 'br' ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : Bun.gzipSync(text);
    return new Response(body);
  });
}
