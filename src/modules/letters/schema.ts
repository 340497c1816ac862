import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, count } from '../../db/columns';
import { users } from '../auth/schema';

/** The number-letter guide (content/letters/letters.yaml). */
export const letters = sqliteTable(
  'letters',
  {
    id: id(),
    number: integer('number').notNull(),
    arabic: text('arabic').notNull(),
    englishLetter: text('english_letter').notNull(),
    meaning: text('meaning').notNull(),
    exampleArabizi: text('example_arabizi').notNull(),
    exampleArabic: text('example_arabic').notNull(),
    exampleEnglish: text('example_english').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('letters_number_unique').on(t.number)],
);

export const letterProgress = sqliteTable(
  'letter_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    letterNumber: integer('letter_number').notNull(),
    timesCorrect: count('times_correct'),
    timesIncorrect: count('times_incorrect'),
    lastPracticed: instant('last_practiced'),
  },
  (t) => [uniqueIndex('letter_progress_user_letter_unique').on(t.userId, t.letterNumber)],
);
