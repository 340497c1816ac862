/**
 * The bare floor: the least a server on this stack does for the two calls the bench compares, written
 * plainly on Elysia and bun:sqlite with prepared statements and WAL. It verifies the signed session
 * cookie, reads the session row, and then either runs one transaction that adds to the word's counts,
 * moves the streak and appends a leaderboard event (the answer), or returns the learner's deck (the
 * words). The app's figures are read against it. Run by `bun run bench` as its own process.
 */
import { Database } from 'bun:sqlite';
import { Elysia } from 'elysia';
import { createHmac, timingSafeEqual } from 'node:crypto';

const { DATABASE_PATH, SESSION_SECRET, PORT } = process.env;
const db = new Database(DATABASE_PATH!, { strict: true });
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = NORMAL');
db.exec('PRAGMA busy_timeout = 5000');

const sessionUser = db.query<{ userId: number }, { sid: string; now: number }>(
  'select user_id as userId from sessions where id = $sid and revoked_at is null and expires_at > $now',
);
const addProgress = db.query<
  { timesCorrect: number; timesIncorrect: number },
  { userId: number; wordId: number; now: number; correct: number; incorrect: number }
>(
  `insert into user_progress (user_id, word_id, last_seen, times_correct, times_incorrect) values ($userId, $wordId, $now, $correct, $incorrect)
   on conflict (user_id, word_id) do update set times_correct = times_correct + excluded.times_correct,
     times_incorrect = times_incorrect + excluded.times_incorrect, last_seen = excluded.last_seen
   returning times_correct as timesCorrect, times_incorrect as timesIncorrect`,
);
const moveStreak = db.query<{ currentStreak: number; bestStreak: number }, { userId: number; correct: number; now: number }>(
  `insert into user_streak (user_id, page, current_streak, best_streak, last_practice_date) values ($userId, 'unified', $correct, $correct, $now)
   on conflict (user_id, page) do update set current_streak = case when $correct then current_streak + 1 else 0 end,
     best_streak = max(best_streak, case when $correct then current_streak + 1 else 0 end), last_practice_date = excluded.last_practice_date
   returning current_streak as currentStreak, best_streak as bestStreak`,
);
const addLedger = db.query<never, { userId: number; points: number; now: number }>(
  "insert into points_ledger (user_id, points, source, created_at) values ($userId, $points, 'card', $now)",
);
const deck = db.query<Record<string, unknown>, { maxBatch: number }>(
  `select w.id, w.english, w.lebanese, w.arabic_script as arabicScript, t.name as topic, w.cultural_context as culturalContext, w.batch,
     w.verb_id as verbId, w.tense, w.pronoun, w.is_conjugation as isConjugation
   from words w join topics t on t.id = w.topic_id where w.is_conjugation = 0 and w.batch <= $maxBatch order by w.batch, w.sort_order, w.id`,
);
const flaggedIds = db.query<{ wordId: number }, { userId: number }>('select word_id as wordId from flagged_words where user_id = $userId');

const answer = db.transaction((userId: number, wordId: number, correct: boolean) => {
  const now = Date.now();
  const c = correct ? 1 : 0;
  const progress = addProgress.get({ userId, wordId, now, correct: c, incorrect: 1 - c })!;
  const streak = moveStreak.get({ userId, correct: c, now })!;
  if (correct) addLedger.run({ userId, points: 10, now });
  return { wordId, ...progress, streak };
});

const key = Buffer.from(SESSION_SECRET!);
/** The session id of a valid HS256 session cookie, or null. */
function sessionOf(cookieHeader: string | null): number | null {
  const token = /(?:^|;\s*)session=([^;]+)/.exec(cookieHeader ?? '')?.[1];
  if (!token) return null;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid?: string; exp?: number };
  if (typeof claims.sid !== 'string' || (claims.exp !== undefined && claims.exp * 1000 < Date.now())) return null;
  return sessionUser.get({ sid: claims.sid, now: Date.now() })?.userId ?? null;
}

const unauthorized = () => new Response('{"error":"Unauthorized"}', { status: 401, headers: { 'content-type': 'application/json' } });

new Elysia()
  .post('/api/words/:id/progress', ({ request, params, body }) => {
    const userId = sessionOf(request.headers.get('cookie'));
    if (userId === null) return unauthorized();
    return answer(userId, Number(params.id), (body as { correct: boolean }).correct === true);
  })
  .get('/api/words', ({ request }) => {
    const userId = sessionOf(request.headers.get('cookie'));
    if (userId === null) return unauthorized();
    const flagged = new Set(flaggedIds.all({ userId }).map((f) => f.wordId));
    return deck
      .all({ maxBatch: 1 })
      .map((w) => ({ ...w, arabizi: w.lebanese, isFlagged: flagged.has(w.id as number), isConjugation: w.isConjugation === 1 }));
  })
  .listen({ port: Number(PORT), hostname: '127.0.0.1' });
console.log('ready');
