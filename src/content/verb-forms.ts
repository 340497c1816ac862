import type { Reporter, TextField } from './types';

/** One verb of content/verbs as the check needs it: its forms in arabizi with their English. */
export interface VerbForms {
  english: string;
  forms: { arabizi: string; english: string; tense?: string; pronoun?: string }[];
}
type Form = VerbForms['forms'][number];

const WORD = /[A-Za-z0-9]+/g;
const words = (s: string) => s.toLowerCase().match(WORD) ?? [];

/** A word's consonants in order, a doubled one once: be7ebb and b7ebb are both b-7-b. */
const skeleton = (word: string) => word.replace(/[aeiou]/g, '').replace(/(.)\1+/g, '$1');

function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The endings a form takes for an object or "for me, for you…": b7ebbo (I love it), ta3melle (you do for me). */
const ENDINGS = ['o', 'a', 'ak', 'ik', 'kon', 'on', 'na', 'ne', 'ni', 'le', 'lak', 'lik', 'lo', 'la', 'lna', 'lkon', 'lon'];

/** "you ate (m.)" → "you ate": the English a translation would contain. */
const plainEnglish = (english: string) =>
  english
    .replace(/\([^)]*\)/g, '')
    .replace(/[!?.]/g, '')
    .trim()
    .toLowerCase();
const SUBJECT = /^(i|we|you|he|she|they) \S+$/;
/** English words, with "didn't" read as "did not" and "won't" as "will not". */
const englishWords = (s: string) => words(s.replace(/won['’]t/gi, 'will not').replace(/n['’]t\b/gi, ' not'));
const containsPhrase = (text: string, phrase: string) => ` ${words(text).join(' ')} `.includes(` ${words(phrase).join(' ')} `);

/** A verb's forms that name who does it ("I paid", "you pay"), as the subject and verb a translation would hold. */
function subjectForms(verb: VerbForms) {
  return verb.forms.flatMap((form) => {
    const phrase = plainEnglish(form.english);
    return SUBJECT.test(phrase) ? [{ form, subject: phrase.split(' ')[0], action: phrase.split(' ')[1] }] : [];
  });
}

/**
 * The forms a translation asks for: "I paid" asks for the ana past; "you pay" and "do you pay" for the
 * present of enta, enti and ento; "did you pay" for their past, since English puts the tense on "did".
 * A subject and verb after "will", "can", "to" and the like say nothing of the Lebanese form.
 */
function formsMeant(verb: VerbForms, withSubject: ReturnType<typeof subjectForms>, sentence: string[]): Form[] {
  const meant: Form[] = [];
  for (const { form, subject, action } of withSubject) {
    for (let i = 1; i < sentence.length; i++) {
      if (sentence[i - 1] !== subject || sentence[i] !== action) continue;
      const before = sentence.slice(0, i - 1).filter((w) => w !== 'not');
      const auxiliary = before.at(-1);
      if (auxiliary === 'did' && form.tense === 'present') {
        meant.push(...verb.forms.filter((f) => f.tense === 'past' && f.pronoun === form.pronoun));
      } else if (auxiliary === undefined || !AUXILIARIES.has(auxiliary)) {
        meant.push(form);
      }
    }
  }
  return meant;
}
const AUXILIARIES = new Set(['did', 'will', 'would', 'can', 'could', 'to', 'let', 'must', 'should', 'might', 'may', 'shall']);

/**
 * Checks the verb forms that sentences and lessons use against content/verbs, as warnings:
 * - a word one letter or two away from a form of a verb, with the same consonants, that is no known
 *   word and no form with an ending (be7ebb for b7ebb): the nearest form is named;
 * - a form whose English contradicts the translation: "dafa3et" (she paid) where the English says
 *   "I paid" or "did you pay" (dafa3t).
 * `known` holds every arabizi word of the corpus's words and verbs and of the spelling table, so a
 * noun that looks like a verb form is never taken for one.
 */
export function checkVerbForms(verbs: VerbForms[], known: Set<string>, texts: TextField[], report: Reporter) {
  // The words of the forms, but not the particles that many verbs share (ra7, ma, 3am).
  const formWords = new Map<string, { verb: VerbForms } & Form>();
  const shared = new Set<string>();
  for (const verb of verbs) {
    for (const form of verb.forms) {
      for (const w of words(form.arabizi)) {
        const other = formWords.get(w);
        if (other && other.verb !== verb) shared.add(w);
        else if (!other) formWords.set(w, { verb, ...form });
      }
    }
  }
  for (const w of shared) formWords.delete(w);
  const subjects = verbs.map((verb) => [verb, subjectForms(verb)] as const);
  const bySkeleton = new Map<string, string[]>();
  for (const form of formWords.keys()) bySkeleton.set(skeleton(form), [...(bySkeleton.get(skeleton(form)) ?? []), form]);
  const withEnding = (token: string) =>
    ENDINGS.some(
      (ending) => token.endsWith(ending) && (known.has(token.slice(0, -ending.length)) || formWords.has(token.slice(0, -ending.length))),
    );

  for (const t of texts) {
    if (t.kind !== 'arabizi') continue;
    const warn = (message: string) => report.warn({ file: t.file, line: t.line, field: t.field, message });

    for (const token of new Set(words(t.text))) {
      if (known.has(token) || formWords.has(token) || token.length < 3 || /^[0-9]+$/.test(token) || withEnding(token)) continue;
      let nearest: { form: string; english: string; verb: VerbForms; d: number } | undefined;
      for (const form of bySkeleton.get(skeleton(token)) ?? []) {
        const { verb, english } = formWords.get(form)!;
        const d = distance(token, form);
        if (d <= (form.length <= 5 ? 1 : 2) && (!nearest || d < nearest.d)) nearest = { form, english, verb, d };
      }
      if (nearest)
        warn(`"${token}" is not a form of ${nearest.verb.english} in content/verbs; the nearest is "${nearest.form}" (${nearest.english})`);
    }

    if (!t.english) continue;
    const sentence = englishWords(t.english);
    for (const [verb, withSubject] of subjects) {
      const meant = formsMeant(verb, withSubject, sentence);
      if (meant.length === 0 || meant.some((f) => containsPhrase(t.text, f.arabizi))) continue;
      const used = verb.forms.filter((f) => containsPhrase(t.text, f.arabizi));
      // The longest form written (ra7 ekol rather than ekol) says best what the text chose.
      const written = used.sort((a, b) => b.arabizi.length - a.arabizi.length)[0];
      if (!written) continue;
      const expected = [...new Set(meant.map((f) => `"${f.arabizi}"`))].join(' or ');
      warn(`"${written.arabizi}" is "${written.english}", but the English "${t.english}" asks for ${expected}`);
    }
  }
}
