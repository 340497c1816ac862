import * as v from 'valibot';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

import type { ContentPlugin, KindStats, Reporter, TextField } from '../../content/types';
import { parseYaml, validateDoc, fieldName, type SourceDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, optionalNote, reportRepeats, slug, text } from '../../content/fields';
import { addCounts, syncByKey } from '../../content/sync';
import { spellingOf, textAt } from '../../content/spelling';
import { checkVerbForms, type VerbForms } from '../../content/verb-forms';
import { checkAddressee, SPEAKS_TO_YOU } from '../../content/addressee';
import { formatTable, percent } from '../../content/table';
import { FREE_TOPICS, MINIMUMS, PREMIUM_TOPICS, VERBS } from '../../content/corpus';
import { TOTAL_BATCHES, VERB_TOPIC_PREFIX, isVerbTopic, verbTopicName } from './rules';
import {
  EXTRA_FORMS,
  PRONOUN_SPELLINGS,
  PRONOUNS,
  TENSES,
  VERB_FORMS,
  topicProgress,
  topics,
  userProgress,
  verbs,
  words,
  type Pronoun,
  type Tense,
} from './schema';

const BATCH_MESSAGE = `must be a whole number from 1 to ${TOTAL_BATCHES}`;

const WordEntry = v.strictObject({
  english: text('English text'),
  arabizi: arabizi(),
  arabic: arabic(),
  batch: v.pipe(v.number(BATCH_MESSAGE), v.integer(BATCH_MESSAGE), v.minValue(1, BATCH_MESSAGE), v.maxValue(TOTAL_BATCHES, BATCH_MESSAGE)),
  note: optionalNote(),
  // A key with a slash is a whole key: a word moved here from another topic keeps the key it had there.
  key: v.optional(
    v.pipe(
      key(),
      v.check((k) => !k.includes('/') || /^[^/\s]+\/[^/]+$/.test(k), 'a key moved from another topic is written "<topic key>/<word key>"'),
    ),
  ),
});

const WordsFile = v.strictObject({
  topic: v.pipe(
    text('the topic name'),
    v.check((s) => !isVerbTopic(s), `topics starting with "${VERB_TOPIC_PREFIX}" come from content/verbs`),
  ),
  // Where its words' keys start: a topic renamed keeps its first name's slug here.
  key: v.optional(
    v.pipe(
      key(),
      v.check((k) => k === slug(k), 'must be lower case letters, digits and "-" (e.g. "fashion")'),
    ),
  ),
  premium: v.boolean('must be true or false'),
  order: v.pipe(v.number('must be a number'), v.integer('must be a whole number')),
  words: v.pipe(v.array(WordEntry, 'must be a list of words'), v.minLength(1, 'must list at least one word')),
});

export interface TopicWords {
  file: string;
  line: number;
  /** The start of its words' keys: the topic's `key`, or its name as a slug. */
  keyPrefix: string;
  topic: { name: string; isPremium: boolean; sortOrder: number };
  words: {
    key: string;
    english: string;
    lebanese: string;
    arabicScript: string;
    batch: number;
    culturalContext: string | null;
    sortOrder: number;
  }[];
  /** The line of each word, for a key that another topic uses too. */
  wordLines: number[];
  texts: TextField[];
}

/** Case and spacing do not make two words different. */
const sameness = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

function duplicates<T>(
  doc: SourceDoc,
  items: T[],
  keyOf: (item: T) => string,
  path: (i: number) => (string | number)[],
  what: string,
  report: Reporter,
) {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = sameness(keyOf(item));
    const first = seen.get(k);
    if (first !== undefined) {
      report.error({
        file: doc.file,
        line: doc.lineOf(path(i)),
        field: fieldName(path(i)),
        message: `duplicate ${what} "${keyOf(item)}" (first at line ${doc.lineOf(path(first))})`,
      });
    } else seen.set(k, i);
  });
}

