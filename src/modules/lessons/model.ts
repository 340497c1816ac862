import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';

/**
 * POST /api/lessons/{id}/progress: `correct` records the answer to a practice step; `completed`
 * marks the lesson done (the player's Complete button). Either or both.
 */
export const LessonProgressBody = v.pipe(
  v.object(
    {
      correct: v.optional(v.boolean('correct must be true or false.')),
      completed: v.optional(v.literal(true, 'completed can only be true.')),
      idempotencyKey: IdempotencyKey,
    },
    'The request body must be a JSON object.',
  ),
  v.check((b) => b.correct !== undefined || b.completed === true, 'Send correct (true or false) for an answer, or completed: true.'),
);
export type LessonProgressInput = v.InferOutput<typeof LessonProgressBody>;
