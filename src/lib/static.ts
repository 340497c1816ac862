import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

const HASHED = /-[a-z0-9]{8,}\.[a-z0-9]+$/i;

/**
 * Serves the built client: files from dist/ (hashed names cached for a year), and index.html for
 * every other path so deep links reach the client router.
 */
export function serveClient(distDir: string, pathname: string): Response {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const file = normalize(join(distDir, decoded));
  if (file.startsWith(distDir + sep) && !file.endsWith(`${sep}index.html`) && existsSync(file) && statSync(file).isFile()) {
    return new Response(Bun.file(file), {
      headers: { 'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600' },
    });
  }
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    return new Response('The client is not built yet: run `bun run build`.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return new Response(Bun.file(index), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
}
