import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';
import { DIRECTIONS, GRADES } from '../review/rules';

const bool = (field: string) => v.optional(v.boolean(`${field} must be true or false.`));

/** POST /api/words/{id}/progress: an answer, a flag, or both. */
export const AnswerBody = v.pipe(
  v.object(
    {
      correct: bool('correct'),
      flag: bool('flag'),
      inFlaggedSection: bool('inFlaggedSection'),
      page: v.optional(v.picklist(['unified', 'which-word'], "page must be 'unified' or 'which-word'.")),
      direction: v.optional(v.picklist(DIRECTIONS, "direction must be 'english-to-lebanese' or 'lebanese-to-english'.")),
      grade: v.optional(v.picklist(GRADES, "grade must be 'again', 'hard', 'good' or 'easy'.")),
      idempotencyKey: IdempotencyKey,
    },
    'The request body must be a JSON object.',
  ),
  v.check((b) => b.correct !== undefined || b.flag === true, 'Send correct (true or false), or flag: true.'),
  v.check((b) => b.page === undefined || b.correct !== undefined, 'A streak page needs an answer: send correct (true or false).'),
  v.check((b) => b.direction === undefined || b.correct !== undefined, 'A direction needs an answer: send correct (true or false).'),
  v.check(
    (b) => b.grade === undefined || (b.grade === 'again') === (b.correct === false),
    'Again goes with correct: false; Hard, Good and Easy with correct: true.',
  ),
);

export const TopicsQuery = v.object({
  includeVerbs: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'includeVerbs must be true or false.'),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
});

export const TopicParam = v.pipe(
  v.string('The topic name is not valid.'),
  v.trim(),
  v.minLength(1, 'The topic name is missing.'),
  v.maxLength(100, 'The topic name is too long.'),
);
/** The params of a route under `/:topic`. */
export const TopicParams = v.object({ topic: TopicParam });
