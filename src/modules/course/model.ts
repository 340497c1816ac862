import * as v from 'valibot';
import { PLACEMENT_QUESTIONS } from './rules';

const KEY = v.pipe(
  v.string('The key is not valid.'),
  v.maxLength(120, 'The key is too long.'),
  v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'The key is not valid.'),
);

/** The params of the routes naming a unit or a grammar page: lower case letters, digits and "-". */
export const UnitParams = v.object({ unit: KEY });
export const PageParams = v.object({ key: KEY });

/** POST /api/course/placement/{unit}: the answer typed for each of the unit's questions. */
export const PlacementBody = v.object(
  {
    answers: v.pipe(
      v.array(
        v.object({
          wordId: v.pipe(v.number('wordId must be a number.'), v.integer('wordId must be a whole number.')),
          answer: v.pipe(v.string('Each answer must be text.'), v.maxLength(200, 'Each answer must be at most 200 characters.')),
        }),
        'answers must be a list of { wordId, answer }.',
      ),
      v.maxLength(PLACEMENT_QUESTIONS, `answers must hold at most ${PLACEMENT_QUESTIONS} answers.`),
    ),
  },
  'The request body must be a JSON object.',
);
export type PlacementAnswers = v.InferOutput<typeof PlacementBody>;
