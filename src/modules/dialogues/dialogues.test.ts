import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../../../tests/support/app';
import { DAY_MS } from '../../lib/clock';
import { runImport } from '../../content/importer';
import { CONTENT_DIR } from '../../content/dir';
import { contentSandbox } from '../../../tests/support/content';
import { contentPlugins } from '../index';

const t = createTestApp();
afterAll(() => t.close());

const idOf = (key: string) => (t.db.$client.query('select id from dialogues where key = ?').get(key) as { id: number }).id;
const CAFE = () => idOf('cafe');
const BANK = () => idOf('bank');
/** Lara's turns in the café, as the content writes them. */
const LARA = [
  'Baddi ahwe bala sekkar, law sama7t.',
  '3arabiyye. W fi shi zaki ma3a?',
  'Eh, akid! W kebbeyet may kamen.',
  'Addeh el 7seb?',
  'Tfaddal. Yeslamo ideik!',
];
const ANSWER = 'Each answer must be the text you typed or { heard: [what recognition heard] }.';
const rolePlay = (cookie: string | undefined, id: number, body: RolePlay) =>
  t.server.api.dialogues({ id })['role-play'].post(body, { cookie });
type RolePlay = Parameters<ReturnType<typeof t.server.api.dialogues>['role-play']['post']>[0];
const stats = (userId: number) =>
  t.db.$client
    .query('select points, total_answered as answered, total_correct as correct from user_stats where user_id = ?')
    .get(userId) as { points: number; answered: number; correct: number } | null;

describe('GET /api/dialogues', () => {
  test('every dialogue in order, free ones open and premium ones locked for a visitor', async () => {
    const res = await t.server.api.dialogues.get();
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThanOrEqual(16);
    expect(res.json[0]).toMatchObject({
      key: 'cafe',
      title: 'At the café',
      premium: false,
      locked: false,
      lines: 11,
      progress: { timesPlayed: 0, bestScore: 0 },
    });
    expect(res.json[0].speakers).toEqual([
      { name: 'Rami', gender: 'male' },
      { name: 'Lara', gender: 'female' },
    ]);
    const bank = res.json.find((d: { key: string }) => d.key === 'bank');
    expect(bank).toMatchObject({ premium: true, locked: true });
    expect(res.json.filter((d: { premium: boolean }) => !d.premium).length).toBeGreaterThanOrEqual(4);
  });

  test('a learner in the trial sees premium dialogues open', async () => {
    const { cookie } = await t.signUp();
    const list = (await t.server.api.dialogues.get({ cookie })).json as { key: string; locked: boolean }[];
    expect(list.every((d) => !d.locked)).toBe(true);
  });
});

