import * as v from 'valibot';
import { QueryText } from '../../lib/validation';
import { SPEEDS, VOICES } from '../../content/speakable';

/** Longest text /api/tts speaks (docs/product-rules.md#speech). */
const SPEECH_MAX_CHARS = 200;

export const SpeechQuery = v.object({
  text: v.pipe(
    QueryText('The text to speak is missing.'),
    v.trim(),
    v.minLength(1, 'The text to speak is missing.'),
    v.maxLength(SPEECH_MAX_CHARS, `The text to speak must be at most ${SPEECH_MAX_CHARS} characters.`),
  ),
  voice: v.optional(v.picklist(VOICES, "voice must be 'male', 'female', 'male-2' or 'female-2'.")),
  speed: v.optional(v.picklist(SPEEDS, "speed must be 'normal' or 'slow'.")),
});

/** The kinds an author may record, each a folder of content/audio/ (docs/content-format.md#recorded-audio). */
export const RECORDED_KINDS = ['words', 'verbs', 'sentences', 'lessons', 'dialogues'] as const;

/** GET /api/audio/:kind/<key>: a recorded clip by the kind and key of its file in content/audio/. */
export const RecordingParams = v.object({
  kind: v.picklist(RECORDED_KINDS, 'There is no recorded clip at this address.'),
  '*': v.pipe(
    v.string(),
    v.maxLength(300, 'There is no recorded clip at this address.'),
    v.regex(/^[\w\-./:]+$/, 'There is no recorded clip at this address.'),
  ),
});
export const RecordingQuery = v.object({ v: v.optional(v.pipe(v.string(), v.maxLength(64, 'v must be a clip version.'))) });
