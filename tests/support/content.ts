import { afterEach } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { count } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Db } from '../../src/db/client';
import {
  EXTRA_FORMS,
  PRONOUN_SPELLINGS,
  PRONOUNS,
  TENSES,
  topics,
  verbs,
  words,
  type Pronoun,
  type Tense,
} from '../../src/modules/vocabulary/schema';
import { letters } from '../../src/modules/letters/schema';
import { sentences } from '../../src/modules/sentences/schema';
import { lessons } from '../../src/modules/lessons/schema';

/** A valid letters file with one letter, 3. */
export const lettersFile = `letters:
  - number: 3
    arabic: ع
    english_letter: "'a"
    meaning: A deep sound from the throat.
    example: { arabizi: 3ayle, arabic: عيلة, english: family }
`;

/** A words file of two free colours (red in batch 1, white in batch 2 with a note). */
export const colorsFile = `topic: Colors
premium: false
order: 1
words:
  - english: red
    arabizi: a7mar
    arabic: أحمر
    batch: 1
  - english: white
    arabizi: abyad
    arabic: أبيض
    batch: 2
    note: Also the colour of a good heart.
`;

/** A lesson on the colours: a vocabulary step and a practice step. */
export const colorsLesson = `---
key: colors-1
name: Colours
topic: Colors
order: 1
difficulty: beginner
steps:
  - type: vocabulary
    components:
      - { lebanese: a7mar, english: red }
  - type: practice
    question: Which is red?
    options: [a7mar, abyad]
    correctAnswer: a7mar
    explanation: A7mar is red.
---
Colours are easy.
`;

/** A sentences file with one question (what to drink) in two scenarios; `moreContexts` adds scenarios written as YAML. */
export const drinkSentences = (moreContexts = '') => `topic: food_and_drink
sentences:
  - key: what-to-drink
    question: { arabizi: "Shu baddak teshrab?", arabic: "شو بدّك تشرب؟", english: "What do you want to drink? (to a man)" }
    contexts:
      - context: At a café you want a coffee without sugar.
        recommended_answer: "Baddi ahwe bala sekkar"
        arabic: "بدّي قهوة بلا سكّر"
        english: "I want a coffee without sugar"
      - context: At a friend's you want water.
        recommended_answer: "Kebbeyet may"
        arabic: "كبّاية مي"
        english: "A glass of water"
${moreContexts}`;

/** Temporary content folders and databases for the tests of the importer and of content plugins, removed after each test. */
export function contentSandbox() {
  let dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  return {
    /** A content folder holding `files` (path relative to the folder → text). */
    fixture(files: Record<string, string>) {
      const root = tempDir('kalimat-content-');
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      return root;
    },
    /** A migrated, empty database file. */
    database(): Db {
      const db = openDatabase(join(tempDir('kalimat-db-'), 'app.db'));
      migrateDatabase(db);
      return db;
    },
  };
}

/** How many content rows the database holds, all kinds together: 0 after a rejected import. */
export function contentRows(db: Db) {
  return [topics, words, verbs, letters, sentences, lessons].reduce(
    (sum, table) => sum + db.select({ n: count() }).from(table).get()!.n,
    0,
  );
}

/** A valid verb file with all 35 forms (24 of the tenses, 3 commands, 8 negatives), one per line, so a test can break a single form. */
export function verbFile(key = 'eat') {
  const stems: Record<Tense, string> = { past: 'akal', present: 'bekol', future: 'ra7 ekol', imperative: 'kol', negative: 'ma bekol' };
  const arabicStems: Record<Tense, string> = { past: 'أكل', present: 'باكل', future: 'رح آكل', imperative: 'كول', negative: 'ما باكل' };
  const lines = [
    `key: ${key}`,
    `english: to ${key}`,
    'infinitive: akal',
    'arabic: أكل',
    'order: 1',
    'note: Lebanese eat together.',
    'conjugations:',
  ];
  for (const [tense, pronouns] of [...TENSES.map((t) => [t, PRONOUNS] as const), ...Object.entries(EXTRA_FORMS)] as [
    Tense,
    readonly Pronoun[],
  ][]) {
    lines.push(`  ${tense}:`);
    pronouns.forEach((pronoun, i) => {
      lines.push(
        `    ${PRONOUN_SPELLINGS[pronoun]}: { arabizi: "${stems[tense]}${'a'.repeat(i)}", arabic: "${arabicStems[tense]}${'ا'.repeat(i)}", english: "${pronoun} ${tense}" }`,
      );
    });
  }
  return `${lines.join('\n')}\n`;
}
