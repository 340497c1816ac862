import type { VerbForms } from './verb-forms';
import type { Reporter, TextField } from './types';

const WORD = /[a-z0-9]+/g;
/** English that says who is spoken to: "(to a man)", "(the reply, to a woman)", "(to several people)", "(m.)", "(f.)", "(pl.)". */
const SAYS_WHO = /\((?:[^()]*\s)?(?:to (?:a|an|two|several) |m\.|f\.|pl\.)/i;
export const SPEAKS_TO_YOU = /\byou(r|rs|rself)?\b/i;
/** The endings a word takes for "your" and "you" as object (baddak, kifik, fike, 3andkon). */
const YOUR = /^[a-z0-9]+(ak|ik|ike|kon)$/;
/** The present of "you" (bta3mel, bt2oum), which is also the present of "she": it says "you" only beside English that does. */
const YOU_OR_SHE_PRESENT = /^bt[a-z0-9]{3,}$/;
const YOU = ['enta', 'enti', 'ento'];

/**
 * Lebanese that speaks to a man, a woman or a group says so in its English (docs/content-format.md,
 * "Spelling conventions"; docs/decisions/0071-one-lexicon.md): a learner cannot tell "Shu baddak?"
 * from "Shu baddik?" otherwise, nor know which to answer with. A question, an answer, a dialogue
 * line and a lesson's Lebanese are read alike, whether or not their English says "you" ("How are
 * things?" for kifak). The Lebanese speaks to someone when it has enta, enti or ento, a verb form
 * only "you" takes, or a word ending in -ak, -ik or -kon that is not a word of its own (samak, fish;
 * heik, like this); a bt- present, which "she" shares, counts when the English says "you". A word
 * card is read too (yeslamo ideik, bless your hands (to a man)).
 */
export function checkAddressee(texts: TextField[], verbs: VerbForms[], plainWords: Set<string>, report: Reporter) {
  const formsOf = new Map<string, Set<string>>();
  for (const verb of verbs) {
    for (const form of verb.forms) {
      const word = form.arabizi.toLowerCase().match(WORD)?.at(-1);
      if (word) formsOf.set(word, new Set([...(formsOf.get(word) ?? []), form.pronoun ?? 'infinitive']));
    }
  }
  const onlyYou = (word: string) => {
    const pronouns = formsOf.get(word);
    return !!pronouns && [...pronouns].every((p) => YOU.includes(p));
  };
  // A card's own words are its only evidence: its -ak counts as "your" when its English says "you" (kesak, cheers, is left to its author).
  const addresses = (word: string, english: string, card: boolean) =>
    YOU.includes(word) ||
    onlyYou(word) ||
    (YOUR.test(word) && word.length >= 3 && !plainWords.has(word) && !formsOf.has(word) && (!card || SPEAKS_TO_YOU.test(english))) ||
    (YOU_OR_SHE_PRESENT.test(word) && SPEAKS_TO_YOU.test(english) && !plainWords.has(word));
  // The error stands at the English that must change, the field beside the Lebanese (lines[3].english beside lines[3].arabizi).
  const englishFields = new Map(texts.filter((t) => t.kind === 'english').map((t) => [`${t.file} ${t.field}`, t]));
  const englishOf = (t: TextField) => englishFields.get(`${t.file} ${t.field.replace(/[^.]+$/, 'english')}`) ?? t;
  for (const t of texts) {
    if (t.kind !== 'arabizi' || t.english === undefined || t.conjugated || SAYS_WHO.test(t.english)) continue;
    const english = t.english;
    const word = (t.text.toLowerCase().match(WORD) ?? []).find((w) => addresses(w, english, !!t.headword));
    const at = englishOf(t);
    if (word)
      report.error({
        file: at.file,
        line: at.line,
        field: at.field,
        message: `"${t.text}" speaks to someone ("${word}"): say to whom in its English ("${english}"), "(to a man)", "(to a woman)" or "(to a group)"`,
      });
  }
}
