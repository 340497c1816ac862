import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';
import { MAX_ANSWER_CHARS } from './rules';

/** A sentence topic key as content/sentences names it (food_and_drink). */
export const SentenceTopicParam = v.pipe(
  v.string('The topic is missing.'),
  v.trim(),
  v.minLength(1, 'The topic is missing.'),
  v.maxLength(60, 'The topic name is too long.'),
  v.regex(/^[a-z0-9_]+$/, 'The topic must be a topic key like food_and_drink.'),
);
/** The params of GET /api/sentences/random/{topic}. */
export const SentenceTopicParams = v.object({ topic: SentenceTopicParam });

/** GET /api/sentences/random/{topic}?exclude={id}: another sentence than the one on screen, when there is one. */
export const RandomSentenceQuery = v.object({
  exclude: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'exclude must be a sentence id.'), v.transform(Number))),
});

/** POST /api/sentences/answer: the sentence, the learner's answer and the scenario it answers. */
export const SentenceAnswerBody = v.object(
  {
    sentenceId: v.pipe(
      v.number('sentenceId must be a sentence id.'),
      v.integer('sentenceId must be a sentence id.'),
      v.minValue(1, 'sentenceId must be a sentence id.'),
    ),
    answer: v.pipe(
      v.string('Please write an answer.'),
      v.trim(),
      v.minLength(1, 'Please write an answer.'),
      v.maxLength(MAX_ANSWER_CHARS, `The answer must be at most ${MAX_ANSWER_CHARS} characters.`),
    ),
    context: v.pipe(
      v.string('context must be the scenario text.'),
      v.trim(),
      v.minLength(1, 'context must be the scenario text.'),
      v.maxLength(2000, 'context is too long.'),
    ),
    idempotencyKey: IdempotencyKey,
  },
  'The request body must be a JSON object.',
);
export type SentenceAnswerInput = v.InferOutput<typeof SentenceAnswerBody>;

/** What OpenAI must answer: a verdict and a short note for the learner. */
export const AiVerdict = v.object({
  isCorrect: v.boolean(),
  feedback: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(600)),
});
