import * as v from 'valibot';
import { QueryText } from '../../lib/validation';

/** Longest text /api/tts speaks (docs/product-rules.md#speech). */
const SPEECH_MAX_CHARS = 200;

export const SpeechQuery = v.object({
  text: v.pipe(
    QueryText('The text to speak is missing.'),
    v.trim(),
    v.minLength(1, 'The text to speak is missing.'),
    v.maxLength(SPEECH_MAX_CHARS, `The text to speak must be at most ${SPEECH_MAX_CHARS} characters.`),
  ),
  voice: v.optional(v.picklist(['male', 'female'], "voice must be 'male' or 'female'.")),
});
