import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, flag, count, json } from '../../db/columns';
import { users } from '../auth/schema';
import { VOICES } from '../../content/speakable';

export const GENDERS = ['male', 'female'] as const;

export interface Speaker {
  name: string;
  gender: (typeof GENDERS)[number];
}

/** A conversation of content/dialogues (docs/content-format.md#dialogues). */
export const dialogues = sqliteTable(
  'dialogues',
  {
    id: id(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    setting: text('setting').notNull(),
    isPremium: flag('is_premium'),
    orderIndex: integer('order_index').notNull(),
    speakers: json<Speaker[]>('speakers').notNull(),
  },
  (t) => [uniqueIndex('dialogues_key_unique').on(t.key), index('dialogues_order_idx').on(t.orderIndex)],
);

/** A line of a dialogue; `voice` is its speaker's voice (content.ts), kept on the line so speech finds it with the text. */
export const dialogueLines = sqliteTable(
  'dialogue_lines',
  {
    id: id(),
    dialogueId: integer('dialogue_id')
      .notNull()
      .references(() => dialogues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    speaker: text('speaker').notNull(),
    voice: text('voice', { enum: VOICES }).notNull(),
    arabizi: text('arabizi').notNull(),
    arabic: text('arabic').notNull(),
    english: text('english').notNull(),
    note: text('note'),
    /** Other wordings a teacher would take for the line (docs/content-format.md#dialogues), judged like it. */
    alternatives: json<string[]>('alternatives').notNull().default([]),
    /** The key of the grammar page the line shows at work (docs/content-format.md#dialogues): grammar's key, checked by the import, not a foreign key. */
    grammar: text('grammar'),
  },
  (t) => [uniqueIndex('dialogue_lines_dialogue_position_unique').on(t.dialogueId, t.position)],
);

/** A learner's role-plays of one dialogue: how often, the best and the latest score (lines right). */
export const dialogueProgress = sqliteTable(
  'dialogue_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dialogueId: integer('dialogue_id')
      .notNull()
      .references(() => dialogues.id, { onDelete: 'cascade' }),
    timesPlayed: count('times_played'),
    bestScore: count('best_score'),
    lastScore: count('last_score'),
    lastTotal: count('last_total'),
    lastPlayed: instant('last_played'),
  },
  (t) => [uniqueIndex('dialogue_progress_user_dialogue_unique').on(t.userId, t.dialogueId)],
);
