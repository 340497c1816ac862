import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createTestApp } from '../../tests/support/app';
import { DAY_MS } from '../lib/clock';

// Each walk calls every content route, well over a hundred calls: seconds on a loaded machine.
setDefaultTimeout(60_000);

/**
 * Premium kept premium (docs/product-rules.md#tiers) on every route of the app: each is either a route
 * that returns content, walked below with the premium items it can name as an expired learner and as
 * an anonymous visitor, or one that returns none. A route added to the app fails the first test until
 * it is placed in one of the two.
 */
const t = createTestApp();
afterAll(() => t.close());

const all = <T>(query: string, ...params: (string | number)[]) => t.db.$client.query(query).all(...params) as T[];
const one = <T>(query: string, ...params: (string | number)[]) => all<T>(query, ...params)[0]!;

/** What an expired learner and an anonymous visitor may see: the free words, the present tense, free dialogues without their notes. */
const FREE_WORD = "not t.is_premium and (not w.is_conjugation or w.tense = 'present')";
const premiumWord = () =>
  one<{ id: number }>(
    `select w.id from words w join topics t on t.id = w.topic_id where t.is_premium and not w.is_conjugation order by w.id limit 1`,
  ).id;
const premiumForm = () => one<{ id: number }>("select id from words where is_conjugation and tense = 'past' order by id limit 1").id;
const premiumTopic = () => one<{ name: string }>('select name from topics where is_premium order by sort_order limit 1').name;
const verbTopic = () => one<{ name: string }>('select name from topics where is_verb order by sort_order limit 1').name;
const premiumDialogue = () => one<{ id: number }>('select id from dialogues where is_premium order by order_index limit 1').id;
const freeDialogue = () => one<{ id: number }>('select id from dialogues where not is_premium order by order_index limit 1').id;
/** The first unit of the course with a premium topic, and the first with none. */
const unitWith = (premium: boolean) =>
  all<{ key: string; steps: string }>('select key, steps from course_units order by order_index').find((u) => {
    const topics = (JSON.parse(u.steps) as { kind: string; topic?: string }[]).flatMap((step) => (step.topic ? [step.topic] : []));
    return (
      topics.length > 0 &&
      topics.some((topic) => one<{ premium: number }>('select is_premium as premium from topics where name = ?', topic).premium === 1) ===
        premium
    );
  })!.key;
const premiumScenario = () => one<{ id: number }>('select id from conversation_scenarios where is_premium order by order_index limit 1').id;
const freeScenario = () =>
  one<{ id: number }>('select id from conversation_scenarios where not is_premium order by order_index limit 1').id;

/**
 * What is premium: each premium word and verb form (as an entry: its id with its English, Lebanese or
 * Arabic, or as its Lebanese with its English in brackets), every cultural note, and every line of a
 * premium dialogue or of a premium conversation's partner. The lessons, sentences and grammar pages are free teaching texts for anyone: what
 * they teach is not premium where it appears, and a premium form spelt as a free word is that word.
 */
