import { describe, expect, test } from 'bun:test';
import { runImport } from './importer';
import {
  colorsFile as colors,
  colorsLesson as lesson,
  contentRows,
  contentSandbox,
  lettersFile as letters,
  verbFile,
} from '../../tests/support/content';
import { contentPlugins } from '../modules';
import type { ContentIssue } from './types';

const { fixture, database } = contentSandbox();

/** The line (1-based) of the only line of `text` containing `needle`. */
function lineWith(text: string, needle: string) {
  const lines = text
    .split('\n')
    .map((line, i) => [line, i + 1] as const)
    .filter(([line]) => line.includes(needle));
  if (lines.length !== 1) throw new Error(`"${needle}" is on ${lines.length} lines of the fixture`);
  return lines[0][1];
}

/**
 * Imports `files` (beside a valid letters file, so that a partial write would show) into an empty
 * database and expects exactly `expected` as errors, and nothing written.
 */
function expectRejected(files: Record<string, string>, expected: ContentIssue[]) {
  const db = database();
  const result = runImport(db, fixture({ 'letters/letters.yaml': letters, ...files }), contentPlugins);
  expect(result.ok).toBe(false);
  expect(result.errors).toEqual(expected);
  expect(result.counts).toEqual([]);
  expect(contentRows(db)).toBe(0);
}