describe('GET /api/dialogues/{id}', () => {
  test('a free dialogue with its lines, voices and, with premium, notes', async () => {
    const { cookie } = await t.signUp();
    const res = await t.server.api.dialogues({ id: CAFE() }).get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json.lines).toHaveLength(11);
    expect(res.json.lines[0]).toEqual({
      position: 0,
      speaker: 'Rami',
      voice: 'male',
      arabizi: 'Ahla w sahla! Tfaddale, shu baddik teshrabe?',
      alternatives: [],
      arabic: 'أهلا وسهلا! تفضّلي، شو بدّك تشربي؟',
      english: 'Welcome! Go ahead, what would you like to drink? (to a woman)',
      note: null,
      grammar: { key: 'speaking-to-someone', title: 'To a man, a woman, a group: -ak, -ik, -kon' },
    });
    expect(res.json.lines[1].voice).toBe('female');
    expect(res.json.lines[4].note).toStartWith('A man2oushe is');
    // A visitor reads a free dialogue, without its notes.
    const visitor = await t.server.api.dialogues({ id: CAFE() }).get();
    expect(visitor.status).toBe(200);
    expect(visitor.json.lines.every((l: { note: string | null }) => l.note === null)).toBe(true);
  });

  test('a line names the grammar page it shows at work, and the list gives each dialogue its pages', async () => {
    const res = await t.server.api.dialogues({ id: CAFE() }).get();
    expect(res.json.lines[1].grammar).toEqual({ key: 'pseudo-verbs', title: 'Want, have, with, can: baddi, 3ande, ma3e, fiyye' });
    expect(res.json.lines[2].grammar).toBeNull();
    expect(res.json.grammar).toEqual(['speaking-to-someone', 'pseudo-verbs', 'numbers-and-prices']);
    // The grammar page lists the dialogues whose lines name it (src/web/features/grammar/GrammarPage.tsx), a premium one too.
    const list = (await t.server.api.dialogues.get()).json;
    expect(list.find((d) => d.key === 'cafe')!.grammar).toEqual(res.json.grammar);
    expect(list.filter((d) => d.grammar.includes('plurals')).map((d) => d.key)).toEqual([
      'meeting-someone',
      'viewing-a-flat',
      'government-office',
    ]);
  });

  test('a malformed id is a 400, an unknown one a 404', async () => {
    for (const path of [
      '/api/dialogues/abc',
      '/api/dialogues/1.5',
      '/api/dialogues/-1',
      '/api/dialogues/0',
      '/api/dialogues/99999999999999999999',
    ]) {
      const res = await t.request('GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    const res = await t.server.api.dialogues({ id: 999999 }).get();
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe('This dialogue does not exist.');
  });

  test('a premium dialogue: 401 signed out, 402 trial_expired after the trial, free ones stay open', async () => {
    expect((await t.server.api.dialogues({ id: BANK() }).get()).status).toBe(401);
    const { cookie } = await t.signUp();
    expect((await t.server.api.dialogues({ id: BANK() }).get({ cookie })).status).toBe(200);
    t.clock.advance(8 * DAY_MS);
    try {
      const expected = { error: 'trial_expired', message: 'Your 7-day trial period has ended. Please subscribe to continue.' };
      const read = await t.server.api.dialogues({ id: BANK() }).get({ cookie });
      expect(read.status).toBe(402);
      expect(read.json).toMatchObject(expected);
      const played = await rolePlay(cookie, BANK(), { speaker: 'Jad', answers: ['x', 'x', 'x', 'x', 'x'] });
      expect(played.status).toBe(402);
      expect(played.json).toMatchObject(expected);
      expect((await t.server.api.dialogues({ id: CAFE() }).get({ cookie })).status).toBe(200);
      expect((await rolePlay(cookie, CAFE(), { speaker: 'Lara', answers: LARA })).status).toBe(200);
      const list = (await t.server.api.dialogues.get({ cookie })).json as { key: string; locked: boolean }[];
      expect(list.find((d) => d.key === 'bank')!.locked).toBe(true);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });
});

describe('POST /api/dialogues/{id}/role-play', () => {
  test('needs a session', async () => {
    expect((await rolePlay(undefined, CAFE(), { speaker: 'Lara', answers: LARA })).status).toBe(401);
  });

  test('bad input answers 400 and records nothing', async () => {
    const { cookie, user } = await t.signUp();
    const cases: [unknown, string][] = [
      [{}, 'The field speaker is required.'],
      [{ speaker: 'Lara' }, 'The field answers is required.'],
      [{ speaker: 'Lara', answers: 'x' }, 'answers must be a list of your answers, one for each turn.'],
      [{ speaker: 'Lara', answers: [] }, 'answers must hold one answer for each of your turns.'],
      [{ speaker: 'Lara', answers: [1, 2] }, ANSWER],
      [{ speaker: 'Lara', answers: [{ typed: 'x' }] }, ANSWER],
      [{ speaker: 'Lara', answers: ['x'.repeat(501)] }, 'Each answer must be at most 500 characters.'],
      [{ speaker: 'Lara', answers: [{ heard: [] }] }, 'heard must hold what was heard.'],
      [{ speaker: 'Lara', answers: [{ heard: 'بدّي' }] }, ANSWER],
      [{ speaker: 'Lara', answers: [{ heard: ['a', 'b', 'c', 'd', 'e', 'f'] }] }, 'heard must hold at most 5 alternatives.'],
      [{ speaker: 'Lara', answers: [{ heard: ['x'.repeat(201)] }] }, 'Each thing heard must be at most 200 characters.'],
      [{ speaker: 'Nobody', answers: LARA }, 'speaker must be one of Rami, Lara.'],
      [{ speaker: 'Lara', answers: LARA.slice(1) }, 'answers must hold one answer for each of your 5 turns.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', `/api/dialogues/${CAFE()}/role-play`, { cookie, body });
      expect({ body, status: res.status, message: res.error?.message }).toEqual({ body, status: 400, message });
    }
    expect((await t.request('POST', '/api/dialogues/x/role-play', { cookie, body: { speaker: 'Lara', answers: LARA } })).status).toBe(400);
    expect((await rolePlay(cookie, 999_999, { speaker: 'Lara', answers: LARA })).status).toBe(404);
    expect(t.db.$client.query('select count(*) as n from dialogue_progress where user_id = ?').get(user.id)).toEqual({ n: 0 });
    expect(stats(user.id)?.points ?? 0).toBe(0);
  });

  test('each line is judged like a typed card; right lines earn points and count as answers', async () => {
    const { cookie, user } = await t.signUp();
    // Another spelling of the same words is right; one letter off is almost (not right); another line is wrong.
    const answers = [
      'baddi 2ahwe bala sekar law sama7t',
      '3arabiyye w fi shi zaki ma3a',
      'Eh, akid! W kebbeyet mat kamen.',
      'ma3 salame',
      'Tfaddal. Yeslamo ideik!',
    ];
    const res = await rolePlay(cookie, CAFE(), { speaker: 'Lara', answers });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      speaker: 'Lara',
      score: 3,
      total: 5,
      verdicts: ['right', 'right', 'almost', 'wrong', 'right'],
      pointsAwarded: 30,
    });
    expect(res.json.progress).toMatchObject({
      timesPlayed: 1,
      bestScore: 3,
      lastScore: 3,
      lastTotal: 5,
      lastPlayed: t.clock.now().toISOString(),
    });
    expect(stats(user.id)).toEqual({ points: 30, answered: 5, correct: 3 });

    // A worse run keeps the best score; the list shows it. The line's accepted alternative
    // (content/dialogues/01-cafe.yaml), in another spelling, is right like the line.
    const worse = await rolePlay(cookie, CAFE(), {
      speaker: 'Lara',
      answers: ['ahwe bala sekar law sama7t', 'x', 'x', 'x', 'Tfaddal. Yeslamo ideik!'],
    });
    expect(worse.json).toMatchObject({
      score: 2,
      verdicts: ['right', 'wrong', 'wrong', 'wrong', 'right'],
      progress: { timesPlayed: 2, bestScore: 3, lastScore: 2 },
    });
    expect(stats(user.id)).toEqual({ points: 50, answered: 10, correct: 5 });
    const cafe = ((await t.server.api.dialogues.get({ cookie })).json as { key: string; progress: unknown }[]).find(
      (d) => d.key === 'cafe',
    );
    expect(cafe!.progress).toMatchObject({ timesPlayed: 2, bestScore: 3, lastScore: 2, lastTotal: 5 });
    expect(t.db.$client.query("select sum(points) as p from points_ledger where user_id = ? and source = 'dialogue'").get(user.id)).toEqual(
      { p: 50 },
    );
  });
});

