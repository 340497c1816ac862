import * as v from 'valibot';
import type { ContentPlugin } from '../../lib/content/types';
import { parseYaml, validateDoc, fieldName } from '../../lib/content/yaml';
import { arabic, arabizi, checkNumberLetters, text } from '../../lib/content/rules';
import { syncByKey } from '../../lib/content/sync';
import { letters } from './schema';

/** The arabizi number-letters (L §2 Letters study). */
export const NUMBER_LETTERS = [2, 3, 5, 7, 8] as const;

const LettersFile = v.strictObject({
  letters: v.array(
    v.strictObject({
      number: v.picklist(NUMBER_LETTERS, 'must be one of 2, 3, 5, 7, 8'),
      arabic: arabic(),
      english_letter: text('text'),
      meaning: text('text'),
      example: v.strictObject({ arabizi: arabizi(), arabic: arabic(), english: text('English text') }, 'must have arabizi, arabic and english'),
    }),
    'must be a list of letters',
  ),
});

export type LetterContent = typeof letters.$inferInsert & { file: string };

export const lettersContent: ContentPlugin<LetterContent> = {
  kind: 'letters',
  folder: 'letters',
  extensions: ['.yaml', '.yml'],
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const data = validateDoc(doc, LettersFile, report);
    if (!data) return [];
    const seen = new Set<number>();
    return data.letters.flatMap((letter, i) => {
      if (seen.has(letter.number)) {
        report.error({ file: file.path, line: doc.lineOf(['letters', i, 'number']), field: fieldName(['letters', i, 'number']), message: `duplicate letter ${letter.number}` });
        return [];
      }
      seen.add(letter.number);
      checkNumberLetters(doc, ['letters', i, 'example', 'arabizi'], letter.example.arabizi, letter.example.arabic, report);
      return [
        {
          file: file.path,
          number: letter.number,
          arabic: letter.arabic,
          englishLetter: letter.english_letter,
          meaning: letter.meaning,
          exampleArabizi: letter.example.arabizi,
          exampleArabic: letter.example.arabic,
          exampleEnglish: letter.example.english,
          sortOrder: i,
        },
      ];
    });
  },
  apply(tx, items) {
    return syncByKey(tx, letters, items.map(({ file: _file, ...row }) => row), { keyField: 'number' }).counts;
  },
};
