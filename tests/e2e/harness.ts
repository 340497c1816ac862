import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Database } from 'bun:sqlite';
import { expect, setDefaultTimeout } from 'bun:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CONTENT_DIR } from '../../src/content/dir';
import { importedDatabase } from '../support/imported';

// A browser test waits on a real server and Chromium; bun's default of 5 s is too short, and a timeout
// kills the processes the whole file shares.
setDefaultTimeout(60_000);

const ROOT = resolve(import.meta.dir, '../..');
export const SCREENSHOTS = join(ROOT, 'tests/e2e/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export interface ServerOptions {
  env?: Record<string, string>;
  /** A Chromium another app of the same file already runs, to share instead of launching a second one. */
  browser?: Browser;
  /** Chromium switches beside the usual ones (a fake microphone: `fakeMicrophone`), for a browser launched here. */
  browserArgs?: string[];
  /**
   * The app's service worker installs in each fresh profile, as in a learner's browser. Only the files
   * that prove the offline copy ask for it: installing it fetches every file of the build into each
   * profile, an eighth of a journey's browser time, and the journeys open hundreds of profiles.
   */
  serviceWorker?: boolean;
}

/** One real server process (`bun src/server.ts`) on a free port (or env.PORT's), on the given database file. */
export async function startServer(databasePath: string, env: Record<string, string> = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = Bun.spawn([process.execPath, 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    port,
    /** Sends SIGTERM and resolves with the exit code once the process has drained and exited. */
    async stop() {
      child.kill('SIGTERM');
      return child.exited;
    },
    /** Ends the process at once, as a crash or a lost machine would: nothing is drained. */
    async kill() {
      child.kill('SIGKILL');
      return child.exited;
    },
  };
}

let visitors = 1;

/**
 * The real server on a free port with its own temporary database, the built client and content/
 * imported (a copy of a database this process imported once; a first start's own import is the start
 * command's journey), plus a Chromium driven by playwright-core.
 */
export async function startApp(opts: ServerOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-e2e-'));
  copyFileSync(importedDatabase(CONTENT_DIR), join(dir, 'app.db'));
  const server = await startServer(join(dir, 'app.db'), opts.env);
  const { baseUrl, port } = server;

  const browser =
    opts.browser ??
    (await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...(opts.browserArgs ?? []),
      ],
    }));

  // A shared browser outlives this app: the pages opened here are closed with it.
  const contexts = new Set<BrowserContext>();

  return {
    baseUrl,
    port,
    dir,
    browser,
    /** The server process alone, to stop (SIGTERM) or restart it while the browser stays. */
    server,
    /** A fresh browser profile (cookies and local storage of its own) at the given width. */
    async newPage(width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
      // Each profile is a different visitor behind Fly's proxy, so the per-address limits (five sign-ups a
      // minute) apply to each as they would in production, not to the whole test file at once.
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height },
        serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
        extraHTTPHeaders: { 'Fly-Client-IP': `10.0.${visitors >> 8}.${visitors++ & 255}` },
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
      waitForDrawnScreens(page);
      return { context, page };
    },
    /** The outbox of the dev mail endpoint, newest first. */
    async mail(): Promise<Array<{ to: string; subject: string; text: string }>> {
      return (await fetch(`${baseUrl}/api/dev/mail`)).json();
    },
    /** The link to `path` in the newest mail to `to` (a reset or verification link), or undefined. */
    async linkInMail(to: string, path: string): Promise<string | undefined> {
      const mail = (await this.mail()).find((m) => m.to === to);
      const escaped = `${baseUrl}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return mail?.text.match(new RegExp(`${escaped}\\S*`))?.[0];
    },
    async stop() {
      if (opts.browser) await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
      else await browser.close().catch(() => {});
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type E2EApp = Awaited<ReturnType<typeof startApp>>;

/**
 * A change made in the running app's own SQLite file. It ends one learner's trial, say, where moving the
 * server's clock (POST /api/dev/clock) would move every learner's day at once.
 */
export function inAppDatabase<T>(app: E2EApp, change: (db: Database) => T): T {
  const db = new Database(join(app.dir, 'app.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return change(db);
  } finally {
    db.close();
  }
}

/** Ends (or moves) a learner's trial: users.trial_end_date, milliseconds since the epoch. */
export function setTrialEnd(app: E2EApp, email: string, endMs: number) {
  inAppDatabase(app, (db) => expect(db.query('UPDATE users SET trial_end_date = ? WHERE email = ?').run(endMs, email).changes).toBe(1));
}

async function waitForHealth(baseUrl: string, server: { exitCode: number | null }) {
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error('the server did not become healthy');
}

/**
 * Saves a screenshot under tests/e2e/screenshots for people to look at; not compared. Transitions are
 * shown finished: a card still fading in after a quick answer looked washed out.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Waits until the service worker keeps this browser's offline copy of a read whose address ends in
 * `path` (in `kalimat-data`), or of a clip (`kalimat-audio`).
 */
export async function waitForOfflineCopy(page: Page, path: string, cacheName: 'kalimat-data' | 'kalimat-audio' = 'kalimat-data') {
  await page.waitForFunction(
    async ({ p, c }) => (await caches.open(c).then((cache) => cache.keys())).some((r) => r.url.endsWith(p)),
    { p: path, c: cacheName },
    { polling: 200, timeout: 30_000 },
  );
}

/**
 * Screenshots of the screen as it is, at 1280 px and at 375 px (`name-1280`, `name-375`), for a walk made
 * once at one width: the walk goes on at the width it had.
 */
export async function screenshotAtWidths(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: viewport.height });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(viewport);
}

/**
 * Waits until the app has taken over a page the build drew (src/web/main.tsx drops its mark): a click
 * or a key before then reaches the drawing, which answers nothing.
 */
export async function appTookOver(page: Page) {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}

/**
 * A learner's screen the server drew (src/lib/screens.ts) is read before its script has run, but
 * answers clicks and keys only once the app has hydrated it: `goto` and `reload` on such a screen
 * return, as a learner would act, once it answers.
 */
function waitForDrawnScreens(page: Page) {
  const tookOver = () => page.waitForFunction(() => !document.querySelector('#root[data-prerendered="server"]'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await tookOver();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await tookOver();
    return response;
  };
}

/**
 * This profile's visits get each page as the build made it, as when the server does not draw a
 * learner's screen (src/lib/screens.ts: a busy drawer, a failed read): the browser draws the screen
 * from its own reads, which a journey can hold or answer itself. The page is asked for as a script
 * would ask, not as a navigation, which is what the server draws for.
 */
export async function undrawn(context: BrowserContext) {
  await context.route('**/*', async (route) => {
    const request = route.request();
    // A page the service worker fetches for the tab is no navigation of Playwright's, but asks for HTML.
    if (!request.isNavigationRequest() && !request.headers().accept?.startsWith('text/html')) return route.fallback();
    const response = await route.fetch({ headers: { ...request.headers(), 'sec-fetch-mode': 'cors' } });
    await route.fulfill({ response });
  });
}

let counter = 0;
/** Registers a learner through the Register tab and waits for All Words' address (its screen may still be loading). */
export async function registerInBrowser(
  page: Page,
  overrides: Partial<{ email: string; username: string; password: string; name: string }> = {},
) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  const user = {
    email: `e2e${id}@example.com`,
    username: `e2e${id}`.slice(0, 20),
    password: 'secret123',
    name: 'Rana Haddad',
    ...overrides,
  };
  await page.goto('/auth');
  await appTookOver(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  // The tab is in the address: until the router has drawn it, the Login form's Email field is the one on the page.
  await page.getByLabel('Username', { exact: true }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/words');
  return user;
}

/**
 * Chromium's fake microphone, which "hears" a WAV file on a loop and grants the permission without
 * asking: the file is spoken by espeak-ng where installed, else a tone made by sox, else a tone
 * written here (a 16-bit mono PCM WAV).
 */
export function fakeMicrophone(dir: string, text = 'marhaba'): string[] {
  const wav = join(dir, 'microphone.wav');
  const made = (command: string[]) => Bun.which(command[0]!) !== null && Bun.spawnSync(command).exitCode === 0;
  if (
    !made(['espeak-ng', '-v', 'ar', '-w', wav, text]) &&
    !made(['sox', '-n', '-r', '16000', '-c', '1', '-b', '16', wav, 'synth', '2', 'sine', '440'])
  ) {
    const rate = 16000;
    const samples = new Int16Array(rate * 2).map((_, i) => Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000));
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + samples.byteLength, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(rate, 24);
    header.writeUInt32LE(rate * 2, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(samples.byteLength, 40);
    writeFileSync(wav, Buffer.concat([header, Buffer.from(samples.buffer)]));
  }
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`];
}

