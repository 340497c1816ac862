import * as v from 'valibot';
import { STREAK_PAGES } from './schema';

const Page = v.picklist(STREAK_PAGES, `page must be one of ${STREAK_PAGES.join(', ')}.`);

/** POST /api/streak/update: {correct, page}; the page defaults to the flash card's. */
export const StreakUpdateBody = v.object(
  {
    correct: v.boolean('correct must be true or false.'),
    page: v.optional(Page, 'unified'),
  },
  'The request body must be a JSON object.',
);

export const StreakQuery = v.object({ page: v.optional(Page, 'unified') });
