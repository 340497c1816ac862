import { describe, expect, test } from 'bun:test';
import { CONTENT_DIR } from './dir';
import { validateContent } from './importer';
import { lettersFile as letters, contentSandbox } from '../../tests/support/content';
import { loadSpelling, parseSpelling } from './spelling';
import { contentPlugins } from '../modules';
import type { ContentIssue } from './types';

const { fixture } = contentSandbox();

const spelling = `# one canonical arabizi spelling per word, with the variants learners and other sources use
words:
  - canonical: 5er
    variants: [5eir, kheir]
  - canonical: beit
    variants: [bet]
  - canonical: 2albak
    variants: [albak]
  - canonical: yeslamo ideik
    variants: [yeslamo idek]
  - canonical: corniche
    variants: []
`;

/** A topic file of one word (its arabizi, Arabic, English and note as given). */
function topic(words: { arabizi: string; arabic: string; english: string; note?: string }[]) {
  const entries = words.map(
    (w, i) =>
      `  - english: "${w.english}"\n    arabizi: "${w.arabizi}"\n    arabic: "${w.arabic}"\n    batch: ${(i % 6) + 1}\n${w.note ? `    note: "${w.note}"\n` : ''}`,
  );
  return `topic: Greetings\npremium: false\norder: 1\nwords:\n${entries.join('')}`;
}

/** The errors and warnings of `files`, checked against the table above. */
function check(files: Record<string, string>, table = spelling) {
  const result = validateContent(fixture({ 'spelling.yaml': table, 'letters/letters.yaml': letters, ...files }), contentPlugins);
  return { errors: result.errors, warnings: result.warnings };
}
const messages = (issues: ContentIssue[]) => issues.map((i) => `${i.file}:${i.line}: ${i.field}: ${i.message}`);

const goodMorning = { english: 'good morning', arabizi: 'saba7 el 5er', arabic: 'صباح الخير' };

describe('the spelling table', () => {
  test('a variant in an arabizi field is an error naming the file, line and canonical form', () => {
    const file = topic([
      { ...goodMorning, arabizi: 'saba7 el 5eir' },
      { english: 'house', arabizi: 'bet', arabic: 'بيت' },
    ]);
    expect(messages(check({ 'words/greetings.yaml': file }).errors)).toEqual([
      'words/greetings.yaml:6: words[0].arabizi: "5eir" is spelled "5er" (spelling.yaml line 3)',
      'words/greetings.yaml:10: words[1].arabizi: "bet" is spelled "beit" (spelling.yaml line 5)',
    ]);
  });

  test('a variant in a note, a sentence or a lesson is an error too, phrases included', () => {
    const words = topic([{ ...goodMorning, note: "Answered with saba7 el nour; good night is 'tesba7 3ala kheir'." }]);
    const sentences = `topic: food_and_drink
sentences:
  - key: thanks
    question: { arabizi: "Kif el akel?", arabic: "كيف الأكل؟", english: "How is the food?" }
    contexts:
      - context: Say 'yeslamo idek' to the cook.
        recommended_answer: "Ktir tayyeb, yeslamo idek"
        arabic: "كتير طيّب، يسلمو إيديك"
        english: Very tasty, bless your hands
      - context: You are full.
        recommended_answer: "Shab3an"
        arabic: "شبعان"
        english: I'm full
`;
    const lesson = `---
key: meals
name: Meals
order: 1
difficulty: beginner
steps:
  - type: practice
    question: Someone says sa7tein. What do you answer?
    options: ["3a albak", "mar7aba"]
    correctAnswer: "3a albak"
    explanation: The answer to sa7tein.
---
Say **3a albak** after sa7tein.
`;
    expect(
      messages(check({ 'words/greetings.yaml': words, 'sentences/food_and_drink.yaml': sentences, 'lessons/01-meals.md': lesson }).errors),
    ).toEqual([
      'words/greetings.yaml:9: words[0].note: "kheir" is spelled "5er" (spelling.yaml line 3)',
      'sentences/food_and_drink.yaml:6: sentences[0].contexts[0].context: "yeslamo idek" is spelled "yeslamo ideik" (spelling.yaml line 9)',
      'sentences/food_and_drink.yaml:7: sentences[0].contexts[0].recommended_answer: "yeslamo idek" is spelled "yeslamo ideik" (spelling.yaml line 9)',
      'lessons/01-meals.md:9: steps[0].options[0]: "albak" is spelled "2albak" (spelling.yaml line 7)',
      'lessons/01-meals.md:13: (body): "albak" is spelled "2albak" (spelling.yaml line 7)',
    ]);
  });

  test('keeps the capital of a sentence in the canonical form it names', () => {
    const file = topic([{ english: 'our house', arabizi: 'Bet el 3ayle', arabic: 'بيت العيلة' }]);
    expect(check({ 'words/greetings.yaml': file }).errors.map((e) => e.message)).toEqual([
      '"Bet" is spelled "Beit" (spelling.yaml line 5)',
    ]);
  });

  test('is read as one table: a spelling listed twice, or both canonical and variant, is an error', () => {
    const table = `${spelling}  - canonical: 5eir\n    variants: []\n  - canonical: beyt\n    variants: [bet]\n`;
    expect(messages(check({}, table).errors)).toEqual([
      'spelling.yaml:13: words: "5eir" is already in the table (line 4)',
      'spelling.yaml:16: words: "bet" is already in the table (line 6)',
    ]);
    expect(messages(check({}, 'words:\n  - canonical: 5er\n').errors)).toEqual(['spelling.yaml:2: words[0].variants: is missing']);
  });

  test('loads for other readers (answer checking) as canonical form by variant', () => {
    const table = loadSpelling(fixture({ 'spelling.yaml': spelling }));
    expect(table.byVariant.get('kheir')?.canonical).toBe('5er');
    expect(table.byVariant.get('yeslamo idek')?.canonical).toBe('yeslamo ideik');
    expect(loadSpelling(fixture({})).entries).toEqual([]);
    expect(parseSpelling('words: []', { error() {}, warn() {} }).entries).toEqual([]);
  });
});

