/**
 * validateSearch for routes whose query keys are optional strings. The router parses a value that
 * reads as JSON (`?key=123` gives the number 123): each is turned back into text (`?key=1.50` gives
 * "1.5"), and other keys are dropped.
 */
export const searchKeys =
  <K extends string>(...keys: K[]) =>
  (search: Record<string, unknown>) => {
    const known: Partial<Record<K, string>> = {};
    for (const key of keys) if (search[key] !== undefined) known[key] = String(search[key]);
    return known;
  };
