/**
 * Builds the web client into dist/: one chunk per screen plus the shared runtime, minified, with
 * content-hashed names (served with long cache headers), Brotli and gzip copies of every text file,
 * and index.html pointing at them. Prints what each chunk weighs on the wire and what fills it.
 */
import remapping from '@jridgewell/remapping';
import { minify } from '@swc/core';
import { cpSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { drawerOf } from '../src/lib/screens';
import { COMPRESSIBLE, RUNTIME_START, signedOutPage } from '../src/lib/static';
import type { FirstScreen } from '../src/web/lib/routes';

const root = resolve(import.meta.dir, '..');

export async function buildClient({ quiet = false, outdir = resolve(root, 'dist') } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dirname(drawerOf(outdir)), { recursive: true, force: true });
  const started = performance.now();
  const result = await Bun.build({
    entrypoints: [resolve(root, 'src/web/index.html')],
    outdir,
    minify: true,
    sourcemap: 'linked',
    target: 'browser',
    publicPath: '/',
    external: ['/fonts/*'],
    splitting: true,
    // Chunks below 8 KB that always load together are folded: each request costs a round trip on a phone.
    minChunkSize: 8192,
    metafile: true,
    naming: { entry: '[name].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('The client build failed.');
  }
  await minifyAgain(result.outputs.filter((o) => o.path.endsWith('.js')).map((o) => o.path));
  hintEagerCompile(outdir);
  // Bun inlines every url() of a stylesheet; the fonts stay separate files fetched only for Arabic text.
  mkdirSync(resolve(outdir, 'fonts'));
  for (const weight of [400, 700]) {
    copyFileSync(
      resolve(root, `node_modules/@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`),
      resolve(outdir, `fonts/noto-naskh-arabic-${weight}.woff2`),
    );
  }
  // The manifest, the icons: files with fixed names the browser asks for.
  cpSync(resolve(root, 'src/web/public'), outdir, { recursive: true });
  finishPage(outdir);
  await prerenderPages(outdir, result.metafile);
  await buildServiceWorker(outdir);
  await buildDrawer(outdir);
  const compressed = compressTextFiles(outdir);
  if (!quiet) {
    const bytes = result.outputs.reduce((sum, o) => sum + o.size, 0);
    console.log(
      `Built the client: ${result.outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB in ${Math.round(performance.now() - started)} ms`,
    );
    console.log(bundleReport(result.metafile, compressed, outdir));
  }
  return result;
}

/**
 * A second pass over every chunk with swc's minifier (terser's compressor, two passes, top-level names
 * mangled): it removes about 5 % that Bun's minifier leaves, 5 KiB of Brotli on the entry chunk that
 * every first screen waits for. Each chunk's source map is composed with swc's, so it still points
 * at the sources.
 */
async function minifyAgain(chunks: string[]) {
  for (const file of chunks) {
    const code = readFileSync(file, 'utf8');
    const link = code.match(/\n\/\/# sourceMappingURL=[^\n]+\s*$/)?.[0] ?? '';
    const out = await minify(code.slice(0, code.length - link.length), {
      module: true,
      toplevel: true,
      compress: { passes: 2 },
      mangle: { toplevel: true },
      sourceMap: true,
    });
    writeFileSync(file, `${out.code}${link}`);
    if (!link || !out.map) continue;
    const composed = remapping([JSON.parse(out.map), readFileSync(`${file}.map`, 'utf8')], () => null);
    writeFileSync(`${file}.map`, composed.toString());
  }
}

/**
 * The entry chunk (the runtime and the frame) is marked for V8 to compile all its functions
 * as it loads it (an explicit compile hint): nearly all of them run before the first screen is usable,
 * and compiled on first call one by one they lengthened the task that starts the app (bench:web,
 * blocking time). The source map gains the same empty first line.
 */
function hintEagerCompile(outdir: string) {
  const html = readFileSync(resolve(outdir, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const file = resolve(outdir, entry);
  writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  writeFileSync(`${file}.map`, JSON.stringify(map));
}

/** Brotli and gzip copies of every text file, made once at their smallest; returns each file's Brotli size. */
function compressTextFiles(outdir: string) {
  const brotliBytes = new Map<string, number>();
  for (const name of readdirSync(outdir, { recursive: true, encoding: 'utf8' })) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = resolve(outdir, name);
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, Bun.gzipSync(bytes, { level: 9 }));
    brotliBytes.set(name, br.length);
  }
  return brotliBytes;
}

/**
 * Links to files the bundler does not handle (it would try to bundle them): the web app manifest and
 * icon. The Arabic face is not preloaded: on a phone's connection its 52 KB shared the bandwidth with
 * the entry chunk and delayed the first screen by about 0.35 s (bench:web); Latin text needs no font
 * download at all, and Arabic is drawn in the fallback until the face arrives (font-display: swap,
 * with the same line height, so nothing moves).
 */
const HEAD_LINKS = [
  '<link rel="manifest" href="/manifest.webmanifest">',
  '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
].join('');

/**
 * The stylesheet goes into index.html: the first paint (the skeleton in it included) then waits for
 * no second request, and the page itself is never cached (it names the current chunks). It holds every
 * rule: src/web/styles.css and each feature's stylesheet, which its components import (Bun gathers the
 * stylesheets of the lazy chunks into the page's too), so no screen waits for its styles or flashes
 * unstyled. Bun also writes each lazy chunk's stylesheet to a file of its own that nothing loads: each is
 * checked to be whole in the page's and removed, so the service worker does not fetch it either.
 */
function finishPage(outdir: string) {
  const page = resolve(outdir, 'index.html');
  const html = readFileSync(page, 'utf8');
  const link = html.match(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/);
  if (!link) throw new Error('index.html has no stylesheet to inline');
  const css = readFileSync(resolve(outdir, link[1]), 'utf8');
  writeFileSync(
    page,
    html.replace(link[0], () => `${HEAD_LINKS}<style>${css}</style>`),
  );
  for (const name of readdirSync(outdir).filter((file) => file.endsWith('.css'))) {
    if (name !== link[1] && !css.includes(readFileSync(resolve(outdir, name), 'utf8').trim()))
      throw new Error(`${name} has rules the page's stylesheet lacks`);
    rmSync(resolve(outdir, name));
  }
}

/**
 * index.html's first paint (the frame and an empty card, replaced on the first render), and /landing
 * and /auth drawn as a signed-out visitor first sees them (src/web/prerender.tsx), each in a copy of
 * index.html written at dist/pages/<name>.html with its links (nameFirstScreens): the server sends it for a visit without a session
 * (src/lib/static.ts), so the page is readable before its script has run, and main.tsx hydrates it.
 * Drawn by a process of its own, with React's production build.
 */
async function prerenderPages(outdir: string, metafile: unknown) {
  const run = Bun.spawn([process.execPath, resolve(root, 'src/web/prerender.tsx')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const [output, code] = await Promise.all([new Response(run.stdout).text(), run.exited]);
  if (code !== 0) throw new Error(`Prerendering the public pages failed (exit code ${code}).`);
  const { firstPaint, pages, firstScreens, visitorEnds, userRead } = JSON.parse(output) as {
    firstPaint: string;
    pages: Record<string, string>;
    firstScreens: Record<string, FirstScreen>;
    visitorEnds: Record<string, string>;
    userRead: string;
  };
  const indexPath = resolve(outdir, 'index.html');
  const index = readFileSync(indexPath, 'utf8');
  const drawn = (html: string, hydrated: boolean) =>
    new HTMLRewriter()
      .on('#root', {
        element(element) {
          if (hydrated) element.setAttribute('data-prerendered', '');
          element.setInnerContent(html, { html: true });
        },
      })
      .transform(index);
  const firstPaintPage = drawn(firstPaint, false);
  writeFileSync(indexPath, firstPaintPage);
  const drawnPages = Object.fromEntries(Object.entries(pages).map(([path, html]) => [path, drawn(html, true)]));
  nameFirstScreens(outdir, { index: firstPaintPage, drawnPages }, { firstScreens, visitorEnds, userRead }, parsed(metafile));
}

/**
 * Pages that name what their first screen needs before it can be used, so a phone fetches it beside
 * the runtime instead of after it, a round trip or two later (bench:web). The server picks the copy
 * (src/lib/static.ts):
 * - for a signed-out visit, the pages drawn for /landing and /auth name their screen's chunks, which
 *   hydrating them waits for, with the runtime, to be fetched once the page has loaded (RUNTIME_START);
 *   pages/signed-out/<path>.html (index.html's first paint) name the chunks
 *   of the drawn page a visitor ends on from that path: `/` (as index) and the learner's screens lead
 *   to /auth, and /landing and /auth opened with a query string, which no drawn page shows, stay;
 * - for a visit with a session, copies of index.html name the user, which every signed-in page reads
 *   first, and for the screens marked with firstScreen in their routes (src/web/lib/routes.ts) their
 *   chunks and reads: pages/signed-in/<screen>.html, and pages/signed-in.html for the others.
 * The chunks are fetched as scripts, not module preloads: a module preload is also compiled as it
 * arrives, on the page's thread, which delayed the first paint on a phone.
 */
function nameFirstScreens(
  outdir: string,
  { index, drawnPages }: { index: string; drawnPages: Record<string, string> },
  {
    firstScreens,
    visitorEnds,
    userRead,
  }: { firstScreens: Record<string, FirstScreen>; visitorEnds: Record<string, string>; userRead: string },
  metafile: Metafile,
) {
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([file, output]) => file.endsWith('.js') && output.entryPoint === 'src/web/index.html')?.[0];
  if (!entry) throw new Error('The build has no entry chunk');
  const chunksOf = (module: string) => {
    const chunk = outputs.find(([, output]) => output.entryPoint === `src/web/${module}`)?.[0];
    if (!chunk) throw new Error(`No chunk of ${module}, which a route names as its first screen: is the path right?`);
    const found = new Set([chunk]);
    for (const file of found)
      for (const imported of metafile.outputs[file].imports)
        if (imported.kind === 'import-statement' && imported.path !== entry) found.add(imported.path);
    return [...found];
  };
  const href = (chunk: string) => `/${chunk.replace(/^\.\//, '')}`;
  const links = (reads: string[], chunks: string[]) =>
    reads.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`).join('') +
    chunks.map((chunk) => `<link rel="preload" href="${href(chunk)}" as="script" crossorigin>`).join('');
  // The runtime first: its script tag follows the inlined stylesheet, after these links.
  const linked = (page: string, reads: string[], chunks: string[]) =>
    page.replace('<style>', () => `<link rel="modulepreload" href="${href(entry)}">${links(reads, chunks)}<style>`);
  // A drawn page asks for no script before it has loaded: its screen's chunks and the runtime's script
  // tag wait in an inert template until RUNTIME_START adds them (docs/decisions/0062-public-pages-before-the-runtime.md).
  // Added together, a module preload of the runtime would only have it compiled on the page's thread.
  // Both close the body, so the parser reaches the whole page before it runs a script.
  const entryTag = index.match(/<script type="module"[^>]*><\/script>/)?.[0];
  if (!entryTag) throw new Error('index.html has no entry script tag');
  const deferred = (page: string, chunks: string[]) =>
    page
      .replace(entryTag, '')
      .replace(
        '</body>',
        () => `<template id="runtime">${links([], chunks)}${entryTag}</template><script>${RUNTIME_START}</script></body>`,
      );
  const drawnChunks = (path: string) => {
    const screen = firstScreens[path];
    if (!screen) throw new Error(`The drawn page ${path} is not marked as a first screen in its route.`);
    return chunksOf(screen.module);
  };
  mkdirSync(resolve(outdir, 'pages'));
  for (const [path, page] of Object.entries(drawnPages))
    writeFileSync(resolve(outdir, `pages${path}.html`), deferred(page, drawnChunks(path)));
  mkdirSync(resolve(outdir, 'pages/signed-out'));
  for (const [path, end] of Object.entries(visitorEnds)) {
    writeFileSync(resolve(outdir, signedOutPage(path)), linked(index, [], drawnChunks(end)));
  }
  writeFileSync(resolve(outdir, 'pages/signed-in.html'), linked(index, [userRead], []));
  mkdirSync(resolve(outdir, 'pages/signed-in'));
  for (const [path, screen] of Object.entries(firstScreens)) {
    writeFileSync(resolve(outdir, `pages/signed-in${path}.html`), linked(index, [userRead, ...screen.reads], chunksOf(screen.module)));
  }
}

/**
 * The server's drawer of a learner's first screen (src/web/server-draw.tsx), beside dist/ and not in it,
 * so it is never served: one module for Bun with React's production build, which the server starts as
 * a worker (src/lib/screens.ts).
 */
async function buildDrawer(outdir: string) {
  const drawer = drawerOf(outdir);
  const result = await Bun.build({
    entrypoints: [resolve(root, 'src/web/server-draw.tsx')],
    outdir: dirname(drawer),
    // The stylesheets its screens import come out beside it as server-draw.css, which nothing reads.
    naming: { entry: '[name].[ext]', asset: '[name].[ext]', chunk: '[name]-[hash].[ext]' },
    target: 'bun',
    minify: { syntax: true, whitespace: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('The screen drawer build failed.');
  }
  if (!existsSync(drawer)) throw new Error(`The screen drawer was not written to ${drawer}`);
  for (const output of result.outputs) if (output.path.endsWith('.css')) rmSync(output.path);
}

/** Every file the app may need offline, as the service worker fetches them (index.html by that name). */
function precacheList(outdir: string) {
  return (
    readdirSync(outdir, { recursive: true, encoding: 'utf8' })
      // The drawn public pages are sent only by the network: offline, index.html draws every page.
      .filter(
        (name) =>
          !/\.(map|br|gz)$/.test(name) && !name.startsWith('sw.') && !name.startsWith('pages/') && statSync(resolve(outdir, name)).isFile(),
      )
      .map((name) => `/${name}`)
      .sort()
  );
}

/** The service worker (src/web/sw.ts), told which files this build has and named after their contents. */
async function buildServiceWorker(outdir: string) {
  const files = precacheList(outdir);
  const version = new Bun.CryptoHasher('sha256');
  for (const file of files) version.update(readFileSync(resolve(outdir, `.${file}`)));
  const result = await Bun.build({
    entrypoints: [resolve(root, 'src/web/sw.ts')],
    outdir,
    minify: true,
    target: 'browser',
    naming: 'sw.js',
    define: { PRECACHE: JSON.stringify(files), VERSION: JSON.stringify(version.digest('hex').slice(0, 12)) },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('The service worker build failed.');
  }
}

interface Metafile {
  outputs: Record<
    string,
    {
      bytes: number;
      entryPoint?: string;
      inputs: Record<string, { bytesInOutput: number }>;
      imports: Array<{ path: string; kind: string }>;
    }
  >;
}

/** Bun gives the metafile as an object or as its JSON. */
const parsed = (metafile: unknown) => (typeof metafile === 'string' ? JSON.parse(metafile) : metafile) as Metafile;

/** Where an input comes from: its npm package, or its folder of src/web. */
function owner(input: string) {
  const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  return input.replace(/^.*?src\//, 'src/').replace(/^(src\/web\/features\/[^/]+|src\/web\/[^/]+|src\/[^/]+).*$/, '$1');
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Each JavaScript chunk (its size, its size on the wire, its three largest parts) and the largest packages. */
function bundleReport(metafile: unknown, brotliBytes: Map<string, number>, outdir: string) {
  const meta = parsed(metafile);
  const lines = ['', 'JavaScript chunks (minified / Brotli, largest parts):'];
  const packages = new Map<string, number>();
  const chunks = Object.entries(meta.outputs)
    .filter(([name]) => name.endsWith('.js'))
    .sort((a, b) => b[1].bytes - a[1].bytes);
  for (const [name, output] of chunks) {
    const parts = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      parts.set(owner(input), (parts.get(owner(input)) ?? 0) + bytesInOutput);
      packages.set(owner(input), (packages.get(owner(input)) ?? 0) + bytesInOutput);
    }
    const largest = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 3);
    const file = name.replace(/^\.\//, '');
    lines.push(
      `  ${file.padEnd(34)} ${kib(statSync(resolve(outdir, file)).size).padStart(10)} ${kib(brotliBytes.get(file) ?? 0).padStart(10)}  ${largest.map(([p, b]) => `${p} ${kib(b)}`).join(', ')}`,
    );
  }
  lines.push('Largest packages and folders (minified):');
  for (const [name, bytes] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 10))
    lines.push(`  ${name.padEnd(40)} ${kib(bytes).padStart(10)}`);
  return lines.join('\n');
}

if (import.meta.main) await buildClient();