describe('the number-letter rules', () => {
  test('kh, gh and ch in arabizi are errors, unless the table lists the borrowed word', () => {
    const file = topic([
      { english: 'bread', arabizi: 'khebez', arabic: 'خبز' },
      { english: 'expensive', arabizi: 'ghali', arabic: 'غالي' },
      { english: 'fez', arabizi: 'tarbouch', arabic: 'طربوش' },
      { english: 'seafront', arabizi: 'corniche', arabic: 'كورنيش' },
    ]);
    expect(check({ 'words/greetings.yaml': file }).errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      'words[0].arabizi: "khebez" is written "5ebez": 5 for خ, not kh (a borrowed word spelled with kh belongs in spelling.yaml)',
      'words[1].arabizi: "ghali" is written "8ali": 8 for غ, not gh (a borrowed word spelled with gh belongs in spelling.yaml)',
      'words[2].arabizi: "tarbouch" is written "tarboush": sh for ش, not ch (a borrowed word spelled with ch belongs in spelling.yaml)',
    ]);
  });

  test('an apostrophe inside an arabizi word is an error', () => {
    const file = topic([{ english: 'hour', arabizi: "sa'a", arabic: 'ساعة' }]);
    expect(check({ 'words/greetings.yaml': file }).errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      `words[0].arabizi: "sa'a": write 2 for a glottal stop or ق and 3 for ع, not an apostrophe`,
    ]);
  });

  test('a 2 for a hamza that starts a word is an error; a 2 for ق is right', () => {
    const file = topic([
      { english: 'hand', arabizi: '2id', arabic: 'إيد' },
      { english: 'elegant', arabizi: 'ktir 2ani2', arabic: 'كتير أنيق' },
      { english: 'my heart', arabizi: '2albe', arabic: 'قلبي' },
      { english: 'sit!', arabizi: '2o3od', arabic: 'اقعد' },
      { english: 'question', arabizi: 'so2al', arabic: 'سؤال' },
    ]);
    expect(check({ 'words/greetings.yaml': file }).errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      'words[0].arabizi: "2id": a hamza at the start of a word is written as its vowel ("id"), not as 2',
      'words[1].arabizi: "2ani2": a hamza at the start of a word is written as its vowel ("ani2"), not as 2',
    ]);
  });

  test('in notes, arabizi is judged where it can be told from English', () => {
    const file = topic([
      { english: 'hand', arabizi: 'id', arabic: 'إيد' },
      { english: 'bread', arabizi: '5ebez', arabic: 'خبز' },
      { english: 'grilled', arabizi: 'meshwe', arabic: 'مشوي' },
      { english: 'where?', arabizi: 'wen?', arabic: 'وين؟' },
      { english: 'this (before a noun)', arabizi: 'hal', arabic: 'هال' },
      { english: 'in July', arabizi: 'b tammouz', arabic: 'بتمّوز' },
      { english: 'water in the jug', arabizi: 'el may bel kouz', arabic: 'المي بالكوز' },
      {
        ...goodMorning,
        note: "Grilled chicken is 'djej mechwe', and good night is tesba7 3ala khebez; where have you been, *wen hal ghaybe*? In July 'b tammouz btoghle el may bel kouz'.",
      },
      { english: 'night', arabizi: 'leil', arabic: 'ليل', note: 'Say 2id for hand: no, id.' },
    ]);
    expect(check({ 'words/greetings.yaml': file }).errors.map((e) => `${e.field}: ${e.message.replace(/ \(a borrowed.*/, '')}`)).toEqual([
      'words[7].note: "mechwe" is written "meshwe": sh for ش, not ch',
      'words[7].note: "khebez" is written "5ebez": 5 for خ, not kh',
      'words[7].note: "ghaybe" is written "8aybe": 8 for غ, not gh',
      'words[7].note: "btoghle" is written "bto8le": 8 for غ, not gh',
      'words[8].note: "2id": a hamza at the start of a word is written as its vowel ("id"), not as 2',
    ]);
  });

  test('English in notes is never flagged, not even next to arabizi or when a variant is an English word', () => {
    const file = topic([
      { english: 'which one? each night, a bet', arabizi: 'ayya wa7ad?', arabic: 'أيّا واحد؟' },
      {
        ...goodMorning,
        note: "Which one is right? Each night, the cheap bakery sells enough bread: a safe bet. The ch of Bach and the gh of ghost are English; 5er is 'goodness', which is much the same. Khaki, Sheikh and a Scottish loch stay English too. Say mni7 though, and 5er enough; 'ayya wa7ad' much like 'which one'.",
      },
    ]);
    expect(messages(check({ 'words/greetings.yaml': file }).errors)).toEqual([]);
  });
});

describe('the corpus', () => {
  test('content/spelling.yaml reads without an error and maps the variants found in the corpus', () => {
    const errors: ContentIssue[] = [];
    const table = loadSpelling(CONTENT_DIR, { error: (i) => errors.push(i), warn() {} });
    expect(errors).toEqual([]);
    expect(table.entries.length).toBeGreaterThan(50);
    expect(table.byVariant.get('kheir')?.canonical).toBe('5er');
    expect(table.byVariant.get('se3a')?.canonical).toBe('sa3a');
  });
});
