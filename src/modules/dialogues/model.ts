import * as v from 'valibot';

/** The most lines a dialogue has (docs/content-format.md#dialogues), so the most turns one speaker has. */
const MAX_TURNS = 14;

/**
 * POST /api/dialogues/{id}/role-play: the part the learner took and what they typed at each of its
 * turns, in order. The server judges every answer itself, with the checker the browser showed.
 */
export const RolePlayBody = v.object(
  {
    speaker: v.pipe(v.string('speaker must be the name of a speaker of the dialogue.'), v.trim(), v.minLength(1, 'speaker must be the name of a speaker of the dialogue.'), v.maxLength(40, 'speaker must be the name of a speaker of the dialogue.')),
    answers: v.pipe(
      v.array(v.pipe(v.string('Each answer must be text.'), v.maxLength(500, 'Each answer must be at most 500 characters.')), 'answers must be a list of what you typed at each turn.'),
      v.minLength(1, 'answers must hold one answer for each of your turns.'),
      v.maxLength(MAX_TURNS, 'answers must hold one answer for each of your turns.'),
    ),
  },
  'The request body must be a JSON object.',
);
export type RolePlayInput = v.InferOutput<typeof RolePlayBody>;
