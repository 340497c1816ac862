/** Which compression a browser accepts, for every answer the server compresses (src/lib/compression.ts, static.ts, drawn-page.ts). */
export type Encoding = 'br' | 'gzip';

/** The best encoding an Accept-Encoding header allows (Brotli, then gzip), or null for none. */
export function preferredEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
    const refused = params.some((p) => /^q\s*=\s*0(\.0*)?$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}
