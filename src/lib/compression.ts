import { Elysia } from 'elysia';
import { brotliCompressSync, constants } from 'node:zlib';
import { preferredEncoding, type Encoding } from './encoding';

/** Below this a JSON answer is sent as it is: compressing it would cost more time than the bytes it saves. */
export const COMPRESS_JSON_ABOVE = 1024;

/** A plain object or array, which Elysia would send as JSON (not a Response, file, stream or generator). */
function isJson(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

/** The JSON of an answer sent to many learners alike, as UTF-8, and its compressed copies once made. */
type Encoded = { json?: Uint8Array<ArrayBuffer>; br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> };
const sharedAnswers = new WeakMap<object, Encoded>();

const utf8 = new TextEncoder();

/**
 * Marks a value that routes return unchanged to many learners (a deck memoised per content), so it is
 * serialised and compressed once rather than on every request. The value must not change afterwards:
 * it is frozen. Forgotten with the value when the content changes.
 */
export function sentAlike<T extends object>(value: T): T {
  sharedAnswers.set(Object.freeze(value), {});
  return value;
}

/** JSON already written as UTF-8, sent as it is (and compressed like any JSON answer); `T` is what it holds, for the client's types. */
export class JsonText<T> {
  declare readonly holds?: T;
  constructor(readonly json: Uint8Array<ArrayBuffer>) {}
}

/** Each item's JSON in a list sent alike, and as changed for a learner, written once per list. */
const itemJson = new WeakMap<object, { plain: Uint8Array<ArrayBuffer>[]; changed: (Uint8Array<ArrayBuffer> | undefined)[] }>();
const [OPEN, COMMA, CLOSE] = [...utf8.encode('[,]')] as [number, number, number];

/**
 * A list sent alike (sentAlike) with some items changed for one learner (the words they flagged):
 * joined from each item's UTF-8 JSON, written once per list, instead of serialising the whole list and
 * encoding it for every request. `change` must give the same item for the same list every time.
 */
export function sentAlikeExcept<T extends object>(
  list: readonly T[],
  isChanged: (item: T) => boolean,
  change: (item: T) => T,
): JsonText<T[]> {
  let items = itemJson.get(list);
  if (!items) itemJson.set(list, (items = { plain: list.map((item) => utf8.encode(JSON.stringify(item))), changed: [] }));
  const { plain, changed } = items;
  const parts = list.map((item, i) => (isChanged(item) ? (changed[i] ??= utf8.encode(JSON.stringify(change(item)))) : plain[i]!));
  const json = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0) + Math.max(parts.length - 1, 0) + 2);
  json[0] = OPEN;
  let at = 1;
  parts.forEach((part, i) => {
    if (i > 0) json[at++] = COMMA;
    json.set(part, at);
    at += part.byteLength;
  });
  json[at] = CLOSE;
  return new JsonText<T[]>(json);
}

function compress(json: string | Uint8Array<ArrayBuffer>, encoding: Encoding): Uint8Array<ArrayBuffer> {
  // Quality 4 Brotli is as quick as gzip and smaller; the build's own files get the slow, smallest kind.
  return encoding === 'br' ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : Bun.gzipSync(json);
}

/**
 * Compresses JSON answers to GET requests above 1 KiB (word lists, statistics, the leaderboard) for the
 * browser. Answers to other methods (an answer, a flag) are small and skip it at the first check, so the
 * answer path pays one comparison.
 */
export function compressionPlugin() {
  return new Elysia({ name: 'compression' }).mapResponse({ as: 'global' }, ({ request, responseValue, set }) => {
    if (request.method !== 'GET') return;
    const written = responseValue instanceof JsonText;
    if (!written && !isJson(responseValue)) return;
    const shared = written ? undefined : sharedAnswers.get(responseValue);
    const json = written
      ? responseValue.json
      : shared
        ? (shared.json ??= utf8.encode(JSON.stringify(responseValue)))
        : JSON.stringify(responseValue);
    set.headers['content-type'] = 'application/json;charset=utf-8';
    if ((typeof json === 'string' ? json.length : json.byteLength) <= COMPRESS_JSON_ABOVE) return new Response(json);
    set.headers.vary = 'Accept-Encoding';
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(json);
    set.headers['content-encoding'] = encoding;
    return new Response(shared ? (shared[encoding] ??= compress(json, encoding)) : compress(json, encoding));
  });
}
