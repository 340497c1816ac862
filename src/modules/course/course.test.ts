import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';
import { colorsFile, colorsLesson, contentSandbox, lettersFile, verbFile } from '../../../tests/support/content';
import { validateContent } from '../../content/importer';
import { DAY_MS } from '../../lib/clock';
import { contentPlugins } from '../index';
import type { UnitView } from './rules';

const t = createTestApp();
afterAll(() => t.close());

const plan = async (cookie: string) => (await t.server.api.course.plan.get({ cookie })).json;
const path = async (cookie: string) => (await t.server.api.course.get({ cookie })).json;
const lessonId = (key: string) => (t.db.$client.query('select id from lessons where key = ?').get(key) as { id: number }).id;
const wordsOf = (topic: string) =>
  t.db.$client
    .query(
      'select w.id, w.lebanese from words w join topics t on t.id = w.topic_id where t.name = ? and w.is_conjugation = 0 order by w.batch, w.sort_order, w.id',
    )
    .all(topic) as { id: number; lebanese: string }[];
const answerRight = (cookie: string, id: number) => t.server.api.words({ id }).progress.post({ correct: true }, { cookie });
const quiz = async (cookie: string, unit: string) => (await t.server.api.course.placement({ unit }).get({ cookie })).json;
const lebaneseOf = (id: number) => (t.db.$client.query('select lebanese from words where id = ?').get(id) as { lebanese: string }).lebanese;
/** Answers a unit's placement check: `right` of its questions with the word's Lebanese, the others with an English guess. */
async function placeWith(cookie: string, unit: string, right: number) {
  const { questions } = await quiz(cookie, unit);
  const answers = questions.map((q: { wordId: number; english: string }, i: number) => ({
    wordId: q.wordId,
    answer: i < right ? lebaneseOf(q.wordId) : q.english,
  }));
  return t.server.api.course.placement({ unit }).post({ answers }, { cookie });
}

describe("today's plan", () => {
  test("a new learner: no reviews, the day's new words, and the first unit's first step, its lesson", async () => {
    const { cookie } = await t.signUp();
    expect(await plan(cookie)).toEqual({
      reviewsDue: 0,
      newWordsLeft: 20,
      newWordsPerDay: 20,
      unit: { key: 'hello', title: 'Hello and how are you', number: 1, locked: false, stepsDone: 0, steps: 3 },
      next: {
        kind: 'lesson',
        key: String(lessonId('greetings-and-courtesy')),
        title: 'Greetings and courtesy',
        label: 'Lesson: Greetings and courtesy',
        done: false,
        locked: false,
        premium: false,
      },
      courseDone: false,
    });
  });

  test("a learner with reviews due: the words answered yesterday are due, and today's new words are counted down", async () => {
    const { cookie } = await t.signUp();
    const [first, second] = wordsOf('Greetings');
    await answerRight(cookie, first!.id);
    await answerRight(cookie, second!.id);
    expect(await plan(cookie)).toMatchObject({ reviewsDue: 0, newWordsLeft: 18 });
    t.clock.advance(2 * DAY_MS);
    expect(await plan(cookie)).toMatchObject({ reviewsDue: 2, newWordsLeft: 20 });
  });

  test('mid-unit: the lesson done, the next step is the words, counted; with them all right, the grammar page, then the next unit', async () => {
    const { cookie } = await t.signUp();
    await t.server.api.lessons({ id: lessonId('greetings-and-courtesy') }).progress.post({ completed: true }, { cookie });
    const greetings = wordsOf('Greetings');
    await answerRight(cookie, greetings[0]!.id);
    expect(await plan(cookie)).toMatchObject({
      unit: { key: 'hello', stepsDone: 1, steps: 3 },
      next: { kind: 'words', key: 'Greetings', label: 'Practise the words of Greetings', progress: { done: 1, of: greetings.length } },
    });
    for (const word of greetings.slice(1)) await answerRight(cookie, word.id);
    expect(await plan(cookie)).toMatchObject({
      unit: { key: 'hello', stepsDone: 2 },
      next: { kind: 'grammar', key: 'possessive-suffixes', label: 'Read: My, your, his: the possessive endings' },
    });
    const read = await t.server.api.course.grammar({ key: 'possessive-suffixes' }).read.post({}, { cookie });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      unit: { key: 'about-you', number: 2, stepsDone: 0 },
      next: { kind: 'lesson', title: 'Introducing yourself' },
    });
    const units = (await path(cookie)).units;
    expect(units.slice(0, 2).map((u: { key: string; done: boolean; current: boolean }) => [u.key, u.done, u.current])).toEqual([
      ['hello', true, false],
      ['about-you', false, true],
    ]);
  });

  test('placed ahead: two placement checks passed put the learner in unit 3, the units before it done', async () => {
    const { cookie } = await t.signUp();
    const first = await placeWith(cookie, 'hello', 4);
    expect(first.json).toMatchObject({ unit: 'hello', right: 4, total: 4, passed: true, placedIn: 'about-you' });
    expect((await placeWith(cookie, 'about-you', 3)).json).toMatchObject({ right: 3, passed: true, placedIn: 'numbers-and-colours' });
    expect(await plan(cookie)).toMatchObject({
      unit: { key: 'numbers-and-colours', number: 3, stepsDone: 0 },
      next: { kind: 'words', key: 'Numbers' },
    });
    const { units, placedIn } = await path(cookie);
    expect(placedIn).toBe('numbers-and-colours');
    expect(units.slice(0, 3).map((u: { done: boolean }) => u.done)).toEqual([true, true, false]);
    // A failed check, or one passed again for an earlier unit, never moves the learner back.
    expect((await placeWith(cookie, 'numbers-and-colours', 2)).json).toMatchObject({
      right: 2,
      passed: false,
      placedIn: 'numbers-and-colours',
    });
    expect((await placeWith(cookie, 'hello', 4)).json).toMatchObject({ passed: true, placedIn: 'numbers-and-colours' });
  });
});