interface Premium {
  words: Map<number, { english: string; lebanese: string; arabic: string }>;
  /** Notes and premium dialogue lines, and premium words as `lebanese (english)`. */
  texts: Set<string>;
}
function premiumContent(): Premium {
  const taught = all<{ text: string }>(
    `select lower(name || ' ' || description) as text from lessons union all select lower(content) from lesson_content
     union all select lower(question_arabizi || ' ' || question_arabic || ' ' || question_english) from sentences
     union all select lower(context || ' ' || recommended_answer || ' ' || arabic || ' ' || english) from sentence_contexts
     union all select lower(title || ' ' || summary || ' ' || body || ' ' || tables || ' ' || examples) from grammar_pages`,
  )
    .map((r) => r.text)
    .join('\n');
  const wordsWhere = (free: boolean) =>
    `select w.id, lower(w.english) as english, lower(w.lebanese) as lebanese, w.arabic_script as arabic from words w join topics t on t.id = w.topic_id where ${free ? '' : 'not'} (${FREE_WORD})`;
  const freeSpellings = new Set(all<{ lebanese: string }>(wordsWhere(true)).map((w) => w.lebanese));
  const words = all<{ id: number; english: string; lebanese: string; arabic: string }>(wordsWhere(false)).filter(
    (w) => !freeSpellings.has(w.lebanese),
  );
  const lineOf = (premium: boolean) =>
    ['arabizi', 'arabic', 'english']
      .flatMap((c) => [
        `select lower(l.${c}) as text from dialogue_lines l join dialogues d on d.id = l.dialogue_id where ${premium ? '' : 'not'} d.is_premium`,
        `select lower(t.${c}) as text from conversation_turns t join conversation_scenarios s on s.id = t.scenario_id where ${premium ? '' : 'not'} s.is_premium`,
      ])
      .join(' union ');
  // A premium line that a free line holds is free too ("Six dollars. Get well soon!" in a free dialogue's
  // "Six dollars. Get well soon! (to a man)"): the free lexicon and the free line may carry it.
  const free = all<{ text: string }>(lineOf(false)).map((r) => r.text);
  const inFree = (text: string) => free.some((f) => f.includes(text));
  const texts = [
    ...all<{ text: string | null }>(
      `select lower(cultural_context) as text from words union select lower(cultural_context) from verbs union select lower(note) from dialogue_lines union ${lineOf(true)}`,
    ).map((r) => r.text),
    ...words.map((w) => `${w.lebanese} (${w.english})`),
  ].filter((text): text is string => !!text && !inFree(text) && !taught.includes(text));
  return { words: new Map(words.map(({ id, ...w }) => [id, w])), texts: new Set(texts) };
}

/**
 * A call of a content route: its method, a path with its params, and a body; one that names a premium
 * item is answered 402 trial_expired after the trial, and 401 to a visitor who is not signed in.
 */
interface Call {
  method: string;
  path: string;
  body?: unknown;
  premium?: true;
}
const get = (path: string): Call => ({ method: 'GET', path });
const post = (path: string, body: unknown): Call => ({ method: 'POST', path, body });
const ofPremium = (call: Call): Call => ({ ...call, premium: true });
const key = (n: number) => `premium-walk-key-${String(n).padStart(4, '0')}`;

