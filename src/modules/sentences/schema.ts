import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, count, json } from '../../db/columns';
import { users } from '../auth/schema';

/** Sentences: a question in one topic, answered in one of several scenario contexts. */
export const sentences = sqliteTable(
  'sentences',
  {
    id: id(),
    key: text('key').notNull(),
    topic: text('topic').notNull(),
    questionArabizi: text('question_arabizi').notNull(),
    questionArabic: text('question_arabic').notNull(),
    questionEnglish: text('question_english').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('sentences_key_unique').on(t.key), index('sentences_topic_idx').on(t.topic)],
);

export const sentenceContexts = sqliteTable(
  'sentence_contexts',
  {
    id: id(),
    sentenceId: integer('sentence_id')
      .notNull()
      .references(() => sentences.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    context: text('context').notNull(),
    recommendedAnswer: text('recommended_answer').notNull(),
    arabic: text('arabic').notNull(),
    english: text('english').notNull(),
  },
  (t) => [uniqueIndex('sentence_contexts_sentence_position_unique').on(t.sentenceId, t.position)],
);

export const sentenceProgress = sqliteTable(
  'sentence_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentenceId: integer('sentence_id')
      .notNull()
      .references(() => sentences.id, { onDelete: 'cascade' }),
    lastPracticed: instant('last_practiced'),
    timesCorrect: count('times_correct'),
    timesIncorrect: count('times_incorrect'),
    userAnswers: json<{ answer: string; isCorrect: boolean; at: string }[]>('user_answers').notNull().default([]),
  },
  (t) => [uniqueIndex('sentence_progress_user_sentence_unique').on(t.userId, t.sentenceId)],
);
