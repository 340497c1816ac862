import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { Rating, State, StrategyMode, createEmptyCard, fsrs, type AbstractScheduler, type Card, type FSRS, type Grade } from 'ts-fsrs';
import type { AppContext } from '../../lib/context';
import { DAY_MS } from '../../lib/clock';
import type { User } from '../auth/service';
import { addDays, calendarDay, dayStart } from '../../lib/calendar';
import type { StatsService } from '../stats/service';
import { FORECAST_DAYS, NEW_CARDS_LIMITS, RETENTION_LIMITS, forecast, type GradeName } from './rules';
import { reviewCards, reviewLog, reviewSettings, type Direction, type ReviewKind } from './schema';

/** A word as the module that lists words shows it: review needs only its id. */
interface ShownWord {
  id: number;
}

/** The words among `ids` that the learner's tier opens, as the caller (vocabulary) shows them. */
type OpenWords<W extends ShownWord> = (user: User, ids: number[]) => W[];

/** What each grade would schedule, in milliseconds from now: the interval its button shows. */
export type Intervals = Record<GradeName, number>;

/** A word due for review (in the caller's view of a word), shown from the side its most overdue card asks. */
export type DueWord<W extends ShownWord> = W & {
  direction: Direction;
  due: string;
  intervals: Intervals;
};

/** The memory review over the learner's last days: words learnt so far on each day, and review retention per week. */
export interface ReviewProgress {
  /** Words with a first right answer on or before each day, today last. */
  learned: { date: string; total: number }[];
  /** Each week (from Monday) holding a day of the range: reviews of learnt cards and how many were recalled. */
  retentionByWeek: { week: string; reviews: number; recalled: number }[];
}

export interface ReviewSettings {
  desiredRetention: number;
  newCardsPerDay: number;
}

export interface ReviewQueue<W extends ShownWord> {
  /** How many words are due now. */
  count: number;
  /** The due words, most overdue first. */
  words: DueWord<W>[];
}

export interface ReviewForecast {
  /** Words falling due on each of the next 14 days in the learner's time zone, today (with the overdue ones) first. */
  days: { date: string; due: number }[];
  /** The words due now, as Review counts them ("Review due (N)"): today's bar also holds those due later today. */
  dueNow: number;
  /** Reviews of cards already learnt (first answers and learning steps left out), and how many were recalled (not Again). */
  retention: { reviews: number; recalled: number };
}

export interface ReviewInput {
  userId: number;
  kind: ReviewKind;
  itemId: number;
  direction: Direction;
  rating: Grade;
  at: Date;
  /** The listening drill's answers never take one of the day's new cards: a word new to review waits for a later day (docs/decisions/0073-new-words-wait.md). */
  newCardWaits?: boolean;
}

/** A card's own seed for FSRS's fuzz: the preview and the answer of one card state fuzz alike (docs/decisions/0039-review-controls.md). */
type SeededCard = Card & { seed: string };
function seedOfCard(this: AbstractScheduler) {
  // The card being scheduled is the scheduler's protected `current` (as ts-fsrs's own card-id strategy reads it).
  const current = Reflect.get(this, 'current') as SeededCard;
  return `${current.seed}:${current.reps}`;
}

/** The card as FSRS reads it: the stored one, or a new one. */
function cardOf(stored: typeof reviewCards.$inferSelect | undefined, at: Date): Card {
  return stored
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
}

const GRADE_RATINGS: [GradeName, Grade][] = [
  ['again', Rating.Again],
  ['hard', Rating.Hard],
  ['good', Rating.Good],
  ['easy', Rating.Easy],
];

/**
 * Memory cards (FSRS, ts-fsrs with its default weights, fuzz on, the learner's desired retention): every answer updates the card of its item
 * and direction and logs the review, inside the caller's transaction (docs/decisions/0014). The due
 * words are shown as the caller's `openWords` (vocabulary's) opens them, which applies the tier's rules:
 * vocabulary records its answers here, so review does not depend on it in turn.
 */