/** Every route that returns content, with the calls that name premium items (and, where it lists, the list). */
const CONTENT_ROUTES: Record<string, () => Call[]> = {
  'GET /api/words': () => [get('/api/words')],
  'GET /api/words/batch': () => [get('/api/words/batch')],
  'GET /api/words/topics-with-progress': () => [get('/api/words/topics-with-progress')],
  'GET /api/words/by-topic/:topic': () => [
    ofPremium(get(`/api/words/by-topic/${encodeURIComponent(premiumTopic())}`)),
    get(`/api/words/by-topic/${encodeURIComponent(verbTopic())}`),
  ],
  'GET /api/words/:id/progress': () => [
    ofPremium(get(`/api/words/${premiumWord()}/progress`)),
    ofPremium(get(`/api/words/${premiumForm()}/progress`)),
  ],
  'POST /api/words/:id/progress': () => [
    ofPremium(post(`/api/words/${premiumWord()}/progress`, { correct: true, idempotencyKey: key(1) })),
    ofPremium(post(`/api/words/${premiumForm()}/progress`, { correct: false })),
  ],
  'GET /api/verbs': () => [get('/api/verbs')],
  'GET /api/words/flagged': () => [get('/api/words/flagged')],
  'POST /api/words/:id/flag': () => [
    ofPremium(post(`/api/words/${premiumWord()}/flag`, { isFlagged: true })),
    ofPremium(post(`/api/words/${premiumForm()}/flag`, { isFlagged: true })),
  ],
  'GET /api/review/due': () => [get('/api/review/due')],
  'GET /api/review/forecast': () => [get('/api/review/forecast')],
  'GET /api/which-word/topics': () => [get('/api/which-word/topics')],
  'GET /api/which-word/topics/:topic': () => [
    ofPremium(get(`/api/which-word/topics/${encodeURIComponent(premiumTopic())}`)),
    get(`/api/which-word/topics/${encodeURIComponent(verbTopic())}`),
  ],
  'GET /api/letters': () => [get('/api/letters')],
  'GET /api/sentences/topics': () => [get('/api/sentences/topics')],
  'GET /api/sentences/random/:topic': () =>
    all<{ topic: string }>('select distinct topic from sentences').map((s) => get(`/api/sentences/random/${encodeURIComponent(s.topic)}`)),
  'POST /api/sentences/answer': () => {
    const s = one<{ id: number; context: string }>(
      'select s.id, c.context from sentences s join sentence_contexts c on c.sentence_id = s.id order by s.id limit 1',
    );
    return [post('/api/sentences/answer', { sentenceId: s.id, answer: 'shi', context: s.context })];
  },
  'GET /api/lessons': () => [get('/api/lessons')],
  'GET /api/lessons/:id': () => all<{ id: number }>('select id from lessons').map((l) => get(`/api/lessons/${l.id}`)),
  'GET /api/lessons/:id/content': () => all<{ id: number }>('select id from lessons').map((l) => get(`/api/lessons/${l.id}/content`)),
  'POST /api/lessons/:id/progress': () =>
    all<{ id: number }>('select id from lessons').map((l) => post(`/api/lessons/${l.id}/progress`, { completed: true })),
  'GET /api/dialogues': () => [get('/api/dialogues')],
  'GET /api/dialogues/:id': () => [ofPremium(get(`/api/dialogues/${premiumDialogue()}`)), get(`/api/dialogues/${freeDialogue()}`)],
  'POST /api/dialogues/:id/role-play': () => {
    const line = one<{ speaker: string; n: number }>(
      'select speaker, count(*) as n from dialogue_lines where dialogue_id = ? group by speaker order by speaker limit 1',
      premiumDialogue(),
    );
    return [ofPremium(post(`/api/dialogues/${premiumDialogue()}/role-play`, { speaker: line.speaker, answers: Array(line.n).fill('x') }))];
  },
  'GET /api/conversations': () => [get('/api/conversations')],
  'GET /api/conversations/:id': () => [
    ofPremium(get(`/api/conversations/${premiumScenario()}`)),
    get(`/api/conversations/${freeScenario()}`),
  ],
  'POST /api/conversations/:id/talks': () => [ofPremium(post(`/api/conversations/${premiumScenario()}/talks`, { partner: 'scripted' }))],
  'POST /api/conversations/:id/offline-talks': () => [
    ofPremium(post(`/api/conversations/${premiumScenario()}/offline-talks`, { lines: ['marhaba'], idempotencyKey: key(5) })),
  ],
  // A conversation is its learner's own: the walk's learners have none, and another's answers 404 with nothing in it.
  'GET /api/talks/:id': () => [get('/api/talks/1')],
  'POST /api/talks/:id/lines': () => [post('/api/talks/1/lines', { line: 'marhaba' })],
  'POST /api/talks/:id/recording': () => [post('/api/talks/1/recording', { audio: 'AAAAAAAAAAAAAAAAAAAAAAAA', type: 'audio/webm' })],
  'POST /api/talks/:id/finish': () => [post('/api/talks/1/finish', { idempotencyKey: key(2) })],
  'POST /api/talks/:id/review': () => [post('/api/talks/1/review', {})],
  'GET /api/course': () => [get('/api/course')],
  'GET /api/course/plan': () => [get('/api/course/plan')],
  'GET /api/course/placement/:unit': () => [
    ofPremium(get(`/api/course/placement/${unitWith(true)}`)),
    get(`/api/course/placement/${unitWith(false)}`),
  ],
  'POST /api/course/placement/:unit': () => {
    const answers = [{ wordId: premiumWord(), answer: 'x' }];
    return [
      ofPremium(post(`/api/course/placement/${unitWith(true)}`, { answers })),
      post(`/api/course/placement/${unitWith(false)}`, { answers }),
    ];
  },
  'GET /api/grammar': () => [get('/api/grammar')],
  'GET /api/grammar/:key': () => all<{ key: string }>('select key from grammar_pages').map((g) => get(`/api/grammar/${g.key}`)),
  'POST /api/reports': () => [
    ofPremium(post('/api/reports', { item: { kind: 'word', id: premiumWord() }, reason: 'other' })),
    ofPremium(post('/api/reports', { item: { kind: 'word', id: premiumForm() }, reason: 'other' })),
  ],
  'GET /api/spelling': () => [get('/api/spelling')],
  'GET /api/listening/round': () => [get('/api/listening/round')],
  'POST /api/listening/answers': () => [
    ofPremium(post('/api/listening/answers', { wordId: premiumWord(), mode: 'choose', answer: 'x' })),
    ofPremium(post('/api/listening/answers', { wordId: premiumForm(), mode: 'dictation', answer: 'x' })),
  ],
  'POST /api/speaking/attempts': () => [
    ofPremium(post('/api/speaking/attempts', { wordId: premiumWord(), heard: ['x'] })),
    ofPremium(post('/api/speaking/attempts', { wordId: premiumForm(), heard: ['x'] })),
  ],
};

