/**
 * `bun run bench:web`: how fast the first screen appears on a mid-range phone on a mobile network.
 * Starts the server as its own process on a temporary database, then loads each page in a fresh
 * Chromium profile throttled as the performance issue measured it (1.6 Mbps down, 150 ms round trip,
 * CPU 4× slower, 412×823) and prints, per page, the median of BENCH_RUNS loads: Largest Contentful
 * Paint, total blocking time, layout shift, JavaScript bytes and all bytes on the wire, and the LCP as a
 * ratio to the page's floor: the same screen saved from the app once drawn and served without any script
 * (scripts/bench/screen-floor.ts), loaded under the same throttling in turns with the app (this machine's
 * speed drifts from minute to minute by more than the ratio's margin). Then a repeat visit to /words in
 * the same profile (its caches warm). Then Lighthouse 12 (its mobile preset:
 * simulated slow 4G and a 4× slower CPU) on the public pages, the median of LIGHTHOUSE_RUNS runs by
 * performance score. Pages named on the command line are the only ones measured. Figures only; tests
 * never assert times.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { buildClient } from '../build';
import { captureScreen, serveFloors } from './screen-floor';

const ROOT = resolve(import.meta.dir, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_WEB_DETAIL=1 prints each load's largest paint (its element) and its long tasks after the first paint. */
const DETAIL = process.env.BENCH_WEB_DETAIL === '1';
const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 412, height: 823 };

if (!existsSync(join(ROOT, 'dist/index.html'))) await buildClient();

const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
const port = probe.port!;
probe.stop(true);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'kalimat-bench-web-'));
const server = Bun.spawn([process.execPath, 'src/server.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'app.db'),
    APP_URL: base,
    LOG_LEVEL: 'warn',
  },
  stdout: 'inherit',
  stderr: 'inherit',
});
const floors = serveFloors(join(ROOT, 'dist'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 200) throw new Error('the server did not become healthy');
    await Bun.sleep(100);
  }
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench-web@example.com', username: 'benchweb', password: 'secret123', name: 'Bench Learner' }),
  });
  const session = register.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!session) throw new Error(`registration failed: ${register.status} ${await register.text()}`);
  const sessionValue = session.split(';')[0].slice('session='.length);

  // `bun run bench:web /words review` measures only the pages named (and Lighthouse only those of its two).
  const only = process.argv.slice(2);
  const pages = [
    { name: '/landing', path: '/landing', signedIn: false },
    { name: '/auth', path: '/auth', signedIn: false },
    { name: '/words', path: '/words', signedIn: true },
    { name: '/topics', path: '/topics', signedIn: true },
    { name: '/stats', path: '/stats', signedIn: true },
    { name: 'review', path: '/words?mode=review', signedIn: true },
  ].filter(({ name }) => only.length === 0 || only.includes(name));

  const rows: string[][] = [];
  for (const { name, path, signedIn } of pages) {
    const runs: Metrics[] = [];
    const floorRuns: Metrics[] = [];
    let repeat: Metrics | undefined;
    const newContext = async (serviceWorkers: 'allow' | 'block') => {
      const context = await browser.newContext({ viewport: VIEWPORT, baseURL: base, serviceWorkers });
      if (signedIn) await context.addCookies([{ name: 'session', value: sessionValue, url: base }]);
      return context;
    };
    // The floor: the screen as the app draws it for this learner, at this size, loaded without throttling.
    const capture = await newContext('block');
    const drawn = await capture.newPage();
    await load(drawn, path);
    floors.set(path, (await captureScreen(drawn)).html);
    await capture.close();
    // A first visit without the service worker: installed on 'load', it downloads the whole build outside
    // the page's throttling and its bytes are not the page's, so the page's own later chunks came from
    // the HTTP cache it filled and were neither slowed nor counted. The app and the floor take turns, each
    // going first in every other run.
    for (let run = 0; run < RUNS; run++) {
      const turns = [
        async () => {
          const context = await newContext('block');
          runs.push(await measure(context, path));
          await context.close();
        },
        async () => {
          const context = await browser.newContext({ viewport: VIEWPORT, baseURL: floors.base, serviceWorkers: 'block' });
          floorRuns.push(await measure(context, path));
          await context.close();
        },
      ];
      if (run % 2 === 1) turns.reverse();
      for (const turn of turns) await turn();
    }
    if (path === '/words') {
      const context = await newContext('allow');
      await measure(context, path);
      const page = await context.newPage();
      await page.goto(path);
      await page.evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready,
          new Promise((_, reject) => setTimeout(() => reject(new Error('the service worker was not ready in 30 s')), 30_000)),
        ]),
      );
      await page.close();
      repeat = await measure(context, path);
      await context.close();
    }
    rows.push(row(`${name}${signedIn ? ' (signed in)' : ''}`, runs, floorRuns));
    if (repeat) rows.push(row('/words again (warm)', [repeat]));
  }

  const header = ['page', 'FCP', 'LCP', 'floor LCP', 'LCP ÷ floor', 'TBT', 'CLS', 'JS to LCP', 'JS (wire)', 'all (wire)', 'requests'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `\nChromium ${browser.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, 1.6 Mbps down, 150 ms RTT, CPU ${CPU_SLOWDOWN}× slower; median of ${RUNS} cold loads, each beside a load of the floor (LCP ÷ floor: the median of the runs' ratios)\n`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));

  await lighthouseScores(['/landing', '/auth'].filter((path) => only.length === 0 || only.includes(path)));
} finally {
  await browser.close();
  floors.stop();
  server.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}