describe('the import rejects', () => {
  test('an empty field, whether blank, quoted empty or only spaces', () => {
    const file = colors
      .replace('arabic: أحمر', 'arabic: ""')
      .replace('arabizi: abyad', 'arabizi: # to do')
      .replace('note: Also the colour of a good heart.', 'note: "   "');
    expectRejected({ 'words/colors.yaml': file }, [
      { file: 'words/colors.yaml', line: lineWith(file, 'arabic: ""'), field: 'words[0].arabic', message: 'must not be empty' },
      { file: 'words/colors.yaml', line: lineWith(file, '# to do'), field: 'words[1].arabizi', message: 'must not be empty' },
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'note:'),
        field: 'words[1].note',
        message: 'must not be empty (leave the note out instead)',
      },
    ]);
  });

  test('an empty field in a sentence context and in a lesson step', () => {
    const sentences = `topic: food_and_drink
sentences:
  - key: order-coffee
    question: { arabizi: "Shu baddak teshrab?", arabic: "شو بدّك تشرب؟", english: "What do you want to drink? (to a man)" }
    contexts:
      - context: At a café.
        recommended_answer: Baddi ahwe
        arabic: بدّي قهوة
        english: ""
      - context: At a friend's house.
        recommended_answer: Kebbeyet may
        arabic: كبّاية مي
        english: A glass of water
`;
    const emptyLesson = lesson.replace('question: Which is red?', 'question:');
    expectRejected({ 'sentences/food_and_drink.yaml': sentences, 'lessons/01-colors.md': emptyLesson }, [
      {
        file: 'sentences/food_and_drink.yaml',
        line: lineWith(sentences, 'english: ""'),
        field: 'sentences[0].contexts[0].english',
        message: 'must not be empty',
      },
      { file: 'lessons/01-colors.md', line: lineWith(emptyLesson, 'question:'), field: 'steps[1].question', message: 'must not be empty' },
    ]);
  });

  test('a missing field', () => {
    const file = colors.replace('    arabic: أبيض\n', '');
    expectRejected({ 'words/colors.yaml': file }, [
      { file: 'words/colors.yaml', line: lineWith(file, 'english: white'), field: 'words[1].arabic', message: 'is missing' },
    ]);
  });

  test('Arabic script that contains Latin letters or digits', () => {
    const file = colors.replace('arabic: أحمر', 'arabic: أحمرr').replace('arabic: أبيض', 'arabic: أبيض ٢');
    expectRejected({ 'words/colors.yaml': file }, [
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'أحمرr'),
        field: 'words[0].arabic',
        message: 'Arabic script must not contain Latin letters',
      },
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'أبيض ٢'),
        field: 'words[1].arabic',
        message: 'Arabic script must not contain digits',
      },
    ]);
  });

  test('arabizi that contains Arabic letters, in words and in lesson components', () => {
    const file = colors.replace('arabizi: a7mar', 'arabizi: a7مar');
    const arabicLesson = lesson.replace('{ lebanese: a7mar, english: red }', '{ lebanese: أحمر, english: red }');
    expectRejected({ 'words/colors.yaml': file, 'lessons/01-colors.md': arabicLesson }, [
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'a7مar'),
        field: 'words[0].arabizi',
        message: 'arabizi must not contain Arabic letters',
      },
      {
        file: 'lessons/01-colors.md',
        line: lineWith(arabicLesson, 'lebanese: أحمر'),
        field: 'steps[0].components[0].lebanese',
        message: 'arabizi must not contain Arabic letters',
      },
    ]);
  });

  test('the same English twice in a topic, whatever the case', () => {
    const file = `${colors}  - english: Red\n    arabizi: a7mar ktir\n    arabic: أحمر كتير\n    batch: 3\n`;
    expectRejected({ 'words/colors.yaml': file }, [
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'english: Red'),
        field: 'words[2].english',
        message: 'duplicate word "Red" (first at line 5)',
      },
      // The key derives from the English, so it is a duplicate too.
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'english: Red'),
        field: 'words[2].key',
        message: 'duplicate key "colors/red" (first at line 5)',
      },
    ]);
  });

  test('the same arabizi twice in a topic', () => {
    const file = `${colors}  - english: crimson\n    arabizi: A7mar\n    arabic: أحمر\n    batch: 3\n`;
    expectRejected({ 'words/colors.yaml': file }, [
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'arabizi: A7mar'),
        field: 'words[2].arabizi',
        message: 'duplicate arabizi "A7mar" (first at line 6)',
      },
    ]);
  });

  test('the same key in two files, which the database would keep only once', () => {
    const sentence = (topic: string) => `topic: ${topic}
sentences:
  - key: order-coffee
    question: { arabizi: "Shu baddak teshrab?", arabic: "شو بدّك تشرب؟", english: "What do you want to drink? (to a man)" }
    contexts:
      - { context: At a café., recommended_answer: Baddi ahwe, arabic: بدّي قهوة, english: A coffee }
      - { context: At home., recommended_answer: Kebbeyet may, arabic: كبّاية مي, english: A glass of water }
`;
    const otherVerb = verbFile('eat').replace('english: to eat', 'english: to  Eat');
    const renamedVerb = verbFile('drink').replace('english: to drink', 'english: to eat');
    const otherTopic = colors.replace('topic: Colors', 'topic: colors!').replace(/english: (red|white)/g, 'english: $1 again');
    expectRejected(
      {
        'letters/more.yaml': letters,
        'sentences/coffee.yaml': sentence('food_and_drink'),
        'sentences/coffee-again.yaml': sentence('food_and_drink'),
        'sentences/work.yaml': sentence('work'),
        'verbs/eat.yaml': verbFile('eat'),
        'verbs/eat-again.yaml': otherVerb,
        'verbs/drink.yaml': renamedVerb,
        'words/colors.yaml': colors,
        'words/colors-again.yaml': otherTopic,
        'lessons/01-colors.md': lesson,
        'lessons/02-colors.md': lesson,
      },
      [
        { file: 'words/colors.yaml', line: 1, field: 'topic', message: 'topic "Colors" is also used in words/colors-again.yaml (line 1)' },
        { file: 'verbs/eat.yaml', line: 1, field: 'key', message: 'verb key "eat" is also used in verbs/eat-again.yaml (line 1)' },
        { file: 'verbs/eat-again.yaml', line: 2, field: 'english', message: 'verb "to  Eat" is also used in verbs/drink.yaml (line 2)' },
        { file: 'verbs/eat.yaml', line: 2, field: 'english', message: 'verb "to eat" is also used in verbs/drink.yaml (line 2)' },
        { file: 'letters/more.yaml', line: 2, field: 'number', message: 'letter 3 is also used in letters/letters.yaml (line 2)' },
        {
          file: 'sentences/coffee.yaml',
          line: 3,
          field: 'key',
          message: 'sentence key "order-coffee" of topic food_and_drink is also used in sentences/coffee-again.yaml (line 3)',
        },
        {
          file: 'lessons/02-colors.md',
          line: 2,
          field: 'key',
          message: 'lesson key "colors-1" is also used in lessons/01-colors.md (line 2)',
        },
      ],
    );
  });

  test('a verb missing one of its 35 forms', () => {
    const file = verbFile().replace(/    hiyyi: \{ arabizi: "bekol.*\n/, '');
    expectRejected({ 'verbs/eat.yaml': file }, [
      {
        file: 'verbs/eat.yaml',
        line: lineWith(file, 'present:'),
        field: 'conjugations.present.hiyyi',
        message: 'the present form for hiyyi is missing: a verb needs all 35 forms (32 without a command)',
      },
    ]);
  });

  test('a verb form under nehna: the pronoun is written ne7na, like all arabizi', () => {
    const file = verbFile().replace('    ne7na: { arabizi: "akala"', '    nehna: { arabizi: "akala"');
    expectRejected({ 'verbs/eat.yaml': file }, [
      {
        file: 'verbs/eat.yaml',
        line: lineWith(file, 'past:'),
        field: 'conjugations.past.ne7na',
        message: 'the past form for ne7na is missing: a verb needs all 35 forms (32 without a command)',
      },
      {
        file: 'verbs/eat.yaml',
        line: lineWith(file, 'nehna:'),
        field: 'conjugations.past.nehna',
        message: 'is not a field here (misspelt? see docs/content-format.md)',
      },
    ]);
  });

  test('a verb missing a whole tense, or half a form', () => {
    const file = verbFile()
      .replace(/  future:\n(    .*\n)+/, '')
      .replace('arabic: "أكلا", ', '');
    expectRejected({ 'verbs/eat.yaml': file }, [
      {
        file: 'verbs/eat.yaml',
        line: lineWith(file, 'ne7na: { arabizi: "akala"'),
        field: 'conjugations.past.ne7na.arabic',
        message: 'is missing',
      },
      {
        file: 'verbs/eat.yaml',
        line: lineWith(file, 'conjugations:'),
        field: 'conjugations.future',
        message:
          'the future forms are missing (a verb needs the past, present, future and negative forms, each for ana, ne7na, enti, enta, ento, huwi, hiyyi, hinni)',
      },
    ]);
  });

  test('a practice step whose correctAnswer is not among its options', () => {
    const file = lesson.replace('correctAnswer: a7mar', 'correctAnswer: a5dar');
    expectRejected({ 'lessons/01-colors.md': file }, [
      {
        file: 'lessons/01-colors.md',
        line: lineWith(file, 'correctAnswer'),
        field: 'steps[1].correctAnswer',
        message: 'correctAnswer "a5dar" must be one of the options (a7mar | abyad)',
      },
    ]);
  });

  test('a lesson step type that does not exist, or no type at all', () => {
    const file = lesson.replace('  - type: vocabulary', '  - type: quiz').replace('  - type: practice', '  - kind: practice');
    expectRejected({ 'lessons/01-colors.md': file }, [
      {
        file: 'lessons/01-colors.md',
        line: lineWith(file, 'type: quiz'),
        field: 'steps[0].type',
        message: 'step type must be one of vocabulary, grammar, sentence_building, practice, review (got "quiz")',
      },
      {
        file: 'lessons/01-colors.md',
        line: lineWith(file, 'kind: practice'),
        field: 'steps[1].type',
        message: 'a step needs a type: one of vocabulary, grammar, sentence_building, practice, review',
      },
    ]);
  });

  test('a misspelt field, which would otherwise be silently dropped', () => {
    const file = colors.replace('note: Also', 'notes: Also');
    expectRejected({ 'words/colors.yaml': file }, [
      {
        file: 'words/colors.yaml',
        line: lineWith(file, 'notes:'),
        field: 'words[1].notes',
        message: 'is not a field here (misspelt? see docs/content-format.md)',
      },
    ]);
  });

  test('an unquoted comma in { }, which splits the text into a stray field', () => {
    const file = lesson.replace('{ lebanese: a7mar, english: red }', '{ lebanese: a7mar, english: red, explanation: Red, like a tomato. }');
    expectRejected({ 'lessons/01-colors.md': file }, [
      {
        file: 'lessons/01-colors.md',
        line: lineWith(file, 'like a tomato'),
        field: 'steps[0].components[0].like a tomato.',
        message: 'is not a field here: text with a comma inside { } must be in quotes',
      },
    ]);
  });
});