describe('a role-play with turns said aloud', () => {
  test("what recognition heard is judged against the line's Arabic with the normaliser; typed turns beside them as before", async () => {
    const { cookie, user } = await t.signUp();
    const answers = [
      // A recogniser's alternatives, the second the line without its shadda and punctuation: right.
      { heard: ['بدي قهوة بلا سكر', 'بدي قهوه بلا سكر لو سمحت'] },
      '3arabiyye. W fi shi zaki ma3a?',
      // Another line heard: wrong, whatever its arabizi would have been.
      { heard: ['قدّيه الحساب'] },
      'Addeh el 7seb?',
      // The line in other hamza and alef forms, with a tatweel: right.
      { heard: ['تفضل يسلمو ايديـك'] },
    ];
    const res = await rolePlay(cookie, CAFE(), { speaker: 'Lara', answers });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ score: 4, total: 5, verdicts: ['right', 'right', 'wrong', 'right', 'right'], pointsAwarded: 40 });
    expect(stats(user.id)).toEqual({ points: 40, answered: 5, correct: 4 });
    expect(t.db.$client.query("select sum(points) as p from points_ledger where user_id = ? and source = 'dialogue'").get(user.id)).toEqual(
      { p: 40 },
    );
  });

  test('an arabizi line "heard" is not the Arabic: wrong', async () => {
    const { cookie } = await t.signUp();
    const res = await rolePlay(cookie, CAFE(), { speaker: 'Lara', answers: [{ heard: [LARA[0]] }, ...LARA.slice(1)] });
    expect(res.json).toMatchObject({ score: 4, verdicts: ['wrong', 'right', 'right', 'right', 'right'] });
  });
});

describe('learning time', () => {
  test('time on the dialogue screens counts as the feature dialogues', async () => {
    const { cookie } = await t.signUp();
    const beat = (page: string) => t.server.api.analytics.activity.post({ sessionId: 'dialogue-session-1', page }, { cookie });
    expect((await beat(`/dialogues/${CAFE()}`)).status).toBe(204);
    t.clock.advance(20_000);
    await beat(`/dialogues/${CAFE()}`);
    t.clock.advance(10_000);
    await beat('/dialogues');
    const usage = (await t.server.api.analytics.session.get({ cookie })).json.featureUsage;
    expect(usage).toEqual([{ featureId: 'dialogues', totalTime: 30 }]);
  });
});

