import { describe, expect, test } from 'bun:test';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { runImport } from './importer';
import { colorsFile as colors, colorsLesson as lesson, contentSandbox } from '../../tests/support/content';
import { contentPlugins } from '../modules';
import { users } from '../modules/auth/schema';
import { topicProgress, topics, userProgress, words } from '../modules/vocabulary/schema';
import { flaggedWords } from '../modules/flagged/schema';
import { reviewCards } from '../modules/review/schema';
import { lessons } from '../modules/lessons/schema';

const { fixture, database } = contentSandbox();

describe('bun run import', () => {
  test('loads every kind once, then changes nothing on a re-run', () => {
    const db = database();
    const root = fixture({ 'words/colors.yaml': colors, 'lessons/01-colors.md': lesson });
    const first = runImport(db, root, contentPlugins);
    expect(first.errors).toEqual([]);
    expect(first.counts.find((c) => c.kind === 'words')!.counts).toEqual({ added: 3, updated: 0, unchanged: 0, removed: 0 });
    expect(first.counts.find((c) => c.kind === 'lessons')!.counts.added).toBe(1);
    const second = runImport(db, root, contentPlugins);
    for (const kind of second.counts) expect(kind.counts.added + kind.counts.updated + kind.counts.removed).toBe(0);
    expect(db.select().from(words).all()).toHaveLength(2);
  });

  test("an edit updates in place and keeps learners' progress; a removal is counted", () => {
    const db = database();
    const root = fixture({ 'words/colors.yaml': colors });
    runImport(db, root, contentPlugins);
    const red = db.select().from(words).where(eq(words.english, 'red')).get()!;
    const user = db.insert(users).values({ email: 'a@b.co', username: 'abc', usernameKey: 'abc', name: 'A B' }).returning().get();
    db.insert(userProgress).values({ userId: user.id, wordId: red.id, timesCorrect: 4 }).run();

    writeFileSync(join(root, 'words/colors.yaml'), colors.replace('batch: 1', 'batch: 2').replace(/  - english: white[\s\S]*$/, ''));
    const result = runImport(db, root, contentPlugins);
    expect(result.counts.find((c) => c.kind === 'words')!.counts).toEqual({ added: 0, updated: 1, unchanged: 1, removed: 1 });
    const after = db.select().from(words).where(eq(words.english, 'red')).get()!;
    expect(after.id).toBe(red.id);
    expect(after.batch).toBe(2);
    expect(db.select().from(userProgress).get()!.timesCorrect).toBe(4);
  });

  test("a topic merged into another, a topic renamed and a word moved between topics keep every learner's progress, flags, review cards and topic counts", () => {
    const topicFile = (name: string, head: string, entries: [string, string, string, string?][]) =>
      [
        `topic: ${name}`,
        head,
        'premium: false',
        'order: 1',
        'words:',
        ...entries.flatMap(([english, arabizi, arabic, key]) => [
          `  - english: ${english}`,
          `    arabizi: ${arabizi}`,
          `    arabic: ${arabic}`,
          '    batch: 1',
          ...(key ? [`    key: ${key}`] : []),
        ]),
      ]
        .filter(Boolean)
        .join('\n') + '\n';
    const bread: [string, string, string] = ['bread', '5ebez', 'خبز'];
    const coffee: [string, string, string] = ['coffee', 'ahwe', 'قهوة'];
    const ring: [string, string, string] = ['ring', '5atem', 'خاتم'];
    const sneakers: [string, string, string] = ['sneakers', 'sabbat riyada', 'صبّاط رياضة'];
    const shirt: [string, string, string] = ['shirt', '2amis', 'قميص'];
    const lessonOn = (topic: string) => lesson.replace('topic: Colors', `topic: ${topic}`);
    const db = database();
    const root = fixture({
      'words/food.yaml': topicFile('Food', '', [bread]),
      'words/food-and-drink.yaml': topicFile('Food and Drink', '', [coffee]),
      'words/fashion.yaml': topicFile('Fashion', '', [ring, sneakers]),
      'words/clothing.yaml': topicFile('Clothing', '', [shirt]),
      'lessons/01-colors.md': lessonOn('Food'),
    });
    expect(runImport(db, root, contentPlugins).errors).toEqual([]);
    const idOf = (english: string) => db.select().from(words).where(eq(words.english, english)).get()!.id;
    const topicOf = (name: string) => db.select().from(topics).where(eq(topics.name, name)).get()?.id;
    const before = { bread: idOf('bread'), ring: idOf('ring'), sneakers: idOf('sneakers') };
    const user = db.insert(users).values({ email: 'a@b.co', username: 'abc', usernameKey: 'abc', name: 'A B' }).returning().get();
    const seen = new Date(Date.UTC(2026, 0, 2));
    for (const id of Object.values(before))
      db.insert(userProgress).values({ userId: user.id, wordId: id, timesCorrect: 2, lastSeen: seen }).run();
    db.insert(flaggedWords).values({ userId: user.id, wordId: before.bread, flaggedAt: seen }).run();
    db.insert(reviewCards)
      .values({
        userId: user.id,
        kind: 'word',
        itemId: before.ring,
        direction: 'english-to-lebanese',
        due: seen,
        stability: 1,
        difficulty: 5,
      })
      .run();
    db.insert(topicProgress)
      .values([
        { userId: user.id, topicId: topicOf('Food')!, wordsLearned: 1, totalWords: 1, lastPracticed: seen },
        { userId: user.id, topicId: topicOf('Fashion')!, wordsLearned: 2, totalWords: 2, lastPracticed: seen },
      ])
      .run();

    // Food merges into Food and Drink, Fashion becomes Style and Beauty, its sneakers move to Clothing.
    rmSync(join(root, 'words/food.yaml'));
    rmSync(join(root, 'words/fashion.yaml'));
    writeFileSync(join(root, 'words/food-and-drink.yaml'), topicFile('Food and Drink', '', [[...bread, 'food/bread'], coffee]));
    writeFileSync(join(root, 'words/style-and-beauty.yaml'), topicFile('Style and Beauty', 'key: fashion', [ring]));
    writeFileSync(join(root, 'words/clothing.yaml'), topicFile('Clothing', '', [shirt, [...sneakers, 'fashion/sneakers']]));
    writeFileSync(join(root, 'lessons/01-colors.md'), lessonOn('Food and Drink'));
    const result = runImport(db, root, contentPlugins);
    expect(result.errors).toEqual([]);
    expect(result.counts.find((c) => c.kind === 'words')!.counts).toEqual({ added: 1, updated: 4, unchanged: 3, removed: 2 });

    expect({ bread: idOf('bread'), ring: idOf('ring'), sneakers: idOf('sneakers') }).toEqual(before);
    expect(topicOf('Food')).toBeUndefined();
    expect(topicOf('Fashion')).toBeUndefined();
    const topicNameOf = (id: number) =>
      db.select({ name: topics.name }).from(topics).innerJoin(words, eq(words.topicId, topics.id)).where(eq(words.id, id)).get()!.name;
    expect([topicNameOf(before.bread), topicNameOf(before.ring), topicNameOf(before.sneakers)]).toEqual([
      'Food and Drink',
      'Style and Beauty',
      'Clothing',
    ]);
    expect(
      db
        .select()
        .from(userProgress)
        .all()
        .map((p) => [p.wordId, p.timesCorrect])
        .sort(),
    ).toEqual(
      Object.values(before)
        .map((id) => [id, 2])
        .sort(),
    );
    expect(
      db
        .select()
        .from(flaggedWords)
        .all()
        .map((f) => f.wordId),
    ).toEqual([before.bread]);
    expect(
      db
        .select()
        .from(reviewCards)
        .all()
        .map((c) => c.itemId),
    ).toEqual([before.ring]);
    // Each topic counts the learned words it now holds.
    const counted = db
      .select()
      .from(topicProgress)
      .all()
      .map((p) => ({ topic: p.topicId, learned: p.wordsLearned, last: p.lastPracticed }));
    expect(counted.sort((a, b) => a.topic - b.topic)).toEqual(
      [
        { topic: topicOf('Food and Drink')!, learned: 1, last: seen },
        { topic: topicOf('Style and Beauty')!, learned: 1, last: seen },
        { topic: topicOf('Clothing')!, learned: 1, last: seen },
      ].sort((a, b) => a.topic - b.topic),
    );
    expect(db.select().from(lessons).get()!.topicId).toBe(topicOf('Food and Drink')!);
  });

  test('a word key used by two topics is an error naming both places', () => {
    const db = database();
    const root = fixture({
      'words/colors.yaml': colors,
      'words/food.yaml':
        'topic: Food\npremium: false\norder: 2\nwords:\n  - english: bread\n    arabizi: 5ebez\n    arabic: خبز\n    batch: 1\n    key: colors/red\n',
      'words/fashion.yaml':
        'topic: Style\nkey: colors\npremium: false\norder: 3\nwords:\n  - english: ring\n    arabizi: 5atem\n    arabic: خاتم\n    batch: 1\n',
    });
    const result = runImport(db, root, contentPlugins);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual({
      file: 'words/food.yaml',
      line: 5,
      field: 'key',
      message: 'the word key "colors/red" is also used in words/colors.yaml (line 5)',
    });
    expect(result.errors).toContainEqual({
      file: 'words/fashion.yaml',
      line: 1,
      field: 'topic',
      message: 'the key "colors" of topic "Style" is also used in words/colors.yaml (line 1)',
    });
  });

  test('a broken file is named with its line and field, and nothing is written', () => {
    const db = database();
    const root = fixture({
      'words/colors.yaml': colors.replace('batch: 2', 'batch: nine'),
      'lessons/01-colors.md': lesson,
    });
    const result = runImport(db, root, contentPlugins);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual({
      file: 'words/colors.yaml',
      line: 12,
      field: 'words[1].batch',
      message: 'must be a whole number from 1 to 6',
    });
    expect(db.select().from(words).all()).toHaveLength(0);
  });

  test('YAML syntax errors and front-matter errors carry the right line', () => {
    const db = database();
    const root = fixture({
      'words/colors.yaml': 'topic: Colors\npremium: false\norder: 1\nwords:\n  - english: red\n   arabizi: [a7mar\n',
      'lessons/01-colors.md': lesson.replace('difficulty: beginner', 'difficulty: expert'),
    });
    const result = runImport(db, root, contentPlugins);
    expect(result.errors.some((e) => e.file === 'words/colors.yaml' && e.field === '(syntax)')).toBe(true);
    expect(result.errors).toContainEqual({
      file: 'lessons/01-colors.md',
      line: 6,
      field: 'difficulty',
      message: 'must be one of beginner, intermediate, advanced',
    });
  });

  test('a dry run validates and counts but writes nothing', () => {
    const db = database();
    const root = fixture({ 'words/colors.yaml': colors });
    const result = runImport(db, root, contentPlugins, { dryRun: true });
    expect(result.ok).toBe(true);
    expect(result.counts.find((c) => c.kind === 'words')!.counts.added).toBe(3);
    expect(db.select().from(words).all()).toHaveLength(0);
  });
});
