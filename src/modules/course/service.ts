import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound, trialExpired } from '../../lib/errors';
import { judgeTyped } from '../../shared/judge';
import type { User } from '../auth/service';
import type { ConversationsService } from '../conversations/service';
import type { DialoguesService } from '../dialogues/service';
import type { GrammarService } from '../grammar/service';
import type { LessonsService } from '../lessons/service';
import type { ReviewService } from '../review/service';
import type { SpellingService } from '../spelling/service';
import type { VocabularyService } from '../vocabulary/service';
import { courseGrammarRead, coursePlacements, courseUnits } from './schema';
import type { PlacementAnswers } from './model';
import {
  PLACEMENT_PASS,
  PLACEMENT_QUESTIONS,
  stepView,
  type CoursePath,
  type PlacementQuiz,
  type PlacementResult,
  type StepView,
  type TodaysPlan,
  type UnitView,
} from './rules';

type Deps = {
  vocabulary: VocabularyService;
  review: ReviewService;
  lessons: LessonsService;
  grammar: GrammarService;
  dialogues: DialoguesService;
  conversations: ConversationsService;
  spelling: SpellingService;
};

/**
 * The course (content/course.yaml, docs/decisions/0076-the-course.md): its units with what a learner has
 * done of each, today's plan, and the placement check. What is done is read from the modules that keep
 * it (words answered right, lessons completed, dialogues played, conversations ended); the course keeps only the grammar
 * pages read from the plan and the unit a placement check placed the learner in.
 */
