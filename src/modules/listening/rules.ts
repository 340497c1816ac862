/**
 * Listening drill rules shared by the server and the browser (docs/decisions/0032-listening-drill.md).
 * Pure: the client bundle takes them.
 */

/** Questions in one round of the drill. */
export const LISTENING_ROUND_SIZE = 10;
/** Pick the meaning from four, or type what was heard. */
export const LISTENING_MODES = ['choose', 'dictation'] as const;
export type ListeningMode = (typeof LISTENING_MODES)[number];
/** The longest answer the drill takes: a typed phrase or a chosen meaning. */
export const LISTENING_ANSWER_MAX = 200;
