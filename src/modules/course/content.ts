import * as v from 'valibot';
import type { ContentPlugin, Reporter } from '../../content/types';
import { key, reportRepeats, text } from '../../content/fields';
import { parseYaml, validateDoc, type Path } from '../../content/yaml';
import { syncByKey } from '../../content/sync';
import type { ScenarioContent } from '../conversations/content';
import type { DialogueContent } from '../dialogues/content';
import type { GrammarContent } from '../grammar/content';
import type { LessonContent } from '../lessons/content';
import type { TopicWords } from '../vocabulary/content';
import { courseUnits, type UnitStep } from './schema';

/** The course is one file at the content root (docs/content-format.md#the-course). */
export const COURSE_FILE = 'course.yaml';

const Batch = v.pipe(
  v.number('must be a batch number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be 1 to 6'),
  v.maxValue(6, 'must be 1 to 6'),
);
const TopicEntry = v.union(
  [
    text('a topic name'),
    v.strictObject({
      topic: text('a topic name'),
      batches: v.pipe(v.array(Batch, 'must be a list of batch numbers'), v.minLength(1, 'must name at least one batch')),
    }),
  ],
  'must be a topic name, or { topic, batches }',
);
const keys = (what: string) => v.optional(v.array(key(), `must be a list of ${what} keys`), []);