export const wordsContent: ContentPlugin<TopicWords> = {
  kind: 'words',
  folder: 'words',
  extensions: ['.yaml', '.yml'],
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const data = validateDoc(doc, WordsFile, report);
    if (!data) return [];
    const keyPrefix = data.key ?? slug(data.topic);
    const keyOf = (w: (typeof data.words)[number]) => (w.key?.includes('/') ? w.key : `${keyPrefix}/${w.key ?? slug(w.english)}`);
    duplicates(
      doc,
      data.words,
      (w) => w.english,
      (i) => ['words', i, 'english'],
      'word',
      report,
    );
    duplicates(
      doc,
      data.words,
      (w) => w.arabizi,
      (i) => ['words', i, 'arabizi'],
      'arabizi',
      report,
    );
    duplicates(doc, data.words, keyOf, (i) => ['words', i, 'key'], 'key', report);
    data.words.forEach((w, i) => checkNumberLetters(doc, ['words', i, 'arabizi'], w.arabizi, w.arabic, report));
    const texts = data.words.flatMap((w, i) => [
      textAt(doc, ['words', i, 'arabizi'], w.arabizi, 'arabizi', { arabic: w.arabic, english: w.english, headword: true }),
      textAt(doc, ['words', i, 'english'], w.english, 'english'),
      ...(w.note ? [textAt(doc, ['words', i, 'note'], w.note, 'prose')] : []),
    ]);
    return [
      {
        file: file.path,
        line: doc.lineOf(['topic']),
        keyPrefix,
        topic: { name: data.topic, isPremium: data.premium, sortOrder: data.order },
        words: data.words.map((w, i) => ({
          key: keyOf(w),
          english: w.english,
          lebanese: w.arabizi,
          arabicScript: w.arabic,
          batch: w.batch,
          culturalContext: w.note ?? null,
          sortOrder: data.order * 1000 + i,
        })),
        wordLines: data.words.map((_, i) => doc.lineOf(['words', i])),
        texts,
      },
    ];
  },
  texts: (item) => item.texts,
  // A word's clip is content/audio/words/<its key>, the key holding its topic: greetings/good-morning.
  recordable: (item) => item.words.map((w) => ({ kind: 'words', key: w.key, arabizi: w.lebanese, arabic: w.arabicScript })),
  check(items, all, report) {
    checkAddressee(
      items.flatMap((item) => item.texts),
      verbFormsOf(all),
      plainWordsOf(all),
      report,
    );
    // Word keys start with the topic's key or slug, so "Body Parts" and "body-parts" are one topic.
    reportRepeats(
      items,
      (item) => slug(item.topic.name),
      (item) => ({ file: item.file, line: item.line, field: 'topic' }),
      (item) => `topic "${item.topic.name}"`,
      report,
    );
    // A renamed topic's key may still meet another topic's name (a topic named alike is reported just above).
    const byPrefix = new Map<string, TopicWords>();
    for (const item of items) {
      const other = byPrefix.get(item.keyPrefix);
      if (!other) byPrefix.set(item.keyPrefix, item);
      else if (slug(other.topic.name) !== slug(item.topic.name))
        report.error({
          file: item.file,
          line: item.line,
          field: 'topic',
          message: `the key "${item.keyPrefix}" of topic "${item.topic.name}" is also used in ${other.file} (line ${other.line})`,
        });
    }
    // A word moved to another topic with its key: the key is in one topic only (a key repeated within a file is reported by parse).
    const firstFile = new Map<string, { file: string; line: number }>();
    for (const item of items) {
      item.words.forEach((w, i) => {
        const first = firstFile.get(w.key);
        if (!first) firstFile.set(w.key, { file: item.file, line: item.wordLines[i] });
        else if (first.file !== item.file)
          report.error({
            file: item.file,
            line: item.wordLines[i],
            field: 'key',
            message: `the word key "${w.key}" is also used in ${first.file} (line ${first.line})`,
          });
      });
    }
  },
  stats: (items) => wordStats(items),
  places: (topic) => topic.words.map((w, i) => ({ key: w.key, file: topic.file, at: ['words', i] })),
  apply(tx, items) {
    // Topics are matched by name, so a renamed topic is a new row: the old one is removed only once its words have moved.
    const topicSync = syncByKey(
      tx,
      topics,
      items.map((i) => ({ ...i.topic, isVerb: false })),
      { keyField: 'name', scope: { column: topics.isVerb, value: false }, deferRemoval: true },
    );
    const rows = items.flatMap((item) =>
      item.words.map((w) => ({
        ...w,
        topicId: topicSync.ids.get(item.topic.name)!,
        verbId: null,
        tense: null,
        pronoun: null,
        isConjugation: false,
      })),
    );
    const topicBefore = new Map(
      tx
        .select({ key: words.key, topicId: words.topicId })
        .from(words)
        .where(eq(words.isConjugation, false))
        .all()
        .map((w) => [w.key, w.topicId]),
    );
    const wordSync = syncByKey(tx, words, rows, { keyField: 'key', scope: { column: words.isConjugation, value: false } });
    topicSync.removeStale();
    const live = new Set(topicSync.ids.values());
    const moved = new Set(
      rows.flatMap((w) => (topicBefore.has(w.key) && topicBefore.get(w.key) !== w.topicId ? [topicBefore.get(w.key)!, w.topicId] : [])),
    );
    recountTopicProgress(
      tx,
      [...moved].filter((id) => live.has(id)),
    );
    return addCounts(topicSync.counts, wordSync.counts);
  },
};