/** Routes that return no content text: accounts, billing, statistics, settings, events, the client's files. */
const NO_CONTENT_ROUTES = new Set([
  'GET /healthz',
  'GET /auth/google',
  'GET /auth/google/callback',
  'POST /api/user/change-password',
  'POST /api/support/ticket',
  'POST /api/request-password-reset',
  'GET /api/reset-password',
  'POST /api/reset-password',
  'GET /api/verify-email',
  'POST /api/resend-verification',
  'POST /api/log/client-error',
  'GET /api/subscription/plans',
  'GET /api/subscription/status',
  'GET /api/user/trial-status',
  'GET /api/subscription',
  'POST /api/subscription/create-checkout-session',
  'POST /api/subscription/checkout',
  'POST /api/subscription/demo-checkout',
  'POST /api/subscription/cancel',
  'POST /api/subscription/webhook',
  'GET /api/user',
  'POST /api/register',
  'POST /api/login',
  'POST /auth/login',
  'POST /api/logout',
  'PUT /api/user/profile',
  'DELETE /api/user/delete',
  'GET /api/words/topics',
  'POST /api/streak/update',
  'GET /api/streak',
  'GET /api/letters/progress',
  'POST /api/letters/progress',
  'GET /api/stats',
  'GET /api/stats/leaderboard',
  'GET /api/stats/progress',
  'GET /api/reminders',
  'POST /api/course/grammar/:key/read',
  'PUT /api/reminders',
  'POST /api/reminders/unsubscribe/:kind/:token',
  'GET /api/reminders/unsubscribe/:kind/:token',
  'GET /api/push/key',
  'POST /api/push/subscriptions',
  'GET /api/goal',
  'PUT /api/goal',
  'GET /api/analytics/session',
  'POST /api/analytics/activity',
  'GET /api/review/progress',
  // Ids of words the learner answered: no text of a word.
  'GET /api/words/answered',
  'GET /api/review/settings',
  'PUT /api/review/settings',
  'GET /api/events',
  'GET /api/dev/mail',
  'POST /api/dev/clock',
  // The client's pages: a learner's first screen is drawn from the routes above (src/lib/screens.ts).
  'GET /*',
]);

/**
 * Speech says content texts (a recorded clip is found by its item's kind and key): whether a premium
 * text may be heard is the speech module's rule, decided and tested with its synthesis (src/modules/speech).
 */
