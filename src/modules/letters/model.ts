import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';
import { NUMBER_LETTERS } from './content';

/** POST /api/letters/progress: one answered letter question (docs/product-rules.md#letters). */
// No message on the object: a missing key then reads 'The field correct is missing or not valid.'
export const LetterAnswerBody = v.object({
  letterNumber: v.picklist(NUMBER_LETTERS, 'letterNumber must be one of 2, 3, 5, 7, 8.'),
  correct: v.boolean('correct must be true or false.'),
  idempotencyKey: IdempotencyKey,
});
export type LetterAnswer = v.InferOutput<typeof LetterAnswerBody>;