/**
 * A topic's progress is a running count of the words learned in it (service.ts): when words move
 * between topics it is counted again from each learner's word progress, so a word learned in Food
 * counts in the Food and Drink it moved to, and no longer where it left.
 */
function recountTopicProgress(tx: Tx, topicIds: number[]) {
  if (topicIds.length === 0) return;
  tx.update(topicProgress).set({ wordsLearned: 0 }).where(inArray(topicProgress.topicId, topicIds)).run();
  tx.run(sql`
    insert into ${topicProgress} (user_id, topic_id, words_learned, total_words, last_practiced)
    select p.user_id, w.topic_id, sum(p.times_correct > 0),
           (select count(*) from ${words} t where t.topic_id = w.topic_id), max(p.last_seen)
    from ${userProgress} p join ${words} w on w.id = p.word_id
    where w.topic_id in ${topicIds}
    group by p.user_id, w.topic_id
    on conflict (user_id, topic_id) do update set
      words_learned = excluded.words_learned,
      total_words = excluded.total_words,
      last_practiced = coalesce(max(topic_progress.last_practiced, excluded.last_practiced), topic_progress.last_practiced, excluded.last_practiced)`);
}

const Form = v.strictObject(
  { arabizi: arabizi(), arabic: arabic(), english: text('English text') },
  'must have arabizi, arabic and english',
);
const spelled = (pronouns: readonly Pronoun[]) => pronouns.map((p) => PRONOUN_SPELLINGS[p]);
const formsFor = (pronouns: readonly Pronoun[]) =>
  v.strictObject(
    Object.fromEntries(spelled(pronouns).map((p) => [p, Form])) as Record<string, typeof Form>,
    `must list the forms for ${spelled(pronouns).join(', ')}`,
  );
/** Each kind of form, with the pronouns it needs: the three tenses for all eight, then the imperative and the negative. */
const FORM_PRONOUNS: [Tense, readonly Pronoun[]][] = [
  ...TENSES.map((t): [Tense, readonly Pronoun[]] => [t, PRONOUNS]),
  ...(Object.entries(EXTRA_FORMS) as [Tense, readonly Pronoun[]][]),
];
const FORMS_PER_VERB = FORM_PRONOUNS.reduce((n, [, pronouns]) => n + pronouns.length, 0);

/** Where a form stands in its verb file (its pronoun as the file spells it), for messages and lines. */
const conjugationPath = (tense: Tense, pronoun: Pronoun) => ['conjugations', tense, PRONOUN_SPELLINGS[pronoun]];

/** A verb needs all its forms: the message for a missing one says which. */
const missingForm = (path: (string | number)[]) => {
  if (path[0] !== 'conjugations') return undefined;
  if (path.length === 2)
    return `the ${path[1]} forms are missing (a verb needs the ${TENSES.join(', ')} and negative forms, each for ${spelled(PRONOUNS).join(', ')})`;
  if (path.length === 3)
    return `the ${path[1]} form for ${path[2]} is missing: a verb needs all ${FORMS_PER_VERB} forms (${FORMS_PER_VERB - EXTRA_FORMS.imperative.length} without a command)`;
  return undefined;
};

const VerbFile = v.strictObject({
  key: key(),
  english: v.pipe(
    text('English text'),
    v.check((s) => s.startsWith('to '), 'must start with "to " (e.g. "to eat")'),
  ),
  infinitive: arabizi(),
  arabic: arabic(),
  order: v.pipe(v.number('must be a number'), v.integer('must be a whole number')),
  note: optionalNote(),
  // 3and (to have), a preposition, and 2eder (can), a modal, have no command, so a verb may leave out the imperative (docs/decisions/0007).
  conjugations: v.strictObject(
    Object.fromEntries(
      FORM_PRONOUNS.map(([t, pronouns]) => [t, t === 'imperative' ? v.optional(formsFor(pronouns)) : formsFor(pronouns)]),
    ) as Record<Tense, ReturnType<typeof formsFor>>,
    'must list the past, present, future, imperative and negative forms',
  ),
});
type VerbData = v.InferOutput<typeof VerbFile>;

