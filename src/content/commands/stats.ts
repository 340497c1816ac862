import { contentPlugins } from '../../modules';
import { contentDirOf } from '../dir';
import { validateContent, type ValidatedContent } from '../importer';
import { FREE_TOPICS, LETTER_NUMBERS, MINIMUMS, PREMIUM_TOPICS, SENTENCE_TOPICS, VERBS } from '../corpus';
import type { TopicWords, VerbContent } from '../../modules/vocabulary/content';
import { TOTAL_BATCHES } from '../../modules/vocabulary/rules';
import { VERB_FORMS } from '../../modules/vocabulary/schema';
import type { LetterContent } from '../../modules/letters/content';
import type { SentenceContent } from '../../modules/sentences/content';
import type { LessonContent } from '../../modules/lessons/content';
import type { DialogueContent } from '../../modules/dialogues/content';
import type { GrammarContent } from '../../modules/grammar/content';
import { spellingOf } from '../spelling';
import { STEP_TYPES } from '../../modules/lessons/schema';
import type { RecordedClip } from '../../modules/speech/content';
import { RECORDED_KINDS } from '../../modules/speech/model';
import { recordableOf } from '../types';
import { formatTable } from './table';

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((100 * part) / whole)}%`);

/**
 * What content/ holds, per kind, topic and batch, with every shortfall against the corpus minimums
 * listed at the end, so a gap shows at a glance. A file whose fields do not validate is left out of
 * the counts and named with its number of errors instead.
 */
export function contentStats(content: ValidatedContent): { text: string; gaps: string[] } {
  const gaps: string[] = [];
  const out: string[] = [];
  const of = <T>(kind: string) => (content.parsed.get(kind) ?? []) as T[];

  const files = [...content.fileCounts].map(([kind, n]) => `${kind} ${n}`).join(', ');
  out.push(`Files: ${files}; ${content.errors.length} error(s), ${content.warnings.length} warning(s)`, '');

  // Words: topics × batches.
  const topics = of<TopicWords>('words').slice().sort((a, b) => a.topic.sortOrder - b.topic.sortOrder);
  const allWords = topics.flatMap((t) => t.words);
  const notes = allWords.filter((w) => w.culturalContext).length;
  out.push(`Words: ${topics.length} topics (${topics.filter((t) => !t.topic.isPremium).length} free, ${topics.filter((t) => t.topic.isPremium).length} premium), ${allWords.length} words, ${notes} with a note (${percent(notes, allWords.length)})`);
  const batches = Array.from({ length: TOTAL_BATCHES }, (_, i) => i + 1);
  const byBatch = (list: TopicWords['words']) => batches.map((b) => list.filter((w) => w.batch === b).length);
  out.push(
    formatTable([
      ['topic', 'premium', ...batches.map((b) => `b${b}`), 'total', 'notes'],
      ...topics.map((t) => {
        const short = t.words.length < MINIMUMS.wordsPerTopic;
        if (short) gaps.push(`words: ${t.topic.name} has ${t.words.length} words (at least ${MINIMUMS.wordsPerTopic})`);
        const topicNotes = t.words.filter((w) => w.culturalContext).length;
        const fewNotes = topicNotes / t.words.length < MINIMUMS.noteShare;
        if (fewNotes) gaps.push(`words: ${t.topic.name} has a note on ${percent(topicNotes, t.words.length)} of its words (at least a third)`);
        return [t.topic.name, t.topic.isPremium ? 'premium' : '', ...byBatch(t.words), `${t.words.length}${short ? ' !' : ''}`, `${topicNotes}${fewNotes ? ' !' : ''}`];
      }),
      ['total', '', ...byBatch(allWords), allWords.length, notes],
    ], [0, 1]),
  );
  const names = new Set(topics.map((t) => t.topic.name));
  for (const name of [...FREE_TOPICS, ...PREMIUM_TOPICS]) if (!names.has(name)) gaps.push(`words: no topic "${name}"`);
  for (const t of topics) {
    const expected = FREE_TOPICS.includes(t.topic.name) ? false : PREMIUM_TOPICS.includes(t.topic.name) ? true : undefined;
    if (expected === undefined) gaps.push(`words: topic "${t.topic.name}" is not one of the topics of docs/product-rules.md`);
    else if (expected !== t.topic.isPremium) gaps.push(`words: ${t.topic.name} is ${t.topic.isPremium ? 'premium' : 'free'}; docs/product-rules.md makes it ${expected ? 'premium' : 'free'}`);
  }

  // Verbs: forms per tense, command and negative.
  const verbList = of<VerbContent>('verbs').slice().sort((a, b) => a.verb.sortOrder - b.verb.sortOrder);
  out.push('', `Verbs: ${verbList.length}, ${verbList.reduce((n, vb) => n + vb.conjugations.length, 0)} conjugations`);
  out.push(
    formatTable([
      ['verb', 'key', ...VERB_FORMS, 'forms', 'note'],
      ...verbList.map((vb) => [vb.verb.english, vb.verb.key, ...VERB_FORMS.map((t) => vb.conjugations.filter((c) => c.tense === t).length), vb.conjugations.length, vb.verb.culturalContext ? 'yes' : 'no !']),
    ], [0, 1]),
  );
  const verbNames = new Set(verbList.map((vb) => vb.verb.english));
  for (const english of VERBS) if (!verbNames.has(english)) gaps.push(`verbs: no verb "${english}"`);
  for (const vb of verbList) if (!vb.verb.culturalContext) gaps.push(`verbs: "${vb.verb.english}" has no cultural note`);

  // Sentences per topic.
  const sentenceList = of<SentenceContent>('sentences');
  const sentenceTopics = [...new Set([...SENTENCE_TOPICS, ...sentenceList.map((s) => s.sentence.topic)])];
  out.push('', `Sentences: ${sentenceList.length} in ${new Set(sentenceList.map((s) => s.sentence.topic)).size} topics, ${sentenceList.reduce((n, s) => n + s.contexts.length, 0)} contexts`);
  out.push(
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
  );

  // Lessons with their steps by type.
  const lessonList = of<LessonContent>('lessons').slice().sort((a, b) => a.lesson.orderIndex - b.lesson.orderIndex);
  out.push('', `Lessons: ${lessonList.length}`);
  const { min, max } = MINIMUMS.stepsPerLesson;
  out.push(
    formatTable([
      ['order', 'lesson', 'difficulty', 'steps', ...STEP_TYPES],
      ...lessonList.map((l) => {
        const off = l.steps.length < min || l.steps.length > max;
        if (off) gaps.push(`lessons: "${l.lesson.name}" has ${l.steps.length} steps (${min} to ${max})`);
        return [l.lesson.orderIndex, l.lesson.name, l.lesson.difficulty, `${l.steps.length}${off ? ' !' : ''}`, ...STEP_TYPES.map((type) => l.steps.filter((s) => s.type === type).length)];
      }),
    ], [1, 2]),
  );
  if (lessonList.length < MINIMUMS.lessons) gaps.push(`lessons: ${lessonList.length} (at least ${MINIMUMS.lessons})`);

  // Dialogues with their speakers and lines.
  const dialogueList = of<DialogueContent>('dialogues').slice().sort((a, b) => a.dialogue.orderIndex - b.dialogue.orderIndex);
  const freeDialogues = dialogueList.filter((d) => !d.dialogue.isPremium).length;
  out.push('', `Dialogues: ${dialogueList.length} (${freeDialogues} free, ${dialogueList.length - freeDialogues} premium)`);
  if (dialogueList.length > 0) {
    out.push(
      formatTable([
        ['place', 'dialogue', 'premium', 'speakers', 'lines'],
        ...dialogueList.map((d) => [d.dialogue.orderIndex, d.dialogue.title, d.dialogue.isPremium ? 'yes' : 'no', d.dialogue.speakers.map((s) => s.name).join(', '), d.lines.length]),
      ], [1, 2, 3]),
    );
  }
  if (dialogueList.length < MINIMUMS.dialogues) gaps.push(`dialogues: ${dialogueList.length} (at least ${MINIMUMS.dialogues})`);
  // The grammar reference, with the lessons that point at each page.
  const pages = of<GrammarContent>('grammar').slice().sort((a, b) => a.page.orderIndex - b.page.orderIndex);
  out.push('', `Grammar pages: ${pages.length}`);
  if (pages.length > 0) {
    out.push(
      formatTable([
        ['order', 'page', 'tables', 'rows', 'examples', 'words', 'verbs', 'lessons'],
        ...pages.map((p) => [p.page.orderIndex, p.page.title, p.page.tables.length, p.page.tables.reduce((n, t) => n + t.rows.length, 0), p.page.examples.length, p.wordKeys.length, p.verbKeys.length, lessonList.filter((l) => l.lesson.grammar === p.page.key).length]),
      ], [1]),
    );
  }
  if (pages.length < MINIMUMS.grammarPages) gaps.push(`grammar: ${pages.length} pages (at least ${MINIMUMS.grammarPages})`);

  // The number-letters.
  const numbers = of<LetterContent>('letters').map((l) => l.number);
  out.push('', `Letters: ${numbers.length} (${numbers.join(', ') || 'none'})`);
  for (const n of LETTER_NUMBERS) if (!numbers.includes(n)) gaps.push(`letters: no letter ${n}`);

  // The spelling table (content/spelling.yaml).
  const spelling = spellingOf(content.parsed);
  out.push('', `Spelling table: ${spelling.entries.length} words, ${spelling.byVariant.size} variants`);

  // Recorded audio (content/audio/): how much of each kind an author has recorded.
  const clips = of<RecordedClip>('audio');
  const recordable = recordableOf(content.parsed);
  out.push('', `Recorded audio: ${clips.length} clips`);
  out.push(
    formatTable(
      RECORDED_KINDS.map((kind) => {
        const recorded = clips.filter((c) => c.kind === kind).length;
        const total = recordable.filter((r) => r.kind === kind).length;
        return [`  ${kind}`, `${recorded} of ${total}`, `(${percent(recorded, total)})`];
      }),
      [0, 1, 2],
    ),
  );

  // Files with errors come first: the import refuses them all.
  const broken = new Map<string, number>();
  for (const e of content.errors) broken.set(e.file, (broken.get(e.file) ?? 0) + 1);
  gaps.unshift(...[...broken].sort().map(([file, n]) => `${file}: ${n} error(s): see \`bun run import --dry-run\``));

  out.push('', gaps.length ? `Gaps (${gaps.length}):\n${gaps.map((g) => `  ! ${g}`).join('\n')}` : 'No gaps: every minimum of the corpus is met.');
  if (content.warnings.length) out.push(`${content.warnings.length} spelling warning(s): see \`bun run import --dry-run\`.`);
  return { text: out.join('\n'), gaps };
}

/**
 * `bun run content:stats [--content DIR]`: counts content/ per kind, topic and batch, through the
 * same validation as the import and without touching the database. The exit code: 1 when a file has errors.
 */
export function statsCommand(args: string[]): number {
  const content = validateContent(contentDirOf(args), contentPlugins);
  console.log(contentStats(content).text);
  return content.errors.length > 0 ? 1 : 0;
}
