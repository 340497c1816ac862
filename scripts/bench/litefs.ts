/**
 * The answer through a real LiteFS primary (part of `bun run bench`; `bun scripts/bench/litefs.ts` runs it
 * alone): a primary and a replica on this machine (scripts/cluster/cluster.ts), learners answering as fast
 * as LiteFS's proxy and FUSE layer acknowledge, and a probe learner whose answers are timed from their
 * row showing on the primary (the commit) to the same row showing on the replica. In the same run, in
 * rounds taking turns with it, the same load against the app on a plain file: the machine is shared and
 * its speed drifts by more than the difference between the two. Figures only.
 */
import { Database, type Statement } from 'bun:sqlite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../cluster/cluster';
import { ensureLiteFS } from '../cluster/litefs';
import { runLoad, type LoadResult } from './load';

type Learner = { cookie: string; id: number };

/** A learner signed up through `url`, each from its own address (the per-address sign-up limit). */
async function signUp(url: string, i: number): Promise<Learner> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'fly-client-ip': `10.40.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ email: `litefs${i}@example.com`, username: `litefs${i}`, password: 'secret123', name: 'Bench Learner' }),
  });
  if (res.status !== 201) throw new Error(`sign-up through ${url}: ${res.status} ${await res.text()}`);
  return {
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!,
    id: ((await res.json()) as { user: { id: number } }).user.id,
  };
}

const wordsOf = async (url: string, cookie: string) =>
  ((await (await fetch(`${url}/api/words`, { headers: { cookie } })).json()) as { id: number }[]).map((w) => w.id);

/** The learners answering cards as fast as they are answered, `connections` at once. */
const answerLoad = (url: string, learners: Learner[], words: number[], opts: { connections: number; seconds: number }) =>
  runLoad({
    url,
    connections: opts.connections,
    seconds: opts.seconds,
    headersFor: (c) => ({ cookie: learners[c % learners.length]!.cookie, origin: url }),
    request: (_c, n) => ({
      method: 'POST',
      path: `/api/words/${words[n % words.length]}/progress`,
      body: { correct: n % 3 !== 0, page: 'unified' },
    }),
  });

type RowsOf = Statement<{ wordId: number }, [number]>;

const PROBE_EVERY_MS = 25;

/**
 * Runs `work` while `probe` answers a word of its own every PROBE_EVERY_MS: the primary's and the
 * replica's copies are read every millisecond, the answer's row showing on the primary is its commit,
 * showing on the replica its arrival there; each arrival's lag is pushed onto `lags`.
 */
async function whileProbing<T>(
  url: string,
  probe: Learner,
  words: number[],
  committed: RowsOf,
  arrived: RowsOf,
  lags: number[],
  work: () => Promise<T>,
): Promise<T> {
  const pending = new Map<number, number | null>();
  let probing = true;
  const sent: Promise<void>[] = [];
  const sender = (async () => {
    for (const word of words) {
      if (!probing) break;
      pending.set(word, null);
      sent.push(
        fetch(`${url}/api/words/${word}/progress`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url, cookie: probe.cookie },
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
  try {
    return await work();
  } finally {
    probing = false;
    await sender;
    await Promise.all(sent);
    await poller;
  }
}

/**
 * The app on a plain file, started as litefs.yml starts it (the import, then the server): what this
 * machine, as loaded as it is at that moment, gives the app without LiteFS.
 */
async function startPlainFile() {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-plain-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    TRUST_PROXY: 'true',
    DATABASE_PATH: join(dir, 'app.db'),
  };
  let server: Bun.Subprocess | null = null;
  const stop = async () => {
    server?.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const imported = Bun.spawn([process.execPath, 'scripts/import.ts'], { cwd: ROOT, env, stdout: 'ignore', stderr: 'inherit' });
    if ((await imported.exited) !== 0) throw new Error('the import for the plain-file run failed');
    server = Bun.spawn([process.execPath, 'src/server.ts'], { cwd: ROOT, env, stdout: 'inherit', stderr: 'inherit' });
    for (let ready = false; !ready; await Bun.sleep(100)) {
      if (server.exitCode !== null) throw new Error(`the plain-file server exited with code ${server.exitCode}`);
      ready = await fetch(`${url}/healthz`).then(
        (res) => res.status === 200,
        () => false,
      );
    }
    return { url, pid: server.pid, stop };
  } catch (error) {
    await stop();
    throw error;
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
 * Requests Fly's proxy sends one machine at once: fly.toml's hard limit. Learners beyond it wait at the
 * edge, so LiteFS's proxy and the app never see more in flight than this.
 */
export const EDGE_CONNECTIONS = (
  Bun.TOML.parse(readFileSync(join(ROOT, 'fly.toml'), 'utf8')) as { http_service: { concurrency: { hard_limit: number } } }
).http_service.concurrency.hard_limit;

/**
 * CPU seconds a process has used (user and system, /proc): per answer, a figure that the machine's other
 * work moves far less than the rate, which the scheduler's share decides.
 */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** LiteFS's transaction ID of the database: one per commit (the `-pos` file LiteFS keeps beside it). */
const txid = (databasePath: string) => parseInt(readFileSync(`${databasePath}-pos`, 'utf8').split('/')[0]!, 16);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Rounds of each load, taking turns: the figures are their medians. */
const ROUNDS = 5;
/** Seconds of load each server gets before the rounds, as a server in service has compiled its hot paths. */
const WARM_UP_SECONDS = 2;

/**
 * `learners` sign up on each; EDGE_CONNECTIONS answer for them at once, in ROUNDS rounds of `seconds`
 * through LiteFS, each followed by one on the plain file.
 */
export async function benchLiteFS(opts: { learners: number; seconds: number }): Promise<string[]> {
  const litefs = await ensureLiteFS();
  if (litefs.binary === null) return [`answers through LiteFS: not measured (${litefs.reason})`];
  const load = { connections: EDGE_CONNECTIONS, seconds: opts.seconds };
  const cluster = await startCluster({ litefs: litefs.binary, replicas: 1, env: { LOG_LEVEL: 'warn' } });
  let plain: Awaited<ReturnType<typeof startPlainFile>> | null = null;
  const rounds: { litefs: LoadResult; plain: LoadResult; appCpu: number; litefsCpu: number; plainCpu: number; commits: number }[] = [];
  const lags: number[] = [];
  try {
    plain = await startPlainFile();
    const { primary } = cluster;
    const replica = cluster.replicas[0]!;
    const learners = await Promise.all(Array.from({ length: opts.learners }, (_, i) => signUp(primary.proxyUrl, i)));
    const probes = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => signUp(primary.proxyUrl, opts.learners + i)));
    const words = await wordsOf(primary.proxyUrl, learners[0]!.cookie);
    const plainLearners = await Promise.all(Array.from({ length: opts.learners }, (_, i) => signUp(plain!.url, i)));
    await answerLoad(primary.proxyUrl, learners, words, { ...load, seconds: WARM_UP_SECONDS });
    await answerLoad(plain.url, plainLearners, words, { ...load, seconds: WARM_UP_SECONDS });

    // The primary's and the replica's copies, read every millisecond by the probe's timer.
    const onPrimary = new Database(primary.databasePath, { readonly: true });
    const onReplica = new Database(replica.databasePath, { readonly: true });
    const rowsOf = (db: Database) =>
      db.query<{ wordId: number }, [number]>('select word_id as wordId from user_progress where user_id = ?');
    const [committed, arrived] = [rowsOf(onPrimary), rowsOf(onReplica)];
    for (const probe of probes) {
      const processes = [primary.appProcess!.pid, primary.litefsProcess!.pid];
      const cpuBefore = processes.map(cpuSeconds);
      const txidBefore = txid(primary.databasePath);
      const result = await whileProbing(primary.proxyUrl, probe, words, committed, arrived, lags, () =>
        answerLoad(primary.proxyUrl, learners, words, load),
      );
      const commits = (txid(primary.databasePath) - txidBefore) / opts.seconds;
      const [appCpu, litefsCpu] = processes.map(
        (pid, i) => ((cpuSeconds(pid) - cpuBefore[i]!) * 1000) / (result.okPerSecond * opts.seconds),
      );
      const plainCpuBefore = cpuSeconds(plain.pid);
      const plainResult = await answerLoad(plain.url, plainLearners, words, load);
      const plainCpu = ((cpuSeconds(plain.pid) - plainCpuBefore) * 1000) / (plainResult.okPerSecond * opts.seconds);
      rounds.push({ litefs: result, plain: plainResult, appCpu: appCpu!, litefsCpu: litefsCpu!, plainCpu, commits });
    }
    onPrimary.close();
    onReplica.close();
  } finally {
    await plain?.stop();
    await cluster.stop();
  }
  const at = <T>(f: (round: (typeof rounds)[number]) => T) => rounds.map(f);
  const rates = at((r) => r.litefs.okPerSecond);
  const plainRates = at((r) => r.plain.okPerSecond);
  const ratios = at((r) => r.litefs.okPerSecond / r.plain.okPerSecond);
  const sorted = lags.sort((a, b) => a - b);
  const fmt = (n: number, digits = 0) => n.toFixed(digits);
  return [
    `answers through LiteFS: ${fmt(median(rates))} answers/s, the median of ${ROUNDS} rounds (${rates.map((r) => fmt(r)).join(', ')}; ${EDGE_CONNECTIONS} connections, fly.toml's hard limit, through LiteFS's proxy to a primary on FUSE; p50 ${fmt(median(at((r) => r.litefs.p50)))} ms, p99 ${fmt(median(at((r) => r.litefs.p99)))} ms, ${rounds.reduce((sum, r) => sum + r.litefs.errors, 0)} errors; ${fmt(median(at((r) => r.commits)))} commits/s, ${fmt(median(at((r) => r.litefs.okPerSecond / r.commits)))} answers a commit; CPU per answer: the app ${fmt(median(at((r) => r.appCpu)), 2)} ms, LiteFS ${fmt(median(at((r) => r.litefsCpu)), 2)} ms)`,
    `replication lag, an answer's row on the primary (its commit) to the same row on the replica, during that load: p50 ${fmt(percentile(sorted, 0.5), 1)} ms, p99 ${fmt(percentile(sorted, 0.99), 1)} ms (${sorted.length} probe answers)`,
    `the same load in the same rounds, taking turns, straight to the app on a plain file (no LiteFS, no proxy): ${fmt(median(plainRates))} answers/s (${plainRates.map((r) => fmt(r)).join(', ')}; p50 ${fmt(median(at((r) => r.plain.p50)))} ms, p99 ${fmt(median(at((r) => r.plain.p99)))} ms, ${rounds.reduce((sum, r) => sum + r.plain.errors, 0)} errors; CPU per answer ${fmt(median(at((r) => r.plainCpu)), 2)} ms); through LiteFS ${fmt(median(ratios), 2)} of it (rounds ${ratios.map((r) => fmt(r, 2)).join(', ')})`,
  ];
}

if (import.meta.main) {
  for (const line of await benchLiteFS({
    learners: Number(process.env.BENCH_CONNECTIONS ?? 32),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
  }))
    console.log(line);
  process.exit(0);
}
