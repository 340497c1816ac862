import * as v from 'valibot';
import { MAX_NOTE_CHARS, MAX_SUGGESTION_CHARS, REPORT_REASONS } from './rules';

const Id = (what: string) =>
  v.pipe(
    v.number(`${what} must be an id.`),
    v.integer(`${what} must be an id.`),
    v.minValue(1, `${what} must be an id.`),
    v.maxValue(Number.MAX_SAFE_INTEGER, `${what} must be an id.`),
  );

/** Which item is reported: a word or verb form, a sentence, or a step of a lesson (counted from 0). */
export const ReportedItem = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('word'), id: Id('The word') }),
    v.object({ kind: v.literal('sentence'), id: Id('The sentence') }),
    v.object({
      kind: v.literal('lesson_step'),
      id: Id('The lesson'),
      step: v.pipe(
        v.number('The step must be a number.'),
        v.integer('The step must be a number.'),
        v.minValue(0, 'The step must be a number.'),
        v.maxValue(1000, 'The step must be a number.'),
      ),
    }),
  ],
  'The item must be a word, a sentence or a lesson step.',
);
export type ReportedItemInput = v.InferOutput<typeof ReportedItem>;

/** An optional text: trimmed, empty means none, with a limit. */
const optionalText = (what: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${what} must be text.`),
        v.trim(),
        v.maxLength(max, `${what} must be at most ${max} characters.`),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  );

/** POST /api/reports. */
export const ReportBody = v.object(
  {
    item: ReportedItem,
    reason: v.picklist(REPORT_REASONS, `The reason must be one of ${REPORT_REASONS.join(', ')}.`),
    suggestion: optionalText('The suggestion', MAX_SUGGESTION_CHARS),
    note: optionalText('The note', MAX_NOTE_CHARS),
  },
  'The request body must be a JSON object.',
);
export type ReportInput = v.InferOutput<typeof ReportBody>;
