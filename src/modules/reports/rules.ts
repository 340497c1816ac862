/**
 * Report rules shared by the server and the browser (docs/decisions/0010). Pure: no imports, so the
 * client bundle can take them without the database layer.
 */

/** What a learner may say is wrong with an item of content. */
export const REPORT_REASONS = ['wrong_spelling', 'wrong_meaning', 'not_lebanese', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The reasons in the words the form and the listing show. */
export const REASON_LABELS: Record<ReportReason, string> = {
  wrong_spelling: 'Wrong spelling',
  wrong_meaning: 'Wrong meaning',
  not_lebanese: 'Not Lebanese',
  offensive: 'Offensive',
  other: 'Other',
};

export const MAX_SUGGESTION_CHARS = 200;
export const MAX_NOTE_CHARS = 1000;
/** A learner may send this many reports an hour: enough for a careful reader, too few to flood the list. */
export const REPORTS_PER_HOUR = 10;
