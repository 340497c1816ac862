/**
 * The bench's event-stream load, in a process of its own so that reading 2,000 streams does not slow
 * the process that offers the answers: opens the streams (a quarter never reading), then has a probe
 * learner (first on every board by far) answer every 200 ms until stdin closes, and prints, as one JSON
 * line, how many streams opened and each reading stream's delay from a probe answer to the standings
 * carrying it.
 */
import { openStreams } from './load';

const { BENCH_URL, BENCH_PORT, BENCH_COOKIES, BENCH_PROBE_COOKIE, BENCH_PROBE_POINTS, BENCH_WORDS, BENCH_STREAMS } = process.env;
const count = Number(BENCH_STREAMS);
const stalled = Math.round(count / 4);
const words = BENCH_WORDS!.split(',').map(Number);
const sent: { points: number; at: number }[] = [];
const reached = new Map<number, number>();
const delays: number[] = [];

const pool = await openStreams({
  port: Number(BENCH_PORT),
  cookies: BENCH_COOKIES!.split(' '),
  count,
  stalled,
  onEvent(frame, stream, at) {
    if (!frame.includes('event: leaderboard')) return;
    const points = Number(/"points":(\d+)/.exec(frame)?.[1] ?? NaN);
    if (!Number.isFinite(points)) return;
    let k = reached.get(stream) ?? 0;
    while (k < sent.length && sent[k]!.points <= points) delays.push(Math.max(0, at - sent[k++]!.at));
    reached.set(stream, k);
  },
});
console.log(JSON.stringify({ ready: true, opened: pool.opened }));

let probing = true;
process.stdin.on('data', () => {});
process.stdin.on('end', () => (probing = false));
let points = Number(BENCH_PROBE_POINTS);
for (let n = 0; probing; n++) {
  const at = performance.now();
  const res = await fetch(`${BENCH_URL}/api/words/${words[n % words.length]}/progress`, {
    method: 'POST',
    headers: { cookie: BENCH_PROBE_COOKIE!, origin: BENCH_URL!, 'content-type': 'application/json' },
    body: JSON.stringify({ correct: true }),
  });
  await res.arrayBuffer();
  if (res.ok) sent.push({ points: (points += 10), at });
  await Bun.sleep(200);
}
await Bun.sleep(1500);
pool.close();
console.log(JSON.stringify({ opened: pool.opened, probes: sent.length, reading: count - stalled, delays }));
process.exit(0);
