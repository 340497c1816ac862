/**
 * `bun run bench`: prints figures for the calls learners make most, on a temporary database with the
 * real content: content import time, requests per second and latency percentiles over real HTTP, and
 * memory. Figures only; tests never assert times.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app';
import { CONTENT_DIR } from '../../src/boot';
import { loadConfig } from '../../src/config';
import { migrateDatabase, openDatabase } from '../../src/db/client';
import { runImport } from '../../src/lib/content/importer';
import { contentPlugins } from '../../src/modules/content';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dir = mkdtempSync(join(tmpdir(), 'kalimat-bench-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(dir, 'app.db'), PORT: '0', HOST: '127.0.0.1' });
const db = openDatabase(config.DATABASE_PATH);
migrateDatabase(db);

let started = performance.now();
runImport(db, CONTENT_DIR, contentPlugins);
const firstImport = performance.now() - started;
started = performance.now();
runImport(db, CONTENT_DIR, contentPlugins);
const secondImport = performance.now() - started;

const app = createApp({ config, db });
app.listen({ port: 0, hostname: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server!.port}`;
const origin = { origin: base };

/** Registers through app.handle (no socket address, so the per-IP registration limit does not apply). */
async function signUp(i: number) {
  const res = await app.handle(new Request(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify({ email: `bench${i}@example.com`, username: `bench${i}`, password: 'secret123', name: 'Bench Learner' }),
  }));
  return res.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0];
}

const cookies = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => signUp(i)));
const words: Array<{ id: number }> = await (await fetch(`${base}/api/words`, { headers: { cookie: cookies[0] } })).json();

interface Scenario {
  name: string;
  request: (worker: number, n: number) => Promise<Response>;
}

const scenarios: Scenario[] = [
  { name: 'GET /healthz', request: () => fetch(`${base}/healthz`) },
  { name: 'GET /api/user', request: (w) => fetch(`${base}/api/user`, { headers: { cookie: cookies[w] } }) },
  { name: 'GET /api/words', request: (w) => fetch(`${base}/api/words`, { headers: { cookie: cookies[w] } }) },
  {
    name: 'POST /api/words/:id/progress',
    request: (w, n) =>
      fetch(`${base}/api/words/${words[n % words.length].id}/progress`, {
        method: 'POST',
        headers: { cookie: cookies[w], 'content-type': 'application/json', ...origin },
        body: JSON.stringify({ correct: n % 3 !== 0, page: 'unified' }),
      }),
  },
  { name: 'GET / (client shell)', request: () => fetch(`${base}/`) },
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

console.log(`content import: first ${firstImport.toFixed(0)} ms, unchanged re-run ${secondImport.toFixed(0)} ms`);
console.log(`${CONCURRENCY} concurrent clients, ${DURATION_MS} ms per call\n`);
console.log('call'.padEnd(32), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
for (const scenario of scenarios) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + DURATION_MS;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await scenario.request(worker, n++);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status >= 400) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  console.log(
    scenario.name.padEnd(32),
    (latencies.length / (DURATION_MS / 1000)).toFixed(0).padStart(8),
    percentile(latencies, 50).toFixed(1).padStart(8),
    percentile(latencies, 99).toFixed(1).padStart(8),
    String(errors).padStart(7),
  );
}

const memory = process.memoryUsage();
console.log(`\nmemory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);
await app.stop();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
