/**
 * `npm test`: installs what the tests need (Debian's Chromium when it is missing and we run as root),
 * builds the client, type-checks, checks for unused code and the import boundaries, then runs the service and route tests and the end-to-end tests, and ends with one
 * line: "N passed, N failed". Exits non-zero when anything failed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildClient } from './build';
import { ensureLiteFS } from './cluster/litefs';

const root = resolve(import.meta.dir, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium, with the fonts a learner's browser would have (Latin, and emoji for 'Correct! 🎉'); sox,
 * which turns the built-in voice's WAV into the Ogg clips the recorded-audio tests drop into content;
 * and fuse3, whose fusermount3 the LiteFS cluster tests mount with. No espeak-ng: the tests prove the
 * voice that `npm install` brings.
 */
function ensureSystemPackages() {
  const missing = [
    existsSync(CHROMIUM) ? null : 'chromium',
    Bun.which('sox') ? null : 'sox',
    Bun.which('fusermount3') ? null : 'fuse3',
  ].filter(Boolean) as string[];
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.warn(`Missing ${missing.join(', ')}; install with: sudo apt-get install -y ${missing.join(' ')}`);
    return;
  }
  console.log(`Installing ${missing.join(', ')} from Debian's packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = Bun.spawnSync(['apt-get', 'update', '-qq'], { stdout: 'inherit', stderr: 'inherit', env });
  const install = Bun.spawnSync(
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing, 'fonts-liberation', 'fonts-noto-color-emoji'],
    { stdout: 'inherit', stderr: 'inherit', env },
  );
  if (update.exitCode !== 0 || install.exitCode !== 0)
    console.warn('Installing system packages failed; the tests that need them will fail.');
}

/** Runs one `bun test` suite, echoing its output, and reads the pass/fail counts from its summary. */
async function runSuite(name: string, args: string[]) {
  console.log(`\n=== ${name} ===`);
  const child = Bun.spawn([process.execPath, 'test', ...args], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0' },
  });
  let output = '';
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  const code = await child.exited;
  const passed = Number(/^\s*(\d+) pass/m.exec(output)?.[1] ?? 0);
  let failed = Number(/^\s*(\d+) fail/m.exec(output)?.[1] ?? 0);
  // A crash before the summary still counts as a failure.
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/** The type check of the whole tree, counted as one test: a type error fails the run like a failing test. */
function typecheck() {
  console.log('\n=== type check ===');
  const tsc = Bun.spawnSync([process.execPath, resolve(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root], {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
  });
  console.log(tsc.exitCode === 0 ? 'no type errors' : 'type errors above');
  return tsc.exitCode === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/**
 * A check of the tree run as a package script, counted as one test like the type check: knip (nothing
 * unused: files, exports, dependencies), the import boundaries (.dependency-cruiser.cjs) and the
 * formatting (biome.json; `bun run format` writes it). They run on Bun, as the node on some machines is
 * older than they accept.
 */
function check(name: string, script: string) {
  console.log(`\n=== ${name} ===`);
  const run = Bun.spawnSync([process.execPath, '--bun', 'run', script], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  console.log(run.exitCode === 0 ? `${name}: passed` : `${name}: failed (above)`);
  return run.exitCode === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

ensureSystemPackages();
await buildClient();
// One folder of imported databases for the whole run (tests/support/imported.ts): the content is imported
// once, not once per test file.
const importedDir = mkdtempSync(join(tmpdir(), 'kalimat-imported-'));
process.env.KALIMAT_IMPORTED_DIR = importedDir;
// Built once before the suites (a fresh clone's first run takes a while; the line says how long), so the
// cluster tests' time is their own. Without Go they say why they skip, or fail under CI=true.
try {
  const litefs = await ensureLiteFS();
  if (litefs.binary === null) console.warn(`LiteFS: ${litefs.reason}`);
} catch (error) {
  console.warn(`LiteFS: ${String(error)}; the cluster tests will fail.`);
}

/**
 * The journeys run two files at a time: each file has its own server and Chromium, and much of a journey
 * is waiting on its page, so two keep both cores busy. The slowest start first, as JOURNEY_TIMINGS last
 * measured them (`bun test --parallel=2 --timings=tests/e2e/timings.json --update-timings ./tests/e2e`
 * measures them again). The start command's journey runs alone after them: it builds dist/ anew, which
 * every other journey's server serves.
 */
const JOURNEY_TIMINGS = 'tests/e2e/timings.json';
const START_JOURNEY = './tests/e2e/start.test.ts';
const journeys = [...new Bun.Glob('*.test.ts').scanSync({ cwd: resolve(root, 'tests/e2e') })].sort().map((file) => `./tests/e2e/${file}`);

const suites = [
  typecheck(),
  check('unused code (knip)', 'check:unused'),
  check('import boundaries (dependency-cruiser)', 'check:boundaries'),
  check('formatting (Biome)', 'check:format'),
  // Two files at a time, one per core: each file's database and servers are its own. 20 s a test: the
  // first test app of a process imports the whole content, which a slow minute of this machine takes seconds to do.
  await runSuite('services and routes', ['--parallel=2', './src', '--timeout', '20000']),
  await runSuite('end to end (Chromium)', [
    '--parallel=2',
    `--timings=${JOURNEY_TIMINGS}`,
    ...journeys.filter((file) => file !== START_JOURNEY),
    '--timeout',
    '60000',
  ]),
  await runSuite('end to end: the start command, alone', [START_JOURNEY, '--timeout', '60000']),
];
rmSync(importedDir, { recursive: true, force: true });
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