export function createReviewService(ctx: AppContext, deps: { stats: StatsService }) {
  const { db, clock } = ctx;
  const { stats } = deps;
  const P = sql.placeholder;
  // One scheduler per desired retention in use (a handful of values).
  const schedulers = new Map<number, FSRS>();
  const schedulerFor = (retention: number) => {
    let made = schedulers.get(retention);
    if (!made)
      schedulers.set(
        retention,
        (made = fsrs({ request_retention: retention, enable_fuzz: true }).useStrategy(StrategyMode.SEED, seedOfCard)),
      );
    return made;
  };
  const readSettings = db
    .select()
    .from(reviewSettings)
    .where(eq(reviewSettings.userId, P('userId')))
    .prepare();
  const settingsOf = (userId: number): ReviewSettings => {
    const row = readSettings.get({ userId });
    return {
      desiredRetention: row?.desiredRetention ?? RETENTION_LIMITS.default,
      newCardsPerDay: row?.newCardsPerDay ?? NEW_CARDS_LIMITS.default,
    };
  };
  const seedOf = (input: { userId: number; kind: ReviewKind; itemId: number; direction: Direction }) =>
    `${input.userId}:${input.kind}:${input.itemId}:${input.direction}`;
  // First reviews (the card New before them) within a span: the day's new cards.
  const newBetween = db
    .select({ count: sql<number>`count(*)` })
    .from(reviewLog)
    .where(
      and(
        eq(reviewLog.userId, P('userId')),
        eq(reviewLog.state, State.New),
        gte(reviewLog.reviewedAt, P('from')),
        lt(reviewLog.reviewedAt, P('until')),
      ),
    )
    .prepare();

  const readCard = db
    .select()
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, P('userId')),
        eq(reviewCards.kind, P('kind')),
        eq(reviewCards.itemId, P('itemId')),
        eq(reviewCards.direction, P('direction')),
      ),
    )
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
  /** A card never reviewed (FSRS's New: no stability or difficulty yet), due when it may enter review. */
  const saveWaiting = db
    .insert(reviewCards)
    .values({
      userId: P('userId'),
      kind: P('kind'),
      itemId: P('itemId'),
      direction: P('direction'),
      due: P('due'),
      stability: 0,
      difficulty: 0,
      state: State.New,
    })
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.kind, reviewCards.itemId, reviewCards.direction],
      set: { due: sql`excluded.due` },
    })
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
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, P('userId')), eq(reviewCards.kind, 'word'), lte(reviewCards.due, P('until'))))
    .orderBy(asc(reviewCards.due), asc(reviewCards.id))
    .prepare();
  const retentionOf = db
    .select({ reviews: sql<number>`count(*)`, recalled: sql<number>`coalesce(sum(${reviewLog.rating} > 1), 0)` })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, P('userId')), eq(reviewLog.state, State.Review)))
    .prepare();

  const firstRecalls = db
    .select({ at: sql<number>`min(${reviewLog.reviewedAt})` })
    .from(reviewLog)
    .innerJoin(reviewCards, eq(reviewCards.id, reviewLog.cardId))
    .where(and(eq(reviewLog.userId, P('userId')), eq(reviewCards.kind, 'word'), sql`${reviewLog.rating} > 1`))
    .groupBy(reviewCards.itemId)
    .prepare();
  const reviewsSince = db
    .select({ at: reviewLog.reviewedAt, rating: reviewLog.rating })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, P('userId')), eq(reviewLog.state, State.Review), gte(reviewLog.reviewedAt, P('since'))))
    .prepare();

  /** How many never-reviewed cards entered the learner's review on their day holding `at`. */
  function newToday(userId: number, at: Date) {
    const zone = stats.timeZoneOf(userId);
    const today = calendarDay(at, zone);
    const from = dayStart(today, zone).getTime();
    const until = dayStart(addDays(today, 1), zone).getTime();
    return newBetween.get({ userId, from, until })!.count;
  }

  /** The start of the learner's next day: when a new card that found no room today comes up again. */
  function nextDayStart(userId: number, at: Date) {
    const zone = stats.timeZoneOf(userId);
    return dayStart(addDays(calendarDay(at, zone), 1), zone);
  }

  /**
   * The words of the learner's due cards up to `until` that their tier opens, each once at its earliest
   * card. Cards still waiting for a day with room (never reviewed) are shown up to the room left today.
   */
  function openDue<W extends ShownWord>(user: User, until: Date, openWords: OpenWords<W>) {
    const first = new Map<number, typeof reviewCards.$inferSelect>();
    const now = clock.now();
    let room = settingsOf(user.id).newCardsPerDay - newToday(user.id, now);
    for (const card of dueWords.all({ userId: user.id, until: until.getTime() })) {
      if (first.has(card.itemId)) continue;
      if (card.state === State.New && card.due <= now && room-- <= 0) continue;
      first.set(card.itemId, card);
    }
    return openWords(user, [...first.keys()]).map((word) => ({ word, card: first.get(word.id)! }));
  }

  return {
    /**
     * One answer: the card read, scheduled by FSRS and stored, and the review logged (three statements).
     * A never-reviewed card beyond the learner's new cards for the day, or met in the listening drill,
     * waits unreviewed until the start of the learner's next day, and is reviewed on an answer that day
     * with room (docs/decisions/0073-new-words-wait.md).
     */
    record(input: ReviewInput): { due: Date; waits: boolean } {
      const { userId, kind, itemId, direction, rating, at } = input;
      const stored = readCard.get({ userId, kind, itemId, direction });
      const settings = settingsOf(userId);
      if ((!stored || stored.state === State.New) && (input.newCardWaits || newToday(userId, at) >= settings.newCardsPerDay)) {
        // A drill's answer leaves a card already waiting as it is; one beyond the day's room moves to the next day.
        if (input.newCardWaits && stored) return { due: stored.due, waits: true };
        const due = nextDayStart(userId, at);
        saveWaiting.run({ userId, kind, itemId, direction, due });
        return { due, waits: true };
      }
      const before: SeededCard = { ...cardOf(stored, at), seed: seedOf(input) };
      const { card, log } = schedulerFor(settings.desiredRetention).next(before, at, rating);
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
      return { due: card.due, waits: false };
    },

    /** The learner's review settings (defaults until they change them). */
    settings: settingsOf,

    /** How many new cards entered the learner's review today, against their day's limit. */
    newCardsToday: (userId: number) => newToday(userId, clock.now()),

    /** Changes the learner's review settings (inside the caller's write). */
    setSettings(userId: number, next: ReviewSettings) {
      db.insert(reviewSettings)
        .values({ userId, ...next })
        .onConflictDoUpdate({ target: reviewSettings.userId, set: next })
        .run();
    },

    /** The words due now, most overdue first, as the learner's tier opens them. */
    queue<W extends ShownWord>(user: User, openWords: OpenWords<W>): ReviewQueue<W> {
      const at = clock.now();
      const scheduler = schedulerFor(settingsOf(user.id).desiredRetention);
      const words = openDue(user, at, openWords).map(({ word, card }) => {
        const next = scheduler.repeat(
          {
            ...cardOf(card, at),
            seed: seedOf({ userId: user.id, kind: 'word', itemId: card.itemId, direction: card.direction }),
          } as SeededCard,
          at,
        );
        const intervals = Object.fromEntries(
          GRADE_RATINGS.map(([name, rating]) => [name, next[rating].card.due.getTime() - at.getTime()]),
        ) as Intervals;
        return { ...word, direction: card.direction, due: card.due.toISOString(), intervals };
      });
      return { count: words.length, words };
    },

    /** Words learnt over the learner's last `count` days and review retention per week (docs/decisions/0040-progress-and-reminders.md). */
    progress(userId: number, count: number): ReviewProgress {
      const zone = stats.timeZoneOf(userId);
      const today = calendarDay(clock.now(), zone);
      const first = addDays(today, -(count - 1));
      const learnedDays = firstRecalls.all({ userId }).map((r) => calendarDay(new Date(r.at), zone));
      let total = learnedDays.filter((d) => d < first).length;
      const perDay = new Map<string, number>();
      for (const d of learnedDays) if (d >= first) perDay.set(d, (perDay.get(d) ?? 0) + 1);
      const learned = Array.from({ length: count }, (_, i) => {
        const date = addDays(first, i);
        total += perDay.get(date) ?? 0;
        return { date, total };
      });
      const weekOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
      const weeks = new Map<string, { week: string; reviews: number; recalled: number }>();
      for (let i = 0; i < count; i++) {
        const week = weekOf(addDays(first, i));
        if (!weeks.has(week)) weeks.set(week, { week, reviews: 0, recalled: 0 });
      }
      // A day either side of the range: the learner's zone may be up to 14 hours from UTC.
      for (const r of reviewsSince.all({ userId, since: Date.parse(`${first}T00:00:00Z`) - DAY_MS })) {
        const day = calendarDay(r.at, zone);
        const week = day >= first ? weeks.get(weekOf(day)) : undefined;
        if (!week) continue;
        week.reviews++;
        if (r.rating > 1) week.recalled++;
      }
      return { learned, retentionByWeek: [...weeks.values()] };
    },

    forecast(user: User, openWords: OpenWords<ShownWord>): ReviewForecast {
      const at = clock.now();
      const zone = stats.timeZoneOf(user.id);
      const today = calendarDay(at, zone);
      // A day either side of the window: the learner's zone may be up to 14 hours from UTC.
      const until = new Date(Date.parse(`${addDays(today, FORECAST_DAYS)}T00:00:00Z`) + DAY_MS);
      const cards = openDue(user, until, openWords).map(({ card }) => card);
      const retention = retentionOf.get({ userId: user.id })!;
      return {
        days: forecast(
          today,
          cards.map((card) => calendarDay(card.due, zone)),
        ),
        dueNow: cards.filter((card) => card.due <= at).length,
        retention: { reviews: retention.reviews, recalled: retention.recalled },
      };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
