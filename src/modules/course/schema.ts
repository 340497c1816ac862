import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../auth/schema';
import { createdAt, id, json } from '../../db/columns';

/** One step of a unit, in the order a learner takes them (docs/content-format.md#the-course). */
export type UnitStep =
  | { kind: 'words'; topic: string; batches: number[] }
  | { kind: 'grammar'; key: string }
  | { kind: 'lesson'; key: string }
  | { kind: 'dialogue'; key: string }
  | { kind: 'conversation'; key: string };

/** The units of content/course.yaml, in the course's order. */
export const courseUnits = sqliteTable(
  'course_units',
  {
    id: id(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    orderIndex: integer('order_index').notNull(),
    expects: json<string[]>('expects').notNull(),
    steps: json<UnitStep[]>('steps').notNull(),
  },
  (t) => [uniqueIndex('course_units_key_unique').on(t.key)],
);

/**
 * What the course records itself: a grammar page read from the plan (no other module keeps it), and
 * the unit a placement check placed the learner in (the units before it count as done).
 */
export const courseGrammarRead = sqliteTable(
  'course_grammar_read',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageKey: text('page_key').notNull(),
    readAt: createdAt(),
  },
  (t) => [uniqueIndex('course_grammar_read_user_page_unique').on(t.userId, t.pageKey)],
);

export const coursePlacements = sqliteTable('course_placements', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unitKey: text('unit_key').notNull(),
  placedAt: createdAt(),
});
