import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/writes';
import { POINTS } from '../stats/rules';
import type { StatsService } from '../stats/service';
import type { SpeechService } from '../speech/service';
import type { VocabularyService } from '../vocabulary/service';
import { lessonComponentKey } from './content';
import type { LessonProgressInput } from './model';
import { lessonContent, lessonProgress, lessons, type StepContent, type StepType } from './schema';

export interface LessonProgressView {
  completed: boolean;
  /** Correct practice answers in the latest run through the lesson. */
  score: number;
  questionsCompleted: number;
  totalQuestions: number;
  lastAttemptDate: string | null;
}

export interface LessonView {
  id: number;
  key: string;
  name: string;
  description: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  orderIndex: number;
  topic: string | null;
  verbId: number | null;
  /** The key of the grammar page that explains the lesson. */
  grammar: string | null;
  steps: number;
  progress: LessonProgressView;
}

export interface LessonStep {
  id: number;
  orderIndex: number;
  type: StepType;
  content: StepContent;
}

export interface LessonProgressResult extends LessonProgressView {
  lessonId: number;
  /** True for the call that completed the lesson for the first time. */
  justCompleted: boolean;
  pointsAwarded: number;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Lessons (docs/product-rules.md#lessons): the list with each learner's completion, a lesson and its steps, practice
 * answers and completion. Completing a lesson earns its points once, however often it is replayed.
 */
export function createLessonsService(ctx: AppContext, deps: { stats: StatsService; vocabulary: VocabularyService; speech: SpeechService }) {
  const { db, clock } = ctx;
  const { stats, vocabulary, speech } = deps;
  const P = sql.placeholder;

  // Named with its table: in a query of one table drizzle leaves columns bare, and inside the subquery a
  // bare id would be the step's.
  const lessonId = sql`${lessons}.${sql.identifier('id')}`;
  const practiceCount = sql<number>`(select count(*) from ${lessonContent} where ${lessonContent.lessonId} = ${lessonId} and ${lessonContent.type} = 'practice')`;
  const stepCount = sql<number>`(select count(*) from ${lessonContent} where ${lessonContent.lessonId} = ${lessonId})`;
  const lessonColumns = {
    id: lessons.id,
    key: lessons.key,
    name: lessons.name,
    description: lessons.description,
    difficulty: lessons.difficulty,
    orderIndex: lessons.orderIndex,
    topicId: lessons.topicId,
    verbId: lessons.verbId,
    grammar: lessons.grammar,
    steps: stepCount,
    practiceSteps: practiceCount,
  };
  const allLessons = db.select(lessonColumns).from(lessons).orderBy(asc(lessons.orderIndex), asc(lessons.id)).prepare();
  const lessonById = db
    .select(lessonColumns)
    .from(lessons)
    .where(eq(lessons.id, P('id')))
    .prepare();
  const progressOf = db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, P('userId')), eq(lessonProgress.lessonId, P('lessonId'))))
    .prepare();
  const progressOfUser = db
    .select()
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, P('userId')))
    .prepare();
  const stepsOf = db
    .select()
    .from(lessonContent)
    .where(eq(lessonContent.lessonId, P('id')))
    .orderBy(asc(lessonContent.orderIndex))
    .prepare();

  // A run through the lesson has one answer per practice step: once it is full, the next answer starts
  // a new run. SET reads the row's old values, so the count and the score move together.
  const addAnswer = db
    .insert(lessonProgress)
    .values({
      userId: P('userId'),
      lessonId: P('lessonId'),
      lastAttemptDate: P('now'),
      score: P('correct'),
      questionsCompleted: 1,
      totalQuestions: P('total'),
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        questionsCompleted: sql`case when ${lessonProgress.questionsCompleted} >= excluded.total_questions then 1 else ${lessonProgress.questionsCompleted} + 1 end`,
        score: sql`case when ${lessonProgress.questionsCompleted} >= excluded.total_questions then excluded.score else ${lessonProgress.score} + excluded.score end`,
        totalQuestions: sql`excluded.total_questions`,
        lastAttemptDate: sql`excluded.last_attempt_date`,
      },
    })
    .prepare();
  const complete = db
    .insert(lessonProgress)
    .values({ userId: P('userId'), lessonId: P('lessonId'), completed: true, lastAttemptDate: P('now'), totalQuestions: P('total') })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { completed: true, lastAttemptDate: sql`excluded.last_attempt_date`, totalQuestions: sql`excluded.total_questions` },
    })
    .prepare();

  type Row = NonNullable<ReturnType<typeof lessonById.get>>;
  type ProgressRow = typeof lessonProgress.$inferSelect;

  function progressView(lesson: Row, row: ProgressRow | undefined): LessonProgressView {
    return {
      completed: row?.completed ?? false,
      score: row?.score ?? 0,
      questionsCompleted: row?.questionsCompleted ?? 0,
      // Before any answer the lesson's own count stands in for the column's default of 25.
      totalQuestions: row?.totalQuestions ?? lesson.practiceSteps,
      lastAttemptDate: iso(row?.lastAttemptDate),
    };
  }

  function view(lesson: Row, row: ProgressRow | undefined): LessonView {
    const { id, key, name, description, difficulty, orderIndex, topicId, verbId, grammar, steps } = lesson;
    return {
      id,
      key,
      name,
      description,
      difficulty,
      orderIndex,
      topic: vocabulary.topicName(topicId),
      verbId,
      grammar,
      steps,
      progress: progressView(lesson, row),
    };
  }

  function find(id: number): Row {
    const lesson = lessonById.get({ id });
    if (!lesson) throw notFound('This lesson does not exist.');
    return lesson;
  }

  return {
    /** Every lesson in course order, with the learner's progress (none when signed out). */
    list(userId: number | null): LessonView[] {
      const progress = new Map(userId === null ? [] : progressOfUser.all({ userId }).map((p) => [p.lessonId, p]));
      return allLessons.all().map((lesson) => view(lesson, progress.get(lesson.id)));
    },

    get(userId: number | null, id: number): LessonView {
      const lesson = find(id);
      return view(lesson, userId === null ? undefined : progressOf.get({ userId, lessonId: id }));
    },

    /** A lesson's steps; a component with no audioUrl of its own gets its recorded clip's (docs/content-format.md#recorded-audio). */
    steps(id: number): LessonStep[] {
      const { key } = find(id);
      const recorded = (content: StepContent, step: number): StepContent =>
        content.components
          ? {
              ...content,
              components: content.components.map((c, j) => ({
                ...c,
                audioUrl: c.audioUrl ?? speech.recordingUrl('lessons', lessonComponentKey(key, step, j)) ?? undefined,
              })),
            }
          : content;
      return stepsOf
        .all({ id })
        .map((s) => ({ id: s.id, orderIndex: s.orderIndex, type: s.type, content: recorded(s.content, s.orderIndex) }));
    },

    /** A practice answer, a completion, or both, in one transaction; the first completion earns the points. */
    record(userId: number, lessonId: number, input: LessonProgressInput): LessonProgressResult {
      return inTransaction(db.$client, () => {
        const lesson = find(lessonId);
        const now = clock.now();
        const total = lesson.practiceSteps;
        if (input.correct !== undefined) {
          if (total === 0) throw badRequest('This lesson has no practice questions to answer.');
          addAnswer.run({ userId, lessonId, now, correct: input.correct ? 1 : 0, total });
        }
        let justCompleted = false;
        if (input.completed) {
          justCompleted = !(progressOf.get({ userId, lessonId })?.completed ?? false);
          complete.run({ userId, lessonId, now, total });
        }
        // The first completion earns the lesson's points (and, with the first lesson, Scholar); replays earn nothing.
        const pointsAwarded = justCompleted ? POINTS.lesson : 0;
        if (justCompleted) stats.award({ userId, points: pointsAwarded, reason: 'lesson' });
        return { lessonId, ...progressView(lesson, progressOf.get({ userId, lessonId })), justCompleted, pointsAwarded };
      });
    },
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
