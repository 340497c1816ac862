import * as v from 'valibot';

const optionalString = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === 'string' ? x : x === undefined ? undefined : String(x)))));
/** validateSearch for routes whose query keys are optional strings. */
export const searchOf =
  <K extends string>(...keys: K[]) =>
  (search: Record<string, unknown>) =>
    v.parse(v.object(Object.fromEntries(keys.map((k) => [k, optionalString])) as Record<K, typeof optionalString>), search) as Partial<Record<K, string>>;

