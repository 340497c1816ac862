/**
 * Builds the web client into dist/: minified, content-hashed file names (served with long cache
 * headers), and index.html pointing at them.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { COMPRESSIBLE } from '../src/lib/static';

const root = resolve(import.meta.dir, '..');
const outdir = resolve(root, 'dist');

export async function buildClient({ quiet = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await Bun.build({
    entrypoints: [resolve(root, 'src/web/index.html')],
    outdir,
    minify: true,
    sourcemap: 'linked',
    target: 'browser',
    publicPath: '/',
    external: ['/fonts/*'],
    naming: { entry: '[name].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('The client build failed.');
  }
  // Bun inlines every url() of a stylesheet; the fonts stay separate files fetched only for Arabic text.
  mkdirSync(resolve(outdir, 'fonts'));
  for (const weight of [400, 700]) {
    copyFileSync(
      resolve(root, `node_modules/@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`),
      resolve(outdir, `fonts/noto-naskh-arabic-${weight}.woff2`),
    );
  }
  compressTextFiles();
  if (!quiet) {
    const bytes = result.outputs.reduce((sum, o) => sum + o.size, 0);
    console.log(`Built the client: ${result.outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB in ${Math.round(performance.now() - started)} ms`);
  }
  return result;
}

/** Brotli and gzip copies of every text file, made once at their smallest, for the server to pick from. */
function compressTextFiles() {
  for (const name of readdirSync(outdir, { recursive: true, encoding: 'utf8' })) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = resolve(outdir, name);
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, Bun.gzipSync(bytes, { level: 9 }));
  }
}

if (import.meta.main) await buildClient();
