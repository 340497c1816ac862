/**
 * `bun run bench`: the app and a bare floor (scripts/bench/floor.ts) each run as their own process on
 * copies of one database with the real content, and autocannon drives them from this process. Prints,
 * per hot call, requests per second, p50 and p99 latency, errors and the ratio to the floor where
 * there is one (the answer and the word list are measured in three rounds, floor and app taking turns); the answer's p99 at a fixed 1,000 requests a second; the answer rate with 2,000 open
 * event streams (500 never reading), the server's memory and how long a leaderboard change takes to
 * reach the streams; the answers acknowledged per second when every commit costs 10 ms; and the same
 * answers through a real LiteFS primary with the replication lag to a replica (scripts/bench/litefs.ts);
 * and a learner's first screen drawn by the server (src/lib/screens.ts), alone and beside the answer load;
 * and 60 visitors asking at once for speech no one has asked for, beside the answer load (`bun run bench
 * speech` runs only that part; `bun run bench answer` only the answer against its floor). Figures only; tests never assert times.
 */
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { drawerOf, MOST_AT_ONCE } from '../../src/lib/screens';
import { buildClient } from '../build';
import { copyDatabase, prepareBenchData } from './setup';
import { runLoad, runPaced, type LoadResult } from './load';
import { benchLiteFS } from './litefs';

