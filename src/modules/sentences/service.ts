import { and, asc, eq, sql } from 'drizzle-orm';
import { speakableIndex } from '../../content/speakable';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { POINTS } from '../stats/rules';
import type { StatsService } from '../stats/service';
import { streakView, type StreakService } from '../streak/service';
import type { SpellingService } from '../spelling/service';
import { createSentenceEvaluator } from './evaluation';
import type { SentenceAnswerInput } from './model';
import { sentenceContexts, sentenceProgress, sentences } from './schema';

/** A sentence as the client reads it. */
export interface SentenceView {
  id: number;
  topic: string;
  question: { arabizi: string; arabic: string; english: string };
  contexts: { context: string; recommended_answer: string; arabic: string; english: string }[];
}

/** The verdict on a sentence answer, with who judged it and the learner's sentence streak. */
export interface SentenceAnswerResult {
  isCorrect: boolean;
  userAnswer: string;
  recommendedAnswer: string;
  arabic: string;
  english: string;
  question: { arabizi: string; arabic: string; english: string };
  feedback: string;
  evaluatedBy: 'ai' | 'local';
  streak: { currentStreak: number; bestStreak: number; lastPracticeDate: string | null };
  pointsAwarded: number;
}

/** An answer judged but not yet recorded. */
export type JudgedAnswer = Omit<SentenceAnswerResult, 'streak' | 'pointsAwarded'> & { sentenceId: number };

/** The most recent answers kept per learner and sentence. */
const KEPT_ANSWERS = 20;

/**
 * Sentence practice (docs/product-rules.md#sentences): topics, a random sentence of a topic, and answers judged by
 * OpenAI or the local rule, recorded with the sentence streak and points in one transaction.
 */
