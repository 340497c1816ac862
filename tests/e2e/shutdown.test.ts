import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from 'bun:sqlite';
import { DRAIN_RETRY_MS } from '../../src/server';
import { registerInBrowser, startApp, startServer } from './harness';

/**
 * What a deploy or a Fly machine stop does: SIGTERM to a real server process while a browser has its event
 * stream open. The stream must end with a retry hint (the browser reconnects, to another machine or to this
 * one restarted) and the process must exit 0 with its database closed cleanly.
 */
const dir = mkdtempSync(join(tmpdir(), 'kalimat-drain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('SIGTERM ends an open event stream with a retry hint, keeps committed answers and exits 0', async () => {
  const databasePath = join(dir, 'app.db');
  const server = await startServer(databasePath);
  const { baseUrl } = server;
  const register = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'drain@example.com', username: 'drainer', password: 'secret123', name: 'Drain Test' }),
  });
  expect(register.status).toBe(201);
  const cookie = register.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;
  const [word] = (await (await fetch(`${baseUrl}/api/words`, { headers: { cookie } })).json()) as { id: number }[];
  const answer = await fetch(`${baseUrl}/api/words/${word!.id}/progress`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ correct: true, page: 'unified' }),
  });
  expect(answer.status).toBe(200);

  const stream = await fetch(`${baseUrl}/api/events`, { headers: { cookie } });
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);

  const exitCode = server.stop();
  let done = false;
  while (!done) {
    const chunk = await reader.read();
    done = chunk.done;
    if (chunk.value) text += decoder.decode(chunk.value);
  }
  // The id (of the last event delivered) is what the browser sends back as Last-Event-ID on reconnecting.
  expect(text.slice(text.indexOf(': connected'))).toMatch(new RegExp(`\nid: \\d+\nretry: ${DRAIN_RETRY_MS}\n\n$`));
  expect(await exitCode).toBe(0);

  // Closed cleanly: closing the last connection checkpoints the WAL into the file and removes it.
  expect(existsSync(`${databasePath}-wal`)).toBe(false);
  const db = new Database(databasePath, { readonly: true });
  const row = db.query('select times_correct as n from user_progress where word_id = ?').get(word!.id) as { n: number };
  db.close();
  expect(row.n).toBe(1);
});

test('a tab open across a restart reconnects by itself and hears of a subscription bought while it was away', async () => {
  const app = await startApp();
  let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // Another learner's answer moves the leaderboard before this tab opens: the tab has had no event, so
    // only the drain's id lets it resume where it was.
    const other = await fetch(`${app.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ email: 'other@example.com', username: 'otherlearner', password: 'secret123', name: 'Other Learner' }),
    });
    const cookie = other.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    const [word] = (await (await fetch(`${app.baseUrl}/api/words`, { headers: { cookie } })).json()) as { id: number }[];
    const answered = await fetch(`${app.baseUrl}/api/words/${word!.id}/progress`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ correct: true, page: 'unified' }),
    });
    expect(answered.status).toBe(200);

    const { page } = await app.newPage();
    // The tab's stream must be open before the drain, which gives it the id to resume from: on a busy
    // machine the page can show the navigation before its stream has been answered.
    const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    streamOpen.catch(() => {});
    await registerInBrowser(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upgrade' }).waitFor();
    await streamOpen;
    // Marks the document: a reload would wipe the mark.
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));

    // A deploy: the server drains and a new one starts on the same address and database. The tab's
    // reconnection is held until the learner has subscribed, so the event is published while it is away.
    let subscribed!: () => void;
    const held = new Promise<void>((resolve) => (subscribed = resolve));
    await page.route('**/api/events', async (route) => {
      await held;
      await route.continue();
    });
    expect(await app.server.stop()).toBe(0);
    restarted = await startServer(join(app.dir, 'app.db'), { PORT: String(app.port) });

    const bought = await page.request.post('/api/subscription/demo-checkout', {
      data: { planId: 'yearly' },
      headers: { origin: app.baseUrl },
    });
    expect(bought.status()).toBe(200);
    subscribed();
    // Only the replayed event can tell this document: no reload, no refetch on focus.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  } finally {
    await restarted?.stop();
    await app.stop();
  }
});