export function createCourseService(ctx: AppContext, deps: Deps) {
  const { db } = ctx;
  const { vocabulary, review, lessons, grammar, dialogues, conversations, spelling } = deps;
  const P = sql.placeholder;
  const units = db.select().from(courseUnits).orderBy(asc(courseUnits.orderIndex)).prepare();
  const readPages = db
    .select({ key: courseGrammarRead.pageKey })
    .from(courseGrammarRead)
    .where(eq(courseGrammarRead.userId, P('userId')))
    .prepare();
  const placementOf = db
    .select({ unitKey: coursePlacements.unitKey })
    .from(coursePlacements)
    .where(eq(coursePlacements.userId, P('userId')))
    .prepare();

  /**
   * A unit's placement check asks its words and answers with their Lebanese: a unit with premium steps
   * the learner may not open is refused as its words are (402 trial_expired), and an unknown one is a 404.
   */
  function placeable(user: User, key: string) {
    const unit = path(user).units.find((u) => u.key === key);
    if (!unit) throw notFound('There is no such unit in the course.');
    if (unit.steps.some((s) => s.locked && s.premium)) throw trialExpired();
  }

  /** Every unit with each step's state for this learner, and the unit they are in: the first not done. */
  function path(user: User): CoursePath {
    const batches = new Map(vocabulary.topicBatches(user.id).map((b) => [`${b.topic}#${b.batch}`, b]));
    const topics = new Map(vocabulary.topicCards(user).map((t) => [t.name, t]));
    const lessonList = new Map(lessons.list(user.id).map((l) => [l.key, l]));
    const pages = new Map(grammar.list().map((g) => [g.key, g]));
    const dialogueList = new Map(dialogues.list(user).map((d) => [d.key, d]));
    const scenarioList = new Map(conversations.list(user).scenarios.map((s) => [s.key, s]));
    const talked = conversations.finishedScenarios(user.id);
    const read = new Set(readPages.all({ userId: user.id }).map((r) => r.key));
    const all = units.all();
    const placedKey = placementOf.get({ userId: user.id })?.unitKey;
    const placedAt = Math.max(
      0,
      all.findIndex((u) => u.key === placedKey),
    );

    let current = -1;
    const views = all.map((unit, index): UnitView => {
      const placedPast = index < placedAt;
      const steps = unit.steps.map((step): StepView => {
        switch (step.kind) {
          case 'words': {
            const counts = step.batches.map((b) => batches.get(`${step.topic}#${b}`) ?? { words: 0, answeredRight: 0 });
            const total = counts.reduce((n, c) => n + c.words, 0);
            const right = counts.reduce((n, c) => n + c.answeredRight, 0);
            const topic = topics.get(step.topic);
            return stepView({
              kind: 'words',
              key: step.topic,
              title: step.topic,
              done: placedPast || right >= total,
              locked: !!topic && !topic.isTrialAccessible,
              premium: !!topic?.isPremium,
              progress: { done: right, of: total },
            });
          }
          case 'lesson': {
            const lesson = lessonList.get(step.key);
            return stepView({
              kind: 'lesson',
              key: String(lesson?.id ?? step.key),
              title: lesson?.name ?? step.key,
              done: placedPast || !!lesson?.progress.completed,
              locked: false,
              premium: false,
            });
          }
          case 'grammar':
            return stepView({
              kind: 'grammar',
              key: step.key,
              title: pages.get(step.key)?.title ?? step.key,
              done: placedPast || read.has(step.key),
              locked: false,
              premium: false,
            });
          case 'dialogue': {
            const dialogue = dialogueList.get(step.key);
            return stepView({
              kind: 'dialogue',
              key: String(dialogue?.id ?? step.key),
              title: dialogue?.title ?? step.key,
              done: placedPast || (dialogue?.progress.timesPlayed ?? 0) > 0,
              locked: !!dialogue?.locked,
              premium: !!dialogue?.premium,
            });
          }
          case 'conversation': {
            const scenario = scenarioList.get(step.key);
            return stepView({
              kind: 'conversation',
              key: String(scenario?.id ?? step.key),
              title: scenario?.title ?? step.key,
              done: placedPast || (!!scenario && talked.has(scenario.id)),
              locked: !!scenario?.locked,
              premium: !!scenario?.premium,
            });
          }
        }
      });
      const done = steps.every((s) => s.done);
      if (!done && current === -1) current = index;
      return {
        key: unit.key,
        title: unit.title,
        number: index + 1,
        premium: steps.some((s) => s.premium),
        locked: steps.some((s) => s.locked && !s.done),
        done,
        current: false,
        steps,
      };
    });
    if (current >= 0) views[current]!.current = true;
    return { units: views, placedIn: placedKey && placedAt > 0 ? placedKey : null };
  }

  const unitByKey = (key: string) => {
    const unit = units.all().find((u) => u.key === key);
    if (!unit) throw notFound('This unit does not exist.');
    return unit;
  };

  /** A unit's placement questions: the first words of its topics, in the course's order. */
  function quizWords(key: string) {
    const unit = unitByKey(key);
    const topics = unit.steps.flatMap((s) => (s.kind === 'words' ? [s.topic] : []));
    if (topics.length === 0) throw badRequest('This unit has no words to check.');
    const perTopic = Math.ceil(PLACEMENT_QUESTIONS / topics.length);
    return topics.flatMap((t) => vocabulary.firstWordsOf(t, perTopic)).slice(0, PLACEMENT_QUESTIONS);
  }

  return {
    path,

    /** Today's plan: reviews due, new words left within the day's limit, and the current unit's next step. */
    plan(user: User): TodaysPlan {
      const { units: all } = path(user);
      const unit = all.find((u) => u.current) ?? null;
      const settings = review.settings(user.id);
      return {
        reviewsDue: review.queue(user, vocabulary.openWords).count,
        newWordsLeft: Math.max(0, settings.newCardsPerDay - review.newCardsToday(user.id)),
        newWordsPerDay: settings.newCardsPerDay,
        unit: unit && {
          key: unit.key,
          title: unit.title,
          number: unit.number,
          locked: unit.locked,
          stepsDone: unit.steps.filter((s) => s.done).length,
          steps: unit.steps.length,
        },
        next: unit?.steps.find((s) => !s.done) ?? null,
        courseDone: all.length > 0 && all.every((u) => u.done),
      };
    },

    /** Marks a grammar page read (the plan's grammar step), once; an unknown page is a 404. */
    readGrammar(userId: number, key: string) {
      grammar.get(key);
      db.insert(courseGrammarRead).values({ userId, pageKey: key }).onConflictDoNothing().run();
    },

    placementQuiz(user: User, key: string): PlacementQuiz {
      placeable(user, key);
      return { unit: key, pass: PLACEMENT_PASS, questions: quizWords(key).map(({ id, english }) => ({ wordId: id, english })) };
    },

    /**
     * Judges a unit's placement answers as every typed answer is judged (src/shared/arabizi.ts); passing
     * places the learner after that unit, never behind where a placement already put them. Runs inside a write.
     */
    place(user: User, key: string, input: PlacementAnswers): PlacementResult {
      placeable(user, key);
      const userId = user.id;
      const words = quizWords(key);
      const given = new Map(input.answers.map((a) => [a.wordId, a.answer]));
      const judged = words.map((w) => ({
        wordId: w.id,
        english: w.english,
        lebanese: w.lebanese,
        right: judgeAnswer(given.get(w.id) ?? '', w.lebanese, spelling),
      }));
      const right = judged.filter((j) => j.right).length;
      const passed = right >= Math.min(PLACEMENT_PASS, words.length);
      const all = units.all();
      const index = all.findIndex((u) => u.key === key);
      if (passed) {
        const next = all[Math.min(index + 1, all.length - 1)]!;
        // Synchronous, in the write queue's transaction (index.ts): nothing comes between the read and the write.
        const placedAt = all.findIndex((u) => u.key === placementOf.get({ userId })?.unitKey);
        if (placedAt < all.indexOf(next))
          db.insert(coursePlacements)
            .values({ userId, unitKey: next.key })
            .onConflictDoUpdate({ target: coursePlacements.userId, set: { unitKey: next.key, placedAt: new Date() } })
            .run();
      }
      return { unit: key, right, total: words.length, passed, answers: judged, placedIn: placementOf.get({ userId })?.unitKey ?? null };
    },
  };
}

/** A placement answer judged by the shared checker; only 'right' counts, as a role-play turn's score counts it. */
function judgeAnswer(typed: string, expected: string, spelling: SpellingService) {
  return judgeTyped(typed, expected, spelling.lexicon()) === 'right';
}

export type CourseService = ReturnType<typeof createCourseService>;
