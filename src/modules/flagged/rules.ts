/**
 * The practice list's rules, shared by the server and the browser (docs/product-rules.md#flagged-words).
 * Pure: no imports, so the client bundle can take them without the database layer.
 */

/** Correct answers in the flagged section that take a word off the practice list. */
export const FLAGGED_REMOVAL_CORRECT = 3;
