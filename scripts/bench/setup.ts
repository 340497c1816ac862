/**
 * The bench's data: a temporary database with the real content and learners signed in, made before any
 * server starts, so every server in the run (the app and the floor) reads the same rows and cookies.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/app';
import { prepareDatabase } from '../../src/boot';
import { loadConfig } from '../../src/config';

export interface Learner {
  cookie: string;
  username: string;
}

export interface BenchData {
  dir: string;
  databasePath: string;
  secret: string;
  learners: Learner[];
  /** The probe: first on every board by far, so each of its answers changes the board visibly. */
  probe: Learner & { points: number };
  wordIds: number[];
  sentence: { sentenceId: number; context: string; answer: string };
}

export async function prepareBenchData(learnerCount: number): Promise<BenchData> {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-bench-'));
  const databasePath = join(dir, 'app.db');
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: databasePath,
    SESSION_SECRET: secret,
    PORT: '3999',
  });
  const db = prepareDatabase(config, { importContent: 'always' });
  const app = createApp({ config, db });
  const origin = config.appUrl;

  // app.handle has no socket address, so the per-address sign-up limit does not apply to the bench's learners.
  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await app.handle(
      new Request(`${origin}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const signUp = async (name: string): Promise<Learner> => {
    const res = await call('POST', '/api/register', {
      email: `${name}@example.com`,
      username: name,
      password: 'secret123',
      name: 'Bench Learner',
    });
    return {
      cookie: res.headers
        .getSetCookie()
        .find((c) => c.startsWith('session='))!
        .split(';')[0]!,
      username: name,
    };
  };

  const learners: Learner[] = [];
  for (let i = 0; i < learnerCount; i++) learners.push(await signUp(`bench${i}`));
  const probeLearner = await signUp('benchprobe');
  const wordIds = ((await (await call('GET', '/api/words', undefined, learners[0]!.cookie)).json()) as { id: number }[]).map((w) => w.id);
  const topic = ((await (await call('GET', '/api/sentences/topics')).json()) as string[])[0]!;
  const sentence = (await (await call('GET', `/api/sentences/random/${topic}`, undefined, learners[0]!.cookie)).json()) as {
    id: number;
    contexts: { context: string; recommended_answer: string }[];
  };

  // The probe's lead is written directly: a billion points keep it first whatever the load earns.
  const points = 1_000_000_000;
  const probeId = (db.$client.query('select id from users where username = ?').get('benchprobe') as { id: number }).id;
  db.$client
    .query('insert into user_stats (user_id, points) values (?, ?) on conflict(user_id) do update set points = excluded.points')
    .run(probeId, points);

  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return {
    dir,
    databasePath,
    secret,
    learners,
    probe: { ...probeLearner, points },
    wordIds,
    sentence: { sentenceId: sentence.id, context: sentence.contexts[0]!.context, answer: sentence.contexts[0]!.recommended_answer },
  };
}

/** A copy of the bench database for a server that must not share the app's file (the floor). */
export function copyDatabase(data: BenchData, name: string) {
  const path = join(data.dir, name);
  copyFileSync(data.databasePath, path);
  return path;
}
