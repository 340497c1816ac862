import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, flag, json } from '../../db/columns';
import { users } from '../auth/schema';

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const STEP_TYPES = ['vocabulary', 'grammar', 'sentence_building', 'practice', 'review'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export interface StepComponent {
  lebanese: string;
  english: string;
  explanation?: string;
  audioUrl?: string;
}
export interface StepContent {
  components?: StepComponent[];
  phrase?: { lebanese: string; english: string };
  question?: string;
  options?: string[];
  correctAnswer?: string;
  explanation?: string;
}

export const lessons = sqliteTable(
  'lessons',
  {
    id: id(),
    key: text('key').notNull(),
    // Vocabulary's topic and verb, by id with no foreign key (docs/decisions/0050-modules-depend-one-way.md):
    // every import sets them again from the lesson's topic and verb names, which it checks exist (content.ts).
    topicId: integer('topic_id'),
    verbId: integer('verb_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    orderIndex: integer('order_index').notNull(),
    difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull(),
    /** The key of the grammar page (content/grammar) that explains the lesson. */
    grammar: text('grammar'),
  },
  (t) => [uniqueIndex('lessons_key_unique').on(t.key), index('lessons_order_idx').on(t.orderIndex)],
);

export const lessonContent = sqliteTable(
  'lesson_content',
  {
    id: id(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    type: text('type', { enum: STEP_TYPES }).notNull(),
    content: json<StepContent>('content').notNull(),
  },
  (t) => [uniqueIndex('lesson_content_lesson_order_unique').on(t.lessonId, t.orderIndex)],
);

export const lessonProgress = sqliteTable(
  'lesson_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completed: flag('completed'),
    lastAttemptDate: instant('last_attempt_date'),
    score: integer('score').notNull().default(0),
    questionsCompleted: integer('questions_completed').notNull().default(0),
    totalQuestions: integer('total_questions').notNull().default(25),
  },
  (t) => [uniqueIndex('lesson_progress_user_lesson_unique').on(t.userId, t.lessonId)],
);
