import * as v from 'valibot';
import { isTimeZone } from './service';

/** The learning features whose time the statistics page adds up, by the path that opens them (docs/product-rules.md#learning-time). */
const FEATURE_PATHS: [RegExp, string][] = [
  [/^\/words\/?$/, 'words'],
  [/^\/topics(\/|$)/, 'topics'],
  [/^\/flagged(\/|$)/, 'flagged'],
  [/^\/which-word(\/|$)/, 'which-word'],
  [/^\/listen\/?$/, 'listening'],
  [/^\/(study-)?letters\/?$/, 'letters'],
  [/^\/lessons\/?$/, 'sentences'],
  [/^\/lesson\/[^/]+\/?$/, 'lessons'],
  [/^\/dialogues(\/|$)/, 'dialogues'],
];

/** The feature a page belongs to; null for pages that are not learning (settings, statistics...). */
export function featureOf(page: string): string | null {
  return FEATURE_PATHS.find(([pattern]) => pattern.test(page))?.[1] ?? null;
}

/** POST /api/analytics/activity: a heartbeat from a visible tab, with the browser's time zone. */
export const ActivityBody = v.object(
  {
    sessionId: v.pipe(
      v.string('sessionId is missing.'),
      v.regex(/^[A-Za-z0-9-]{8,64}$/, 'sessionId must be 8 to 64 letters, digits or dashes.'),
    ),
    page: v.pipe(
      v.string('page is missing.'),
      v.maxLength(300, 'page must be at most 300 characters.'),
      // The browser reports the path decoded ('/topics/Food and Drink'): spaces and any letter are a
      // topic's name; control characters, line breaks, a query and a fragment are not a path.
      v.regex(/^\/[^\p{Cc}\p{Zl}\p{Zp}?#]*$/u, "page must be a path starting with '/'."),
    ),
    /** Set while the learner speaks (Say it, record and compare) or hears a dialogue in Listen: the time goes to speaking or listening, not to the page. */
    activity: v.optional(v.picklist(['speaking', 'listening'], "activity must be 'speaking' or 'listening'.")),
    timeZone: v.optional(
      v.pipe(
        v.string('timeZone must be an IANA time zone name, such as Asia/Beirut.'),
        v.maxLength(64, 'timeZone must be an IANA time zone name, such as Asia/Beirut.'),
        v.check(isTimeZone, 'timeZone must be an IANA time zone name, such as Asia/Beirut.'),
      ),
    ),
  },
  'The request body must be a JSON object.',
);
