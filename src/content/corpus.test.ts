import { beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CONTENT_DIR } from './dir';
import { formatIssue, runImport, type ImportResult } from './importer';
import { FREE_TOPICS, LETTER_NUMBERS, MINIMUMS, PREMIUM_TOPICS, SENTENCE_TOPICS, VERBS, VERBS_WITHOUT_COMMAND } from './corpus';
import { contentSandbox } from '../../tests/support/content';
import { contentPlugins } from '../modules';
import { EXTRA_FORMS, PRONOUNS, TENSES, topics, verbs, words } from '../modules/vocabulary/schema';
import { letters } from '../modules/letters/schema';
import { sentenceContexts, sentences } from '../modules/sentences/schema';
import { lessonContent, lessons } from '../modules/lessons/schema';
import { grammarPages } from '../modules/grammar/schema';
import { dialogueLines } from '../modules/dialogues/schema';

const { database } = contentSandbox();

/** The real corpus, imported twice into one database. */
let db: Db;
let first: ImportResult;
let second: ImportResult;
// Two imports of the whole corpus take seconds on a busy machine: more than the default 5 s allowance.
beforeAll(() => {
  db = database();
  first = runImport(db, CONTENT_DIR, contentPlugins);
  second = runImport(db, CONTENT_DIR, contentPlugins);
}, 60_000);