interface Metrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script bytes on the wire of the requests started before the largest paint: what the first screen needed. */
  jsBeforeLcp: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A page's medians; with its floor's runs (taken in turns with the page's), the floor's LCP and the median of each run's ratio to it. */
function row(name: string, runs: Metrics[], floorRuns: Metrics[] = []): string[] {
  const m = (key: keyof Metrics) => median(runs.map((r) => r[key]));
  const floored = floorRuns.length === runs.length;
  return [
    name,
    `${(m('fcp') / 1000).toFixed(2)} s`,
    `${(m('lcp') / 1000).toFixed(2)} s`,
    floored ? `${(median(floorRuns.map((r) => r.lcp)) / 1000).toFixed(2)} s` : '',
    floored ? `${median(runs.map((r, i) => r.lcp / floorRuns[i].lcp)).toFixed(2)}×` : '',
    `${Math.round(m('tbt'))} ms`,
    m('cls').toFixed(3),
    `${(m('jsBeforeLcp') / 1024).toFixed(1)} KiB`,
    `${(m('jsBytes') / 1024).toFixed(1)} KiB`,
    `${(m('totalBytes') / 1024).toFixed(1)} KiB`,
    String(m('requests')),
  ];
}

/** Observers registered before any script of the page runs, so nothing early is missed. */
function observe() {
  const w = window as unknown as { __bench: { lcp: number; lcpElement: string; cls: number; longTasks: Array<[number, number]> } };
  w.__bench = { lcp: 0, lcpElement: '', cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
      w.__bench.lcp = e.startTime;
      const el = e.element;
      w.__bench.lcpElement = el
        ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`
        : '(gone)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!e.hadRecentInput) w.__bench.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Opens `path` in `page` and waits until the network has been quiet for 2 s; returns the requests that
 * finished. Loading is over when every request has finished. Playwright's request events decide it, as
 * they follow the page's workers too: the page's own protocol session sees a dedicated worker's script
 * (time-zone.js) start but never finish.
 */
async function load(page: Page, path: string): Promise<Request[]> {
  const inFlight = new Set<Request>();
  const finished: Request[] = [];
  let lastActivity = performance.now();
  // The live event stream stays open by design; it is not part of loading the page.
  const isStream = (request: Request) => request.resourceType() === 'eventsource' || request.url().endsWith('/api/events');
  page.on('request', (request) => {
    if (isStream(request)) return;
    inFlight.add(request);
    lastActivity = performance.now();
  });
  const settle = (request: Request) => {
    if (!inFlight.delete(request)) return;
    lastActivity = performance.now();
    return true;
  };
  page.on('requestfinished', (request) => void (settle(request) && finished.push(request)));
  page.on('requestfailed', settle);

  await page.goto(path, { waitUntil: 'load' });
  // A load still busy after 30 s is measured as it stands, naming what it was still waiting for.
  const started = performance.now();
  while (inFlight.size > 0 || performance.now() - lastActivity < 2000) {
    if (performance.now() - started > 30_000) {
      console.warn(`${path}: still loading after 30 s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      break;
    }
    await Bun.sleep(100);
  }
  return finished;
}

