import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from 'bun:sqlite';
import { DRAIN_RETRY_MS } from '../../src/server';
import { startServer } from './harness';

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
  const cookie = register.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!;
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
  expect(text.slice(text.indexOf(': connected'))).toContain(`retry: ${DRAIN_RETRY_MS}\n`);
  expect(await exitCode).toBe(0);

  // Closed cleanly: closing the last connection checkpoints the WAL into the file and removes it.
  expect(existsSync(`${databasePath}-wal`)).toBe(false);
  const db = new Database(databasePath, { readonly: true });
  const row = db.query('select times_correct as n from user_progress where word_id = ?').get(word!.id) as { n: number };
  db.close();
  expect(row.n).toBe(1);
});