const SPOKEN_ROUTES = new Set(['GET /api/tts', 'GET /api/audio/:kind/*']);

const appRoutes = () => [...new Set((t.app.routes as { method: string; path: string }[]).map((r) => `${r.method} ${r.path}`))];

test('every route of the app is either walked below as content, or returns no content', () => {
  const unplaced = appRoutes().filter((r) => !(r in CONTENT_ROUTES) && !NO_CONTENT_ROUTES.has(r) && !SPOKEN_ROUTES.has(r));
  expect(unplaced).toEqual([]);
  const gone = [...Object.keys(CONTENT_ROUTES), ...NO_CONTENT_ROUTES, ...SPOKEN_ROUTES].filter((r) => !appRoutes().includes(r));
  expect(gone).toEqual([]);
});

describe('no premium text reaches an expired learner or an anonymous visitor, on any content route', () => {
  let expired = '';
  let premium: Premium;
  beforeAll(async () => {
    expired = (await t.signUp()).cookie;
    t.clock.advance(8 * DAY_MS);
    premium = premiumContent();
  });

  /** The premium content in an answer: premium words' entries, and premium texts in any of its strings. */
  function leaked(body: string): string[] {
    const found = new Set<string>();
    const text = (value: string) => {
      const s = value.toLowerCase();
      for (const p of premium.texts) if (s.includes(p)) found.add(p);
    };
    const visit = (value: unknown) => {
      if (typeof value === 'string') return text(value);
      if (!value || typeof value !== 'object') return;
      const entry = value as Record<string, unknown>;
      const word = premium.words.get(Number(entry.id ?? entry.wordId));
      const strings = Object.values(entry)
        .filter((v): v is string => typeof v === 'string')
        .map((v) => v.toLowerCase());
      if (word && (strings.includes(word.english) || strings.includes(word.lebanese) || strings.includes(word.arabic)))
        found.add(word.lebanese);
      for (const v of Object.values(entry)) visit(v);
    };
    try {
      visit(JSON.parse(body));
    } catch {
      text(body);
    }
    return [...found];
  }

  test('the walk sees premium content where it is open: a learner in their trial gets it from the same calls', async () => {
    const { cookie } = await t.signUp();
    const found = new Set<string>();
    for (const calls of Object.values(CONTENT_ROUTES))
      for (const call of calls())
        for (const text of leaked((await t.request(call.method, call.path, { cookie, body: call.body })).text)) found.add(text);
    const textOf = (query: string) => all<{ text: string }>(query)[0]!.text;
    expect(found).toContain(
      textOf(`select lower(w.lebanese) as text from words w join topics t on t.id = w.topic_id where w.id = ${premiumWord()}`),
    );
    expect(found).toContain(
      textOf(`select lower(arabizi) as text from dialogue_lines where dialogue_id = ${premiumDialogue()} order by position limit 1`),
    );
  });

  for (const [visitor, cookieOf, refusal] of [
    ['an expired learner', () => expired, { status: 402, error: 'trial_expired' }],
    ['an anonymous visitor', () => undefined, { status: 401, error: 'Unauthorized' }],
  ] as const) {
    test(visitor, async () => {
      const answers: { call: string; status: number; error?: string; leaked: string[] }[] = [];
      const expected: typeof answers = [];
      for (const calls of Object.values(CONTENT_ROUTES)) {
        for (const call of calls()) {
          const res = await t.request(call.method, call.path, { cookie: cookieOf(), body: call.body });
          const name = `${call.method} ${call.path}`;
          answers.push({ call: name, status: res.status, error: call.premium ? res.error?.error : undefined, leaked: leaked(res.text) });
          // A call that names no premium item may answer anything but a server error.
          expected.push({
            call: name,
            status: call.premium ? refusal.status : res.status < 500 ? res.status : 200,
            error: call.premium ? refusal.error : undefined,
            leaked: [],
          });
        }
      }
      expect(answers).toEqual(expected);
    });
  }
});