export interface VerbContent {
  file: string;
  lines: { key: number; english: number };
  verb: { key: string; infinitive: string; arabic: string; english: string; culturalContext: string | null; sortOrder: number };
  /** Each form, with where it stands in the verb's file (`path`), which content reports point at. */
  conjugations: {
    key: string;
    english: string;
    lebanese: string;
    arabicScript: string;
    tense: Tense;
    pronoun: Pronoun;
    sortOrder: number;
    path: string[];
  }[];
  texts: TextField[];
}

export const verbsContent: ContentPlugin<VerbContent> = {
  kind: 'verbs',
  folder: 'verbs',
  extensions: ['.yaml', '.yml'],
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const data: VerbData | null = validateDoc(doc, VerbFile, report, missingForm);
    if (!data) return [];
    const conjugations: VerbContent['conjugations'] = [];
    const texts = [
      textAt(doc, ['infinitive'], data.infinitive, 'arabizi', { arabic: data.arabic, english: data.english, conjugated: true }),
      textAt(doc, ['english'], data.english, 'english'),
      ...(data.note ? [textAt(doc, ['note'], data.note, 'prose')] : []),
    ];
    FORM_PRONOUNS.forEach(([tense, pronouns], t) =>
      pronouns.forEach((pronoun, p) => {
        const form = data.conjugations[tense]?.[PRONOUN_SPELLINGS[pronoun]];
        if (!form) return;
        const path = conjugationPath(tense, pronoun);
        texts.push(
          textAt(doc, [...path, 'arabizi'], form.arabizi, 'arabizi', { arabic: form.arabic, english: form.english, conjugated: true }),
          textAt(doc, [...path, 'english'], form.english, 'english'),
        );
        checkNumberLetters(doc, [...path, 'arabizi'], form.arabizi, form.arabic, report);
        conjugations.push({
          key: `verb:${data.key}/${tense}/${pronoun}`,
          english: form.english,
          lebanese: form.arabizi,
          arabicScript: form.arabic,
          tense,
          pronoun,
          sortOrder: t * PRONOUNS.length + p,
          path,
        });
      }),
    );
    checkNumberLetters(doc, ['infinitive'], data.infinitive, data.arabic, report);
    return [
      {
        file: file.path,
        lines: { key: doc.lineOf(['key']), english: doc.lineOf(['english']) },
        verb: {
          key: data.key,
          infinitive: data.infinitive,
          arabic: data.arabic,
          english: data.english,
          culturalContext: data.note ?? null,
          sortOrder: data.order,
        },
        conjugations,
        texts,
      },
    ];
  },
  texts: (item) => item.texts,
  // A verb's clip is content/audio/verbs/<verb key>, a form's verbs/<verb key>/<tense>/<pronoun>: eat/past/ana.
  recordable: (item) => [
    { kind: 'verbs', key: item.verb.key, arabizi: item.verb.infinitive, arabic: item.verb.arabic },
    ...item.conjugations.map((c) => ({ kind: 'verbs', key: c.key.replace(/^verb:/, ''), arabizi: c.lebanese, arabic: c.arabicScript })),
  ],
  check(items, _all, report) {
    reportRepeats(
      items,
      (item) => item.verb.key,
      (item) => ({ file: item.file, line: item.lines.key, field: 'key' }),
      (item) => `verb key "${item.verb.key}"`,
      report,
    );
    // The English names the verb's topic ('Verb: to eat').
    reportRepeats(
      items,
      (item) => sameness(item.verb.english),
      (item) => ({ file: item.file, line: item.lines.english, field: 'english' }),
      (item) => `verb "${item.verb.english}"`,
      report,
    );
  },
  stats: (items) => verbStats(items),
  places: (verb) => verb.conjugations.map((c) => ({ key: c.key, file: verb.file, at: c.path })),
  apply(tx, items) {
    const verbSync = syncByKey(
      tx,
      verbs,
      items.map((i) => i.verb),
      { keyField: 'key' },
    );
    const topicSync = syncByKey(
      tx,
      topics,
      items.map((i) => ({ name: verbTopicName(i.verb.english), isPremium: false, isVerb: true, sortOrder: 100 + i.verb.sortOrder })),
      { keyField: 'name', scope: { column: topics.isVerb, value: true } },
    );
    const rows = items.flatMap((item) =>
      item.conjugations.map(({ path: _, ...c }) => ({
        ...c,
        topicId: topicSync.ids.get(verbTopicName(item.verb.english))!,
        verbId: verbSync.ids.get(item.verb.key)!,
        batch: 1,
        culturalContext: null,
        isConjugation: true,
        sortOrder: (100 + item.verb.sortOrder) * 1000 + c.sortOrder,
      })),
    );
    const wordSync = syncByKey(tx, words, rows, { keyField: 'key', scope: { column: words.isConjugation, value: true } });
    return addCounts(addCounts(verbSync.counts, topicSync.counts), wordSync.counts);
  },
};