/** A card answered from the keyboard as a learner who knows it: Space reveals, 1 is "I know it". */
export async function answerCardFromKeyboard(page: Page) {
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'I know it' }).waitFor();
  await page.keyboard.press('1');
}

/** A number-letter as `GET /api/letters` gives it. */
export interface Letter {
  number: number;
  arabizi: string;
  arabic: string;
  example: { arabizi: string };
}

/** Answers whatever letters question is showing, rightly, from what the screen shows (a typed number padded with spaces, as the game trims it). */
export async function answerLetterRightly(page: Page, letters: Letter[]) {
  const card = page.locator('.letters-card');
  const type = await card.locator('.letters-type').textContent();
  if (type === 'Say it') {
    await card.getByRole('button', { name: 'Reveal Now' }).click();
    await card.getByRole('button', { name: 'I got it right' }).click();
    return;
  }
  const big = (await card.locator('.letters-big').textContent())!.trim();
  if (type === 'Fill in the blank') {
    const letter = letters.find((l) => l.example.arabizi.split(l.arabizi).join('_') === big)!;
    await card.getByLabel('Missing number').fill(` ${letter.arabizi} `);
    await card.getByRole('button', { name: 'Check' }).click();
    return;
  }
  const byArabic = letters.find((l) => l.arabic === big);
  if (byArabic) await card.getByRole('button', { name: byArabic.arabizi, exact: true }).click();
  else await card.getByRole('button', { name: letters.find((l) => l.arabizi === big)!.arabic, exact: true }).click();
}

