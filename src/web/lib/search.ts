import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * validateSearch for routes whose query keys are optional strings: the router reads every value as text
 * (src/web/router.tsx). A link or navigate names them as text (the parameter's type, which the router
 * reads as what a link may give); whatever arrives (a repeated key reads as a list) is turned into text,
 * and other keys are dropped.
 */
export const searchKeys =
  <K extends string>(...keys: K[]) =>
  (search: Partial<Record<K, string>> & SearchSchemaInput): Partial<Record<K, string>> => {
    const given: Record<string, unknown> = search;
    const known: Partial<Record<K, string>> = {};
    for (const key of keys) if (given[key] !== undefined) known[key] = String(given[key]);
    return known;
  };