/** Re-exported for other modules' content checks (a lesson naming a topic or a verb). */
export const topicNamesOf = (all: Map<string, unknown[]>) => [
  ...((all.get('words') ?? []) as TopicWords[]).map((t) => t.topic.name),
  ...((all.get('verbs') ?? []) as VerbContent[]).map((vb) => verbTopicName(vb.verb.english)),
];
export const verbKeysOf = (all: Map<string, unknown[]>) => ((all.get('verbs') ?? []) as VerbContent[]).map((vb) => vb.verb.key);

/** Every verb's forms (and its infinitive), for the check of the verb forms sentences and lessons use. */
export const verbFormsOf = (all: Map<string, unknown[]>): VerbForms[] =>
  ((all.get('verbs') ?? []) as VerbContent[]).map((vb) => ({
    english: vb.verb.english,
    forms: [
      { arabizi: vb.verb.infinitive, english: vb.verb.english },
      ...vb.conjugations.map((c) => ({ arabizi: c.lebanese, english: c.english, tense: c.tense, pronoun: c.pronoun })),
    ],
  }));

/** The words of the cards whose English speaks to no one (samak, fish; heik, like this): an -ak or -ik that is not "your" (src/content/addressee.ts). */
export const plainWordsOf = (all: Map<string, unknown[]>) =>
  new Set(
    ((all.get('words') ?? []) as TopicWords[]).flatMap((t) =>
      t.words.filter((w) => !SPEAKS_TO_YOU.test(w.english)).flatMap((w) => w.lebanese.toLowerCase().match(/[a-z0-9]+/g) ?? []),
    ),
  );

/** The arabizi words of every word, verb form and spelling-table entry: words that are never a misspelt verb form. */
export function knownArabiziOf(all: Map<string, unknown[]>) {
  const table = spellingOf(all);
  const spellings = [
    ...((all.get('words') ?? []) as TopicWords[]).flatMap((t) => t.words.map((w) => w.lebanese)),
    ...((all.get('verbs') ?? []) as VerbContent[]).flatMap((vb) => [vb.verb.infinitive, ...vb.conjugations.map((c) => c.lebanese)]),
    ...table.entries.flatMap((e) => [e.canonical, ...e.variants]),
  ];
  return new Set(spellings.flatMap((s) => s.toLowerCase().match(/[a-z0-9]+/g) ?? []));
}

/**
 * The checks a text written in Lebanese takes wherever it stands (a lesson, a sentence, a dialogue line):
 * its verb forms are the verb tables' own, and its English says to whom "you" is said when the Lebanese does.
 */
export function checkLebaneseTexts(texts: TextField[], all: Map<string, unknown[]>, report: Reporter) {
  const forms = verbFormsOf(all);
  checkVerbForms(forms, knownArabiziOf(all), texts, report);
  checkAddressee(texts, forms, plainWordsOf(all), report);
}

/** The row of a topic (by its name) or a verb (by its key) as an import has written it, for the content that points at them. */
export const topicIdIn = (tx: Tx, name: string) => tx.select({ id: topics.id }).from(topics).where(eq(topics.name, name)).get()?.id ?? null;
export const verbIdIn = (tx: Tx, key: string) => tx.select({ id: verbs.id }).from(verbs).where(eq(verbs.key, key)).get()?.id ?? null;

/** Every word's key (topic/word), for content that points at words. */
export const wordKeysOf = (all: Map<string, unknown[]>) =>
  ((all.get('words') ?? []) as TopicWords[]).flatMap((t) => t.words.map((w) => w.key));

/** The words of `keys`, in their order, with the topic that holds them, as an import has written them. */
export function wordLinksIn(tx: Tx, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = tx
    .select({ key: words.key, arabizi: words.lebanese, english: words.english, topic: topics.name })
    .from(words)
    .innerJoin(topics, eq(words.topicId, topics.id))
    .where(inArray(words.key, keys))
    .all();
  const byKey = new Map(rows.map(({ key: k, ...link }) => [k, link]));
  return keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}

