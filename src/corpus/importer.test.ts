import { describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { runImport } from '../lib/content/importer';
import { contentSandbox } from './testing';
import { contentPlugins } from '../modules';
import { users } from '../modules/auth/schema';
import { userProgress, words } from '../modules/vocabulary/schema';

const { fixture, database } = contentSandbox();

const colors = `topic: Colors
premium: false
order: 1
words:
  - english: red
    arabizi: a7mar
    arabic: أحمر
    batch: 1
  - english: white
    arabizi: abyad
    arabic: أبيض
    batch: 2
    note: Also the colour of a good heart.
`;

const lesson = `---
key: colors-1
name: Colours
topic: Colors
order: 1
difficulty: beginner
steps:
  - type: vocabulary
    components:
      - { lebanese: a7mar, english: red }
  - type: practice
    question: Which is red?
    options: [a7mar, abyad]
    correctAnswer: a7mar
    explanation: A7mar is red.
---
Colours are easy.
`;

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

  test('a broken file is named with its line and field, and nothing is written', () => {
    const db = database();
    const root = fixture({
      'words/colors.yaml': colors.replace('batch: 2', 'batch: nine'),
      'lessons/01-colors.md': lesson,
    });
    const result = runImport(db, root, contentPlugins);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual({ file: 'words/colors.yaml', line: 12, field: 'words[1].batch', message: 'must be a whole number from 1 to 6' });
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
    expect(result.errors).toContainEqual({ file: 'lessons/01-colors.md', line: 6, field: 'difficulty', message: 'must be one of beginner, intermediate, advanced' });
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
