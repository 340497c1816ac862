import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import { migrationsUpTo } from '../../tests/support/migrations';
import { migrateDatabase, openDatabase } from './client';

const dir = mkdtempSync(join(tmpdir(), 'kalimat-foreign-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const referenced = (db: ReturnType<typeof openDatabase>, table: string) =>
  (db.$client.query(`pragma foreign_key_list(${table})`).all() as { table: string }[]).map((fk) => fk.table).sort();

// Rebuilding a table drops the old one, and with foreign keys on that drop deletes the rows of every table
// pointing at it: a lesson's steps and every learner's lesson progress (docs/decisions/0050-modules-depend-one-way.md).
test('migration 0018 drops the foreign keys into vocabulary and keeps every row, those pointing at the rebuilt tables included', () => {
  const db = openDatabase(join(dir, 'app.db'));
  migrate(db, { migrationsFolder: migrationsUpTo(17) });
  const run = (statement: string) => db.$client.run(statement);
  run(`insert into users (id, email, username, username_key, name, created_at) values (1, 'a@example.com', 'a', 'a', 'A', 0)`);
  run(`insert into topics (id, name) values (1, 'Food')`);
  run(`insert into words (id, key, english, lebanese, arabic_script, topic_id) values (1, 'food/bread', 'bread', '5ebez', 'خبز', 1)`);
  run(`insert into flagged_words (user_id, word_id, correct_in_flagged, flagged_at) values (1, 1, 2, 1000)`);
  run(
    `insert into lessons (id, key, topic_id, name, description, order_index, difficulty) values (1, 'food', 1, 'Food', 'Eating', 1, 'beginner')`,
  );
  run(`insert into lesson_content (lesson_id, order_index, type, content) values (1, 0, 'vocabulary', '{}')`);
  run(`insert into lesson_progress (user_id, lesson_id, completed, score) values (1, 1, 1, 80)`);

  migrateDatabase(db);
  const all = (table: string) => db.$client.query(`select * from ${table}`).all();
  expect(all('flagged_words')).toEqual([{ id: 1, user_id: 1, word_id: 1, correct_in_flagged: 2, flagged_at: 1000 }]);
  expect(all('lessons')).toMatchObject([{ id: 1, key: 'food', topic_id: 1, verb_id: null }]);
  expect(all('lesson_content')).toHaveLength(1);
  expect(all('lesson_progress')).toMatchObject([{ user_id: 1, lesson_id: 1, completed: 1, score: 80 }]);
  expect(referenced(db, 'flagged_words')).toEqual(['users']);
  expect(referenced(db, 'lessons')).toEqual([]);
  // Foreign keys are on again after the migrations, and a learner's rows still go with their account.
  expect(db.$client.query('pragma foreign_keys').get()).toEqual({ foreign_keys: 1 });
  run('delete from users where id = 1');
  expect(all('flagged_words')).toEqual([]);
  expect(all('lesson_progress')).toEqual([]);
  db.$client.close();
});
