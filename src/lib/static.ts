import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { preferredEncoding } from './compression';

const HASHED = /-[a-z0-9]{8,}\.[a-z0-9]+$/i;
/** Files the build also writes as .br and .gz (scripts/build.ts); source maps are left out, as only developer tools fetch them. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
const TYPES: Record<string, string> = { '.webmanifest': 'application/manifest+json', '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

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

/**
 * Serves the built client: files from dist/ (hashed names cached for a year), and index.html for
 * every other path so deep links reach the client router.
 */
export function serveClient(distDir: string, pathname: string, acceptEncoding: string | null = null): Response {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const file = normalize(join(distDir, decoded));
  if (file.startsWith(distDir + sep) && !file.endsWith(`${sep}index.html`) && existsSync(file) && statSync(file).isFile()) {
    return fileResponse(file, acceptEncoding, HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  }
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    return new Response('The client is not built yet: run `bun run build`.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return fileResponse(index, acceptEncoding, 'no-cache');
}
