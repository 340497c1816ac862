import * as v from 'valibot';

/** POST /api/words/:id/flag */
export const FlagBody = v.object({ isFlagged: v.boolean('isFlagged must be true or false.') }, 'The request body must be a JSON object.');
