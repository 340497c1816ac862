import { afterAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './harness';

/**
 * Zero loss under crashes: learners answer as fast as the server acknowledges while the server process
 * is killed (SIGKILL, no draining) again and again. Every answer the server acknowledged must be in the
 * database afterwards, however the group commit batched it, and the file must be sound.
 */
const dir = mkdtempSync(join(tmpdir(), 'kalimat-kill-'));
const databasePath = join(dir, 'app.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LEARNERS = 24;
const KILLS = 8;

test(`every acknowledged answer survives ${KILLS} kills during an answer load`, async () => {
  let server = await startServer(databasePath);
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, ...headers },
      body: JSON.stringify(body),
    });

  const learners: { cookie: string; wordId: number; acknowledged: number; sent: number }[] = [];
  for (let i = 0; i < LEARNERS; i++) {
    const res = await post(
      '/api/register',
      { email: `kill${i}@example.com`, username: `kill${i}`, password: 'secret123', name: 'Kill Test' },
      { 'fly-client-ip': `10.8.0.${i}` },
    );
    expect(res.status).toBe(201);
    learners.push({
      cookie: res.headers
        .getSetCookie()
        .find((c) => c.startsWith('session='))!
        .split(';')[0]!,
      wordId: 0,
      acknowledged: 0,
      sent: 0,
    });
  }
  const words = (await (await fetch(`${server.baseUrl}/api/words`, { headers: { cookie: learners[0]!.cookie } })).json()) as {
    id: number;
  }[];
  learners.forEach((learner, i) => (learner.wordId = words[i % words.length]!.id));

  for (let round = 0; round < KILLS; round++) {
    let running = true;
    const load = learners.map(async (learner) => {
      while (running) {
        learner.sent++;
        try {
          const res = await post(`/api/words/${learner.wordId}/progress`, { correct: true, page: 'unified' }, { cookie: learner.cookie });
          if (res.status === 200) learner.acknowledged++;
          else if (res.status !== 503) throw new Error(`answer: ${res.status} ${await res.text()}`);
        } catch (error) {
          // A connection cut by the kill: not acknowledged, so it may or may not have counted.
          if (error instanceof Error && error.message.startsWith('answer:')) throw error;
          return;
        }
      }
    });
    await Bun.sleep(300 + Math.floor(Math.random() * 400));
    await server.kill();
    running = false;
    await Promise.all(load);
    server = await startServer(databasePath);
  }

  const acknowledged = learners.reduce((n, l) => n + l.acknowledged, 0);
  expect(acknowledged).toBeGreaterThan(LEARNERS * KILLS);
  for (const learner of learners) {
    const progress = (await (
      await fetch(`${server.baseUrl}/api/words/${learner.wordId}/progress`, { headers: { cookie: learner.cookie } })
    ).json()) as { timesCorrect: number };
    expect(progress.timesCorrect).toBeGreaterThanOrEqual(learner.acknowledged);
    expect(progress.timesCorrect).toBeLessThanOrEqual(learner.sent);
  }
  await server.stop();
  const db = new Database(databasePath, { readonly: true });
  expect(db.query('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
  db.close();
  console.log(`${acknowledged} acknowledged answers over ${KILLS} kills, none lost`);
}, 180_000);