describe('the corpus in content/', () => {
  test('imports with no error', () => {
    expect(first.errors.map(formatIssue)).toEqual([]);
    expect(first.ok).toBe(true);
  });

  test('a second import changes nothing', () => {
    expect(second.errors).toEqual([]);
    for (const kind of second.counts) {
      expect({ kind: kind.kind, ...kind.counts }).toEqual({
        kind: kind.kind,
        added: 0,
        updated: 0,
        unchanged: kind.counts.unchanged,
        removed: 0,
      });
      // Every kind content/ holds (it holds no recorded clips yet).
      if (kind.files > 0) expect(kind.counts.unchanged).toBeGreaterThan(0);
    }
  });

  test(`has the ${FREE_TOPICS.length} free and ${PREMIUM_TOPICS.length} premium topics, each with at least ${MINIMUMS.wordsPerTopic} words spread over batches 1 to 6`, () => {
    const wordTopics = db.select().from(topics).where(eq(topics.isVerb, false)).all();
    expect(
      wordTopics
        .filter((t) => !t.isPremium)
        .map((t) => t.name)
        .sort(),
    ).toEqual([...FREE_TOPICS].sort());
    expect(
      wordTopics
        .filter((t) => t.isPremium)
        .map((t) => t.name)
        .sort(),
    ).toEqual([...PREMIUM_TOPICS].sort());
    for (const topic of wordTopics) {
      const list = db.select().from(words).where(eq(words.topicId, topic.id)).all();
      expect({ topic: topic.name, words: list.length >= MINIMUMS.wordsPerTopic }).toEqual({ topic: topic.name, words: true });
      expect({ topic: topic.name, batches: [...new Set(list.map((w) => w.batch))].sort() }).toEqual({
        topic: topic.name,
        batches: [1, 2, 3, 4, 5, 6],
      });
    }
  });

  test('gives a cultural note to at least a third of the words of every topic', () => {
    for (const topic of db.select().from(topics).where(eq(topics.isVerb, false)).all()) {
      const list = db.select().from(words).where(eq(words.topicId, topic.id)).all();
      const share = list.filter((w) => w.culturalContext).length / list.length;
      expect({ topic: topic.name, enoughNotes: share >= MINIMUMS.noteShare }).toEqual({ topic: topic.name, enoughNotes: true });
    }
  });

  test(`has the ${VERBS.length} verbs, each with a note, its 24 conjugations, the negative and (but for 3and and 2eder) the command in a free verb topic`, () => {
    const verbList = db.select().from(verbs).all();
    expect(verbList.map((vb) => vb.english).sort()).toEqual([...VERBS].sort());
    for (const verb of verbList) {
      expect({ verb: verb.english, note: !!verb.culturalContext }).toEqual({ verb: verb.english, note: true });
      const forms = db.select().from(words).where(eq(words.verbId, verb.id)).all();
      const tenses = TENSES.flatMap((t) => PRONOUNS.map((p) => `${t} ${p}`));
      expect(tenses).toHaveLength(MINIMUMS.formsPerVerb);
      const commands = VERBS_WITHOUT_COMMAND.includes(verb.key) ? [] : EXTRA_FORMS.imperative.map((p) => `imperative ${p}`);
      const expected = [...tenses, ...commands, ...EXTRA_FORMS.negative.map((p) => `negative ${p}`)].sort();
      expect({ verb: verb.english, forms: forms.map((f) => `${f.tense} ${f.pronoun}`).sort() }).toEqual({
        verb: verb.english,
        forms: expected,
      });
      const topic = db.select().from(topics).where(eq(topics.id, forms[0].topicId)).get()!;
      expect(topic).toMatchObject({ name: `Verb: ${verb.english}`, isVerb: true, isPremium: false });
    }
  });

  test(`has the ${SENTENCE_TOPICS.length} sentence topics, each with at least ${MINIMUMS.sentencesPerTopic} sentences of at least two contexts`, () => {
    const rows = db.select({ topic: sentences.topic, n: count() }).from(sentences).groupBy(sentences.topic).all();
    expect(rows.map((r) => r.topic).sort()).toEqual([...SENTENCE_TOPICS].sort());
    for (const row of rows)
      expect({ topic: row.topic, enough: row.n >= MINIMUMS.sentencesPerTopic }).toEqual({ topic: row.topic, enough: true });
    const contexts = db
      .select({ key: sentences.key, n: count(sentenceContexts.id) })
      .from(sentences)
      .leftJoin(sentenceContexts, eq(sentenceContexts.sentenceId, sentences.id))
      .groupBy(sentences.id)
      .all();
    expect(contexts.filter((c) => c.n < MINIMUMS.contextsPerSentence)).toEqual([]);
  });

  test(`has at least ${MINIMUMS.lessons} lessons from beginner to advanced, each of 5 to 10 steps`, () => {
    const lessonList = db.select().from(lessons).all();
    expect(lessonList.length).toBeGreaterThanOrEqual(MINIMUMS.lessons);
    expect(new Set(lessonList.map((l) => l.difficulty))).toEqual(new Set(['beginner', 'intermediate', 'advanced']));
    const { min, max } = MINIMUMS.stepsPerLesson;
    for (const lesson of lessonList) {
      const steps = db.select({ n: count() }).from(lessonContent).where(eq(lessonContent.lessonId, lesson.id)).get()!.n;
      expect({ lesson: lesson.key, steps: steps >= min && steps <= max }).toEqual({ lesson: lesson.key, steps: true });
    }
  });

  test('names every grammar page from at least one dialogue line that shows it at work', () => {
    const named = new Set(
      db
        .selectDistinct({ grammar: dialogueLines.grammar })
        .from(dialogueLines)
        .all()
        .map((l) => l.grammar),
    );
    const pages = db.select({ key: grammarPages.key }).from(grammarPages).all();
    expect(pages.length).toBeGreaterThanOrEqual(MINIMUMS.grammarPages);
    expect(pages.map((p) => p.key).filter((key) => !named.has(key))).toEqual([]);
  });

  test('has the five number-letters', () => {
    expect(
      db
        .select()
        .from(letters)
        .all()
        .map((l) => l.number)
        .sort(),
    ).toEqual(LETTER_NUMBERS);
  });

  test('keeps the topics that sound alike apart: no word in both Clothing and Style and Beauty', () => {
    const wordsOf = (name: string) => {
      const topic = db.select().from(topics).where(eq(topics.name, name)).get()!;
      return db.select().from(words).where(eq(words.topicId, topic.id)).all();
    };
    for (const [a, b] of [['Clothing', 'Style and Beauty']]) {
      const first = wordsOf(a);
      const shared = wordsOf(b).filter((w) =>
        first.some((v) => v.lebanese.toLowerCase() === w.lebanese.toLowerCase() || v.english.toLowerCase() === w.english.toLowerCase()),
      );
      expect({ topics: [a, b], shared: shared.map((w) => w.english) }).toEqual({ topics: [a, b], shared: [] });
    }
  });
});