// A unit is one strict object: a new kind of step is one more optional list here and one more check below.
const Unit = v.strictObject({
  key: v.pipe(key(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower case letters, digits and "-" (e.g. "first-words")')),
  title: text('the unit title'),
  expects: keys('unit'),
  topics: v.optional(v.array(TopicEntry, 'must be a list of topics'), []),
  grammar: keys('grammar page'),
  lessons: keys('lesson'),
  dialogues: keys('dialogue'),
  conversations: keys('conversation scenario'),
});
const CourseFile = v.strictObject({
  units: v.pipe(v.array(Unit, 'must be a list of units'), v.minLength(1, 'must list at least one unit')),
});

type UnitData = v.InferOutput<typeof Unit>;

export interface CourseUnitContent {
  file: string;
  /** Where each field of the unit is, for the checks across kinds. */
  lineOf(path: Path): number;
  index: number;
  unit: UnitData;
  /** Its topics as a topic name and its batches; null: every batch the topic has. */
  topics: { topic: string; batches: number[] | null }[];
}

/**
 * When a topic's batches, lessons, grammar pages and dialogues come in the course, checked against the
 * content they name. A unit introduces a topic's batch when it is the first unit to list that batch
 * (a topic listed without batches lists every batch it has). A lesson uses its topic (its `topic:`) and its
 * grammar page (`grammar:`); a grammar page and a conversation scenario use the batch of every word they
 * link (`words:`). A unit may not hold a lesson, a grammar page or a scenario before the units that
 * introduce what it uses.
 */
function checkCourse(items: CourseUnitContent[], all: Map<string, unknown[]>, report: Reporter) {
  const topicWords = (all.get('words') ?? []) as TopicWords[];
  const lessons = new Map(((all.get('lessons') ?? []) as LessonContent[]).map((l) => [l.lesson.key, l]));
  const grammar = new Map(((all.get('grammar') ?? []) as GrammarContent[]).map((g) => [g.page.key, g]));
  const dialogues = new Set(((all.get('dialogues') ?? []) as DialogueContent[]).map((d) => d.dialogue.key));
  const scenarios = new Map(((all.get('conversations') ?? []) as ScenarioContent[]).map((c) => [c.scenario.key, c]));
  const batchesOf = new Map(topicWords.map((t) => [t.topic.name, new Set(t.words.map((w) => w.batch))]));
  const wordAt = new Map(topicWords.flatMap((t) => t.words.map((w) => [w.key, { topic: t.topic.name, batch: w.batch }] as const)));
  const error = (item: CourseUnitContent, path: Path, message: string) =>
    report.error({
      file: item.file,
      line: item.lineOf(['units', item.index, ...path]),
      field: `units[${item.index}].${path
        .map((p) => (typeof p === 'number' ? `[${p}]` : p))
        .join('.')
        .replace(/\.\[/g, '[')}`,
      message,
    });

  const unitIndex = new Map<string, number>();
  /** The unit that introduces each topic's batch ("Topic#batch"), each lesson, grammar page and dialogue. */
  const introducedIn = new Map<string, number>();
  const placedIn = new Map<string, number>();
  const place = (item: CourseUnitContent, path: Path, what: string, name: string) => {
    const earlier = placedIn.get(name);
    if (earlier !== undefined)
      error(item, path, `${what} is already in unit ${earlier + 1} (${items[earlier]!.unit.key}): each belongs to one unit`);
    else placedIn.set(name, item.index);
  };

  // What each unit introduces, first: a lesson's message can then name the later unit that introduces its topic.
  for (const item of items) {
    item.topics.forEach(({ topic, batches }, i) => {
      const has = batchesOf.get(topic);
      if (!has) return error(item, ['topics', i], `no topic named "${topic}" in content/words`);
      for (const batch of batches ?? [...has].sort()) {
        if (!has.has(batch)) error(item, ['topics', i], `topic "${topic}" has no words in batch ${batch}`);
        else place(item, ['topics', i], `batch ${batch} of topic "${topic}"`, `topic:${topic}#${batch}`);
        if (!introducedIn.has(`${topic}#${batch}`)) introducedIn.set(`${topic}#${batch}`, item.index);
      }
      if (!introducedIn.has(topic)) introducedIn.set(topic, item.index);
    });
  }
  for (const item of items) {
    const { unit } = item;
    unit.expects.forEach((k, i) => {
      const at = unitIndex.get(k);
      if (at === undefined)
        error(
          item,
          ['expects', i],
          items.some((other) => other.unit.key === k)
            ? `unit "${k}" comes after this one: a unit expects only units before it`
            : `no unit with key "${k}" in ${COURSE_FILE}`,
        );
    });
    unitIndex.set(unit.key, item.index);
    const usedTooEarly = (path: Path, user: string, topic: string, batch?: number) => {
      const name = batch === undefined ? topic : `${topic}#${batch}`;
      const at = introducedIn.get(name);
      const what = batch === undefined ? `topic "${topic}"` : `batch ${batch} of topic "${topic}"`;
      if (at === undefined || at > item.index)
        error(
          item,
          path,
          `${user} uses ${what}, which ${at === undefined ? 'no unit introduces' : `unit ${at + 1} introduces`}: list it in this unit or an earlier one`,
        );
    };
    unit.grammar.forEach((k, i) => {
      const page = grammar.get(k);
      if (!page) return error(item, ['grammar', i], `no grammar page with key "${k}" in content/grammar`);
      place(item, ['grammar', i], `grammar page "${k}"`, `grammar:${k}`);
      for (const wordKey of page.wordKeys) {
        const word = wordAt.get(wordKey);
        if (word) usedTooEarly(['grammar', i], `grammar page "${k}" (its word ${wordKey})`, word.topic, word.batch);
      }
    });
    unit.lessons.forEach((k, i) => {
      const lesson = lessons.get(k);
      if (!lesson) return error(item, ['lessons', i], `no lesson with key "${k}" in content/lessons`);
      place(item, ['lessons', i], `lesson "${k}"`, `lesson:${k}`);
      if (lesson.topic && batchesOf.has(lesson.topic)) usedTooEarly(['lessons', i], `lesson "${k}"`, lesson.topic);
      const page = lesson.lesson.grammar;
      if (page) {
        const at = placedIn.get(`grammar:${page}`);
        if (at === undefined || at > item.index)
          error(item, ['lessons', i], `lesson "${k}" uses grammar page "${page}": list the page in this unit or an earlier one`);
      }
    });
    unit.dialogues.forEach((k, i) => {
      if (!dialogues.has(k)) return error(item, ['dialogues', i], `no dialogue with key "${k}" in content/dialogues`);
      place(item, ['dialogues', i], `dialogue "${k}"`, `dialogue:${k}`);
    });
    unit.conversations.forEach((k, i) => {
      const scenario = scenarios.get(k);
      if (!scenario) return error(item, ['conversations', i], `no conversation scenario with key "${k}" in content/conversations`);
      place(item, ['conversations', i], `conversation scenario "${k}"`, `conversation:${k}`);
      for (const wordKey of scenario.wordKeys) {
        const word = wordAt.get(wordKey);
        if (word) usedTooEarly(['conversations', i], `conversation scenario "${k}" (its word ${wordKey})`, word.topic, word.batch);
      }
    });
  }
  reportRepeats(
    items,
    (item) => item.unit.key,
    (item) => ({ file: item.file, line: item.lineOf(['units', item.index, 'key']), field: `units[${item.index}].key` }),
    (item) => `unit key "${item.unit.key}"`,
    report,
  );

  // Every topic (each of its batches), grammar page, lesson and dialogue of the content is in a unit.
  const first = items[0];
  if (!first) return;
  const left = [
    ...topicWords.flatMap((t) =>
      [...batchesOf.get(t.topic.name)!]
        .sort()
        .filter((b) => !placedIn.has(`topic:${t.topic.name}#${b}`))
        .map((b) => `batch ${b} of topic "${t.topic.name}"`),
    ),
    ...[...grammar.keys()].filter((k) => !placedIn.has(`grammar:${k}`)).map((k) => `grammar page "${k}"`),
    ...[...lessons.keys()].filter((k) => !placedIn.has(`lesson:${k}`)).map((k) => `lesson "${k}"`),
    ...[...dialogues].filter((k) => !placedIn.has(`dialogue:${k}`)).map((k) => `dialogue "${k}"`),
    ...[...scenarios.keys()].filter((k) => !placedIn.has(`conversation:${k}`)).map((k) => `conversation scenario "${k}"`),
  ];
  if (left.length > 0)
    report.error({
      file: first.file,
      line: first.lineOf(['units']),
      field: 'units',
      message: `every part of the content belongs to a unit; in none: ${left.join(', ')}`,
    });
}

/** content/course.yaml: the course, an ordered list of units (docs/content-format.md#the-course). */
export const courseContent: ContentPlugin<CourseUnitContent> = {
  kind: 'course',
  stats: (items) => ({ lines: [`Course: ${items.length} units`], gaps: [] }),
  folder: '',
  extensions: [],
  file: COURSE_FILE,
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const data = validateDoc(doc, CourseFile, report);
    if (!data) return [];
    return data.units.map((unit, index) => ({
      file: file.path,
      lineOf: (path: Path) => doc.lineOf(path),
      index,
      unit,
      topics: unit.topics.map((entry) =>
        typeof entry === 'string' ? { topic: entry, batches: null } : { topic: entry.topic, batches: [...new Set(entry.batches)].sort() },
      ),
    }));
  },
  check(items, all, report) {
    checkCourse(items, all, report);
  },
  apply(tx, items, all) {
    const batchesOf = new Map(((all.get('words') ?? []) as TopicWords[]).map((t) => [t.topic.name, new Set(t.words.map((w) => w.batch))]));
    return syncByKey(
      tx,
      courseUnits,
      items.map(({ unit, index, topics }) => ({
        key: unit.key,
        title: unit.title,
        orderIndex: index,
        expects: unit.expects,
        steps: [
          // The lessons present what the words then practise and the grammar pages sum up.
          ...unit.lessons.map((k): UnitStep => ({ kind: 'lesson', key: k })),
          ...topics.map(
            ({ topic, batches }): UnitStep => ({ kind: 'words', topic, batches: batches ?? [...(batchesOf.get(topic) ?? [])].sort() }),
          ),
          ...unit.grammar.map((k): UnitStep => ({ kind: 'grammar', key: k })),
          ...unit.dialogues.map((k): UnitStep => ({ kind: 'dialogue', key: k })),
          // A conversation comes last: the learner says freely what the unit taught.
          ...unit.conversations.map((k): UnitStep => ({ kind: 'conversation', key: k })),
        ],
      })),
      { keyField: 'key' },
    ).counts;
  },
};
