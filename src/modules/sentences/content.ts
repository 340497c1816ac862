import * as v from 'valibot';
import type { ContentPlugin, KindStats, TextField } from '../../content/types';
import { formatTable } from '../../content/table';
import { MINIMUMS, SENTENCE_TOPICS } from '../../content/corpus';
import { parseYaml, validateDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, reportRepeats, text } from '../../content/fields';
import { syncByKey, syncChildren } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { checkLebaneseTexts } from '../vocabulary/content';
import { sentenceContexts, sentences } from './schema';

const SentencesFile = v.strictObject({
  topic: v.pipe(text('the topic key'), v.regex(/^[a-z0-9_]+$/, 'must be a topic key like food_and_drink (lower case, underscores)')),
  sentences: v.pipe(
    v.array(
      v.strictObject({
        key: key(),
        question: v.strictObject(
          { arabizi: arabizi(), arabic: arabic(), english: text('English text') },
          'must have arabizi, arabic and english',
        ),
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
      s.contexts.forEach((c, j) =>
        checkNumberLetters(doc, ['sentences', i, 'contexts', j, 'recommended_answer'], c.recommended_answer, c.arabic, report),
      );
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
          contexts: s.contexts.map((c, j) => ({
            position: j,
            context: c.context,
            recommendedAnswer: c.recommended_answer,
            arabic: c.arabic,
            english: c.english,
          })),
          texts: [
            textAt(doc, ['sentences', i, 'question', 'arabizi'], s.question.arabizi, 'arabizi', {
              arabic: s.question.arabic,
              english: s.question.english,
            }),
            textAt(doc, ['sentences', i, 'question', 'english'], s.question.english, 'english'),
            ...s.contexts.flatMap((c, j) => [
              textAt(doc, ['sentences', i, 'contexts', j, 'context'], c.context, 'prose'),
              textAt(doc, ['sentences', i, 'contexts', j, 'recommended_answer'], c.recommended_answer, 'arabizi', {
                arabic: c.arabic,
                english: c.english,
              }),
              textAt(doc, ['sentences', i, 'contexts', j, 'english'], c.english, 'english'),
            ]),
          ],
        },
      ];
    });
  },
  check(items, all, report) {
    checkLebaneseTexts(
      items.flatMap((item) => item.texts),
      all,
      report,
    );
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
    ...contexts.map((c) => ({
      kind: 'sentences',
      key: `${sentence.key}/${c.position + 1}`,
      arabizi: c.recommendedAnswer,
      arabic: c.arabic,
    })),
  ],
  stats: (items) => sentenceStats(items),
  places: (item) => [{ key: item.sentence.key, file: item.file, at: item.line }],
  apply(tx, items) {
    const sentenceSync = syncByKey(
      tx,
      sentences,
      items.map((i) => i.sentence),
      { keyField: 'key' },
    );
    for (const item of items) {
      syncChildren(tx, sentenceSync, item.sentence.key, sentenceContexts, 'sentenceId', 'position', item.contexts);
    }
    return sentenceSync.counts;
  },
};

/** Sentences per topic, with their contexts, for `bun run content:stats`. */
function sentenceStats(sentenceList: SentenceContent[]): KindStats {
  const gaps: string[] = [];
  const sentenceTopics = [...new Set([...SENTENCE_TOPICS, ...sentenceList.map((s) => s.sentence.topic)])];
  const lines = [
    `Sentences: ${sentenceList.length} in ${new Set(sentenceList.map((s) => s.sentence.topic)).size} topics, ${sentenceList.reduce((n, s) => n + s.contexts.length, 0)} contexts`,
    formatTable([
      ['topic', 'sentences', 'contexts'],
      ...sentenceTopics.map((topic) => {
        const list = sentenceList.filter((s) => s.sentence.topic === topic);
        const short = list.length < MINIMUMS.sentencesPerTopic;
        if (short) gaps.push(`sentences: ${topic} has ${list.length} sentences (at least ${MINIMUMS.sentencesPerTopic})`);
        if (!SENTENCE_TOPICS.includes(topic)) gaps.push(`sentences: topic "${topic}" is not one of ${SENTENCE_TOPICS.join(', ')}`);
        return [topic, `${list.length}${short ? ' !' : ''}`, list.reduce((n, s) => n + s.contexts.length, 0)];
      }),
    ]),
  ];
  return { lines, gaps };
}
