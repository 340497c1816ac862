import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import type { AppContext } from '../../lib/context';
import { DAY_MS } from '../../lib/clock';
import type { User } from '../auth/service';
import { calendarDay, type StatsService } from '../stats/service';
import type { WordView } from '../vocabulary/service';
import { FORECAST_DAYS, addDays, forecast } from './rules';
import { reviewCards, reviewLog, type Direction, type ReviewKind } from './schema';

/** The words among `ids` that the learner's tier opens, in the vocabulary's view. */
export type OpenWords = (user: User, ids: number[]) => WordView[];

/** A word due for review, shown from the side its most overdue card asks. */
export interface DueWord extends WordView {
  direction: Direction;
  due: string;
}

export interface ReviewQueue {
  /** How many words are due now. */
  count: number;
  /** The due words, most overdue first. */
  words: DueWord[];
}

export interface ReviewForecast {
  /** Words falling due on each of the next 14 days in the learner's time zone, today (with the overdue ones) first. */
  days: { date: string; due: number }[];
  /** Every answer since memory tracking began, and how many of them were recalled (not Still learning). */
  retention: { reviews: number; recalled: number };
}

export interface ReviewInput {
  userId: number;
  kind: ReviewKind;
  itemId: number;
  direction: Direction;
  rating: Grade;
  at: Date;
}

/**
 * Memory cards (FSRS, ts-fsrs with its default parameters): every answer updates the card of its item
 * and direction and logs the review, inside the caller's transaction (docs/decisions/0014). The due
 * words are shown as the caller's `openWords` (vocabulary's) opens them, which applies the tier's rules:
 * vocabulary records its answers here, so review does not depend on it in turn.
 */
export function createReviewService(ctx: AppContext, deps: { stats: StatsService }) {
  const { db, clock } = ctx;
  const { stats } = deps;
  const P = sql.placeholder;
  const scheduler = fsrs();

  const readCard = db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, P('userId')), eq(reviewCards.kind, P('kind')), eq(reviewCards.itemId, P('itemId')), eq(reviewCards.direction, P('direction'))))
    .prepare();
  const saveCard = db
    .insert(reviewCards)
    .values({
      userId: P('userId'),
      kind: P('kind'),
      itemId: P('itemId'),
      direction: P('direction'),
      due: P('due'),
      stability: P('stability'),
      difficulty: P('difficulty'),
      scheduledDays: P('scheduledDays'),
      learningSteps: P('learningSteps'),
      reps: P('reps'),
      lapses: P('lapses'),
      state: P('state'),
      lastReview: P('lastReview'),
    })
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.kind, reviewCards.itemId, reviewCards.direction],
      set: {
        due: sql`excluded.due`,
        stability: sql`excluded.stability`,
        difficulty: sql`excluded.difficulty`,
        scheduledDays: sql`excluded.scheduled_days`,
        learningSteps: sql`excluded.learning_steps`,
        reps: sql`excluded.reps`,
        lapses: sql`excluded.lapses`,
        state: sql`excluded.state`,
        lastReview: sql`excluded.last_review`,
      },
    })
    .returning({ id: reviewCards.id })
    .prepare();
  const addLog = db
    .insert(reviewLog)
    .values({
      userId: P('userId'),
      cardId: P('cardId'),
      rating: P('rating'),
      state: P('state'),
      due: P('due'),
      stability: P('stability'),
      difficulty: P('difficulty'),
      scheduledDays: P('scheduledDays'),
      reviewedAt: P('reviewedAt'),
    })
    .prepare();
  const dueWords = db
    .select({ itemId: reviewCards.itemId, direction: reviewCards.direction, due: reviewCards.due })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, P('userId')), eq(reviewCards.kind, 'word'), lte(reviewCards.due, P('until'))))
    .orderBy(asc(reviewCards.due), asc(reviewCards.id))
    .prepare();
  const retentionOf = db
    .select({ reviews: sql<number>`count(*)`, recalled: sql<number>`coalesce(sum(${reviewLog.rating} > 1), 0)` })
    .from(reviewLog)
    .where(eq(reviewLog.userId, P('userId')))
    .prepare();

  /** The words of the learner's due cards up to `until` that their tier opens, each once at its earliest card. */
  function openDue(user: User, until: Date, openWords: OpenWords) {
    const first = new Map<number, { direction: Direction; due: Date }>();
    for (const card of dueWords.all({ userId: user.id, until: until.getTime() })) if (!first.has(card.itemId)) first.set(card.itemId, card);
    return openWords(user, [...first.keys()]).map((word) => ({ word, card: first.get(word.id)! }));
  }

  return {
    /** One answer: the card read, scheduled by FSRS and stored, and the review logged (three statements). */
    record(input: ReviewInput) {
      const { userId, kind, itemId, direction, rating, at } = input;
      const stored = readCard.get({ userId, kind, itemId, direction });
      const before: Card = stored
        ? {
            due: stored.due,
            stability: stored.stability,
            difficulty: stored.difficulty,
            elapsed_days: 0,
            scheduled_days: stored.scheduledDays,
            learning_steps: stored.learningSteps,
            reps: stored.reps,
            lapses: stored.lapses,
            state: stored.state,
            last_review: stored.lastReview ?? undefined,
          }
        : createEmptyCard(at);
      const { card, log } = scheduler.next(before, at, rating);
      const saved = saveCard.get({
        userId,
        kind,
        itemId,
        direction,
        due: card.due,
        stability: card.stability,
        difficulty: card.difficulty,
        scheduledDays: card.scheduled_days,
        learningSteps: card.learning_steps,
        reps: card.reps,
        lapses: card.lapses,
        state: card.state,
        lastReview: card.last_review ?? at,
      })!;
      addLog.run({
        userId,
        cardId: saved.id,
        rating: log.rating,
        state: log.state,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        scheduledDays: log.scheduled_days,
        reviewedAt: at,
      });
      return { due: card.due };
    },

    /** The words due now, most overdue first, as the learner's tier opens them. */
    queue(user: User, openWords: OpenWords): ReviewQueue {
      const words = openDue(user, clock.now(), openWords).map(({ word, card }) => ({ ...word, direction: card.direction, due: card.due.toISOString() }));
      return { count: words.length, words };
    },

    forecast(user: User, openWords: OpenWords): ReviewForecast {
      const at = clock.now();
      const zone = stats.timeZoneOf(user.id);
      const today = calendarDay(at, zone);
      // A day either side of the window: the learner's zone may be up to 14 hours from UTC.
      const until = new Date(Date.parse(`${addDays(today, FORECAST_DAYS)}T00:00:00Z`) + DAY_MS);
      const due = openDue(user, until, openWords).map(({ card }) => calendarDay(card.due, zone));
      const retention = retentionOf.get({ userId: user.id })!;
      return { days: forecast(today, due), retention: { reviews: retention.reviews, recalled: retention.recalled } };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
