import * as v from 'valibot';
import type { ContentPlugin, KindStats, TextField } from '../../content/types';
import { LETTER_NUMBERS } from '../../content/corpus';
import { parseYaml, validateDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, reportRepeats, text } from '../../content/fields';
import { syncByKey } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { letters } from './schema';

/** The arabizi number-letters (docs/product-rules.md#letters). */
export const NUMBER_LETTERS = [2, 3, 5, 7, 8] as const;

const LettersFile = v.strictObject({
  letters: v.array(
    v.strictObject({
      number: v.picklist(NUMBER_LETTERS, 'must be one of 2, 3, 5, 7, 8'),
      arabic: arabic(),
      english_letter: text('text'),
      meaning: text('text'),
      example: v.strictObject(
        { arabizi: arabizi(), arabic: arabic(), english: text('English text') },
        'must have arabizi, arabic and english',
      ),
    }),
    'must be a list of letters',
  ),
});

export type LetterContent = typeof letters.$inferInsert & { file: string; line: number; texts: TextField[] };

export const lettersContent: ContentPlugin<LetterContent> = {
  kind: 'letters',
  folder: 'letters',
  extensions: ['.yaml', '.yml'],
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const data = validateDoc(doc, LettersFile, report);
    if (!data) return [];
    return data.letters.map((letter, i) => {
      checkNumberLetters(doc, ['letters', i, 'example', 'arabizi'], letter.example.arabizi, letter.example.arabic, report);
      return {
        file: file.path,
        line: doc.lineOf(['letters', i, 'number']),
        number: letter.number,
        arabic: letter.arabic,
        englishLetter: letter.english_letter,
        meaning: letter.meaning,
        exampleArabizi: letter.example.arabizi,
        exampleArabic: letter.example.arabic,
        exampleEnglish: letter.example.english,
        sortOrder: i,
        texts: [
          textAt(doc, ['letters', i, 'meaning'], letter.meaning, 'prose'),
          textAt(doc, ['letters', i, 'example', 'arabizi'], letter.example.arabizi, 'arabizi', {
            arabic: letter.example.arabic,
            english: letter.example.english,
          }),
          textAt(doc, ['letters', i, 'example', 'english'], letter.example.english, 'english'),
        ],
      };
    });
  },
  check(items, _all, report) {
    reportRepeats(
      items,
      (item) => String(item.number),
      (item) => ({ file: item.file, line: item.line, field: 'number' }),
      (item) => `letter ${item.number}`,
      report,
    );
  },
  texts: (item) => item.texts,
  stats: (items) => letterStats(items),
  apply(tx, items) {
    return syncByKey(
      tx,
      letters,
      items.map(({ file: _file, line: _line, texts: _texts, ...row }) => row),
      { keyField: 'number' },
    ).counts;
  },
};

/** The number-letters there are, for `bun run content:stats`. */
function letterStats(items: LetterContent[]): KindStats {
  const numbers = items.map((l) => l.number);
  return {
    lines: [`Letters: ${numbers.length} (${numbers.join(', ') || 'none'})`],
    gaps: LETTER_NUMBERS.filter((n) => !numbers.includes(n)).map((n) => `letters: no letter ${n}`),
  };
}
