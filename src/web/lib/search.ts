/**
 * validateSearch for routes whose query keys are optional strings: the router reads every value as text
 * (src/web/router.tsx); a value given as another type is turned into text, and other keys are dropped.
 */
export const searchKeys =
  <K extends string>(...keys: K[]) =>
  (search: Record<string, unknown>) => {
    const known: Partial<Record<K, string>> = {};
    for (const key of keys) if (search[key] !== undefined) known[key] = String(search[key]);
    return known;
  };
