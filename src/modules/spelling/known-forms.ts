import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { alignWords } from '../../content/second-spellings';
import type { SpellingLexicon } from '../../shared/arabizi';
import { parseParadigms } from './content';

/** The folders whose items are forms a learner may be asked for (a word, a verb form, a paradigm's form, a line). */
const FORM_FOLDERS = ['words', 'verbs', 'paradigms', 'dialogues', 'sentences'];
const NUMBERS_TOPIC = 'Numbers';

type KnownForms = Pick<SpellingLexicon, 'forms' | 'feminine' | 'numbers'>;

/**
 * What the judge knows of the content (docs/decisions/0069-a-judge-that-knows-the-forms.md), read from
 * content/ at start like the spelling table: every form with its English, the words whose Arabic ends
 * in ة, and the numbers of the Numbers topic with their digits. The importer has checked these files;
 * a file that does not read is left out here as it is refused there. `free` holds only what a learner
 * without premium may read (docs/product-rules.md#tiers): free topics' words, the present of each verb,
 * free dialogues, every sentence and paradigm; `all` holds everything, for the server's own judging.
 */
export function loadKnownForms(contentDir: string): { all: KnownForms; free: KnownForms } {
  const all = collector();
  const free = collector();
  const ignore = { error() {}, warn() {} };
  for (const folder of FORM_FOLDERS) {
    for (const path of yamlFiles(join(contentDir, folder))) {
      const text = readFileSync(path, 'utf8');
      const doc = parseOrNull(text);
      const items = folder === 'paradigms' ? parseParadigms({ path, text }, ignore).flatMap((p) => p.forms) : textsOf(doc);
      // Compared by their text: freeTextsOf reads the file again, so its items are other objects.
      const freeItems = new Set((folder === 'paradigms' ? items : freeTextsOf(folder, doc)).map(textKey));
      for (const item of items) {
        all.add(item);
        if (freeItems.has(textKey(item))) free.add(item);
      }
      const topic = doc as { topic?: unknown; words?: { english?: unknown; arabizi?: unknown }[] } | null;
      if (folder === 'words' && topic?.topic === NUMBERS_TOPIC) {
        for (const word of topic.words ?? []) {
          const value = typeof word.english === 'string' ? englishNumber(word.english) : undefined;
          if (value !== undefined && typeof word.arabizi === 'string')
            for (const known of [all, free]) known.numbers.push([String(value), word.arabizi]);
        }
      }
    }
  }
  return { all: all.known(), free: free.known() };
}

type Text = { arabizi: string; arabic: string; english: string };
const textKey = (t: Text) => `${t.arabizi}\u0000${t.arabic}\u0000${t.english}`;

function collector() {
  const forms = new Map<string, string[]>();
  const feminine = new Set<string>();
  const numbers: string[][] = [];
  return {
    numbers,
    add(item: Text) {
      forms.set(`${item.arabizi}\u0000${item.english}`, [item.arabizi, item.english]);
      for (const pair of alignWords(item.arabizi, item.arabic)) if (pair.arabic.endsWith('ة')) feminine.add(pair.arabizi);
    },
    known: (): KnownForms => ({ forms: [...forms.values()], feminine: [...feminine], numbers }),
  };
}

/** The texts of a file that are free: a premium topic's or dialogue's are not, nor a verb's tenses but the present. */
function freeTextsOf(folder: string, doc: unknown): Text[] {
  const file = doc as { premium?: unknown; conjugations?: { present?: unknown } } | null;
  if (file?.premium === true) return [];
  if (folder === 'verbs') return textsOf(file?.conjugations?.present);
  return textsOf(doc);
}

/** What the forms are read from, as it stands on disk (each file's path, size and time): the same signature, the same forms. */
export function knownFormsSignature(contentDir: string): string {
  const files = [join(contentDir, 'spelling.yaml'), ...FORM_FOLDERS.flatMap((folder) => yamlFiles(join(contentDir, folder)))];
  return files
    .filter((path) => existsSync(path))
    .map((path) => {
      const { size, mtimeMs } = statSync(path);
      return `${path}:${size}:${mtimeMs}`;
    })
    .join('\n');
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Bun's own YAML reader: the importer's, which keeps line numbers, takes seconds over the whole content. */
function parseOrNull(text: string): unknown {
  try {
    return Bun.YAML.parse(text);
  } catch {
    return null;
  }
}

/**
 * Every text of a parsed file with its Arabic and English, wherever it stands: a word, a verb form, a
 * dialogue line, a sentence's question ({ arabizi, arabic, english }) and answer ({ recommended_answer, arabic, english }).
 */
function textsOf(node: unknown): Text[] {
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (node === null || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const arabizi = record.arabizi ?? record.recommended_answer;
  const own =
    typeof arabizi === 'string' && typeof record.arabic === 'string' && typeof record.english === 'string'
      ? [{ arabizi, arabic: record.arabic, english: record.english }]
      : [];
  return [...own, ...Object.values(record).flatMap(textsOf)];
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

/** The value of a number written in English words ("eight", "twenty-one", "a hundred", "two hundred"), or undefined. */
export function englishNumber(english: string): number | undefined {
  const words = english
    .toLowerCase()
    .trim()
    .split(/[\s-]+/)
    .filter((w) => w !== 'and');
  if (words.length === 0) return undefined;
  let total = 0;
  let current = 0;
  for (const [i, word] of words.entries()) {
    if (word === 'a' && i === 0) current = 1;
    else if (UNITS.includes(word)) current += UNITS.indexOf(word);
    else if (TENS.includes(word) && word !== '') current += TENS.indexOf(word) * 10;
    else if (SCALES[word] !== undefined) {
      total += Math.max(current, 1) * SCALES[word];
      current = 0;
    } else return undefined;
  }
  return total + current;
}