/**
 * An init script standing in for the browser's speech recognition (Chromium's needs Google's servers):
 * it hears what the journey puts in `window.recognition.heard`, beside another alternative ('شي تاني'),
 * after it or, with `heardSecond`, before it; and refuses the languages in `refuse` as a recogniser
 * without them does. The app's own code creates, starts and reads it.
 */
export const recognitionStandIn = () => {
  const state = { langs: [] as string[], heard: '', heardSecond: false, refuse: [] as string[] };
  (window as unknown as { recognition: typeof state }).recognition = state;
  class StandIn {
    lang = '';
    interimResults = true;
    maxAlternatives = 1;
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      state.langs.push(this.lang);
      setTimeout(() => {
        const alternatives = [{ transcript: state.heard }, { transcript: 'شي تاني' }];
        if (state.refuse.includes(this.lang)) this.onerror?.({ error: 'language-not-supported' });
        else this.onresult?.({ results: [state.heardSecond ? alternatives.reverse() : alternatives] });
        this.onend?.();
      }, 300);
    }
    abort() {}
  }
  (window as unknown as { SpeechRecognition: unknown }).SpeechRecognition = StandIn;
};

/**
 * An init script (`context.addInitScript(fasterAudio)`) through which `playAudioFaster` plays the page's
 * audio elements faster than the rates the app sets, which read back unchanged: a journey that hears
 * clips to their end waits a fraction of their length, and still sees the speed the app asks for. Until
 * asked, and again after a reload, clips play at their own speed, for the checks made while one plays.
 */
export const fasterAudio = () => {
  const proto = HTMLMediaElement.prototype;
  const rates = (['playbackRate', 'defaultPlaybackRate'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(proto, name)!] as const,
  );
  let factor = 1;
  /** The factor each element's own rates hold: loading a source resets the rate to the default one, so both are scaled. */
  const scaled = new WeakMap<HTMLMediaElement, number>();
  const follow = (element: HTMLMediaElement) => {
    const was = scaled.get(element) ?? 1;
    if (was === factor) return;
    scaled.set(element, factor);
    for (const [, rate] of rates) rate.set!.call(element, (rate.get!.call(element) / was) * factor);
  };
  for (const [name, rate] of rates) {
    Object.defineProperty(proto, name, {
      configurable: true,
      enumerable: true,
      get(this: HTMLMediaElement) {
        follow(this);
        return rate.get!.call(this) / factor;
      },
      set(this: HTMLMediaElement, value: number) {
        follow(this);
        rate.set!.call(this, value * factor);
      },
    });
  }
  const play = proto.play;
  proto.play = function (this: HTMLMediaElement) {
    follow(this);
    return play.call(this);
  };
  (window as unknown as { playAudioFaster: (by: number) => void }).playAudioFaster = (by) => {
    factor = by;
    for (const element of document.querySelectorAll('audio, video')) follow(element as HTMLMediaElement);
  };
};

/** From now until the page reloads, its audio plays `factor` times faster (a page with the `fasterAudio` init script). */
export async function playAudioFaster(page: Page, factor: number) {
  await page.evaluate((by) => (window as unknown as { playAudioFaster: (by: number) => void }).playAudioFaster(by), factor);
}
