import * as v from 'valibot';
import type { ContentPlugin, KindStats, TextField } from '../../content/types';
import { formatTable } from '../../content/table';
import { MINIMUMS } from '../../content/corpus';
import { readFrontMatter } from '../../content/front-matter';
import type { SourceDoc } from '../../content/yaml';
import { arabizi, key, reportRepeats, text } from '../../content/fields';
import { syncByKey, syncChildren } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { grammarKeysOf } from '../grammar/content';
import { checkLebaneseTexts, topicIdIn, topicNamesOf, verbIdIn, verbKeysOf } from '../vocabulary/content';
import { DIFFICULTIES, STEP_TYPES, lessonContent, lessons, type StepContent, type StepType } from './schema';

const Component = v.strictObject({
  lebanese: arabizi(),
  english: text('English text'),
  explanation: v.optional(text('text')),
  audioUrl: v.optional(v.pipe(v.string(), v.regex(/^\/[\w\-./]+$/, 'must be a path on this site, like /audio/marhaba.mp3'))),
});
const Components = v.pipe(v.array(Component, 'must be a list of components'), v.minLength(1, 'must list at least one component'));

const VocabularyStep = v.strictObject({ type: v.picklist(['vocabulary', 'grammar', 'review']), components: Components });
const SentenceStep = v.strictObject({
  type: v.literal('sentence_building'),
  phrase: v.strictObject({ lebanese: arabizi(), english: text('English text') }, 'must have lebanese and english'),
  components: Components,
});
const PracticeStep = v.pipe(
  v.strictObject({
    type: v.literal('practice'),
    question: text('a question'),
    options: v.pipe(v.array(text('an option'), 'must be a list of options'), v.minLength(2, 'must offer at least two options')),
    correctAnswer: text('the correct option'),
    explanation: text('an explanation'),
  }),
  v.forward(
    v.check(
      (step) => step.options.includes(step.correctAnswer),
      (issue) => `correctAnswer "${issue.input.correctAnswer}" must be one of the options (${issue.input.options.join(' | ')})`,
    ),
    ['correctAnswer'],
  ),
);

const Step = v.variant('type', [VocabularyStep, SentenceStep, PracticeStep], (issue) =>
  issue.input === undefined
    ? `a step needs a type: one of ${STEP_TYPES.join(', ')}`
    : `step type must be one of ${STEP_TYPES.join(', ')} (got ${JSON.stringify(issue.input)})`,
);

const FrontMatter = v.strictObject({
  key: key(),
  name: text('the lesson name'),
  topic: v.optional(text('a topic name')),
  verb: v.optional(key()),
  grammar: v.optional(key()),
  order: v.pipe(v.number('must be a number'), v.integer('must be a whole number')),
  difficulty: v.picklist(DIFFICULTIES, `must be one of ${DIFFICULTIES.join(', ')}`),
  steps: v.pipe(v.array(Step, 'must be a list of steps'), v.minLength(1, 'must have at least one step')),
});

export interface LessonContent {
  file: string;
  lines: { key: number; topic: number; verb: number; grammar: number };
  topic?: string;
  verb?: string;
  lesson: {
    key: string;
    name: string;
    description: string;
    orderIndex: number;
    difficulty: (typeof DIFFICULTIES)[number];
    grammar: string | null;
  };
  steps: { orderIndex: number; type: StepType; content: StepContent }[];
  texts: TextField[];
}

type ComponentData = v.InferOutput<typeof Component>;

/** A step's texts: its arabizi (with the English it pairs with), its English and its prose. */
function stepTexts(doc: SourceDoc, step: v.InferOutput<typeof Step>, i: number): TextField[] {
  const at = (path: (string | number)[], text: string, kind: TextField['kind'], english?: string) =>
    textAt(doc, ['steps', i, ...path], text, kind, english ? { english } : {});
  const components = (list: ComponentData[]) =>
    list.flatMap((c, j) => [
      at(['components', j, 'lebanese'], c.lebanese, 'arabizi', c.english),
      at(['components', j, 'english'], c.english, 'english'),
      ...(c.explanation ? [at(['components', j, 'explanation'], c.explanation, 'prose')] : []),
    ]);
  if (step.type === 'practice') {
    return [
      at(['question'], step.question, 'prose'),
      ...step.options.map((option, j) => at(['options', j], option, 'prose')),
      at(['explanation'], step.explanation, 'prose'),
    ];
  }
  if (step.type === 'sentence_building') {
    return [
      at(['phrase', 'lebanese'], step.phrase.lebanese, 'arabizi', step.phrase.english),
      at(['phrase', 'english'], step.phrase.english, 'english'),
      ...components(step.components),
    ];
  }
  return components(step.components);
}

/** The recorded-audio key of a lesson's component: step and component counted from 1 (docs/content-format.md). */
export const lessonComponentKey = (lessonKey: string, step: number, component: number) => `${lessonKey}/${step + 1}-${component + 1}`;

