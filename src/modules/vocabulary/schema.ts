import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, flag, count } from '../../db/columns';
import { users } from '../auth/schema';

/** A topic of words (content/words/<topic>.yaml) or of one verb ("Verb: to eat"). */
export const topics = sqliteTable(
  'topics',
  {
    id: id(),
    name: text('name').notNull(),
    isPremium: flag('is_premium'),
    isVerb: flag('is_verb'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('topics_name_unique').on(t.name)],
);

export const verbs = sqliteTable(
  'verbs',
  {
    id: id(),
    key: text('key').notNull(),
    infinitive: text('infinitive').notNull(),
    arabic: text('arabic').notNull(),
    english: text('english').notNull(),
    culturalContext: text('cultural_context'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('verbs_key_unique').on(t.key)],
);

export const TENSES = ['past', 'present', 'future'] as const;
export const PRONOUNS = ['ana', 'nehna', 'enti', 'enta', 'ento', 'huwi', 'hiyyi', 'hinni'] as const;
/** Beyond the 24 forms of the three tenses: the command (kol!) for the three "you", and the negative present (ma bekol) for all eight. */
export const EXTRA_FORMS = { imperative: ['enta', 'enti', 'ento'], negative: PRONOUNS } as const;
/** What a conjugation's `tense` column holds: a tense, or the imperative or the negative. */
export const VERB_FORMS = [...TENSES, 'imperative', 'negative'] as const;
export type Tense = (typeof VERB_FORMS)[number];
export type Pronoun = (typeof PRONOUNS)[number];
/** Each pronoun as content/verbs writes it: ne7na with its 7, like all arabizi; nehna stays the data key the API names. */
export const PRONOUN_SPELLINGS: Record<Pronoun, string> = {
  ana: 'ana',
  nehna: 'ne7na',
  enti: 'enti',
  enta: 'enta',
  ento: 'ento',
  huwi: 'huwi',
  hiyyi: 'hiyyi',
  hinni: 'hinni',
};

/** Words: vocabulary and verb conjugations alike; `lebanese` is the arabizi form. */
export const words = sqliteTable(
  'words',
  {
    id: id(),
    key: text('key').notNull(),
    english: text('english').notNull(),
    lebanese: text('lebanese').notNull(),
    arabicScript: text('arabic_script').notNull(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    culturalContext: text('cultural_context'),
    batch: integer('batch').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    verbId: integer('verb_id').references(() => verbs.id, { onDelete: 'cascade' }),
    tense: text('tense', { enum: VERB_FORMS }),
    pronoun: text('pronoun', { enum: PRONOUNS }),
    isConjugation: flag('is_conjugation'),
  },
  (t) => [
    uniqueIndex('words_key_unique').on(t.key),
    index('words_topic_idx').on(t.topicId, t.sortOrder),
    index('words_batch_idx').on(t.batch, t.sortOrder),
    index('words_verb_idx').on(t.verbId),
  ],
);

export const userProgress = sqliteTable(
  'user_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    lastSeen: instant('last_seen'),
    timesCorrect: count('times_correct'),
    timesIncorrect: count('times_incorrect'),
  },
  (t) => [uniqueIndex('user_progress_user_word_unique').on(t.userId, t.wordId), index('user_progress_word_idx').on(t.wordId)],
);

export const verbProgress = sqliteTable(
  'verb_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verbId: integer('verb_id')
      .notNull()
      .references(() => verbs.id, { onDelete: 'cascade' }),
    lastSeen: instant('last_seen'),
    timesCorrect: count('times_correct'),
    timesIncorrect: count('times_incorrect'),
    pastCount: count('past_count'),
    presentCount: count('present_count'),
    futureCount: count('future_count'),
    imperativeCount: count('imperative_count'),
    negativeCount: count('negative_count'),
  },
  (t) => [uniqueIndex('verb_progress_user_verb_unique').on(t.userId, t.verbId)],
);

export const topicProgress = sqliteTable(
  'topic_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    wordsLearned: count('words_learned'),
    totalWords: count('total_words'),
    lastPracticed: instant('last_practiced'),
  },
  (t) => [uniqueIndex('topic_progress_user_topic_unique').on(t.userId, t.topicId)],
);

export const userWordBatches = sqliteTable(
  'user_word_batches',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    maxUnlockedBatch: integer('max_unlocked_batch').notNull().default(1),
    lastUnlockDate: instant('last_unlock_date'),
  },
  (t) => [uniqueIndex('user_word_batches_user_unique').on(t.userId)],
);