const ROOT = resolve(import.meta.dir, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const STALLED = Math.round(STREAMS / 4);

async function freePort() {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A server process on a free port, ready when its health call (or its 'ready' line) answers. */
async function startProcess(script: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = Bun.spawn([process.execPath, script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, ...env },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/words`, { headers: { cookie: env.BENCH_COOKIE ?? '' } });
      if (res.status < 500) break;
    } catch {}
    await Bun.sleep(100);
  }
  return {
    url,
    port,
    /** Resident memory of the process in MiB. */
    rss() {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
        return kb / 1024;
      } catch {
        return 0;
      }
    },
    /**
     * CPU time so far, in ms, of the server's own thread (the one that answers requests) and of the
     * speech workers' threads (named Worker by Bun, with their helpers), read from /proc (100 ticks a second).
     */
    cpu() {
      const tasks = (() => {
        try {
          return readdirSync(`/proc/${child.pid}/task`);
        } catch {
          return [];
        }
      })();
      let server = 0;
      let workers = 0;
      for (const tid of tasks) {
        try {
          const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const ms = (Number(fields[11]) + Number(fields[12])) * 10;
          if (tid === String(child.pid)) server = ms;
          // Threads a worker starts run at its priority (nice 19, field 17 of stat): the voice's.
          else if (Number(fields[16]) === 19) workers += ms;
        } catch {}
      }
      return { server, workers };
    },
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
    },
  };
}
type Server = Awaited<ReturnType<typeof startProcess>>;

/** The highest resident memory of a server while `work` runs. */
async function peakRss<T>(server: Server, work: () => Promise<T>): Promise<[T, number]> {
  let peak = server.rss();
  const timer = setInterval(() => (peak = Math.max(peak, server.rss())), 200);
  try {
    return [await work(), Math.max(peak, server.rss())];
  } finally {
    clearInterval(timer);
  }
}

// The server draws a learner's first screen with the build's drawer.
if (!existsSync(drawerOf(resolve(ROOT, 'dist')))) await buildClient({ quiet: true });

const data = await prepareBenchData(CONNECTIONS);
const cookieOf = (connection: number) => data.learners[connection % data.learners.length]!.cookie;
// The speech crowd comes from many addresses (Fly-Client-IP), as the limit on new clips counts each.
const appEnv = { DATABASE_PATH: data.databasePath, SESSION_SECRET: data.secret, BENCH_COOKIE: cookieOf(0), TRUST_PROXY: 'true' };
const words = data.wordIds;

const answer = (page: 'unified' | 'which-word') => (_c: number, n: number) => ({
  method: 'POST' as const,
  path: `/api/words/${words[n % words.length]}/progress`,
  body: { correct: n % 3 !== 0, page },
});
const get = (path: string) => () => ({ method: 'GET' as const, path });

const load = (server: Server, request: Parameters<typeof runLoad>[0]['request'], extra: Partial<Parameters<typeof runLoad>[0]> = {}) =>
  runLoad({
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    headersFor: (c) => ({ cookie: cookieOf(c), origin: server.url }),
    request,
    ...extra,
  });

// Each server is warmed up first (its JIT compiles the hot paths), as a server in service is.
const warmUp = async (server: Server) => {
  await load(server, answer('unified'), { seconds: 2 });
  await load(server, get('/api/words'), { seconds: 1 });
};

/** Rounds of a comparison made in turns (the floor and the app; the answers alone and beside speech). */
const ROUNDS = 3;

/** Visitors asking for speech at once, each a clip no one has asked for (docs/decisions/0066). */
const SPEECH_CROWD = 60;
let speechRounds = 0;
/** Free texts the course speaks, a new set each round: none of them is cached yet. */
function uncachedTexts(count: number) {
  const db = new Database(data.databasePath, { readonly: true });
  try {
    const rows = db
      .query(
        `select distinct words.lebanese as text from words join topics on topics.id = words.topic_id
         where not topics.is_premium and (not words.is_conjugation or words.tense = 'present') order by words.id limit ? offset ?`,
      )
      .all(count, count * speechRounds++) as { text: string }[];
    return rows.map((row) => row.text);
  } finally {
    db.close();
  }
}
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;
/** /healthz probed every 10 ms and the crowd's clips, from their own process (scripts/bench/speech.ts), while `work` runs. */
async function withCrowd<T>(server: Server, texts: string[], work: () => Promise<T>) {
  const crowd = Bun.spawn([process.execPath, 'scripts/bench/speech.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_URL: server.url, BENCH_SECONDS: String(SECONDS), BENCH_TEXTS: texts.join('\t') },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const [result, output] = await Promise.all([work(), new Response(crowd.stdout).text()]);
  return { result, ...(JSON.parse(output) as { health: number[]; clips: { status: number; ms: number }[] }) };
}
/**
 * The answer load alone, then beside SPEECH_CROWD new clips asked for at once, in three rounds (this
 * machine's speed drifts over a run): /healthz's p99 and max in each, the answer rate beside the clips
 * against its rate alone just before, and what the crowd got.
 */
async function speechBesideAnswers(server: Server) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const lines: string[] = [];
  const ratios: number[] = [];
  const maxima: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const alone = await withCrowd(server, [], () => load(server, answer('unified')));
    const beside = await withCrowd(server, uncachedTexts(SPEECH_CROWD), () => load(server, answer('unified')));
    const made = beside.clips.filter((clip) => clip.status === 200).map((clip) => clip.ms);
    const statuses = Object.entries(Object.groupBy(beside.clips, (clip) => String(clip.status))).map(
      ([status, clips]) => `${clips!.length} × ${status}`,
    );
    ratios.push(beside.result.rps / alone.result.rps);
    maxima.push(Math.max(...beside.health));
    lines.push(
      `  round ${round}: /healthz p99 ${ms(percentile(beside.health, 0.99))}, max ${ms(Math.max(...beside.health))} ` +
        `(answers alone: p99 ${ms(percentile(alone.health, 0.99))}, max ${ms(Math.max(...alone.health))}); ` +
        `answers ${beside.result.rps.toFixed(0)}/s, ${ratios.at(-1)!.toFixed(2)} of ${alone.result.rps.toFixed(0)} alone just before; ` +
        `clips ${statuses.join(', ')}${made.length ? `, made in p50 ${ms(percentile(made, 0.5))}, max ${ms(Math.max(...made))}` : ''}`,
    );
  }
  // The crowd with no answers, and the probe alone just before: what the crowd's requests cost the
  // server's thread, a figure the rest of the machine's load barely moves.
  const cpuOf = async (texts: string[]) => {
    const before = server.cpu();
    const run = await withCrowd(server, texts, () => Bun.sleep(SECONDS * 1000));
    const after = server.cpu();
    return { ...run, server: after.server - before.server, workers: after.workers - before.workers };
  };
  const probeAlone = await cpuOf([]);
  const quiet = await cpuOf(uncachedTexts(SPEECH_CROWD));
  return [
    `${SPEECH_CROWD} new clips asked at once beside the answer load, ${ROUNDS} rounds: /healthz max ${maxima.map(ms).join(', ')}; ` +
      `answers ${percentile(ratios, 0.5).toFixed(2)} of their rate alone (median; rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    ...lines,
    `  with no answers: /healthz p99 ${ms(percentile(quiet.health, 0.99))}, max ${ms(Math.max(...quiet.health))}; ` +
      `the server's thread spent ${quiet.server} ms of CPU in those ${SECONDS} s (${probeAlone.server} ms with the /healthz probe alone), the voice's threads ${quiet.workers} ms; ` +
      `clips ${quiet.clips.filter((clip) => clip.status === 200).length} made, ${quiet.clips.filter((clip) => clip.status === 503).length} refused`,
  ].join('\n');
}

if (process.argv[2] === 'speech') {
  const server = await startProcess('src/server.ts', appEnv);
  await warmUp(server);
  console.log(`\nKalimat bench, speech: ${CONNECTIONS} connections answering, ${SECONDS} s`);
  console.log(await speechBesideAnswers(server));
  await server.stop();
  rmSync(data.dir, { recursive: true, force: true });
  process.exit(0);
}

const rows: { call: string; result: LoadResult; floor?: LoadResult; ratios?: number[] }[] = [];
/** `bun run bench answer`: only the answer against its floor, to compare two versions of the answer path. */
const answerOnly = process.argv[2] === 'answer';
const floor = await startProcess('scripts/bench/floor.ts', { ...appEnv, DATABASE_PATH: copyDatabase(data, 'floor.db') });
let app = await startProcess('src/server.ts', appEnv);
await warmUp(floor);
await warmUp(app);

/** Several rounds' results as one: rates averaged, latencies the median round's, errors summed. */
function combine(results: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => results.reduce((sum, r) => sum + f(r), 0) / results.length;
  const median = (f: (r: LoadResult) => number) => results.map(f).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  return {
    rps: mean((r) => r.rps),
    okPerSecond: mean((r) => r.okPerSecond),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    errors: mean((r) => r.errors) * results.length,
    requests: mean((r) => r.requests) * results.length,
  };
}

// The floor and the app take turns, a round each in the same minute: this machine's speed drifts by
// more than the ratio's margin over a run, and measured one after the other the two read different machines.
const compared = {
  answer: { app: [] as LoadResult[], floor: [] as LoadResult[] },
  words: { app: [] as LoadResult[], floor: [] as LoadResult[] },
};
let answerRss = 0;
for (let round = 0; round < ROUNDS; round++) {
  compared.answer.floor.push(await load(floor, answer('unified')));
  const [appRound, rss] = await peakRss(app, () => load(app, answer('unified')));
  compared.answer.app.push(appRound);
  answerRss = Math.max(answerRss, rss);
  if (answerOnly) continue;
  compared.words.floor.push(await load(floor, get('/api/words')));
  compared.words.app.push(await load(app, get('/api/words')));
}
await floor.stop();
const ratiosOf = (pair: { app: LoadResult[]; floor: LoadResult[] }) => pair.app.map((r, i) => r.rps / pair.floor[i]!.rps);
const appAnswer = combine(compared.answer.app);
rows.push({
  call: 'POST /api/words/:id/progress',
  result: appAnswer,
  floor: combine(compared.answer.floor),
  ratios: ratiosOf(compared.answer),
});
if (answerOnly) {
  console.log(
    `\nKalimat bench, the answer: ${CONNECTIONS} connections, ${SECONDS} s a round, ${ROUNDS} rounds taking turns with the floor`,
  );
  console.log(
    `app ${appAnswer.rps.toFixed(0)} req/s, floor ${combine(compared.answer.floor).rps.toFixed(0)} req/s, ratio ${(appAnswer.rps / combine(compared.answer.floor).rps).toFixed(2)} (rounds ${ratiosOf(
      compared.answer,
    )
      .map((r) => r.toFixed(2))
      .join(', ')})`,
  );
  await app.stop();
  rmSync(data.dir, { recursive: true, force: true });
  process.exit(0);
}
rows.push({
  call: 'GET /api/words',
  result: combine(compared.words.app),
  floor: combine(compared.words.floor),
  ratios: ratiosOf(compared.words),
});
rows.push({ call: 'GET /api/user', result: await load(app, get('/api/user')) });
rows.push({ call: 'GET /api/words/topics-with-progress', result: await load(app, get('/api/words/topics-with-progress')) });
rows.push({ call: 'GET /api/stats/leaderboard', result: await load(app, get('/api/stats/leaderboard')) });
rows.push({ call: 'which-word answer', result: await load(app, answer('which-word')) });
rows.push({
  call: 'POST /api/sentences/answer (local)',
  result: await load(app, () => ({ method: 'POST', path: '/api/sentences/answer', body: data.sentence })),
});
// A learner opening /words: the page drawn with their first card (src/lib/screens.ts), as many at a time
// as the server draws at once (more would be sent undrawn), alone and beside the answer load, whose rate
// shows what drawing costs it.
const DRAWING = MOST_AT_ONCE;
const drawn = (server: Server) =>
  load(server, get('/words'), {
    connections: DRAWING,
    headersFor: (c) => ({ cookie: cookieOf(c), 'sec-fetch-mode': 'navigate', 'accept-encoding': 'br' }),
  });
rows.push({ call: `GET /words drawn (${DRAWING} at a time)`, result: await drawn(app) });
const answersAlone = await load(app, answer('unified'));
const [answersBesideDrawing, drawnBesideAnswers] = await Promise.all([load(app, answer('unified')), drawn(app)]);
const speechLine = await speechBesideAnswers(app);

// A steady 1,000 answers a second, measured after 2 s at that rate: coming straight from the saturated
// runs, the first seconds read slower (over eleven tries on 2026-11-25, p99 in the first 2 s median
// 10.6 ms, 6-32; in the 5 s after, median 7.7 ms, 4.9-30). The tail is this machine's disk: with the
// database on tmpfs p99 was 4.5-7.7 ms.
const pacedLoad = (seconds: number) =>
  runPaced({
    url: app.url,
    seconds,
    rate: 1000,
    headersFor: (c) => ({ cookie: cookieOf(c), origin: app.url }),
    request: answer('unified'),
  });
await pacedLoad(2);
const paced = await pacedLoad(SECONDS);

// The answer rate without streams again, just before them: the same process, as warm and with as many
// rows written, so the two rates differ only by the streams.
const beforeStreams = await load(app, answer('unified'));
// 2,000 open streams, a quarter of them never reading, held by a process of their own while the answer
// load runs; a probe learner (first on the board by far) answers every 200 ms and each reading stream
// notes when the standings with its new points arrive.
const streams = Bun.spawn([process.execPath, 'scripts/bench/streams.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    BENCH_URL: app.url,
    BENCH_PORT: String(app.port),
    BENCH_COOKIES: data.learners.map((l) => l.cookie).join(' '),
    BENCH_PROBE_COOKIE: data.probe.cookie,
    BENCH_PROBE_POINTS: String(data.probe.points),
    BENCH_WORDS: words.join(','),
    BENCH_STREAMS: String(STREAMS),
  },
  stdin: 'pipe',
  stdout: 'pipe',
  stderr: 'inherit',
});
const lines = streams.stdout.pipeThrough(new TextDecoderStream()).getReader();
let output = '';
const nextLine = async () => {
  while (!output.includes('\n')) {
    const { value, done } = await lines.read();
    if (done) throw new Error('the stream process ended early');
    output += value;
  }
  const line = output.slice(0, output.indexOf('\n'));
  output = output.slice(line.length + 1);
  return JSON.parse(line);
};
await nextLine();
const [withStreams, streamsRss] = await peakRss(app, () => load(app, answer('unified')));
streams.stdin.end();
const fanOut = (await nextLine()) as { opened: number; probes: number; reading: number; delays: number[] };
await streams.exited;
const delays = fanOut.delays;
const expectedDeliveries = fanOut.probes * fanOut.reading;
await app.stop();

// Every commit of the write path waits 10 ms, as a LiteFS primary's FUSE layer makes it: 100 commits a second.
app = await startProcess('src/server.ts', { ...appEnv, COMMIT_DELAY_MS: '10' });
const capped = await runLoad({
  url: app.url,
  connections: 256,
  seconds: SECONDS,
  headersFor: (c) => ({ cookie: cookieOf(c), origin: app.url }),
  request: answer('unified'),
});
await app.stop();

const fmt = (n: number, digits = 0) => n.toFixed(digits);
console.log(
  `\nKalimat bench: ${CONNECTIONS} connections, ${SECONDS} s a call (the two compared with the floor: ${ROUNDS} rounds, taking turns), autocannon in its own process`,
);
console.log(
  `${'call'.padEnd(38)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'floor'.padStart(8)}${'ratio'.padStart(7)}`,
);
for (const { call, result, floor, ratios } of rows) {
  console.log(
    `${call.padEnd(38)}${fmt(result.rps).padStart(8)}${fmt(result.p50).padStart(8)}${fmt(result.p99).padStart(8)}${String(result.errors).padStart(8)}` +
      (floor ? `${fmt(floor.rps).padStart(8)}${fmt(result.rps / floor.rps, 2).padStart(7)}` : '') +
      (ratios ? `  (rounds ${ratios.map((r) => fmt(r, 2)).join(', ')})` : ''),
  );
}
console.log(
  `\nanswer at 1,000 req/s offered, evenly spaced (after 2 s at that rate): p50 ${fmt(paced.p50, 1)} ms, p99 ${fmt(paced.p99, 1)} ms, ${fmt(paced.rps)} req/s, ${paced.errors} errors`,
);
console.log(`server RSS under the answer load: ${fmt(answerRss)} MiB`);
console.log(
  `answers beside ${DRAWING} drawings of /words at a time: ${fmt(answersBesideDrawing.rps)} answers/s (${fmt(answersBesideDrawing.rps / answersAlone.rps, 2)} of ${fmt(answersAlone.rps)} alone, just before), ` +
    `p99 ${fmt(answersBesideDrawing.p99)} ms; the drawings ${fmt(drawnBesideAnswers.rps)}/s, p99 ${fmt(drawnBesideAnswers.p99)} ms`,
);
console.log(speechLine);
const sortedDelays = delays.sort((a, b) => a - b);
const p99Delay = sortedDelays.length ? sortedDelays[Math.min(sortedDelays.length - 1, Math.floor(sortedDelays.length * 0.99))]! : NaN;
console.log(
  `with ${fanOut.opened} open event streams (${STALLED} never reading): ${fmt(withStreams.rps)} answers/s (${fmt(withStreams.rps / beforeStreams.rps, 2)} of ${fmt(beforeStreams.rps)} without, just before), ` +
    `p99 ${fmt(withStreams.p99)} ms, ${withStreams.errors} errors, RSS ${fmt(streamsRss)} MiB`,
);
console.log(
  `leaderboard change to stream: p99 ${Number.isFinite(p99Delay) ? `${fmt(p99Delay)} ms` : 'never arrived'}, ` +
    `${delays.length} of ${expectedDeliveries} deliveries (${fanOut.probes} probe answers × ${fanOut.reading} reading streams)`,
);
console.log(`answers under a 100 commits/s cap: ${fmt(capped.okPerSecond)} answers/s`);
// The real commit cost: the same answers through a LiteFS primary on FUSE, timed to their row on a replica.
for (const line of await benchLiteFS({ learners: CONNECTIONS, seconds: SECONDS })) console.log(line);
rmSync(data.dir, { recursive: true, force: true });
process.exit(0);
