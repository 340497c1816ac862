import * as v from 'valibot';
import type { ContentPlugin, Reporter, TextField } from '../../content/types';
import { parseYaml, validateDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, reportRepeats, text } from '../../content/fields';
import { syncByKey, syncChildren } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { checkVerbForms } from '../../content/verb-forms';
import { knownArabiziOf, verbFormsOf, type TopicWords } from '../vocabulary/content';
import { sentenceContexts, sentences } from './schema';

const SentencesFile = v.strictObject({
  topic: v.pipe(text('the topic key'), v.regex(/^[a-z0-9_]+$/, 'must be a topic key like food_and_drink (lower case, underscores)')),
  sentences: v.pipe(
    v.array(
      v.strictObject({
        key: key(),
        question: v.strictObject({ arabizi: arabizi(), arabic: arabic(), english: text('English text') }, 'must have arabizi, arabic and english'),
        contexts: v.pipe(
          v.array(
            v.strictObject({ context: text('a scenario'), recommended_answer: arabizi(), arabic: arabic(), english: text('English text') }),
            'must be a list of contexts',
          ),
          v.minLength(2, 'must give at least two contexts'),
        ),
      }),
      'must be a list of sentences',
    ),
    v.minLength(1, 'must list at least one sentence'),
  ),
});

export interface SentenceContent {
  file: string;
  line: number;
  sentence: { key: string; topic: string; questionArabizi: string; questionArabic: string; questionEnglish: string; sortOrder: number };
  contexts: { position: number; context: string; recommendedAnswer: string; arabic: string; english: string }[];
  texts: TextField[];
}

export const sentencesContent: ContentPlugin<SentenceContent> = {
  kind: 'sentences',
  folder: 'sentences',
  extensions: ['.yaml', '.yml'],
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const data = validateDoc(doc, SentencesFile, report);
    if (!data) return [];
    return data.sentences.flatMap((s, i) => {
      checkNumberLetters(doc, ['sentences', i, 'question', 'arabizi'], s.question.arabizi, s.question.arabic, report);
      s.contexts.forEach((c, j) => checkNumberLetters(doc, ['sentences', i, 'contexts', j, 'recommended_answer'], c.recommended_answer, c.arabic, report));
      return [
        {
          file: file.path,
          line: doc.lineOf(['sentences', i, 'key']),
          sentence: {
            key: `${data.topic}/${s.key}`,
            topic: data.topic,
            questionArabizi: s.question.arabizi,
            questionArabic: s.question.arabic,
            questionEnglish: s.question.english,
            sortOrder: i,
          },
          contexts: s.contexts.map((c, j) => ({ position: j, context: c.context, recommendedAnswer: c.recommended_answer, arabic: c.arabic, english: c.english })),
          texts: [
            textAt(doc, ['sentences', i, 'question', 'arabizi'], s.question.arabizi, 'arabizi', { arabic: s.question.arabic, english: s.question.english }),
            textAt(doc, ['sentences', i, 'question', 'english'], s.question.english, 'english'),
            ...s.contexts.flatMap((c, j) => [
              textAt(doc, ['sentences', i, 'contexts', j, 'context'], c.context, 'prose'),
              textAt(doc, ['sentences', i, 'contexts', j, 'recommended_answer'], c.recommended_answer, 'arabizi', { arabic: c.arabic, english: c.english }),
              textAt(doc, ['sentences', i, 'contexts', j, 'english'], c.english, 'english'),
            ]),
          ],
        },
      ];
    });
  },
  check(items, all, report) {
    checkVerbForms(verbFormsOf(all), knownArabiziOf(all), items.flatMap((item) => item.texts), report);
    checkAddressee(items, all, report);
    reportRepeats(
      items,
      (item) => item.sentence.key,
      (item) => ({ file: item.file, line: item.line, field: 'key' }),
      (item) => `sentence key "${item.sentence.key.slice(item.sentence.topic.length + 1)}" of topic ${item.sentence.topic}`,
      report,
    );
  },
  texts: (item) => item.texts,
  // A question's clip is content/audio/sentences/<topic>/<key>, its recommended answers' <topic>/<key>/<context number>.
  recordable: ({ sentence, contexts }) => [
    { kind: 'sentences', key: sentence.key, arabizi: sentence.questionArabizi, arabic: sentence.questionArabic },
    ...contexts.map((c) => ({ kind: 'sentences', key: `${sentence.key}/${c.position + 1}`, arabizi: c.recommendedAnswer, arabic: c.arabic })),
  ],
  apply(tx, items) {
    const sentenceSync = syncByKey(tx, sentences, items.map((i) => i.sentence), { keyField: 'key' });
    for (const item of items) {
      syncChildren(tx, sentenceSync, item.sentence.key, sentenceContexts, 'sentenceId', 'position', item.contexts);
    }
    return sentenceSync.counts;
  },
};

const WORD = /[a-z0-9]+/g;
/** English that says who is spoken to: "(to a man)", "(to a woman)", "(to a group)", "(m.)", "(f.)", "(pl.)". */
const SAYS_WHO = /\((to an? |m\.|f\.|pl\.)/i;
const SPEAKS_TO_YOU = /\byou(r|rs|rself)?\b/i;
/** The endings a word takes for "your" and "you" as object (baddak, kifik, 3andkon). */
const YOUR = /^[a-z0-9]{2,}(ak|ik|ike|kon)$/;
/** The present of "you" (bta3mel, bt2oum): the verbs of content/verbs name their own forms, and bt- says "you" of any other beside English that says so. */
const YOU_PRESENT = /^bt[a-z0-9]{3,}$/;

/**
 * A question whose Lebanese speaks to one person or a group (enta, a form of enta, enti or ento, a present
 * with bt-, a word with -ak, -ik or -kon) and whose English says "you" must say to whom, as docs/content-format.md
 * ("Spelling conventions") requires: the learner cannot tell "Shu baddak?" from "Shu baddik?" otherwise.
 */
function checkAddressee(items: SentenceContent[], all: Map<string, unknown[]>, report: Reporter) {
  const yourForms = new Set(
    verbFormsOf(all).flatMap((verb) => verb.forms.filter((f) => f.pronoun === 'enta' || f.pronoun === 'enti' || f.pronoun === 'ento').map((f) => f.arabizi.toLowerCase().match(WORD)!.at(-1)!)),
  );
  // A word of a topic whose English speaks to no one (samak, fish) is not a "your" ending.
  const plainWords = new Set(
    ((all.get('words') ?? []) as TopicWords[]).flatMap((t) => t.words.filter((w) => !SPEAKS_TO_YOU.test(w.english) && !SAYS_WHO.test(w.english)).flatMap((w) => w.lebanese.toLowerCase().match(WORD) ?? [])),
  );
  const addresses = (word: string) => ['enta', 'enti', 'ento'].includes(word) || yourForms.has(word) || YOU_PRESENT.test(word) || (YOUR.test(word) && !plainWords.has(word));
  for (const item of items) {
    const { questionArabizi, questionEnglish } = item.sentence;
    if (!SPEAKS_TO_YOU.test(questionEnglish) || SAYS_WHO.test(questionEnglish)) continue;
    const word = (questionArabizi.toLowerCase().match(WORD) ?? []).find(addresses);
    if (word)
      report.error({
        file: item.file,
        line: item.line + 1,
        field: 'question.english',
        message: `"${questionArabizi}" speaks to someone ("${word}"): say to whom in the English, "(to a man)", "(to a woman)" or "(to a group)"`,
      });
  }
}
