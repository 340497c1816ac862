import { alignWords } from './second-spellings';
import type { Reporter, TextField } from './types';

/**
 * The Arabic-script conventions of the corpus, written once (docs/decisions/0071-one-lexicon.md):
 * Lebanese is written as it is said, so an ending or a prefix has one spelling.
 */
const MARKS = /[\u064B-\u0652\u0640]/g;
const arabicWords = (text: string) => text.replace(MARKS, '').split(/[^\u0621-\u064A]+/).filter(Boolean);

/** The person prefixes a present takes before a verb that starts with a hamza (بتاكل, مناخد): only "I" keeps it (بآكل, آكل). */
const PREFIX_BEFORE_MADDA = /^(من|بت|بي|ت|ي|ن)آ/;

export function checkArabicSpelling(texts: TextField[], report: Reporter) {
  for (const t of texts) {
    if (!t.arabic) continue;
    const at = (message: string) => report.error({ file: t.file, line: t.line, field: t.field, message });
    const words = arabicWords(t.arabic);
    words.forEach((word, i) => {
      // The future's "I": رح اكتب, as the verb tables write it (آ stays where a hamza is said long: رح آكل).
      if (i > 0 && words[i - 1] === 'رح' && /^[أإ]/.test(word)) at(`${word}: after رح the "I" form starts with ا (${`ا${word.slice(1)}`}), not ${word[0]}`);
      if (PREFIX_BEFORE_MADDA.test(word)) at(`${word}: the hamza of آ is the "I" prefix's (بآكل); after another person's prefix write ا (${word.replace('آ', 'ا')})`);
    });
    if (t.kind !== 'arabizi') continue;
    for (const { arabizi, arabic } of alignWords(t.text, t.arabic)) {
      // "Your" and "you" of a group are -kon in Lebanese, and written -كن (يصبّركن, موتاكن).
      if (/kon$/.test(arabizi) && /كم$/.test(arabic)) at(`${arabic} (${arabizi}): Lebanese -kon is written كن (${arabic.slice(0, -1)}ن), not كم`);
      // "His" and "him" are -o, written و (قلبو, يرحمو).
      if (/[^aeiou]o$/.test(arabizi) && /ه$/.test(arabic)) at(`${arabic} (${arabizi}): the "his" ending -o is written و (${arabic.slice(0, -1)}و), not ه`);
    }
  }
}