/** The verbs of `keys`, in their order, with their verb topic, as an import has written them. */
export function verbLinksIn(tx: Tx, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = tx
    .select({ key: verbs.key, arabizi: verbs.infinitive, english: verbs.english })
    .from(verbs)
    .where(inArray(verbs.key, keys))
    .all();
  const byKey = new Map(rows.map(({ key: k, ...verb }) => [k, { ...verb, topic: verbTopicName(verb.english) }]));
  return keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}

/** Words: topics × batches, with the notes, for `bun run content:stats`. */
function wordStats(items: TopicWords[]): KindStats {
  const gaps: string[] = [];
  const topicList = items.slice().sort((a, b) => a.topic.sortOrder - b.topic.sortOrder);
  const allWords = topicList.flatMap((t) => t.words);
  const notes = allWords.filter((w) => w.culturalContext).length;
  const lines = [
    `Words: ${topicList.length} topics (${topicList.filter((t) => !t.topic.isPremium).length} free, ${topicList.filter((t) => t.topic.isPremium).length} premium), ${allWords.length} words, ${notes} with a note (${percent(notes, allWords.length)})`,
  ];
  const batches = Array.from({ length: TOTAL_BATCHES }, (_, i) => i + 1);
  const byBatch = (list: TopicWords['words']) => batches.map((b) => list.filter((w) => w.batch === b).length);
  lines.push(
    formatTable(
      [
        ['topic', 'premium', ...batches.map((b) => `b${b}`), 'total', 'notes'],
        ...topicList.map((t) => {
          const short = t.words.length < MINIMUMS.wordsPerTopic;
          if (short) gaps.push(`words: ${t.topic.name} has ${t.words.length} words (at least ${MINIMUMS.wordsPerTopic})`);
          const topicNotes = t.words.filter((w) => w.culturalContext).length;
          const fewNotes = topicNotes / t.words.length < MINIMUMS.noteShare;
          if (fewNotes)
            gaps.push(`words: ${t.topic.name} has a note on ${percent(topicNotes, t.words.length)} of its words (at least a third)`);
          return [
            t.topic.name,
            t.topic.isPremium ? 'premium' : '',
            ...byBatch(t.words),
            `${t.words.length}${short ? ' !' : ''}`,
            `${topicNotes}${fewNotes ? ' !' : ''}`,
          ];
        }),
        ['total', '', ...byBatch(allWords), allWords.length, notes],
      ],
      [0, 1],
    ),
  );
  const names = new Set(topicList.map((t) => t.topic.name));
  for (const name of [...FREE_TOPICS, ...PREMIUM_TOPICS]) if (!names.has(name)) gaps.push(`words: no topic "${name}"`);
  for (const t of topicList) {
    const expected = FREE_TOPICS.includes(t.topic.name) ? false : PREMIUM_TOPICS.includes(t.topic.name) ? true : undefined;
    if (expected === undefined) gaps.push(`words: topic "${t.topic.name}" is not one of the topics of docs/product-rules.md`);
    else if (expected !== t.topic.isPremium)
      gaps.push(
        `words: ${t.topic.name} is ${t.topic.isPremium ? 'premium' : 'free'}; docs/product-rules.md makes it ${expected ? 'premium' : 'free'}`,
      );
  }
  return { lines, gaps };
}

/** Verbs: forms per tense, command and negative, for `bun run content:stats`. */
function verbStats(items: VerbContent[]): KindStats {
  const gaps: string[] = [];
  const verbList = items.slice().sort((a, b) => a.verb.sortOrder - b.verb.sortOrder);
  const lines = [
    `Verbs: ${verbList.length}, ${verbList.reduce((n, vb) => n + vb.conjugations.length, 0)} conjugations`,
    formatTable(
      [
        ['verb', 'key', ...VERB_FORMS, 'forms', 'note'],
        ...verbList.map((vb) => [
          vb.verb.english,
          vb.verb.key,
          ...VERB_FORMS.map((t) => vb.conjugations.filter((c) => c.tense === t).length),
          vb.conjugations.length,
          vb.verb.culturalContext ? 'yes' : 'no !',
        ]),
      ],
      [0, 1],
    ),
  ];
  const verbNames = new Set(verbList.map((vb) => vb.verb.english));
  for (const english of VERBS) if (!verbNames.has(english)) gaps.push(`verbs: no verb "${english}"`);
  for (const vb of verbList) if (!vb.verb.culturalContext) gaps.push(`verbs: "${vb.verb.english}" has no cultural note`);
  return { lines, gaps };
}