/** One word's arabizi and Arabic in a topic file, imported: the warnings it raised (and it still imports). */
function warningsFor(arabizi: string, arabic: string) {
  const file = colors.replace('arabizi: a7mar', `arabizi: "${arabizi}"`).replace('arabic: أحمر', `arabic: "${arabic}"`);
  const db = database();
  const result = runImport(db, fixture({ 'words/colors.yaml': file }), contentPlugins);
  expect(result.errors).toEqual([]);
  expect(contentRows(db)).toBeGreaterThan(0);
  for (const warning of result.warnings) {
    expect(warning).toMatchObject({ file: 'words/colors.yaml', line: 6, field: 'words[0].arabizi' });
  }
  return result.warnings.map((w) => w.message);
}

describe('the import warns, without failing, where arabizi and Arabic disagree on a number-letter', () => {
  test.each([
    ['3', 'ma salame', 'مع سلامة', 'the Arabic "مع سلامة" has ع but arabizi "ma salame" has no 3'],
    ['3', 'ma3 salame', 'مأ سلامة', 'arabizi "ma3 salame" has a 3 but the Arabic "مأ سلامة" has no ع'],
    ['7', 'marhaba', 'مرحبا', 'the Arabic "مرحبا" has ح but arabizi "marhaba" has no 7'],
    ['7', 'mar7aba', 'مرهبا', 'arabizi "mar7aba" has a 7 but the Arabic "مرهبا" has no ح'],
    ['5', 'hebez', 'خبز', 'the Arabic "خبز" has خ but arabizi "hebez" has no 5'],
    ['5', '5ebez', 'كبز', 'arabizi "5ebez" has a 5 but the Arabic "كبز" has no خ'],
    ['8', 'ali', 'غالي', 'the Arabic "غالي" has غ but arabizi "ali" has no 8'],
    ['8', '8ali', 'كالي', 'arabizi "8ali" has an 8 but the Arabic "كالي" has no غ'],
    ['2', '2albe', 'كلبي', 'arabizi "2albe" has a 2 but the Arabic "كلبي" has no hamza (ء أ إ آ ؤ ئ) or ق'],
  ])('a %s: %s / %s', (_digit, arabizi, arabic, message) => {
    expect(warningsFor(arabizi, arabic)).toEqual([message]);
  });

  test('2 agrees with ق and with every hamza', () => {
    // A hamza that starts a word is written as its vowel (docs/content-format.md): spelling.test.ts.
    const pairs = [
      ['2albe', 'قلبي'],
      ['so2al', 'سؤال'],
      ['se2e', 'سائق'],
      ['ra2is', 'رئيس'],
      ['mas2ale', 'مسألة'],
      ['sama2', 'سماء'],
    ];
    for (const [arabizi, arabic] of pairs) expect(warningsFor(arabizi, arabic)).toEqual([]);
  });

  test('no warning for a ق or a hamza written without a 2, as Lebanese often do', () => {
    expect(warningsFor('ahwe', 'قهوة')).toEqual([]);
    expect(warningsFor('ana', 'أنا')).toEqual([]);
  });

  test('digits standing alone are numbers, not number-letters', () => {
    expect(warningsFor('el sa3a 3', 'الساعة تلاتة')).toEqual([]);
    expect(warningsFor('5 dollar', 'تلات دولار')).toEqual([]);
  });

  test('agreeing spellings raise nothing', () => {
    expect(warningsFor('saba7 el 5er, 3a 8ayme', 'صباح الخير، عا غيمة')).toEqual([]);
  });

  test('verb forms are checked too', () => {
    const verb = verbFile().replace('arabizi: "bekol"', 'arabizi: "be3ol"');
    const db = database();
    const result = runImport(db, fixture({ 'verbs/eat.yaml': verb }), contentPlugins);
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      {
        file: 'verbs/eat.yaml',
        line: lineWith(verb, 'be3ol'),
        field: 'conjugations.present.ana.arabizi',
        message: 'arabizi "be3ol" has a 3 but the Arabic "باكل" has no ع',
      },
    ]);
  });
});
