/**
 * The bench's crowd asking for speech, in a process of its own so that autocannon's work in the bench's
 * process does not delay its clocks: it asks for /healthz every 10 ms for BENCH_SECONDS and, half a second
 * in, sends one request for each of BENCH_TEXTS (tab-separated) at once, each from its own address
 * (Fly-Client-IP, the app trusting it), as many visitors would. Prints one JSON line: every /healthz
 * latency, and each clip's status and latency.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const url = process.env.BENCH_URL!;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const texts = (process.env.BENCH_TEXTS ?? '').split('\t').filter(Boolean);

const health: number[] = [];
const clips: { status: number; ms: number }[] = [];
const until = performance.now() + seconds * 1000;

async function probe() {
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    health.push(performance.now() - started);
    await sleep(10);
  }
}

async function crowd() {
  await sleep(500);
  await Promise.all(
    texts.map(async (text, i) => {
      const started = performance.now();
      const res = await fetch(`${url}/api/tts?text=${encodeURIComponent(text)}`, {
        headers: { 'fly-client-ip': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      });
      await res.arrayBuffer();
      clips.push({ status: res.status, ms: performance.now() - started });
    }),
  );
}

await Promise.all([probe(), crowd()]);
console.log(JSON.stringify({ health, clips }));
