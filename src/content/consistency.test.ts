import { describe, expect, test } from 'bun:test';
import { validateContent } from './importer';
import { alignWords } from './second-spellings';
import { contentPlugins } from '../modules';
import { contentSandbox, drinkSentences, lettersFile as letters, verbFile } from '../../tests/support/content';

const { fixture } = contentSandbox();

/** A topic file of the given words, one batch each. */
function topic(name: string, words: { english: string; arabizi: string; arabic: string }[]) {
  const entries = words.map((w) => `  - english: "${w.english}"\n    arabizi: "${w.arabizi}"\n    arabic: "${w.arabic}"\n    batch: 1\n`);
  return `topic: ${name}\npremium: false\norder: 1\nwords:\n${entries.join('')}`;
}

const errorsOf = (files: Record<string, string>) =>
  validateContent(fixture({ 'letters/letters.yaml': letters, ...files }), contentPlugins).errors.map(
    (e) => `${e.file}:${e.line}: ${e.field}: ${e.message}`,
  );

const month = { english: 'month', arabizi: 'shahr', arabic: 'شهر' };
const thisMonth = { english: 'this month', arabizi: 'hal shahr', arabic: 'هالشهر' };
const monthAgain = { english: 'a month', arabizi: 'shaher', arabic: 'شهر' };

describe('one word, one spelling', () => {
  test('pairs arabizi words with the Arabic words, the article written apart in arabizi and joined in Arabic', () => {
    expect(alignWords('Nhar el sabt', 'نهار السبت')).toEqual([
      { arabizi: 'nhar', arabic: 'نهار' },
      { arabizi: 'sabt', arabic: 'سبت' },
    ]);
    expect(alignWords('bel beit', 'بالبيت')).toEqual([{ arabizi: 'beit', arabic: 'بيت' }]);
    // Two texts that line up by count only (الحمد لله for 7amdella) are not read.
    expect(alignWords('el 7amdella', 'الحمد لله')).toEqual([]);
  });

  test('an Arabic word written in two arabizi spellings is an error on the rarer one, naming the other', () => {
    const errors = errorsOf({ 'words/time.yaml': topic('Time', [month, thisMonth, monthAgain]) });
    expect(errors).toEqual([
      'words/time.yaml:14: words[2].arabizi: "shaher" is a second spelling of "shahr" (words/time.yaml:6): one spelling per word (list "shaher" as a variant of "shahr" in spelling.yaml, or both under homographs if they are different words)',
    ]);
  });

  test('an arabizi word written in two Arabic spellings is an error', () => {
    const sorry = (english: string, arabic: string) => ({ english, arabizi: 'ma3lesh', arabic });
    const errors = errorsOf({
      'words/a.yaml': topic('Basic Phrases', [sorry('never mind', 'معليش')]),
      'words/b.yaml': topic('Greetings', [sorry('sorry', 'معليش'), { english: 'sorry, no', arabizi: 'ma3lesh la2', arabic: 'معلش لأ' }]),
    });
    expect(errors).toEqual([
      'words/b.yaml:10: words[1].arabizi: "ma3lesh" is written معلش here and معليش in words/a.yaml:6: one Arabic spelling per word (or list both under homographs in spelling.yaml if they are different words)',
    ]);
  });

  test('homographs of the spelling table, the forms of one verb and "your" to a man and a woman are different words', () => {
    const spelling = 'words:\n  - canonical: shahr\n    variants: []\nhomographs:\n  - [shahr, shaher]\n';
    expect(errorsOf({ 'spelling.yaml': spelling, 'words/time.yaml': topic('Time', [month, thisMonth, monthAgain]) })).toEqual([]);
    const how = topic('Greetings', [
      { english: 'how are you? (to a man)', arabizi: 'kifak', arabic: 'كيفك' },
      { english: 'how are you? (to a woman)', arabizi: 'kifik', arabic: 'كيفك' },
      { english: 'a salad', arabizi: 'salata', arabic: 'سلطة' },
      { english: 'a fattoush salad', arabizi: 'salatet fattoush', arabic: 'سلطة فتوش' },
    ]);
    // The verb file's forms share their Arabic letters (its past of ana and hiyyi are both أكل plus a letter).
    expect(errorsOf({ 'words/greetings.yaml': how, 'verbs/eat.yaml': verbFile() })).toEqual([]);
  });
});

describe('a question that speaks to someone', () => {
  test('says to whom in its English', () => {
    const unsaid = drinkSentences().replace('What do you want to drink? (to a man)', 'What do you want to drink?');
    expect(errorsOf({ 'sentences/food_and_drink.yaml': unsaid })).toEqual([
      'sentences/food_and_drink.yaml:4: sentences[0].question.english: "Shu baddak teshrab?" speaks to someone ("baddak"): say to whom in its English ("What do you want to drink?"), "(to a man)", "(to a woman)" or "(to a group)"',
    ]);
    expect(errorsOf({ 'sentences/food_and_drink.yaml': drinkSentences() })).toEqual([]);
  });

  test('but English that speaks to no one, or Lebanese that does not, needs nothing', () => {
    const family = drinkSentences().replace(
      '{ arabizi: "Shu baddak teshrab?", arabic: "شو بدّك تشرب؟", english: "What do you want to drink? (to a man)" }',
      '{ arabizi: "Kif el mama?", arabic: "كيف الماما؟", english: "How is your mum?" }',
    );
    expect(errorsOf({ 'sentences/food_and_drink.yaml': family })).toEqual([]);
  });
});

describe('another dialect', () => {
  const dialects = 'forms:\n  - { form: mana5ir, dialect: Egyptian, lebanese: men5ar }\n';
  test('a headword written as the list gives another dialect is an error naming the Lebanese', () => {
    const nose = topic('Body Parts', [{ english: 'nose', arabizi: 'mana5ir', arabic: 'مناخير' }]);
    expect(errorsOf({ 'other-dialects.yaml': dialects, 'words/body.yaml': nose })).toEqual([
      'words/body.yaml:6: words[0].arabizi: "mana5ir" is Egyptian (other-dialects.yaml line 2): Lebanese say "men5ar"',
    ]);
  });

  test('the Lebanese word, and a note that names the other dialect, are accepted', () => {
    const nose = topic('Body Parts', [{ english: 'nose', arabizi: 'men5ar', arabic: 'منخار' }]).replace(
      'batch: 1\n',
      'batch: 1\n    note: "Egyptians say mana5ir."\n',
    );
    expect(errorsOf({ 'other-dialects.yaml': dialects, 'words/body.yaml': nose })).toEqual([]);
  });
});
