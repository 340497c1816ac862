import { describe, expect, test } from 'bun:test';
import { validateContent } from './importer';
import { contentSandbox, lettersFile as letters, verbFile } from '../../tests/support/content';
import { checkVerbForms, type VerbForms } from './verb-forms';
import type { ContentIssue, TextField } from './types';
import { contentPlugins } from '../modules';

const { fixture } = contentSandbox();

const PRONOUNS: [string, string, string][] = [
  ['ana', 'I', ''],
  ['enta', 'you', ' (m.)'],
  ['enti', 'you', ' (f.)'],
  ['ento', 'you', ' (pl.)'],
  ['huwi', 'he', ''],
  ['hiyyi', 'she', ''],
];

/** To pay (dafa3) and to love (7abb), as content/verbs has them, for the pronouns the tests need. */
const pay: VerbForms = {
  english: 'to pay',
  forms: [
    { arabizi: 'dafa3', english: 'to pay' },
    ...['dafa3t', 'dafa3t', 'dafa3te', 'dafa3to', 'dafa3', 'dafa3et'].map((arabizi, i) => {
      const [pronoun, subject, who] = PRONOUNS[i];
      return { arabizi, english: `${subject} paid${who}`, tense: 'past', pronoun };
    }),
    ...['bedfa3', 'btedfa3', 'btedfa3e', 'btedfa3o', 'byedfa3', 'btedfa3'].map((arabizi, i) => {
      const [pronoun, subject, who] = PRONOUNS[i];
      return { arabizi, english: `${subject} ${subject === 'he' || subject === 'she' ? 'pays' : 'pay'}${who}`, tense: 'present', pronoun };
    }),
    { arabizi: 'edfa3', english: 'pay! (m.)', tense: 'imperative', pronoun: 'enta' },
  ],
};
const love: VerbForms = {
  english: 'to love',
  forms: [
    { arabizi: 'b7ebb', english: 'I love', tense: 'present', pronoun: 'ana' },
    { arabizi: 'bt7ebb', english: 'you love (m.)', tense: 'present', pronoun: 'enta' },
    { arabizi: 'ra7 7ebb', english: 'I will love', tense: 'future', pronoun: 'ana' },
  ],
};

/** The warnings for one arabizi text and its English, with `known` the corpus's other arabizi words. */
function warnings(
  text: string,
  english?: string,
  known: string[] = ['el', 'ahwe', 'ktir', 'ma', 'addeh', '7a2o', 'dolar', 'ba7er', 'akel', 'ra7'],
) {
  const found: ContentIssue[] = [];
  const field: TextField = {
    file: 'sentences/shopping.yaml',
    line: 4,
    field: 'sentences[0].question.arabizi',
    text,
    kind: 'arabizi',
    english,
  };
  checkVerbForms([pay, love], new Set(known), [field], { error: (i) => found.push(i), warn: (i) => found.push(i) });
  return found.map((w) => w.message);
}

describe('the verb forms of sentences and lessons', () => {
  test('a word a letter away from a form, with its consonants, names the nearest form', () => {
    expect(warnings('Be7ebb el ahwe ktir')).toEqual([
      '"be7ebb" is not a form of to love in content/verbs; the nearest is "b7ebb" (I love)',
    ]);
    expect(warnings('bedfe3 cash')).toEqual(['"bedfe3" is not a form of to pay in content/verbs; the nearest is "bedfa3" (I pay)']);
  });

  test('known words, forms with an ending and particles are not taken for misspelt forms', () => {
    // akel (food) looks like a form of to eat but is a word of the corpus; b7ebbo is "I love it".
    expect(warnings('B7ebbo ktir, bt7ebbak')).toEqual([]);
    expect(warnings('el akel', undefined)).toEqual([]);
    expect(warnings('ra7a', undefined, [])).toEqual([]);
  });

  test('a form whose person contradicts the English: "she paid" where the English says "I paid"', () => {
    expect(warnings('Dafa3et 3eshrin dolar', 'I paid twenty dollars')).toEqual([
      '"dafa3et" is "she paid", but the English "I paid twenty dollars" asks for "dafa3t"',
    ]);
    expect(warnings('Dafa3t 3eshrin dolar', 'I paid twenty dollars')).toEqual([]);
    expect(warnings('Dafa3et 3eshrin dolar', 'She paid twenty dollars')).toEqual([]);
  });

  test('"did you pay" asks for the past of you, "do you pay" for its present', () => {
    expect(warnings('Addeh dafa3et 7a2o?', 'How much did you pay for it?')).toEqual([
      '"dafa3et" is "she paid", but the English "How much did you pay for it?" asks for "dafa3t" or "dafa3te" or "dafa3to"',
    ]);
    expect(warnings('Addeh dafa3t 7a2o?', 'How much did you pay for it?')).toEqual([]);
    expect(warnings('Ma dafa3t?', "Didn't you pay?")).toEqual([]);
    expect(warnings('Addeh btedfa3?', 'How much do you pay?')).toEqual([]);
    expect(warnings('Addeh dafa3t?', 'How much do you pay?')).toEqual([
      '"dafa3t" is "I paid", but the English "How much do you pay?" asks for "btedfa3" or "btedfa3e" or "btedfa3o"',
    ]);
  });

  test('English that does not say who ("to pay", "pay!", "will you pay") asks for nothing', () => {
    expect(warnings('Baddi edfa3', 'I want to pay')).toEqual([]);
    expect(warnings('Edfa3!', 'Pay!')).toEqual([]);
    expect(warnings('Ra7 7ebb el ba7er', 'I will love the sea')).toEqual([]);
    expect(warnings('Ra7 tedfa3?', 'Will you pay?')).toEqual([]);
  });

  test('run by the import over sentences and lessons, as warnings; a misspelt form is also a second spelling, which stops it', () => {
    const sentences = `topic: food_and_drink
sentences:
  - key: eat
    question: { arabizi: "Shu btekol?", arabic: "شو بتاكل؟", english: "What do you eat? (to a man)" }
    contexts:
      - context: At home.
        recommended_answer: "Bekoll kell shi"
        arabic: "باكل كل شي"
        english: "I eat everything"
      - context: At work.
        recommended_answer: "Bekol"
        arabic: "باكل"
        english: "I eat"
`;
    const result = validateContent(
      fixture({ 'letters/letters.yaml': letters, 'verbs/eat.yaml': verbFile(), 'sentences/food_and_drink.yaml': sentences }),
      contentPlugins,
    );
    expect(result.errors).toEqual([
      {
        file: 'sentences/food_and_drink.yaml',
        line: 7,
        field: 'sentences[0].contexts[0].recommended_answer',
        message:
          '"bekoll" is a second spelling of "bekol" (verbs/eat.yaml:18): one spelling per word (list "bekoll" as a variant of "bekol" in spelling.yaml, or both under homographs if they are different words)',
      },
    ]);
    expect(result.warnings).toEqual([
      {
        file: 'sentences/food_and_drink.yaml',
        line: 7,
        field: 'sentences[0].contexts[0].recommended_answer',
        message: '"bekoll" is not a form of to eat in content/verbs; the nearest is "bekol" (ana present)',
      },
    ]);
  });
});
