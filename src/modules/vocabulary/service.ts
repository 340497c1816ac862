import { and, asc, count, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { rowSpeaking } from '../../db/spoken';
import { sentAlike } from '../../lib/compression';
import { contentMemo } from '../../lib/content/memo';
import { notFound, unauthorized } from '../../lib/errors';
import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { FlaggedService, FlagState } from '../flagged/service';
import type { StreakPage } from '../streak/schema';
import { streakView, type Streak, type StreakService } from '../streak/service';
import { POINTS, type StatsService } from '../stats/service';
import { defaultDirection, ratingFor } from '../review/rules';
import type { Direction } from '../review/schema';
import type { ReviewService } from '../review/service';
import { ANONYMOUS_DECK_SIZE, FREE_TIER_WORDS, batchForStreak, batchStatus, verbTopicName } from './rules';
import { topicProgress, topics, userProgress, userWordBatches, verbProgress, verbs, words, type Tense } from './schema';
import type { Speakable } from './speech';
import { FREE_TENSE, isFree } from './free-tier';
import { NONE_FLAGGED, iso, wordColumns, wordView, type BatchView, type TopicCard, type VerbView, type WordProgress, type WordRow, type WordView } from './views';

export type { BatchView, TopicCard, VerbView, WordProgress, WordView } from './views';

export interface AnswerInput {
  correct?: boolean;
  flag?: boolean;
  inFlaggedSection?: boolean;
  /** The practice page whose streak this answer counts for; without it the streak is left alone. */
  page?: Extract<StreakPage, 'unified' | 'which-word'>;
  /** The side the learner answered from; without it, the side the page shows (docs/decisions/0014). */
  direction?: Direction;
  /** 'I know it' before half the card's countdown: an Easy review. */
  fast?: boolean;
}

export interface AnswerResult extends WordProgress {
  /** True when this answer took the word off the practice list (the third correct answer there). */
  removedFromPracticeList: boolean;
  streak: { currentStreak: number; bestStreak: number; lastPracticeDate: string | null } | null;
  batch: BatchView;
  /** The batch this answer unlocked, or null. */
  unlockedBatch: number | null;
}

/**
 * Words, topics, verbs and answers (docs/product-rules.md#flash-cards). Every answer is one
 * transaction over progress, verb and topic progress, the practice list, the streak and the batch.
 */
export function createVocabularyService(ctx: AppContext, deps: { billing: BillingService; streak: StreakService; flagged: FlaggedService; stats: StatsService; review: ReviewService }) {
  const { db, clock } = ctx;
  const { billing, streak, flagged, stats, review } = deps;
  const P = sql.placeholder;

  const wordById = db.select(wordColumns).from(words).innerJoin(topics, eq(topics.id, words.topicId)).where(eq(words.id, P('id'))).prepare();

  /** Vocabulary (no conjugations) up to a batch, by batch then order; `freeOnly` leaves out premium topics. */
  const deck = (freeOnly: boolean) =>
    db
      .select(wordColumns)
      .from(words)
      .innerJoin(topics, eq(topics.id, words.topicId))
      .where(and(eq(words.isConjugation, false), lte(words.batch, P('maxBatch')), freeOnly ? eq(topics.isPremium, false) : undefined))
      .orderBy(asc(words.batch), asc(words.sortOrder), asc(words.id))
      .limit(P('limit'))
      .prepare();
  const fullDeck = deck(false);
  const freeDeck = deck(true);
  const countDeck = db
    .select({ n: count() })
    .from(words)
    .where(and(eq(words.isConjugation, false), lte(words.batch, P('maxBatch'))))
    .prepare();
  const countFreeDeck = db
    .select({ n: count() })
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(and(eq(words.isConjugation, false), lte(words.batch, P('maxBatch')), eq(topics.isPremium, false)))
    .prepare();

  const topicByName = db.select().from(topics).where(sql`${topics.name} = ${P('name')} collate nocase`).prepare();
  const wordsOfTopic = db
    .select(wordColumns)
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(eq(words.topicId, P('topicId')))
    .orderBy(asc(words.sortOrder), asc(words.id))
    .prepare();

  const readBatches = db.select().from(userWordBatches).where(eq(userWordBatches.userId, P('userId'))).prepare();
  // Stores the streak's batch; max() keeps it from ever going back, and the date moves only on a rise.
  const unlock = db
    .insert(userWordBatches)
    // Batch 1 is open from the start: only later batches get an unlock date.
    .values({ userId: P('userId'), maxUnlockedBatch: P('batch'), lastUnlockDate: sql`case when ${P('batch')} > 1 then ${P('nowMs')} end` })
    .onConflictDoUpdate({
      target: userWordBatches.userId,
      set: {
        lastUnlockDate: sql`case when excluded.max_unlocked_batch > ${userWordBatches.maxUnlockedBatch} then excluded.last_unlock_date else ${userWordBatches.lastUnlockDate} end`,
        maxUnlockedBatch: sql`max(${userWordBatches.maxUnlockedBatch}, excluded.max_unlocked_batch)`,
      },
    })
    .prepare();

  const readProgress = db
    .select({ timesCorrect: userProgress.timesCorrect, timesIncorrect: userProgress.timesIncorrect, lastSeen: userProgress.lastSeen })
    .from(userProgress)
    .where(and(eq(userProgress.userId, P('userId')), eq(userProgress.wordId, P('wordId'))))
    .prepare();
  // Counts are added in SQL, so answers arriving together all count.
  const addProgress = db
    .insert(userProgress)
    .values({ userId: P('userId'), wordId: P('wordId'), lastSeen: P('now'), timesCorrect: P('correct'), timesIncorrect: P('incorrect') })
    .onConflictDoUpdate({
      target: [userProgress.userId, userProgress.wordId],
      set: {
        timesCorrect: sql`${userProgress.timesCorrect} + excluded.times_correct`,
        timesIncorrect: sql`${userProgress.timesIncorrect} + excluded.times_incorrect`,
        lastSeen: sql`excluded.last_seen`,
      },
    })
    .returning({ timesCorrect: userProgress.timesCorrect, timesIncorrect: userProgress.timesIncorrect, lastSeen: userProgress.lastSeen })
    .prepare();
  const addVerbProgress = db
    .insert(verbProgress)
    .values({
      userId: P('userId'),
      verbId: P('verbId'),
      lastSeen: P('now'),
      timesCorrect: P('correct'),
      timesIncorrect: P('incorrect'),
      pastCount: P('past'),
      presentCount: P('present'),
      futureCount: P('future'),
      imperativeCount: P('imperative'),
      negativeCount: P('negative'),
    })
    .onConflictDoUpdate({
      target: [verbProgress.userId, verbProgress.verbId],
      set: {
        timesCorrect: sql`${verbProgress.timesCorrect} + excluded.times_correct`,
        timesIncorrect: sql`${verbProgress.timesIncorrect} + excluded.times_incorrect`,
        pastCount: sql`${verbProgress.pastCount} + excluded.past_count`,
        presentCount: sql`${verbProgress.presentCount} + excluded.present_count`,
        futureCount: sql`${verbProgress.futureCount} + excluded.future_count`,
        imperativeCount: sql`${verbProgress.imperativeCount} + excluded.imperative_count`,
        negativeCount: sql`${verbProgress.negativeCount} + excluded.negative_count`,
        lastSeen: sql`excluded.last_seen`,
      },
    })
    .prepare();
  // A word counts as learned at its first correct answer: a running total, kept exact by the answers
  // being serialised by the write queue, and counted afresh by every import (content.ts).
  const touchTopic = db
    .insert(topicProgress)
    .values({ userId: P('userId'), topicId: P('topicId'), wordsLearned: P('learned'), totalWords: P('total'), lastPracticed: P('now') })
    .onConflictDoUpdate({
      target: [topicProgress.userId, topicProgress.topicId],
      set: {
        wordsLearned: sql`${topicProgress.wordsLearned} + excluded.words_learned`,
        totalWords: sql`excluded.total_words`,
        lastPracticed: sql`excluded.last_practiced`,
      },
    })
    .prepare();

  /** What the content holds, counted once per content (not per answer): deck sizes by batch, topic sizes. */
  const catalogue = contentMemo(db.$client, () => ({
    words: new Map<number, WordRow>(),
    deckSizes: new Map<string, number>(),
    decks: new Map<string, WordView[]>(),
    shelves: new Map<boolean, { cards: Omit<TopicCard, 'progress'>[]; totals: Map<number, number> }>(),
    topicSizes: new Map(db.select({ topicId: words.topicId, n: count() }).from(words).groupBy(words.topicId).all().map((r) => [r.topicId, r.n])),
    topicNames: new Map(db.select({ id: topics.id, name: topics.name }).from(topics).all().map((t) => [t.id, t.name])),
  }));
  function deckSize(maxBatch: number, freeOnly: boolean) {
    const { deckSizes } = catalogue();
    const key = `${maxBatch}:${freeOnly}`;
    let n = deckSizes.get(key);
    if (n === undefined) {
      n = (freeOnly ? countFreeDeck : countDeck).get({ maxBatch })!.n;
      deckSizes.set(key, n);
    }
    return n;
  }

  const now = () => clock.now();
  const hasPremium = (user: User | null) => !!user && billing.access(user, now()).hasPremium;

  /**
   * A deck as every learner of a tier sees it before their own flags: built once per content and kept
   * (the words list is the call learners make most after answers). Premium decks hold every topic.
   */
  function deckView(maxBatch: number, premium: boolean, limit: number): WordView[] {
    const { decks } = catalogue();
    const key = `${maxBatch}:${premium}:${limit}`;
    let deck = decks.get(key);
    if (!deck) {
      deck = sentAlike((premium ? fullDeck : freeDeck).all({ maxBatch, limit }).map((w) => wordView(w, NONE_FLAGGED, premium)));
      decks.set(key, deck);
    }
    return deck;
  }

  /** The topic cards of a tier without the learner's progress, and the words each opens: once per content. */
  function topicShelf(premium: boolean) {
    const { shelves } = catalogue();
    let shelf = shelves.get(premium);
    if (!shelf) {
      // Without a trial or subscription a verb topic holds only its present tense, and its card counts that.
      const open = premium ? undefined : or(eq(words.isConjugation, false), eq(words.tense, FREE_TENSE));
      const totals = new Map(db.select({ topicId: words.topicId, n: count() }).from(words).where(open).groupBy(words.topicId).all().map((r) => [r.topicId, r.n]));
      const verbOfTopic = new Map(
        db
          .selectDistinct({ topicId: words.topicId, verbId: verbs.id, culturalContext: verbs.culturalContext })
          .from(words)
          .innerJoin(verbs, eq(verbs.id, words.verbId))
          .where(isNotNull(words.verbId))
          .all()
          .map((r) => [r.topicId, r]),
      );
      const cards = db
        .select()
        .from(topics)
        .orderBy(asc(topics.sortOrder), asc(topics.name))
        .all()
        .map((t) => {
          const verb = verbOfTopic.get(t.id);
          return {
            id: t.id,
            name: t.name,
            isPremium: t.isPremium,
            isTrialAccessible: !t.isPremium || premium,
            isVerb: t.isVerb,
            verbId: verb?.verbId ?? null,
            culturalContext: premium ? (verb?.culturalContext ?? null) : null,
          };
        });
      shelf = { cards, totals };
      shelves.set(premium, shelf);
    }
    return shelf;
  }

  function findWord(id: number): WordRow {
    const known = catalogue().words;
    let word = known.get(id);
    if (!word) {
      word = wordById.get({ id });
      if (!word) throw notFound('This word does not exist.');
      known.set(id, word);
    }
    return word;
  }

  /** 402 for a word outside the free tier when the learner has no trial or subscription. */
  function assertMayPractise(user: User, word: WordRow) {
    if (!isFree(word)) billing.requirePremium(user, now());
  }

  function batchOf(user: User): BatchView {
    const stored = readBatches.get({ userId: user.id });
    const unified = streak.get(user.id, 'unified');
    const status = batchStatus({ maxUnlockedBatch: stored?.maxUnlockedBatch ?? 1, bestStreak: unified.bestStreak, currentStreak: unified.currentStreak });
    const unlockedWords = hasPremium(user) ? deckSize(status.batch, false) : Math.min(FREE_TIER_WORDS, deckSize(status.batch, true));
    return {
      ...status,
      maxUnlockedBatch: Math.max(stored?.maxUnlockedBatch ?? 1, status.batch),
      currentStreak: unified.currentStreak,
      bestStreak: unified.bestStreak,
      lastUnlockDate: iso(stored?.lastUnlockDate),
      unlockedWords,
    };
  }

  function progressOf(
    userId: number,
    wordId: number,
    row: { timesCorrect: number; timesIncorrect: number; lastSeen: Date | null } | undefined = readProgress.get({ userId, wordId }),
    flag = flagged.state(userId, wordId),
  ): WordProgress {
    return {
      wordId,
      timesCorrect: row?.timesCorrect ?? 0,
      timesIncorrect: row?.timesIncorrect ?? 0,
      lastSeen: iso(row?.lastSeen),
      isFlagged: flag.isFlagged,
      correctInFlagged: flag.correctInFlagged,
      remainingToRemove: flag.remainingToRemove,
    };
  }

  function openWords(user: User, ids: number[], flaggedIds: Set<number>): WordView[] {
    if (ids.length === 0) return [];
    const premium = hasPremium(user);
    const rows = new Map(
      db.select(wordColumns).from(words).innerJoin(topics, eq(topics.id, words.topicId)).where(inArray(words.id, ids)).all().map((w) => [w.id, w]),
    );
    return ids.flatMap((id) => {
      const w = rows.get(id);
      return w && (premium || isFree(w)) ? [wordView(w, flaggedIds, premium)] : [];
    });
  }

  /** Records an answer on a page's streak; the card streak's best unlocks batches. */
  function recordStreak(userId: number, page: StreakPage, correct: boolean): Streak {
    const recorded = streak.record(userId, page, correct);
    if (page === 'unified') unlock.run({ userId, batch: batchForStreak(recorded.bestStreak), nowMs: now().getTime() });
    return recorded;
  }

  return {
    recordStreak,

    /**
     * All Words: the vocabulary of the unlocked batches; after the trial the first 20 free words; for an
     * anonymous visitor the 10-word deck of free words.
     */
    deckFor(user: User | null): WordView[] {
      if (!user) return deckView(1, false, ANONYMOUS_DECK_SIZE);
      const premium = hasPremium(user);
      const { batch } = batchOf(user);
      const deck = premium ? deckView(batch, true, -1) : deckView(batch, false, FREE_TIER_WORDS);
      const flaggedIds = flagged.wordIdSet(user.id);
      if (flaggedIds.size === 0) return deck;
      return deck.map((w) => (flaggedIds.has(w.id) ? { ...w, isFlagged: true } : w));
    },

    batchOf,

    /** The learner's practice list, most recently flagged first, without words their tier no longer opens. */
    flaggedWords(user: User): WordView[] {
      const ids = flagged.wordIds(user.id);
      return openWords(user, ids, new Set(ids));
    },

    /** Words by id, in that order, leaving out those the learner's tier does not open (as the practice list does). */
    openWords(user: User, ids: number[]): WordView[] {
      return openWords(user, ids, new Set(flagged.wordIds(user.id)));
    },

    /** A topic's name by id (lessons name theirs through this, not through vocabulary's table). */
    topicName(topicId: number | null): string | null {
      return topicId === null ? null : (catalogue().topicNames.get(topicId) ?? null);
    },

    topicNames(includeVerbs: boolean): string[] {
      return db
        .select({ name: topics.name })
        .from(topics)
        .where(includeVerbs ? undefined : eq(topics.isVerb, false))
        .orderBy(asc(topics.sortOrder), asc(topics.name))
        .all()
        .map((t) => t.name);
    },

    topicCards(user: User | null): TopicCard[] {
      const premium = hasPremium(user);
      const { cards, totals } = topicShelf(premium);
      const progress = new Map(
        user ? db.select().from(topicProgress).where(eq(topicProgress.userId, user.id)).all().map((p) => [p.topicId, p]) : [],
      );
      return cards.map((card) => {
        const totalWords = totals.get(card.id) ?? 0;
        const p = progress.get(card.id);
        return { ...card, progress: { totalWords, wordsLearned: Math.min(totalWords, p?.wordsLearned ?? 0), lastPracticed: iso(p?.lastPracticed) } };
      });
    },

    /**
     * A topic's words. A premium topic needs a trial or subscription (401 signed out, 402 after the
     * trial); a verb topic after the trial holds only its present tense.
     */
    topicWords(user: User | null, name: string): WordView[] {
      const topic = topicByName.get({ name });
      if (!topic) throw notFound('This topic does not exist.');
      const premium = hasPremium(user);
      if (topic.isPremium) {
        if (!user) throw unauthorized();
        billing.requirePremium(user, now());
      }
      const flaggedIds = user ? flagged.wordIdSet(user.id) : NONE_FLAGGED;
      return wordsOfTopic
        .all({ topicId: topic.id })
        .filter((w) => premium || isFree(w))
        .map((w) => wordView(w, flaggedIds, premium));
    },

    verbList(user: User | null): VerbView[] {
      const premium = hasPremium(user);
      return db
        .select()
        .from(verbs)
        .orderBy(asc(verbs.sortOrder), asc(verbs.id))
        .all()
        .map((vb) => ({
          id: vb.id,
          key: vb.key,
          infinitive: vb.infinitive,
          arabic: vb.arabic,
          english: vb.english,
          culturalContext: premium ? vb.culturalContext : null,
          topic: verbTopicName(vb.english),
        }));
    },

    progress(user: User, wordId: number): WordProgress {
      findWord(wordId);
      return progressOf(user.id, wordId);
    },

    /**
     * One answer (or a flag-only call) in one transaction: word, verb and topic progress; the practice
     * list (a wrong answer flags, a correct one in the flagged section counts toward removal); the
     * page's streak and, through it, the batch; the learner's statistics and points; the word's memory card.
     */
    answer(user: User, wordId: number, input: AnswerInput): AnswerResult {
      return db.$client
        .transaction(() => {
          const word = findWord(wordId);
          assertMayPractise(user, word);
          const at = now();
          const userId = user.id;
          let counts: { timesCorrect: number; timesIncorrect: number; lastSeen: Date | null } | undefined;
          if (input.correct !== undefined) {
            const c = input.correct ? 1 : 0;
            counts = addProgress.get({ userId, wordId, now: at, correct: c, incorrect: 1 - c })!;
            if (word.verbId !== null) {
              const tense = (t: Tense) => (input.correct && word.tense === t ? 1 : 0);
              addVerbProgress.run({ userId, verbId: word.verbId, now: at, correct: c, incorrect: 1 - c, past: tense('past'), present: tense('present'), future: tense('future'), imperative: tense('imperative'), negative: tense('negative') });
            }
            const learned = input.correct && counts.timesCorrect === 1 ? 1 : 0;
            touchTopic.run({ userId, topicId: word.topicId, now: at, learned, total: catalogue().topicSizes.get(word.topicId) ?? 0 });
            review.record({ userId, kind: 'word', itemId: wordId, direction: input.direction ?? defaultDirection(input.page), rating: ratingFor(input.correct, input.fast), at });
          }
          let flag: ReturnType<FlaggedService['correctInSection']> | FlagState | undefined;
          if (input.flag === true || input.correct === false) flag = flagged.flag(userId, wordId);
          else if (input.correct === true && input.inFlaggedSection) flag = flagged.correctInSection(userId, wordId);
          const removedFromPracticeList = (flag && 'removed' in flag && flag.removed) || false;

          let recorded: Streak | null = null;
          let batchBefore: number | null = null;
          if (input.page && input.correct !== undefined) {
            if (input.page === 'unified') batchBefore = batchOf(user).batch;
            recorded = recordStreak(userId, input.page, input.correct);
          }
          const batch = batchOf(user);
          if (input.correct !== undefined) {
            // A card and a which-word answer earn the same points.
            const reason = input.page === 'which-word' ? 'which-word' : 'card';
            stats.award({ userId, points: input.correct ? POINTS[reason] : 0, reason, page: input.page, streak: recorded ?? undefined, correct: input.correct, batch: batch.maxUnlockedBatch });
          }
          return {
            ...progressOf(userId, wordId, counts, flag),
            removedFromPracticeList,
            streak: recorded ? streakView(recorded) : null,
            batch,
            unlockedBatch: batchBefore !== null && batch.batch > batchBefore ? batch.batch : null,
          };
        })
        .immediate();
    },

    /** Flags or unflags by hand. Flagging needs the word open to the learner; unflagging never does. */
    setFlag(user: User, wordId: number, isFlagged: boolean) {
      const word = findWord(wordId);
      if (isFlagged) {
        assertMayPractise(user, word);
        flagged.flag(user.id, wordId);
      } else flagged.unflag(user.id, wordId);
      return { wordId, isFlagged };
    },

    /** The Arabic script and arabizi of a word or verb whose arabizi or Arabic is exactly `text`, for speech. */
    speakableFor(text: string): Speakable | null {
      return (
        rowSpeaking(db, words, { arabic: words.arabicScript, arabizi: words.lebanese }, text) ??
        rowSpeaking(db, verbs, { arabic: verbs.arabic, arabizi: verbs.infinitive }, text)
      );
    },
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
/** The content keys of words, which the vocabulary service hands other modules as `wordKeys` (module.ts). */
export type { WordKeys } from './keys';
