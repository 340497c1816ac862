import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { spokenOgg } from '../support/audio';
import { registerInBrowser, startApp, type E2EApp } from './harness';

const root = resolve(import.meta.dir, '..', '..');
let app: E2EApp;
let content: string;
beforeAll(async () => {
  app = await startApp({ env: { ESPEAK_PATH: '/nonexistent/espeak-ng' } });
  // An author's copy of content/, to drop a clip into.
  content = mkdtempSync(join(tmpdir(), 'kalimat-recorded-'));
  cpSync(join(root, 'content'), content, { recursive: true });
});
afterAll(async () => {
  await app?.stop();
  rmSync(content, { recursive: true, force: true });
});

test('a clip dropped into content/audio plays instead of synthetic speech after `bun run import`', async () => {
  const { page, context } = await app.newPage();
  // Counts the clips the page played to their end (the app's own audio element, its `ended` event).
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      this.addEventListener(
        'ended',
        () =>
          ((window as unknown as { clipsEnded: number }).clipsEnded = ((window as unknown as { clipsEnded?: number }).clipsEnded ?? 0) + 1),
      );
      return play.call(this);
    };
  });
  await page.goto('/landing');
  const deck = page.getByRole('region', { name: /Try it now: 10 words/ });
  await deck.waitFor();
  const arabizi = ((await deck.locator('.flash-card-lebanese').textContent()) ?? '').trim();
  const arabic = ((await deck.locator('.flash-card-arabic').textContent()) ?? '').trim();

  // The author records the card's word and imports.
  const db = new Database(join(app.dir, 'app.db'), { readonly: true });
  const { key } = db.query('select key from words where lebanese = ? and is_conjugation = 0').get(arabizi) as { key: string };
  db.close();
  const clip = await spokenOgg(arabizi, arabic);
  const file = join(content, 'audio', 'words', `${key}.ogg`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, clip);
  const imported = Bun.spawnSync([process.execPath, join(root, 'scripts/import.ts'), '--content', content], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: join(app.dir, 'app.db'), LOG_LEVEL: 'silent' },
  });
  expect(imported.stdout.toString()).toMatch(/audio\s+1\s+1\s+0\s+0\s+0/);

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/tts')),
    deck.getByRole('button', { name: /^Listen to/ }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/ogg');
  // The same address again gives the body (Chromium keeps none for a response the page has read).
  expect(new Uint8Array(await (await page.request.get(response.url())).body())).toEqual(clip);
  await page.waitForFunction(() => (window as unknown as { clipsEnded?: number }).clipsEnded === 1);
  await context.close();
});

test("a dialogue line's clip dropped into content/audio/dialogues is validated by the import and played by Listen instead of the voice", async () => {
  const { page, context } = await app.newPage();
  await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  const db = new Database(join(app.dir, 'app.db'), { readonly: true });
  const { id } = db.query("select id from dialogues where key = 'cafe'").get() as { id: number };
  const line = db.query('select arabizi, arabic from dialogue_lines where dialogue_id = ? and position = 1').get(id) as {
    arabizi: string;
    arabic: string;
  };
  db.close();

  // The author records the café's second line (docs/content-format.md#recorded-audio: lines count from 1) and imports.
  const clip = await spokenOgg(line.arabizi, line.arabic);
  const file = join(content, 'audio', 'dialogues', 'cafe-2.ogg');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, clip);
  // A clip for a line the dialogue does not have is refused, naming the file.
  writeFileSync(join(content, 'audio', 'dialogues', 'cafe-99.ogg'), clip);
  const refused = Bun.spawnSync([process.execPath, join(root, 'scripts/import.ts'), '--content', content], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: join(app.dir, 'app.db'), LOG_LEVEL: 'silent' },
  });
  expect(refused.exitCode).not.toBe(0);
  expect(refused.stdout.toString() + refused.stderr.toString()).toContain('audio/dialogues/cafe-99.ogg');
  rmSync(join(content, 'audio', 'dialogues', 'cafe-99.ogg'));
  const imported = Bun.spawnSync([process.execPath, join(root, 'scripts/import.ts'), '--content', content], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: join(app.dir, 'app.db'), LOG_LEVEL: 'silent' },
  });
  expect(imported.exitCode).toBe(0);

  await page.goto(`/dialogues/${id}`);
  await page.getByRole('heading', { name: 'At the café' }).waitFor();
  await page.locator('audio.dialogue-audio').evaluate((audio: HTMLAudioElement) => {
    (window as unknown as { ended: number }).ended = 0;
    audio.addEventListener('ended', () => (window as unknown as { ended: number }).ended++);
  });
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tts'),
    page.getByRole('button', { name: 'Replay line 2', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  // Asked for in Lara's voice, answered with the recording.
  expect(new URL(response.url()).searchParams.get('voice')).toBe('female');
  expect(response.headers()['content-type']).toBe('audio/ogg');
  expect(new Uint8Array(await (await page.request.get(response.url())).body())).toEqual(clip);
  await page.waitForFunction(() => (window as unknown as { ended: number }).ended === 1);
  await context.close();
});
