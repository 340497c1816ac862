import * as v from 'valibot';
import { NEW_CARDS_LIMITS, RETENTION_LIMITS } from './rules';

const retention = `desiredRetention must be between ${RETENTION_LIMITS.min} and ${RETENTION_LIMITS.max}.`;
const newCards = `newCardsPerDay must be a whole number from ${NEW_CARDS_LIMITS.min} to ${NEW_CARDS_LIMITS.max}.`;

/** PUT /api/review/settings: the desired retention (FSRS's request_retention) and the new cards a day. */
export const ReviewSettingsBody = v.object(
  {
    desiredRetention: v.pipe(v.number(retention), v.minValue(RETENTION_LIMITS.min, retention), v.maxValue(RETENTION_LIMITS.max, retention)),
    newCardsPerDay: v.pipe(
      v.number(newCards),
      v.integer(newCards),
      v.minValue(NEW_CARDS_LIMITS.min, newCards),
      v.maxValue(NEW_CARDS_LIMITS.max, newCards),
    ),
  },
  'The request body must be a JSON object.',
);
