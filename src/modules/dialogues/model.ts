import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';
import { Heard } from '../speaking/model';

/** The most lines a dialogue has (docs/content-format.md#dialogues), so the most turns one speaker has. */
const MAX_TURNS = 14;

const ANSWER = 'Each answer must be the text you typed or { heard: [what recognition heard] }.';

/** One turn's answer: the line typed in arabizi, or what speech recognition heard when it was said (docs/decisions/0045-said-role-play-turns.md). */
const Answer = v.union(
  [v.pipe(v.string(ANSWER), v.maxLength(500, 'Each answer must be at most 500 characters.')), v.object({ heard: Heard }, ANSWER)],
  ANSWER,
);

/**
 * POST /api/dialogues/{id}/role-play: the part the learner took and how they answered each of its
 * turns, in order, with the save's key. The server judges every answer itself, with the checker the browser showed.
 */
export const RolePlayBody = v.object(
  {
    speaker: v.pipe(
      v.string('speaker must be the name of a speaker of the dialogue.'),
      v.trim(),
      v.minLength(1, 'speaker must be the name of a speaker of the dialogue.'),
      v.maxLength(40, 'speaker must be the name of a speaker of the dialogue.'),
    ),
    answers: v.pipe(
      v.array(Answer, 'answers must be a list of your answers, one for each turn.'),
      v.minLength(1, 'answers must hold one answer for each of your turns.'),
      v.maxLength(MAX_TURNS, 'answers must hold one answer for each of your turns.'),
    ),
    /** The role-play's key: sent again (its reply was lost) it is recorded once (docs/decisions/0043-one-save-queue.md). */
    idempotencyKey: IdempotencyKey,
  },
  'The request body must be a JSON object.',
);
export type RolePlayInput = v.InferOutput<typeof RolePlayBody>;
