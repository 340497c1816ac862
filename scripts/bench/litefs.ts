/**
 * The answer through a real LiteFS primary (part of `bun run bench`; `bun scripts/bench/litefs.ts` runs it
 * alone): a primary and a replica on this machine (scripts/cluster/cluster.ts), learners answering as fast
 * as LiteFS's proxy and FUSE layer acknowledge, and a probe learner whose answers are timed from their
 * row showing on the primary (the commit) to the same row showing on the replica. Figures only.
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../cluster/cluster';
import { ensureLiteFS } from '../cluster/litefs';
import { runLoad, type LoadResult } from './load';

const PROBE_EVERY_MS = 25;

type Learner = { cookie: string; id: number };

/** A learner signed up through `url`, each from its own address (the per-address sign-up limit). */
async function signUp(url: string, i: number): Promise<Learner> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'fly-client-ip': `10.40.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ email: `litefs${i}@example.com`, username: `litefs${i}`, password: 'secret123', name: 'Bench Learner' }),
  });
  if (res.status !== 201) throw new Error(`sign-up through ${url}: ${res.status} ${await res.text()}`);
  return { cookie: res.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!, id: ((await res.json()) as { user: { id: number } }).user.id };
}

const wordsOf = async (url: string, cookie: string) => ((await (await fetch(`${url}/api/words`, { headers: { cookie } })).json()) as { id: number }[]).map((w) => w.id);

/** The learners answering cards as fast as they are answered, `connections` at once. */
const answerLoad = (url: string, learners: Learner[], words: number[], opts: { connections: number; seconds: number }) =>
  runLoad({
    url,
    connections: opts.connections,
    seconds: opts.seconds,
    headersFor: (c) => ({ cookie: learners[c % learners.length]!.cookie, origin: url }),
    request: (_c, n) => ({ method: 'POST', path: `/api/words/${words[n % words.length]}/progress`, body: { correct: n % 3 !== 0, page: 'unified' } }),
  });

/**
 * The same load against the app on a plain file, started as litefs.yml starts it (the import, then the
 * server): what this machine, as loaded as it is at that moment, gives the app without LiteFS.
 */
async function benchPlainFile(opts: { learners: number; connections: number; seconds: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-plain-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, TRUST_PROXY: 'true', DATABASE_PATH: join(dir, 'app.db') };
  let server: Bun.Subprocess | null = null;
  try {
    const imported = Bun.spawn([process.execPath, 'scripts/import.ts'], { cwd: ROOT, env, stdout: 'ignore', stderr: 'inherit' });
    if ((await imported.exited) !== 0) throw new Error('the import for the plain-file run failed');
    server = Bun.spawn([process.execPath, 'src/server.ts'], { cwd: ROOT, env, stdout: 'inherit', stderr: 'inherit' });
    for (let ready = false; !ready; await Bun.sleep(100)) {
      if (server.exitCode !== null) throw new Error(`the plain-file server exited with code ${server.exitCode}`);
      ready = await fetch(`${url}/healthz`).then((res) => res.status === 200, () => false);
    }
    const learners = await Promise.all(Array.from({ length: opts.learners }, (_, i) => signUp(url, i)));
    const words = await wordsOf(url, learners[0]!.cookie);
    const cpuBefore = cpuSeconds(server.pid);
    const load = await answerLoad(url, learners, words, opts);
    return { ...load, cpuPerAnswer: ((cpuSeconds(server.pid) - cpuBefore) * 1000) / (load.okPerSecond * opts.seconds) };
  } finally {
    server?.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function freePort() {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

const ROOT = resolve(import.meta.dir, '../..');

/**
 * CPU seconds a process has used (user and system, /proc): per answer, a figure that the machine's other
 * work moves far less than the rate, which the scheduler's share decides.
 */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * `learners` sign up; `connections` answer for them at once (256, as the bench's capped run: every commit
 * through LiteFS costs its fsyncs, and the answers that wait meanwhile share the next one).
 */
export async function benchLiteFS(opts: { learners: number; connections: number; seconds: number }): Promise<string[]> {
  const litefs = await ensureLiteFS();
  if (litefs.binary === null) return [`answers through LiteFS: not measured (${litefs.reason})`];
  const cluster = await startCluster({ litefs: litefs.binary, replicas: 1, env: { LOG_LEVEL: 'warn' } });
  let lines: string[];
  let load: LoadResult;
  try {
    const { primary } = cluster;
    const replica = cluster.replicas[0]!;
    const learners = await Promise.all(Array.from({ length: opts.learners }, (_, i) => signUp(primary.proxyUrl, i)));
    const probe = await signUp(primary.proxyUrl, opts.learners);
    const words = await wordsOf(primary.proxyUrl, learners[0]!.cookie);

    // The probe: an answer to a word of its own every PROBE_EVERY_MS. The primary's and the replica's
    // copies are read every millisecond: the answer's row showing on the primary is its commit, showing
    // on the replica its arrival there.
    const onPrimary = new Database(primary.databasePath, { readonly: true });
    const onReplica = new Database(replica.databasePath, { readonly: true });
    const rowsOf = (db: Database) => db.query<{ wordId: number }, [number]>('select word_id as wordId from user_progress where user_id = ?');
    const [committed, arrived] = [rowsOf(onPrimary), rowsOf(onReplica)];
    const pending = new Map<number, number | null>();
    const lags: number[] = [];
    let probing = true;
    const probes: Promise<void>[] = [];
    const sender = (async () => {
      for (const word of words) {
        if (!probing) break;
        pending.set(word, null);
        probes.push(
          fetch(`${primary.proxyUrl}/api/words/${word}/progress`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: primary.proxyUrl, cookie: probe.cookie },
            body: JSON.stringify({ correct: true }),
          }).then(async (res) => {
            if (res.status !== 200) throw new Error(`probe answer: ${res.status}`);
            await res.arrayBuffer();
          }),
        );
        await Bun.sleep(PROBE_EVERY_MS);
      }
    })();
    const poller = (async () => {
      while (probing || pending.size > 0) {
        const now = performance.now();
        for (const { wordId } of committed.all(probe.id)) if (pending.get(wordId) === null) pending.set(wordId, now);
        for (const { wordId } of arrived.all(probe.id)) {
          const commitSeenAt = pending.get(wordId);
          if (commitSeenAt === undefined) continue;
          lags.push(performance.now() - (commitSeenAt ?? now));
          pending.delete(wordId);
        }
        await Bun.sleep(1);
      }
    })();

    const processes = [primary.appProcess!.pid, primary.litefsProcess!.pid];
    const cpuBefore = processes.map(cpuSeconds);
    load = await answerLoad(primary.proxyUrl, learners, words, opts);
    const [appCpu, litefsCpu] = processes.map((pid, i) => (cpuSeconds(pid) - cpuBefore[i]!) * 1000 / (load.okPerSecond * opts.seconds));
    probing = false;
    await sender;
    await Promise.all(probes);
    await poller;
    onPrimary.close();
    onReplica.close();
    const sorted = lags.sort((a, b) => a - b);
    lines = [
      `answers through LiteFS: ${load.okPerSecond.toFixed(0)} answers/s (${opts.connections} connections through LiteFS's proxy to a primary on FUSE; p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms, ${load.errors} errors; CPU per answer: the app ${appCpu!.toFixed(2)} ms, LiteFS ${litefsCpu!.toFixed(2)} ms)`,
      `replication lag, an answer's row on the primary (its commit) to the same row on the replica, during that load: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (${sorted.length} probe answers)`,
    ];
  } finally {
    await cluster.stop();
  }
  // Right after, with the cluster stopped: the same machine, as loaded as it is in this run.
  const plain = await benchPlainFile(opts);
  return [
    ...lines,
    `the same load in the same run, straight to the app on a plain file (no LiteFS, no proxy): ${plain.okPerSecond.toFixed(0)} answers/s (p50 ${plain.p50.toFixed(0)} ms, p99 ${plain.p99.toFixed(0)} ms, ${plain.errors} errors; CPU per answer ${plain.cpuPerAnswer.toFixed(2)} ms); through LiteFS ${(load.okPerSecond / plain.okPerSecond).toFixed(2)} of it`,
  ];
}

if (import.meta.main) {
  for (const line of await benchLiteFS({ learners: Number(process.env.BENCH_CONNECTIONS ?? 32), connections: 256, seconds: Number(process.env.BENCH_SECONDS ?? 5) })) console.log(line);
  process.exit(0);
}
