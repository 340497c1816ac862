import { afterAll } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from './app';
import { EXTRA_FORMS, PRONOUN_SPELLINGS, PRONOUNS, TENSES } from '../../src/modules/vocabulary/schema';

/**
 * A small content folder for the tests that practise words, so they stay stable while content/ grows:
 * Colors (free, 15 words in batch 1), Family (free, 10 in batch 1 and 5 in batch 2), Animals (premium,
 * 8 in batch 1 and 2 in batch 3), Food (free, 3 in each of batches 2 to 6) and one verb, "to write",
 * with its 24 forms, 3 imperatives and 8 negatives.
 */
export const TEST_TOPICS = {
  Colors: { premium: false, order: 1, batches: [15] },
  Family: { premium: false, order: 2, batches: [10, 5] },
  Animals: { premium: true, order: 3, batches: [8, 0, 2] },
  Food: { premium: false, order: 4, batches: [0, 3, 3, 3, 3, 3] },
} as const;

const LETTERS = ['ب', 'ت', 'ج', 'د', 'ر', 'ز', 'س', 'ش', 'ف', 'ك', 'ل', 'م', 'ن', 'و', 'ي'];
const SYLLABLES = ['ba', 'de', 'fi', 'ko', 'lu', 'ma', 'ne', 'ri', 'so', 'tu', 'wa', 'ye', 'zi', 'sho', 'ja'];
const arabicOf = (i: number, j: number) =>
  `${LETTERS[i % LETTERS.length]}${LETTERS[j % LETTERS.length]}ا${LETTERS[(i + j) % LETTERS.length]}`;

/** The English of word n of a topic ("Colors 3"), as the tests look words up. */
export const testEnglish = (topic: string, n: number) => `${topic} ${n}`;

export function writeTestContent(): string {
  const root = mkdtempSync(join(tmpdir(), 'kalimat-vocab-content-'));
  mkdirSync(join(root, 'words'));
  mkdirSync(join(root, 'verbs'));
  Object.entries(TEST_TOPICS).forEach(([topic, spec], t) => {
    const lines = [`topic: ${topic}`, `premium: ${spec.premium}`, `order: ${spec.order}`, 'words:'];
    let n = 0;
    spec.batches.forEach((size, b) => {
      for (let k = 0; k < size; k++, n++) {
        lines.push(
          `  - english: "${testEnglish(topic, n + 1)}"`,
          `    arabizi: "${SYLLABLES[t]}${SYLLABLES[n % SYLLABLES.length]}${SYLLABLES[Math.floor(n / SYLLABLES.length)]}"`,
          `    arabic: "${arabicOf(t, n)}"`,
          `    batch: ${b + 1}`,
          ...(n === 0 ? [`    note: "A note about ${topic}."`] : []),
        );
      }
    });
    writeFileSync(join(root, 'words', `${topic.toLowerCase()}.yaml`), lines.join('\n') + '\n');
  });
  const verb = [
    'key: write',
    'english: to write',
    'infinitive: katab',
    'arabic: كتب',
    'order: 1',
    'note: "Katab is a regular verb."',
    'conjugations:',
  ];
  [...TENSES.map((tense) => [tense, PRONOUNS] as const), ...Object.entries(EXTRA_FORMS)].forEach(([tense, pronouns], t) => {
    verb.push(`  ${tense}:`);
    pronouns.forEach((pronoun, p) =>
      verb.push(
        `    ${PRONOUN_SPELLINGS[pronoun]}: { arabizi: "ktb ${tense} ${pronoun}", arabic: "${arabicOf(t + 7, p)}", english: "${pronoun} writes (${tense})" }`,
      ),
    );
  });
  writeFileSync(join(root, 'verbs', 'write.yaml'), verb.join('\n') + '\n');
  return root;
}

/**
 * A test app on this content, closed (and the folder removed) after the test file, with `wordId` to find
 * a word by its English.
 */
export function testContentApp() {
  const content = writeTestContent();
  const t = createTestApp({ content });
  afterAll(() => {
    t.close();
    rmSync(content, { recursive: true, force: true });
  });
  const wordId = (english: string) => (t.db.$client.query('select id from words where english = ?').get(english) as { id: number }).id;
  return { t, wordId };
}