describe('a conversation step', () => {
  test("a unit's scenario is its last step, done once a conversation of it has ended, and the plan names it next", async () => {
    const { cookie } = await t.signUp();
    const step = (units: UnitView[]) => units.find((u) => u.key === 'about-you')!.steps.find((s) => s.kind === 'conversation');
    const scenario = (t.db.$client.query("select id, title from conversation_scenarios where key = 'introductions'").get() as {
      id: number;
      title: string;
    })!;
    expect(step((await path(cookie)).units)).toEqual({
      kind: 'conversation',
      key: String(scenario.id),
      title: scenario.title,
      label: `Conversation: ${scenario.title}`,
      done: false,
      locked: false,
      premium: false,
    });
    // Placed past the first unit and with every other step of the second done, the conversation is next.
    await placeWith(cookie, 'hello', 4);
    await t.server.api.lessons({ id: lessonId('introducing-yourself') }).progress.post({ completed: true }, { cookie });
    for (const topic of ['Basic Phrases', 'Small Talk']) for (const word of wordsOf(topic)) await answerRight(cookie, word.id);
    for (const key of ['pronouns', 'negation']) await t.server.api.course.grammar({ key }).read.post({}, { cookie });
    const dialogue = (t.db.$client.query("select id from dialogues where key = 'meeting-someone'").get() as { id: number }).id;
    const { lines } = (await t.server.api.dialogues({ id: dialogue }).get({ cookie })).json as {
      lines: { speaker: string; arabizi: string }[];
    };
    const speaker = lines[0]!.speaker;
    const played = await t.server.api
      .dialogues({ id: dialogue })
      ['role-play'].post(
        { speaker, answers: lines.filter((l) => l.speaker === speaker).map((l) => l.arabizi), idempotencyKey: crypto.randomUUID() },
        { cookie },
      );
    expect(played.status).toBe(200);
    expect(await plan(cookie)).toMatchObject({ unit: { key: 'about-you' }, next: { kind: 'conversation', key: String(scenario.id) } });
    // A conversation started is not yet done; one ended is, even ended early.
    const talk = (await t.server.api.conversations({ id: scenario.id }).talks.post({ partner: 'scripted' }, { cookie })).json;
    expect(step((await path(cookie)).units)).toMatchObject({ done: false });
    expect((await t.server.api.talks({ id: talk.id }).finish.post({ idempotencyKey: crypto.randomUUID() }, { cookie })).status).toBe(200);
    expect(step((await path(cookie)).units)).toMatchObject({ done: true });
    expect(await plan(cookie)).toMatchObject({ unit: { key: 'numbers-and-colours' } });
  });
});

