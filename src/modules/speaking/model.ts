import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';

/** The most alternatives a recogniser's result is sent with, and the longest each may be. */
const HEARD_MAX = 5;
const HEARD_CHARS = 200;

/** What the browser's speech recognition heard: its alternatives, best first (text only; no recording is sent). */
export const Heard = v.pipe(
  v.array(
    v.pipe(
      v.string('heard must be a list of what was heard.'),
      v.maxLength(HEARD_CHARS, `Each thing heard must be at most ${HEARD_CHARS} characters.`),
    ),
    'heard must be a list of what was heard.',
  ),
  v.minLength(1, 'heard must hold what was heard.'),
  v.maxLength(HEARD_MAX, `heard must hold at most ${HEARD_MAX} alternatives.`),
);

/** POST /api/speaking/attempts: what recognition heard for a word. */
export const SpeakingAttemptBody = v.object(
  {
    wordId: v.pipe(
      v.number('wordId must be a word id.'),
      v.integer('wordId must be a word id.'),
      v.minValue(1, 'wordId must be a word id.'),
    ),
    heard: Heard,
    idempotencyKey: IdempotencyKey,
  },
  'The request body must be a JSON object.',
);
