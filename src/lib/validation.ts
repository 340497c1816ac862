import * as v from 'valibot';
import { STATUS_MESSAGES } from '../shared/errors';
import { ValidationError } from './errors';

/**
 * Parses untrusted input with a valibot schema; the first issue becomes a 400 'Validation Error'
 * whose message is the schema's own text and whose details name the field (and nothing else). Routes declare their
 * schemas instead (`body`, `query`, `params`), and the core answers a failure with `validationError`.
 */
export function validate<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  throw validationError(result.issues);
}

/** The 400 of the catalogue for what a route's schema refused: the first issue, in words fit for a user. */
export function failedValidation(schema: v.GenericSchema, input: unknown): ValidationError {
  const result = v.safeParse(schema, input ?? {});
  return result.success ? new ValidationError(STATUS_MESSAGES[400]) : validationError(result.issues);
}

function validationError(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): ValidationError {
  const issue = issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  // A missing key is reported by its object, whose message is about the body as a whole.
  const missing = field !== undefined && issue.type === 'object' && issue.input === undefined;
  // valibot's own messages ("Invalid type: Expected string but received 3") are for developers.
  const message = missing
    ? `The field ${field} is required.`
    : /^Invalid \w+: /.test(issue.message)
      ? field
        ? `The field ${field} is missing or not valid.`
        : 'The request body must be a JSON object.'
      : issue.message;
  // Only the field is named: valibot's own messages quote the refused value, and an answer never echoes its input.
  return new ValidationError(message, field);
}

/** A path id: digits only, within SQLite's integer range. */
export const IdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'The id must be a positive whole number.'), v.transform(Number));
/** The params of a route under `/:id`. */
export const IdParams = v.object({ id: IdParam });

/**
 * A free-text query value. On a route with a schema Elysia splits a query value at its commas (even an
 * encoded one) into an array; this joins it back, so "Baddi ahwe bala sekkar, law sama7t" arrives whole.
 */
export const QueryText = (message: string) =>
  v.pipe(
    v.union([v.string(message), v.array(v.string(message))], message),
    v.transform((value) => (Array.isArray(value) ? value.join(',') : value)),
  );

/**
 * The browser's random id for one answer, so a save sent again counts once
 * (docs/decisions/0043-one-save-queue.md): letters, digits, '-' and '_', 16 to 64 of them.
 */
export const IdempotencyKey = v.optional(
  v.pipe(
    v.string('idempotencyKey must be a string.'),
    v.regex(/^[\w-]{16,64}$/, 'idempotencyKey must be 16 to 64 letters, digits, - or _.'),
  ),
);
