import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';
import { LISTENING_ANSWER_MAX, LISTENING_MODES } from './rules';

/** POST /api/listening/answers: what the learner chose or typed for the word they heard. */
export const ListeningAnswerBody = v.object(
  {
    wordId: v.pipe(
      v.number('wordId must be a word id.'),
      v.integer('wordId must be a word id.'),
      v.minValue(1, 'wordId must be a word id.'),
    ),
    mode: v.picklist(LISTENING_MODES, "mode must be 'choose' or 'dictation'."),
    answer: v.pipe(
      v.string('answer must be the meaning chosen or the words typed.'),
      v.trim(),
      v.minLength(1, 'answer must be the meaning chosen or the words typed.'),
      v.maxLength(LISTENING_ANSWER_MAX, `answer must be at most ${LISTENING_ANSWER_MAX} characters.`),
    ),
    idempotencyKey: IdempotencyKey,
  },
  'The request body must be a JSON object.',
);
