/**
 * `bun run bench:breakdown`: where the time of one answer goes, stage by stage, measured in one process
 * on the bench's database (microseconds per call, the median of several rounds). The figures behind
 * docs/decisions/0008-answer-path.md; the full call through HTTP is `bun run bench`.
 */
import { jwtVerify } from 'jose';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { prepareBenchData } from './setup';

const data = await prepareBenchData(4);
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATABASE_PATH: data.databasePath,
  SESSION_SECRET: data.secret,
  PORT: '3999',
});
const db = openDatabase(data.databasePath);
const app = createApp({ config, db });
const { auth, vocabulary, stats, 'answer-keys': answerKeys } = app.services;
const client = db.$client;
const token = data.learners[0]!.cookie.slice('session='.length);
const key = new TextEncoder().encode(data.secret);
const sid = ((await jwtVerify(token, key)).payload as { sid: string }).sid;
const user = auth.userForSession(sid)!;
const words = data.wordIds;

/** Median microseconds per call over five rounds of `n` calls. */
async function time(n: number, fn: (i: number) => unknown) {
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) await fn(i);
    rounds.push(((performance.now() - started) / n) * 1000);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

const rows: [string, number][] = [];
const measure = async (stage: string, n: number, fn: (i: number) => unknown) => rows.push([stage, await time(n, fn)]);
const answer = (i: number) => vocabulary.answer(user, words[i % words.length]!, { correct: i % 3 !== 0, page: 'unified' });

await measure('session cookie: JWT signature check (jose)', 2000, () => jwtVerify(token, key));
await measure('session row and user (one indexed read)', 5000, () => auth.userForSession(sid));
await measure('the deck counted afresh (before: twice per answer)', 2000, () =>
  client.query('select count(*) from words where is_conjugation = 0 and batch <= 1').get(),
);
await measure('batch view (counts memoised)', 5000, () => vocabulary.batchOf(user));
await measure('statistics, points, achievements', 3000, () =>
  client
    .transaction(() =>
      stats.award({ userId: user.id, points: 10, reason: 'card', page: 'unified', correct: true, allBatchesUnlocked: false }),
    )
    .immediate(),
);
await measure('the whole answer, its own transaction', 3000, answer);
await measure('the whole answer, 100 to a transaction', 3000, (i) =>
  i % 100 === 0
    ? client
        .transaction(() => {
          for (let k = 0; k < 100; k++) answer(i + k);
        })
        .immediate()
    : undefined,
);
// As a route sends it: with its key, through the write queue, 100 waiting to share each group commit.
let sent = 0;
const keyed = (i: number) => {
  const key = `breakdown-${sent++}`;
  const wordId = words[i % words.length]!;
  return answerKeys.save(user.id, { kind: 'word', id: wordId }, key, () =>
    vocabulary.answer(user, wordId, { correct: i % 3 !== 0, page: 'unified' }),
  );
};
await measure('the whole answer with its key, 100 to a group commit', 3000, (i) =>
  i % 100 === 0 ? Promise.all(Array.from({ length: 100 }, (_, k) => keyed(i + k))) : undefined,
);
await measure('an empty write transaction', 5000, () => client.transaction(() => {}).immediate());
const result = answer(1);
await measure('the answer as JSON', 20000, () => JSON.stringify(result));
await measure('a leaderboard event recorded', 2000, () =>
  app.ctx.events.publish('leaderboard', { allTime: [], thisWeek: { since: '', entries: [] } }),
);
await measure('the standings computed (at most 4 a second)', 2000, () => stats.leaderboard({ id: user.id, username: 'x' }));

console.log('stage'.padEnd(56), 'µs per call');
for (const [stage, us] of rows) console.log(stage.padEnd(56), us.toFixed(1).padStart(8));
process.exit(0);
