import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './harness';

/**
 * A rehearsal of the LiteFS replica path on one machine: a primary and a replica process on one database
 * file, the replica marked the way LiteFS marks one (a `.primary` file in its mount naming the primary). On
 * Fly the replica's file is read-only and the LiteFS proxy replays writes on the primary; here the file is
 * writable, so anything the replica wrote would show in the database's data_version.
 */
const dir = mkdtempSync(join(tmpdir(), 'kalimat-replica-'));
const databasePath = join(dir, 'app.db');
const primaryMount = join(dir, 'primary-mount');
const replicaMount = join(dir, 'replica-mount');
let primary: Awaited<ReturnType<typeof startServer>>;
let replica: Awaited<ReturnType<typeof startServer>> | undefined;
/** The test's own connection: it sees other connections' commits through data_version. */
let db: Database;
const dataVersion = () => (db.query('pragma data_version').get() as { data_version: number }).data_version;

const send = async (base: string, method: string, path: string, cookie?: string, body?: unknown) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: base };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text ? JSON.parse(text) : undefined,
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))
      ?.split(';')[0],
  };
};
const register = async (username: string) => {
  const res = await send(primary.baseUrl, 'POST', '/api/register', undefined, {
    email: `${username}@example.com`,
    username,
    password: 'secret123',
    name: 'Replica Rehearsal',
  });
  expect(res.status).toBe(201);
  return { cookie: res.cookie!, id: res.json.user.id as number };
};

let learner: { cookie: string; id: number };
let leaving: { cookie: string; id: number };
let word: { id: number };

beforeAll(async () => {
  mkdirSync(primaryMount);
  mkdirSync(replicaMount);
  writeFileSync(join(replicaMount, '.primary'), 'primary-machine\n');
  primary = await startServer(databasePath, { LITEFS_DIR: primaryMount });
  learner = await register('replicalearner');
  [word] = (await send(primary.baseUrl, 'GET', '/api/words', learner.cookie)).json;
  expect(
    (await send(primary.baseUrl, 'POST', `/api/words/${word.id}/progress`, learner.cookie, { correct: true, page: 'unified' })).status,
  ).toBe(200);
  // An account past its deletion date: the purge at a primary's start would delete it.
  leaving = await register('replicaleaving');
  expect((await send(primary.baseUrl, 'DELETE', '/api/user/delete', leaving.cookie)).status).toBe(200);
  db = new Database(databasePath);
  db.run('update users set scheduled_deletion_date = ? where id = ?', [Date.now() - 86_400_000, leaving.id]);
});
afterAll(async () => {
  db?.close();
  await Promise.all([primary?.stop(), replica?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('a replica beside the primary on one database file', () => {
  test('starts without migrating or running jobs, serves reads, and answers every write with fly-replay to the primary, writing nothing', async () => {
    // The newest migration looks pending: a replica that migrated would apply it again (and fail on its tables).
    const newest = db.query('select * from __drizzle_migrations order by id desc limit 1').get() as {
      id: number;
      hash: string;
      created_at: number;
    };
    db.run('delete from __drizzle_migrations where id = ?', [newest.id]);
    const before = dataVersion();

    replica = await startServer(databasePath, { LITEFS_DIR: replicaMount });
    expect((await send(replica.baseUrl, 'GET', '/healthz')).status).toBe(200);

    // Reads a learner makes, answered from the shared file.
    const words = await send(replica.baseUrl, 'GET', '/api/words', learner.cookie);
    expect(words.status).toBe(200);
    expect((await send(replica.baseUrl, 'GET', `/api/words/${word.id}/progress`, learner.cookie)).json.timesCorrect).toBe(1);
    expect((await send(replica.baseUrl, 'GET', '/api/streak', learner.cookie)).json).toMatchObject({ currentStreak: 1 });
    for (const path of [
      '/api/user',
      '/api/user/trial-status',
      '/api/words/topics',
      '/api/words/topics-with-progress',
      '/api/words/batch',
      '/api/words/flagged',
      '/api/verbs',
      '/api/stats',
      '/api/stats/leaderboard',
      '/api/analytics/session',
      '/api/subscription',
      '/api/subscription/status',
      '/api/subscription/plans',
      '/api/lessons',
      '/api/letters',
      '/api/letters/progress',
      '/api/sentences/topics',
      '/api/which-word/topics',
    ]) {
      expect({ path, status: (await send(replica.baseUrl, 'GET', path, learner.cookie)).status }).toEqual({ path, status: 200 });
    }
    // Speech makes a clip the primary never made and keeps it beside the database, not in it (docs/decisions/0066).
    for (const voice of ['male', 'male', 'female']) {
      const clip = await fetch(`${replica.baseUrl}/api/tts?text=a7mar&voice=${voice}`);
      expect({ voice, status: clip.status, type: clip.headers.get('content-type') }).toEqual({ voice, status: 200, type: 'audio/wav' });
      await clip.arrayBuffer();
    }

    // Writes, whatever the route: the answer LiteFS's proxy gives, which Fly's proxy replays on the primary.
    const writes: [string, string, unknown?][] = [
      ['POST', `/api/words/${word.id}/progress`, { correct: true, page: 'unified' }],
      ['POST', '/api/login', { email: 'replicalearner@example.com', password: 'secret123' }],
      ['POST', '/api/register', { email: 'new@example.com', username: 'newonreplica', password: 'secret123', name: 'New' }],
      ['POST', '/api/analytics/activity', { sessionId: 'replica-session', page: 'unified' }],
      ['POST', '/api/subscription/demo-checkout', { planId: 'yearly' }],
      ['DELETE', '/api/user/delete'],
    ];
    for (const [method, path, body] of writes) {
      const res = await send(replica.baseUrl, method, path, learner.cookie, body);
      expect({ path, status: res.status, replay: res.headers.get('fly-replay') }).toEqual({
        path,
        status: 409,
        replay: 'instance=primary-machine',
      });
      expect(res.json.message).toBe('This server only reads; the request must go to the primary. Please try again.');
    }

    expect(dataVersion()).toBe(before);
    // Due for the purge (what the purge job selects), yet still there: the replica ran no jobs.
    expect(db.query('select id from users where marked_for_deletion = 1 and scheduled_deletion_date <= ?').all(Date.now())).toEqual([
      { id: leaving.id },
    ]);
    db.run('insert into __drizzle_migrations (id, hash, created_at) values (?, ?, ?)', [newest.id, newest.hash, newest.created_at]);
  });

  test('a tab connected to the replica hears of a subscription bought on the primary', async () => {
    const abort = new AbortController();
    const stream = await fetch(`${replica!.baseUrl}/api/events`, { headers: { cookie: learner.cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);

    expect((await send(primary.baseUrl, 'POST', '/api/subscription/demo-checkout', learner.cookie, { planId: 'yearly' })).status).toBe(200);
    while (!text.includes('event: subscription')) text += decoder.decode((await reader.read()).value);
    abort.abort();
    const data = text
      .slice(text.indexOf('event: subscription'))
      .split('\n')
      .find((line) => line.startsWith('data: '))!;
    expect(JSON.parse(data.slice(6))).toMatchObject({ status: 'active', isActive: true, plan: { id: 'yearly' } });
  });
});
