import { alignWords } from './second-spellings';
import type { Reporter, TextField } from './types';

/**
 * The Arabic-script conventions of the corpus, written once (docs/decisions/0071-one-lexicon.md):
 * Lebanese is written as it is said, so an ending or a prefix has one spelling.
 */
const MARKS = /[\u064B-\u0652\u0640]/g;
const arabicWords = (text: string) =>
  text
    .replace(MARKS, '')
    .split(/[^\u0621-\u064A]+/)
    .filter(Boolean);

/** The person prefixes a present takes before a verb that starts with a hamza (بتاكل, مناخد): only "I" keeps it (بآكل, آكل). */
const PREFIX_BEFORE_MADDA = /^(من|بت|بي|ت|ي|ن)آ/;

/** The number-letters and the Arabic letters they stand for (2 for ق and for a hamza that is not the word's first letter). */
const NUMBER_LETTERS: Record<string, string> = { '2': 'قءؤئأإآ', '3': 'ع', '5': 'خ', '7': 'ح', '8': 'غ' };
const numberLettersOf = (arabizi: string) => [...arabizi].filter((c) => c in NUMBER_LETTERS);
const arabicNumberLetters = (arabic: string) =>
  [...arabic].flatMap((c, i) => {
    const number = Object.keys(NUMBER_LETTERS).find((n) => NUMBER_LETTERS[n].includes(c));
    return number && !(number === '2' && i === 0) ? [number] : [];
  });

/**
 * Whether an arabizi word's number-letters come in the order of its Arabic letters (o23de and اقعدي,
 * not o32ode). A letter one script leaves out (a ق or a hamza unwritten in arabizi, docs/content-format.md;
 * a name written as its owner does, Saad) is left to the number-letter warnings: only the letters both
 * scripts write as often are compared.
 */
function numberLettersAgree(arabizi: string, arabic: string) {
  // A doubled letter (sa55an, سخّان) is one letter with its shadda.
  const latin = numberLettersOf(arabizi.replace(/([23578])\1/g, '$1'));
  const script = arabicNumberLetters(arabic);
  const count = (list: string[], c: string) => list.filter((x) => x === c).length;
  const both = (list: string[]) => list.filter((c) => count(latin, c) === count(script, c)).join('');
  return both(latin) === both(script);
}

export function checkArabicSpelling(texts: TextField[], report: Reporter) {
  // The "I" forms of the future and the commands of the verb tables (ra7 a3mel, 3mel!): wherever they
  // stand (lazem a3mel, baddi efta7), their first hamza is a bare ا.
  // A form that is also a past (a3to, they gave, أعطو, with the root's hamza) is left as written.
  const lastWord = (t: TextField) => t.text.toLowerCase().split(/\s+/).at(-1)!;
  const conjugated = texts.filter((t) => t.conjugated);
  const isIOrCommand = (t: TextField) => /\.(future\.ana|imperative\.\w+)\.arabizi$/.test(t.field);
  const otherForms = new Set(conjugated.filter((t) => !isIOrCommand(t)).map(lastWord));
  const bareAlef = new Set(
    conjugated
      .filter(isIOrCommand)
      .map(lastWord)
      .filter((w) => !otherForms.has(w)),
  );
  for (const t of texts) {
    if (!t.arabic) continue;
    const at = (message: string) => report.error({ file: t.file, line: t.line, field: t.field, message });
    const words = arabicWords(t.arabic);
    words.forEach((word, i) => {
      // The future's "I": رح اكتب, as the verb tables write it (آ stays where a hamza is said long: رح آكل).
      if (i > 0 && words[i - 1] === 'رح' && /^[أإ]/.test(word))
        at(`${word}: after رح the "I" form starts with ا (${`ا${word.slice(1)}`}), not ${word[0]}`);
      if (PREFIX_BEFORE_MADDA.test(word))
        at(`${word}: the hamza of آ is the "I" prefix's (بآكل); after another person's prefix write ا (${word.replace('آ', 'ا')})`);
    });
    if (t.kind !== 'arabizi') continue;
    for (const { arabizi, arabic } of alignWords(t.text, t.arabic)) {
      if (bareAlef.has(arabizi) && /^[أإ]/.test(arabic) && !/^رح$/.test(words[words.indexOf(arabic) - 1] ?? ''))
        at(
          `${arabic} (${arabizi}): the "I" form and the command start as the verb tables write them, with ا (آ where the hamza is said long), not ${arabic[0]}`,
        );
      // The arabizi and the Arabic of one word say its sounds in one order (arba3ta3sh, أربعطعش).
      if (!numberLettersAgree(arabizi, arabic))
        at(
          `${arabizi} (${arabic}): its number-letters (${numberLettersOf(arabizi).join(', ')}) are not in the order of its Arabic letters`,
        );
      // "Your" and "you" of a group are -kon in Lebanese, and written -كن (يصبّركن, موتاكن).
      if (/kon$/.test(arabizi) && /كم$/.test(arabic))
        at(`${arabic} (${arabizi}): Lebanese -kon is written كن (${arabic.slice(0, -1)}ن), not كم`);
      // "His" and "him" are -o, written و (قلبو, يرحمو).
      if (/[^aeiou]o$/.test(arabizi) && /ه$/.test(arabic))
        at(`${arabic} (${arabizi}): the "his" ending -o is written و (${arabic.slice(0, -1)}و), not ه`);
    }
  }
}