export const lessonsContent: ContentPlugin<LessonContent> = {
  kind: 'lessons',
  folder: 'lessons',
  extensions: ['.md'],
  parse(file, report) {
    const read = readFrontMatter(file, report, FrontMatter, { file: 'a lesson', noBody: 'the lesson needs an introduction' });
    if (!read) return [];
    const { doc, data, bodyStart } = read;
    const description = read.body.trim();
    return [
      {
        file: file.path,
        lines: { key: doc.lineOf(['key']), topic: doc.lineOf(['topic']), verb: doc.lineOf(['verb']), grammar: doc.lineOf(['grammar']) },
        topic: data.topic,
        verb: data.verb,
        lesson: {
          key: data.key,
          name: data.name,
          description,
          orderIndex: data.order,
          difficulty: data.difficulty,
          grammar: data.grammar ?? null,
        },
        steps: data.steps.map((step, i) => {
          const { type, ...content } = step;
          return { orderIndex: i, type, content: content as StepContent };
        }),
        texts: [
          textAt(doc, ['name'], data.name, 'english'),
          ...data.steps.flatMap((step, i) => stepTexts(doc, step, i)),
          ...read.body
            .split('\n')
            .flatMap((line, n) =>
              line.trim() ? [{ file: file.path, line: bodyStart + n, field: '(body)', text: line, kind: 'prose' as const }] : [],
            ),
        ],
      },
    ];
  },
  check(items, all, report) {
    const topicNames = new Set(topicNamesOf(all));
    const verbKeys = new Set(verbKeysOf(all));
    const grammarKeys = new Set(grammarKeysOf(all));
    for (const item of items) {
      if (item.lesson.grammar && !grammarKeys.has(item.lesson.grammar))
        report.error({
          file: item.file,
          line: item.lines.grammar,
          field: 'grammar',
          message: `no grammar page with key "${item.lesson.grammar}" in content/grammar`,
        });
      if (item.topic && !topicNames.has(item.topic))
        report.error({
          file: item.file,
          line: item.lines.topic,
          field: 'topic',
          message: `no topic named "${item.topic}" in content/words or content/verbs`,
        });
      if (item.verb && !verbKeys.has(item.verb))
        report.error({
          file: item.file,
          line: item.lines.verb,
          field: 'verb',
          message: `no verb with key "${item.verb}" in content/verbs`,
        });
    }
    checkLebaneseTexts(
      items.flatMap((item) => item.texts),
      all,
      report,
    );
    reportRepeats(
      items,
      (item) => item.lesson.key,
      (item) => ({ file: item.file, line: item.lines.key, field: 'key' }),
      (item) => `lesson key "${item.lesson.key}"`,
      report,
    );
  },
  texts: (item) => item.texts,
  // A component's clip is content/audio/lessons/<lesson key>/<step number>-<component number>; components have no Arabic script.
  recordable: ({ lesson, steps }) =>
    steps.flatMap((step, i) =>
      (step.content.components ?? []).map((c, j) => ({
        kind: 'lessons',
        key: lessonComponentKey(lesson.key, i, j),
        arabizi: c.lebanese,
        arabic: '',
      })),
    ),
  stats: (items) => lessonStats(items),
  // A step is reported by `lesson-key#index`.
  places: ({ lesson, file, steps }) => steps.map((_, i) => ({ key: `${lesson.key}#${i}`, file, at: ['steps', i] })),
  apply(tx, items) {
    const topicId = (name?: string) => (name ? topicIdIn(tx, name) : null);
    const verbId = (k?: string) => (k ? verbIdIn(tx, k) : null);
    const lessonSync = syncByKey(
      tx,
      lessons,
      items.map((item) => ({ ...item.lesson, topicId: topicId(item.topic), verbId: verbId(item.verb) })),
      { keyField: 'key' },
    );
    for (const item of items) syncChildren(tx, lessonSync, item.lesson.key, lessonContent, 'lessonId', 'orderIndex', item.steps);
    return lessonSync.counts;
  },
};

/** Lessons in their order with their steps by type, for `bun run content:stats`. */
function lessonStats(items: LessonContent[]): KindStats {
  const gaps: string[] = [];
  const lessonList = items.slice().sort((a, b) => a.lesson.orderIndex - b.lesson.orderIndex);
  const { min, max } = MINIMUMS.stepsPerLesson;
  const lines = [
    `Lessons: ${lessonList.length}`,
    formatTable(
      [
        ['order', 'lesson', 'difficulty', 'steps', ...STEP_TYPES],
        ...lessonList.map((l) => {
          const off = l.steps.length < min || l.steps.length > max;
          if (off) gaps.push(`lessons: "${l.lesson.name}" has ${l.steps.length} steps (${min} to ${max})`);
          return [
            l.lesson.orderIndex,
            l.lesson.name,
            l.lesson.difficulty,
            `${l.steps.length}${off ? ' !' : ''}`,
            ...STEP_TYPES.map((type) => l.steps.filter((s) => s.type === type).length),
          ];
        }),
      ],
      [1, 2],
    ),
  ];
  if (lessonList.length < MINIMUMS.lessons) gaps.push(`lessons: ${lessonList.length} (at least ${MINIMUMS.lessons})`);
  return { lines, gaps };
}