describe('speech of dialogue lines', () => {
  test('a line is speakable, with its speaker voice and whether its dialogue is premium', () => {
    const dialogues = t.services.dialogues;
    expect(dialogues.speakableFor('tfaddal. yeslamo ideik!')).toEqual({
      arabizi: 'Tfaddal. Yeslamo ideik!',
      arabic: 'تفضّل. يسلمو إيديك!',
      voice: 'female',
      premium: false,
    });
    expect(dialogues.speakableFor('بدّي قهوة بلا سكّر، لو سمحت.')).toMatchObject({ voice: 'female', premium: false });
    // At the doctor's is premium (content/dialogues/07-doctor.yaml).
    expect(dialogues.speakableFor('Batne 3am yewja3ne men yomein.')).toEqual({
      arabizi: 'Batne 3am yewja3ne men yomein.',
      arabic: 'بطني عم يوجعني من يومين.',
      voice: 'female',
      premium: true,
    });
    expect(dialogues.speakableFor('not a line')).toBeNull();
  });

  test('two speakers of one gender have two voices: the second man (or woman) of a dialogue speaks in the second voice of that gender', async () => {
    const res = await t.server.api.dialogues({ id: idOf('asking-the-way') }).get();
    expect(res.status).toBe(200);
    const voices = new Map(res.json!.lines.map((l: { speaker: string; voice: string }) => [l.speaker, l.voice]));
    expect(Object.fromEntries(voices)).toEqual({ Tom: 'male', Georges: 'male-2' });
    expect(t.services.dialogues.speakableFor('W ba3dein?')).toMatchObject({ voice: 'male' });
    // Across the course, no two speakers of one dialogue share a voice.
    const shared = t.db.$client
      .query(
        'select dialogue_id, voice, group_concat(distinct speaker) as speakers from dialogue_lines group by dialogue_id, voice having count(distinct speaker) > 1',
      )
      .all();
    expect(shared).toEqual([]);
    const secondVoices = t.db.$client
      .query("select count(distinct dialogue_id) as n from dialogue_lines where voice in ('male-2', 'female-2')")
      .get() as { n: number };
    expect(secondVoices.n).toBeGreaterThanOrEqual(6);
  });

  test('GET /api/tts accepts a dialogue line and a voice', async () => {
    const res = await t.server.api.tts.get({ query: { text: 'Addeh el 7seb?', voice: 'female' } });
    expect(res.status).toBe(200);
    expect((await t.server.api.tts.get({ query: { text: 'Addeh el 7seb? no', voice: 'male' } })).status).toBe(404);
  });

  test("the built-in voice says a line in the voice asked for (espeak-ng's ar, ar+f3), and in its speaker's without one", async () => {
    const clip = async (voice?: string) => {
      const res = await t.app.handle(
        new Request(
          `http://localhost:3000/api/tts?text=${encodeURIComponent('Ahwe 3arabiyye aw espresso?')}${voice ? `&voice=${voice}` : ''}`,
        ),
      );
      expect({ voice, status: res.status, type: res.headers.get('content-type') }).toEqual({ voice, status: 200, type: 'audio/wav' });
      return new Uint8Array(await res.arrayBuffer());
    };
    const male = await clip('male');
    const female = await clip('female');
    expect(female).not.toEqual(male);
    // Rami says this line: his voice is the one given when none is asked for.
    expect(await clip()).toEqual(male);
    const providers = t.db.$client.query("select provider from speech_cache where text = 'قهوة عربية أو إسبريسو؟' order by provider").all();
    expect(providers).toEqual([{ provider: 'espeak-ng-wasm:female:lebanese-3' }, { provider: 'espeak-ng-wasm:male:lebanese-3' }]);
  });
});