export function createSentencesService(ctx: AppContext, deps: { streak: StreakService; stats: StatsService; spelling: SpellingService }) {
  const { db, clock } = ctx;
  const { streak, stats } = deps;
  const evaluator = createSentenceEvaluator(ctx, deps.spelling.lexicon());
  const P = sql.placeholder;

  const sentenceById = db
    .select()
    .from(sentences)
    .where(eq(sentences.id, P('id')))
    .prepare();
  const contextsOf = db
    .select()
    .from(sentenceContexts)
    .where(eq(sentenceContexts.sentenceId, P('id')))
    .orderBy(asc(sentenceContexts.position))
    .prepare();
  const idsOfTopic = db
    .select({ id: sentences.id })
    .from(sentences)
    .where(eq(sentences.topic, P('topic')))
    .orderBy(asc(sentences.sortOrder))
    .prepare();
  const readProgress = db
    .select({ userAnswers: sentenceProgress.userAnswers })
    .from(sentenceProgress)
    .where(and(eq(sentenceProgress.userId, P('userId')), eq(sentenceProgress.sentenceId, P('sentenceId'))))
    .prepare();

  function view(id: number): SentenceView {
    const s = sentenceById.get({ id });
    if (!s) throw notFound('This sentence does not exist.');
    return {
      id: s.id,
      topic: s.topic,
      question: { arabizi: s.questionArabizi, arabic: s.questionArabic, english: s.questionEnglish },
      contexts: contextsOf
        .all({ id })
        .map((c) => ({ context: c.context, recommended_answer: c.recommendedAnswer, arabic: c.arabic, english: c.english })),
    };
  }

  /** Counts, the last answers and the streak and points of one judged answer, together or not at all. */
  function record(userId: number, sentenceId: number, answer: string, isCorrect: boolean) {
    return db.transaction(
      (tx) => {
        const at = clock.now();
        const previous = readProgress.get({ userId, sentenceId })?.userAnswers ?? [];
        const userAnswers = [...previous, { answer, isCorrect, at: at.toISOString() }].slice(-KEPT_ANSWERS);
        const c = isCorrect ? 1 : 0;
        tx.insert(sentenceProgress)
          .values({ userId, sentenceId, lastPracticed: at, timesCorrect: c, timesIncorrect: 1 - c, userAnswers })
          .onConflictDoUpdate({
            target: [sentenceProgress.userId, sentenceProgress.sentenceId],
            set: {
              timesCorrect: sql`${sentenceProgress.timesCorrect} + excluded.times_correct`,
              timesIncorrect: sql`${sentenceProgress.timesIncorrect} + excluded.times_incorrect`,
              lastPracticed: sql`excluded.last_practiced`,
              userAnswers: sql`excluded.user_answers`,
            },
          })
          .run();
        const recorded = streak.record(userId, 'sentences', isCorrect);
        const points = isCorrect ? POINTS.sentence : 0;
        stats.award({ userId, points, reason: 'sentence', page: 'sentences', correct: isCorrect });
        return { streak: streakView(recorded), pointsAwarded: points };
      },
      { behavior: 'immediate' },
    );
  }

  const questions = db
    .select({ arabic: sentences.questionArabic, arabizi: sentences.questionArabizi })
    .from(sentences)
    .orderBy(asc(sentences.id))
    .prepare();
  const answers = db
    .select({ arabic: sentenceContexts.arabic, arabizi: sentenceContexts.recommendedAnswer })
    .from(sentenceContexts)
    .orderBy(asc(sentenceContexts.id))
    .prepare();
  const speakableFor = speakableIndex(db.$client, () =>
    [...questions.all(), ...answers.all()].map((text) => ({ ...text, premium: false })),
  );

  return {
    /** The sentence topics of the content, alphabetically. */
    topics(): string[] {
      return db
        .selectDistinct({ topic: sentences.topic })
        .from(sentences)
        .orderBy(asc(sentences.topic))
        .all()
        .map((r) => r.topic);
    },

    /** A random sentence of the topic; another than `exclude` (the one on screen) when the topic has more. */
    random(topic: string, exclude?: number): SentenceView {
      const ids = idsOfTopic.all({ topic }).map((r) => r.id);
      if (ids.length === 0) throw notFound('There are no sentences for this topic.');
      const choices = ids.length > 1 && exclude !== undefined ? ids.filter((id) => id !== exclude) : ids;
      return view(choices[Math.floor(Math.random() * choices.length)]);
    },

    /**
     * Judges an answer to one scenario of a sentence, the slow part (the AI may take seconds), before
     * anything is written.
     */
    async judge(input: SentenceAnswerInput): Promise<JudgedAnswer> {
      const sentence = view(input.sentenceId);
      const context = sentence.contexts.find((c) => c.context.trim() === input.context);
      if (!context) throw notFound('Context not found');
      const verdict = await evaluator.judge({
        question: sentence.question,
        scenario: context.context,
        recommendedAnswer: context.recommended_answer,
        recommendedEnglish: context.english,
        answer: input.answer,
      });
      return {
        sentenceId: sentence.id,
        isCorrect: verdict.isCorrect,
        userAnswer: input.answer,
        recommendedAnswer: context.recommended_answer,
        arabic: context.arabic,
        english: context.english,
        question: sentence.question,
        feedback: verdict.feedback,
        evaluatedBy: verdict.evaluatedBy,
      };
    },

    /** Records a judged answer for the learner: progress, the sentences streak and the points. */
    record(userId: number, judged: JudgedAnswer): SentenceAnswerResult {
      const { sentenceId, ...answer } = judged;
      return { ...answer, ...record(userId, sentenceId, judged.userAnswer, judged.isCorrect) };
    },

    /** A sentence's stable content key (topic/key) and its question, for reports on content; null when it does not exist. */
    contentItem(id: number): { key: string; question: string } | null {
      const s = sentenceById.get({ id });
      return s ? { key: s.key, question: s.questionArabizi } : null;
    },

    /** The Arabic script and arabizi of a sentence question or recommended answer whose arabizi or Arabic is `text`, for speech (sentences are free). */
    speakableFor,
  };
}

export type SentencesService = ReturnType<typeof createSentencesService>;