/** Loads `path` throttled in a new tab of `context` and waits until the network has been quiet for 2 s. */
async function measure(context: BrowserContext, path: string): Promise<Metrics> {
  const page: Page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  // The bytes on the wire are the protocol's; a request it did not see finish (a dedicated worker's
  // script, see load) is counted by Playwright's sizes.
  const urls = new Map<string, string>();
  const types = new Map<string, string>();
  const onWire: { url: string; bytes: number; type?: string }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (url) onWire.push({ url, bytes: e.encodedDataLength, type: types.get(e.requestId) });
  });
  const finished = await load(page, path);
  const unmatched = [...onWire];
  const unseen = finished.filter((request) => {
    const i = unmatched.findIndex((r) => r.url === request.url());
    if (i >= 0) unmatched.splice(i, 1);
    return i < 0;
  });
  for (const request of unseen) {
    const sizes = await request.sizes();
    onWire.push({
      url: request.url(),
      bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      type: request.resourceType() === 'script' ? 'Script' : undefined,
    });
  }
  const result = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { lcp: number; lcpElement: string; cls: number; longTasks: Array<[number, number]> } })
      .__bench;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // Blocking time as Lighthouse counts it: the part of each long task after the first paint beyond 50 ms.
    const tbt = b.longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const jsBeforeLcp = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js') && r.startTime <= b.lcp)
      .reduce((sum, r) => sum + r.transferSize, 0);
    const late = b.longTasks.filter(([start]) => start >= fcp).map(([start, duration]) => `${Math.round(start)}+${Math.round(duration)}`);
    return { fcp, lcp: b.lcp, cls: b.cls, tbt, jsBeforeLcp, detail: `largest paint ${b.lcpElement}; long tasks (ms) ${late.join(' ')}` };
  });
  const { detail, ...measured } = result;
  if (DETAIL) console.log(`${context.pages()[0]?.url() ?? path}: FCP ${Math.round(result.fcp)}, LCP ${Math.round(result.lcp)}, ${detail}`);
  await cdp.detach();
  await page.close();
  return {
    ...measured,
    jsBytes: onWire.filter((r) => r.type === 'Script').reduce((sum, r) => sum + r.bytes, 0),
    totalBytes: onWire.reduce((sum, r) => sum + r.bytes, 0),
    requests: onWire.length,
  };
}

/**
 * Lighthouse's four scores and its own measures of the first screen for each page, as a signed-out
 * visitor (a fresh profile every run); the run with the median performance score is printed.
 */
async function lighthouseScores(paths: string[]) {
  if (paths.length === 0 || LIGHTHOUSE_RUNS === 0) return;
  const rows: string[][] = [];
  let version = '';
  for (const path of paths) {
    const results = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (result) results.push(result.lhr);
      } finally {
        chrome.kill();
      }
    }
    const lhr = results.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0))[
      Math.floor(results.length / 2)
    ];
    if (!lhr) continue;
    version = lhr.lighthouseVersion;
    const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    rows.push([
      path,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      `${(audit('largest-contentful-paint') / 1000).toFixed(2)} s`,
      `${Math.round(audit('total-blocking-time'))} ms`,
      audit('cumulative-layout-shift').toFixed(3),
    ]);
    // What keeps a score under 100, so a run says what to fix.
    for (const [id, a] of Object.entries(lhr.audits)) {
      if (a.scoreDisplayMode === 'binary' && a.score === 0) rows.push([`  fails: ${id}`, '', '', '', '', '', '', '']);
    }
  }
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nLighthouse ${version} (mobile preset, simulated throttling), median of ${LIGHTHOUSE_RUNS} runs by performance\n`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}