describe('the import of content/dialogues', () => {
  const { fixture, database } = contentSandbox();
  const cafe = readFileSync(join(CONTENT_DIR, 'dialogues/01-cafe.yaml'), 'utf8');
  const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  /** A page of content/grammar for each key the dialogue's lines name, so a fixture holds what they point at. */
  const pagesFor = (dialogue: string) =>
    Object.fromEntries(
      [...dialogue.matchAll(/^ {4}grammar: (\S+)$/gm)].map(([, key]) => [
        `grammar/${key}.md`,
        `---\nkey: ${key}\ntitle: A page\nsummary: A page.\norder: 1\ntables:\n  - caption: Coffee\n    rows:\n      - { arabizi: ahwe, arabic: قهوة, english: coffee }\nexamples:\n  - { arabizi: ahwe, arabic: قهوة, english: coffee }\n---\nA page.\n`,
      ]),
    );
  const errorsOf = (files: Record<string, string>) => {
    const result = runImport(
      database(),
      fixture({ 'spelling.yaml': readFileSync(join(CONTENT_DIR, 'spelling.yaml'), 'utf8'), ...pagesFor(cafe), ...files }),
      contentPlugins,
    );
    return result.errors.map((e) => `${e.file}:${e.line}: ${e.field}: ${e.message}`);
  };

  test('the course dialogues import with no error', () => {
    expect(errorsOf({ 'dialogues/01-cafe.yaml': cafe })).toEqual([]);
  });

  test('a line names a grammar page by its key: a key no page has is an error at its line', () => {
    const named = cafe.replace('english: "Arabic coffee or espresso?"', 'english: "Arabic coffee or espresso?"\n    grammar: the-coffees');
    expect(errorsOf({ 'dialogues/01-cafe.yaml': named })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(named, 'grammar: the-coffees')}: lines[2].grammar: no grammar page with key "the-coffees" in content/grammar`,
    ]);
    expect(errorsOf({ 'dialogues/01-cafe.yaml': named, ...pagesFor(named) })).toEqual([]);
  });

  test('reports each broken field by file, line and field', () => {
    const broken = cafe.replace('gender: female', 'gender: woman').replace('arabic: "قدّيه الحساب؟"', 'arabic: "Addeh el 7seb?"');
    expect(errorsOf({ 'dialogues/01-cafe.yaml': broken })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(broken, 'gender: woman')}: speakers[1].gender: must be male or female`,
      `dialogues/01-cafe.yaml:${lineOf(broken, 'arabic: "Addeh')}: lines[7].arabic: Arabic script must not contain Latin letters`,
    ]);
    const misnamed = cafe.replace('speaker: "Rami"\n    arabizi: "Tmen dolarat', 'speaker: "Ramy"\n    arabizi: "Tmen dolarat');
    expect(errorsOf({ 'dialogues/01-cafe.yaml': misnamed })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(misnamed, 'speaker: "Ramy"')}: lines[8].speaker: "Ramy" is not one of the speakers (Rami, Lara)`,
    ]);
    const variant = cafe.replace('arabizi: "Addeh el 7seb?"', 'arabizi: "2addesh el 7seb?"');
    const spelling = readFileSync(join(CONTENT_DIR, 'spelling.yaml'), 'utf8');
    expect(errorsOf({ 'dialogues/01-cafe.yaml': variant })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(variant, '2addesh')}: lines[7].arabizi: "2addesh" is spelled "addeh" (spelling.yaml line ${lineOf(spelling, 'canonical: addeh')})`,
    ]);
  });

  test('a file name without its place, too few lines, a silent speaker and a repeated key', () => {
    const short = cafe.split('\n  - speaker:').slice(0, 6).join('\n  - speaker:') + '\n';
    expect(errorsOf({ 'dialogues/cafe.yaml': cafe })).toEqual([
      'dialogues/cafe.yaml:1: (file name): a dialogue file is named NN-<slug>.yaml (01-cafe.yaml): two digits for its place, then lower-case words joined by -',
    ]);
    expect(errorsOf({ 'dialogues/01-cafe.yaml': short })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(short, 'lines:')}: lines: must have 6 to 14 lines`,
    ]);
    const silent = cafe.replace(
      '  - { name: "Lara", gender: female }',
      '  - { name: "Lara", gender: female }\n  - { name: "Omar", gender: male }',
    );
    expect(errorsOf({ 'dialogues/01-cafe.yaml': silent })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(silent, 'Omar')}: speakers[2].name: "Omar" says no line`,
    ]);
    const threeMen = cafe
      .replace('{ name: "Lara", gender: female }', '{ name: "Lara", gender: male }\n  - { name: "Omar", gender: male }')
      .replace('speaker: "Rami"\n    arabizi: "Tmen dolarat', 'speaker: "Omar"\n    arabizi: "Tmen dolarat');
    expect(errorsOf({ 'dialogues/01-cafe.yaml': threeMen })).toEqual([
      `dialogues/01-cafe.yaml:${lineOf(threeMen, 'speakers:')}: speakers: at most two speakers may be male: speech has two male voices, and Rami, Lara, Omar would not all sound apart`,
    ]);
    expect(errorsOf({ 'dialogues/01-cafe.yaml': cafe, 'dialogues/02-cafe.yaml': cafe })).toEqual([
      'dialogues/02-cafe.yaml:1: key: dialogue key "cafe" is also used in dialogues/01-cafe.yaml (line 1)',
    ]);
  });
});