describe('the path', () => {
  test('every unit of the content in order, the premium ones locked once the trial has ended', async () => {
    const { cookie } = await t.signUp();
    const during = await path(cookie);
    expect(during.units.map((u: { number: number }) => u.number)).toEqual(Array.from({ length: during.units.length }, (_, i) => i + 1));
    const time = during.units.find((u: { key: string }) => u.key === 'time');
    expect(time).toMatchObject({ premium: true, locked: false });
    expect(during.units[0]).toMatchObject({ key: 'hello', premium: false, locked: false, current: true });
    t.clock.advance(8 * DAY_MS);
    const after = await path(cookie);
    expect(after.units.find((u: { key: string }) => u.key === 'time')).toMatchObject({ premium: true, locked: true });
    expect(after.units[0]).toMatchObject({ premium: false, locked: false });
    t.clock.advance(-8 * DAY_MS);
  });

  // A unit with a premium topic is premium; after the trial its locked steps lead to the subscription
  // (docs/product-rules.md#course): each premium step is locked, a topic's words among them, and the free ones stay open.
  test("after the trial every premium step of a unit is locked, its topic's words too", async () => {
    const { cookie } = await t.signUp();
    t.clock.advance(8 * DAY_MS);
    try {
      const time = (await path(cookie)).units.find((u: UnitView) => u.key === 'time') as UnitView;
      const premium = time.steps.filter((s) => s.premium);
      expect(premium.some((s) => s.kind === 'words')).toBe(true);
      for (const step of premium) expect(step).toMatchObject({ locked: true });
      for (const step of time.steps.filter((s) => !s.premium)) expect(step).toMatchObject({ locked: false });
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });

  test('signed out is 401; an unknown unit or page 404; a malformed one or answers 400', async () => {
    const { cookie } = await t.signUp();
    expect((await t.server.api.course.plan.get()).status).toBe(401);
    expect((await t.server.api.course.placement({ unit: 'no-such-unit' }).get({ cookie })).status).toBe(404);
    expect((await t.server.api.course.placement({ unit: 'Bad Unit' }).get({ cookie })).status).toBe(400);
    expect((await t.server.api.course.grammar({ key: 'no-such-page' }).read.post({}, { cookie })).status).toBe(404);
    const bad = await t.request('POST', '/api/course/placement/hello', { cookie, body: { answers: 'x' } });
    expect(bad.status).toBe(400);
    const many = await t.request('POST', '/api/course/placement/hello', {
      cookie,
      body: { answers: Array.from({ length: 9 }, () => ({ wordId: 1, answer: 'x' })) },
    });
    expect(many.status).toBe(400);
  });

  test('a placement answer is judged by the shared checker: a known spelling variant is right, another word is not', async () => {
    const { cookie } = await t.signUp();
    const { questions } = await quiz(cookie, 'hello');
    const hello = questions.find((q: { english: string }) => q.english === 'hello')!;
    expect(lebaneseOf(hello.wordId)).toBe('mar7aba');
    const res = await t.server.api.course
      .placement({ unit: 'hello' })
      .post({ answers: [{ wordId: hello.wordId, answer: 'Mar7aba!' }] }, { cookie });
    expect(res.json.answers.find((a: { wordId: number }) => a.wordId === hello.wordId)).toMatchObject({ right: true });
    const wrong = await t.server.api.course
      .placement({ unit: 'hello' })
      .post({ answers: [{ wordId: hello.wordId, answer: 'shukran' }] }, { cookie });
    expect(wrong.json.answers.find((a: { wordId: number }) => a.wordId === hello.wordId)).toMatchObject({ right: false });
  });
});

describe('the import of content/course.yaml', () => {
  const { fixture } = contentSandbox();
  const greetingsFile = colorsFile
    .replace('topic: Colors', 'topic: Greetings')
    .replace('a7mar', 'mar7aba')
    .replace('أحمر', 'مرحبا')
    .replace('red', 'hello')
    .replace('abyad', 'ahlan')
    .replace('أبيض', 'أهلا')
    .replace('white', 'hi')
    .replace('order: 1', 'order: 2');
  const base = {
    'letters/letters.yaml': lettersFile,
    'words/colors.yaml': colorsFile,
    'words/greetings.yaml': greetingsFile,
    'lessons/01-colors.md': colorsLesson,
  };
  const errorsOf = (course: string, files: Record<string, string> = {}) =>
    validateContent(fixture({ ...base, ...files, 'course.yaml': course }), contentPlugins).errors.map(
      (e) => `${e.file}:${e.line}: ${e.field}: ${e.message}`,
    );

  test('units covering every topic and lesson are valid', () => {
    expect(errorsOf('units:\n  - key: one\n    title: One\n    topics: [Colors, Greetings]\n    lessons: [colors-1]\n')).toEqual([]);
  });

  test('a unit naming something missing, or a unit it expects that does not come before it', () => {
    expect(
      errorsOf(
        'units:\n  - key: one\n    title: One\n    expects: [two]\n    topics: [Colors, Greetings, Weather]\n    lessons: [colors-1, colors-2]\n    grammar: [past]\n    dialogues: [cafe]\n  - key: two\n    title: Two\n    expects: [three]\n',
      ),
    ).toEqual([
      'course.yaml:5: units[0].topics[2]: no topic named "Weather" in content/words',
      'course.yaml:4: units[0].expects[0]: unit "two" comes after this one: a unit expects only units before it',
      'course.yaml:7: units[0].grammar[0]: no grammar page with key "past" in content/grammar',
      'course.yaml:6: units[0].lessons[1]: no lesson with key "colors-2" in content/lessons',
      'course.yaml:8: units[0].dialogues[0]: no dialogue with key "cafe" in content/dialogues',
      'course.yaml:11: units[1].expects[0]: no unit with key "three" in course.yaml',
    ]);
  });

  test("a lesson before the unit that introduces its topic, and a topic's batch listed twice", () => {
    expect(
      errorsOf(
        'units:\n  - key: one\n    title: One\n    topics: [Greetings]\n    lessons: [colors-1]\n  - key: two\n    title: Two\n    topics: [{ topic: Colors, batches: [2] }, Colors]\n',
      ),
    ).toEqual([
      'course.yaml:8: units[1].topics[1]: batch 2 of topic "Colors" is already in unit 2 (two): each belongs to one unit',
      'course.yaml:5: units[0].lessons[0]: lesson "colors-1" uses topic "Colors", which unit 2 introduces: list it in this unit or an earlier one',
    ]);
  });

  test('a grammar page before the unit that introduces the batch of a word it links, and a lesson before its grammar page', () => {
    const page = `---\nkey: past\ntitle: The past\nsummary: akalt and akal.\norder: 1\ntables:\n  - caption: Eat\n    rows:\n      - { arabizi: akalt, arabic: أكلت, english: I ate }\nexamples:\n  - { arabizi: akal, arabic: أكل, english: he ate }\nwords: [colors/white]\n---\nThe past.\n`;
    const lesson = colorsLesson.replace('topic: Colors', 'topic: Colors\ngrammar: past');
    const files = { 'verbs/eat.yaml': verbFile(), 'grammar/01-past.md': page, 'lessons/01-colors.md': lesson };
    expect(
      errorsOf(
        'units:\n  - key: one\n    title: One\n    topics: [Greetings, { topic: Colors, batches: [1] }]\n    lessons: [colors-1]\n  - key: two\n    title: Two\n    topics: [{ topic: Colors, batches: [2] }]\n    grammar: [past]\n',
        files,
      ),
    ).toEqual([
      'course.yaml:5: units[0].lessons[0]: lesson "colors-1" uses grammar page "past": list the page in this unit or an earlier one',
    ]);
    expect(
      errorsOf(
        'units:\n  - key: one\n    title: One\n    topics: [Greetings, { topic: Colors, batches: [1] }]\n    grammar: [past]\n    lessons: [colors-1]\n  - key: two\n    title: Two\n    topics: [{ topic: Colors, batches: [2] }]\n',
        files,
      ),
    ).toEqual([
      'course.yaml:5: units[0].grammar[0]: grammar page "past" (its word colors/white) uses batch 2 of topic "Colors", which unit 2 introduces: list it in this unit or an earlier one',
    ]);
  });

  test('content in no unit', () => {
    expect(
      errorsOf('units:\n  - key: one\n    title: One\n    topics: [{ topic: Colors, batches: [1] }]\n    lessons: [colors-1]\n'),
    ).toEqual([
      'course.yaml:1: units: every part of the content belongs to a unit; in none: batch 2 of topic "Colors", batch 1 of topic "Greetings", batch 2 of topic "Greetings"',
    ]);
  });

  test('a conversation scenario: one the content lacks, one before the unit that introduces a word it draws on, one in no unit', () => {
    const scenario = `key: hello-there
title: "Saying hello"
setting: "A friend says hello."
premium: false
partner: { name: "Rami", gender: male }
checklist:
  - "Say hello"
words: [colors/white]
turns:
  - key: start
    arabizi: "Mar7aba!"
    arabic: "مرحبا!"
    english: "Hello!"
    hint: "Say hello: mar7aba!"
    rephrase: { arabizi: "Ahlan!", arabic: "أهلا!", english: "Hi!" }
    expects:
      - intent: "hello"
        says:
          - { arabizi: "Mar7aba", arabic: "مرحبا" }
        next: again
        ticks: [1]
  - key: again
    arabizi: "Ahlan!"
    arabic: "أهلا!"
    english: "Hi!"
    hint: "Say hi: ahlan!"
    rephrase: { arabizi: "Mar7aba!", arabic: "مرحبا!", english: "Hello!" }
    expects:
      - intent: "hi"
        says:
          - { arabizi: "Ahlan", arabic: "أهلا" }
        next: bye
  - key: bye
    arabizi: "Mar7aba, ahlan!"
    arabic: "مرحبا، أهلا!"
    english: "Hello, hi!"
`;
    const files = { 'conversations/01-hello.yaml': scenario };
    const units = (first: string, second = '') =>
      `units:\n  - key: one\n    title: One\n    topics: [Greetings, { topic: Colors, batches: [1] }]\n    lessons: [colors-1]\n${first}  - key: two\n    title: Two\n    topics: [{ topic: Colors, batches: [2] }]\n${second}`;
    expect(errorsOf(units('', '    conversations: [hello-there]\n'), files)).toEqual([]);
    expect(errorsOf(units('', '    conversations: [hello-there, nope]\n'), files)).toEqual([
      'course.yaml:9: units[1].conversations[1]: no conversation scenario with key "nope" in content/conversations',
    ]);
    expect(errorsOf(units('    conversations: [hello-there]\n'), files)).toEqual([
      'course.yaml:6: units[0].conversations[0]: conversation scenario "hello-there" (its word colors/white) uses batch 2 of topic "Colors", which unit 2 introduces: list it in this unit or an earlier one',
    ]);
    expect(errorsOf(units(''), files)).toEqual([
      'course.yaml:1: units: every part of the content belongs to a unit; in none: conversation scenario "hello-there"',
    ]);
  });

  test('content without a course file has no course, and no error', () => {
    expect(validateContent(fixture(base), contentPlugins).errors).toEqual([]);
  });
});
