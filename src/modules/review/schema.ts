import { sqliteTable, text, integer, real, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant } from '../../db/columns';
import { users } from '../auth/schema';
import { DIRECTIONS } from './rules';

/** What a memory card stands for: a word (words.id) or a number-letter (its number). */
export const REVIEW_KINDS = ['word', 'letter'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export type { Direction } from './rules';

/**
 * One FSRS memory card per learner, item and direction (ts-fsrs's Card). `item_id` has no foreign key
 * because it names a word or a letter; a card whose word left the content is skipped when read.
 */
export const reviewCards = sqliteTable(
  'review_cards',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REVIEW_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    due: instant('due').notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs's State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer('state').notNull().default(0),
    lastReview: instant('last_review'),
  },
  (t) => [
    uniqueIndex('review_cards_item_unique').on(t.userId, t.kind, t.itemId, t.direction),
    index('review_cards_due_idx').on(t.userId, t.due),
  ],
);

/** Every review: the rating given and the card as it was before it (ts-fsrs's ReviewLog). */
export const reviewLog = sqliteTable(
  'review_log',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    /** ts-fsrs's Rating: 1 again, 2 hard, 3 good, 4 easy. */
    rating: integer('rating').notNull(),
    state: integer('state').notNull(),
    due: instant('due').notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    reviewedAt: instant('reviewed_at').notNull(),
  },
  (t) => [
    // Every read is one learner's, most of one state since a moment (the day's new cards are counted on
    // every answer to a new card): those rows are found, not scanned.
    index('review_log_user_idx').on(t.userId, t.state, t.reviewedAt),
    index('review_log_card_idx').on(t.cardId),
  ],
);

/** A learner's review settings (docs/decisions/0039-review-controls.md); no row means the defaults. */
export const reviewSettings = sqliteTable(
  'review_settings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** FSRS's request_retention: the chance of recall at which a card falls due. */
    desiredRetention: real('desired_retention').notNull(),
    /** How many never-reviewed cards may enter the memory review on one of the learner's days. */
    newCardsPerDay: integer('new_cards_per_day').notNull(),
  },
  (t) => [uniqueIndex('review_settings_user_unique').on(t.userId)],
);
