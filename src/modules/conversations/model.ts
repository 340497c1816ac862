import * as v from 'valibot';
import { IdempotencyKey } from '../../lib/validation';
import { Heard } from '../speaking/model';
import { LEARNER_LINES_MAX, LINE_MAX, RECORDING_CHARS, RECORDING_TYPES } from './rules';
import { PARTNERS } from './schema';

/** POST /api/conversations/{id}/talks: a new conversation, with the scripted partner or the AI one. */
export const StartBody = v.object(
  { partner: v.optional(v.picklist(PARTNERS, "partner must be 'scripted' or 'ai'."), 'scripted') },
  'The request body must be a JSON object.',
);
export type StartInput = v.InferOutput<typeof StartBody>;

const LINE = `line must be what you typed, at most ${LINE_MAX} characters, or { heard: [what recognition heard] }.`;

/** POST /api/talks/{id}/lines: the learner's line, typed in arabizi or said (what recognition heard). */
export const LineBody = v.object(
  {
    line: v.union(
      [
        v.pipe(
          v.string(LINE),
          v.trim(),
          v.minLength(1, 'line must not be empty.'),
          v.maxLength(LINE_MAX, `line must be at most ${LINE_MAX} characters.`),
        ),
        v.object({ heard: Heard }, LINE),
      ],
      LINE,
    ),
  },
  'The request body must be a JSON object.',
);
export type LineInput = v.InferOutput<typeof LineBody>;

/** POST /api/conversations/{id}/offline-talks: a conversation held without a network, its lines in order, sent through the save queue with its key. */
export const OfflineTalkBody = v.object(
  {
    lines: v.pipe(
      v.array(LineBody.entries.line, 'lines must be the lines you typed or said, in order.'),
      v.minLength(1, 'lines must hold at least one line.'),
      v.maxLength(LEARNER_LINES_MAX, `lines must hold at most ${LEARNER_LINES_MAX} lines.`),
    ),
    idempotencyKey: IdempotencyKey,
  },
  'The request body must be a JSON object.',
);

/** POST /api/talks/{id}/recording: a line said where the browser has no recognition, sent for transcription by the learner's choice. */
export const RecordingBody = v.object(
  {
    audio: v.pipe(
      v.string('audio must be the recording, base64.'),
      v.minLength(16, 'audio must be the recording, base64.'),
      v.maxLength(RECORDING_CHARS, 'The recording is too long: say your line in a few seconds.'),
      v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'audio must be the recording, base64.'),
    ),
    type: v.picklist(RECORDING_TYPES, `type must be one of ${RECORDING_TYPES.join(', ')}.`),
  },
  'The request body must be a JSON object.',
);
export type RecordingInput = v.InferOutput<typeof RecordingBody>;

/** POST /api/talks/{id}/finish: the conversation's end, sent through the save queue with its key. */
export const FinishBody = v.object({ idempotencyKey: IdempotencyKey }, 'The request body must be a JSON object.');

/** The AI partner's reply as the model must give it (response_format json_schema, strict), checked before anything is shown. */
export const AiReply = v.strictObject({
  arabizi: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400)),
  arabic: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400)),
  english: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400)),
  correction: v.nullable(
    v.strictObject({
      corrected: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(400)),
      explanation: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
    }),
  ),
  done: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6))), v.maxLength(6)),
  finished: v.boolean(),
});
export type AiReply = v.InferOutput<typeof AiReply>;
