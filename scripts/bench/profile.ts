/**
 * `bun run bench:profile`: the answer call (or with PROFILE_CALL=words the word list) under load with
 * Bun's CPU profiler on the server process.
 * Writes the profile as Markdown (functions by self and total time) to the directory it prints, for
 * docs/decisions/0008-answer-path.md.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareBenchData } from './setup';
import { runLoad } from './load';

const ROOT = resolve(import.meta.dir, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const data = await prepareBenchData(32);
const out = mkdtempSync(join(tmpdir(), 'kalimat-profile-'));
const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
const port = probe.port!;
probe.stop(true);
const url = `http://127.0.0.1:${port}`;
const child = Bun.spawn([process.execPath, '--cpu-prof-md', `--cpu-prof-dir=${out}`, 'src/server.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATABASE_PATH: data.databasePath,
    SESSION_SECRET: data.secret,
  },
  stdout: 'inherit',
  stderr: 'inherit',
});
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {}
  await Bun.sleep(100);
}
if (process.env.PROFILE_CALL === 'words') {
  // As in \`bun run bench\`, whose answer rounds come first: a third of the answers are wrong, which flags
  // the word, so by the word-list rounds every learner's list holds flagged words, built per learner.
  await Promise.all(
    data.learners.map(async ({ cookie }) => {
      for (const [n, id] of data.wordIds.entries()) {
        if (n % 3 !== 0) continue;
        const res = await fetch(`${url}/api/words/${id}/progress`, {
          method: 'POST',
          headers: { cookie, origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({ correct: false, page: 'unified' }),
        });
        await res.arrayBuffer();
      }
    }),
  );
}
const result = await runLoad({
  url,
  connections: 32,
  seconds: SECONDS,
  headersFor: (c) => ({ cookie: data.learners[c % data.learners.length]!.cookie, origin: url }),
  request: (_c, n) =>
    process.env.PROFILE_CALL === 'words'
      ? { method: 'GET', path: '/api/words' }
      : {
          method: 'POST',
          path: `/api/words/${data.wordIds[n % data.wordIds.length]}/progress`,
          body: { correct: n % 3 !== 0, page: 'unified' },
        },
});
child.kill('SIGTERM');
await child.exited;
console.log(
  `${process.env.PROFILE_CALL ?? 'answer'}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms; profile: ${join(out, readdirSync(out)[0] ?? '(none written)')}`,
);
