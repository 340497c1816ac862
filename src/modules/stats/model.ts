import * as v from 'valibot';
import { isTimeZone } from '../../lib/calendar';
import { GOAL_LIMITS } from './rules';
import { REMINDER_KINDS } from './reminders';

/** The learning features whose time the statistics page adds up, by the path that opens them (docs/product-rules.md#learning-time). */
const FEATURE_PATHS: [RegExp, string][] = [
  [/^\/words\/?$/, 'words'],
  [/^\/topics\/?$/, 'topics'],
  [/^\/flagged(\/|$)/, 'flagged'],
  [/^\/which-word(\/|$)/, 'which-word'],
  [/^\/listen\/?$/, 'listening'],
  [/^\/(study-)?letters\/?$/, 'letters'],
  [/^\/lessons\/?$/, 'sentences'],
  [/^\/lesson\/[^/]+\/?$/, 'lessons'],
  [/^\/dialogues(\/|$)/, 'dialogues'],
  [/^\/talk(\/|$)/, 'conversations'],
];

/** A topic's page, its name as the browser reports it ('/topics/Food and Drink', '/topics/Verb: to eat'). */
const TOPIC_PAGE = /^\/topics\/([^/]+)\/?$/;

/**
 * The feature a page belongs to; null for pages that are not learning (settings, statistics...). A topic's
 * page is practice of that topic, credited to it by name ('Food and Drink', 'Verb: to eat'), not to the
 * list of topics.
 */
export function featureOf(page: string): string | null {
  const topic = TOPIC_PAGE.exec(page)?.[1]?.trim();
  if (topic) return topic;
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

const HOUR = 'dailyHour must be an hour from 0 to 23, or null.';
/** PUT /api/reminders: the daily reminder's hour (the learner's own, null: none) and the weekly summary. */
export const RemindersBody = v.object(
  {
    dailyHour: v.nullable(v.pipe(v.number(HOUR), v.integer(HOUR), v.minValue(0, HOUR), v.maxValue(23, HOUR))),
    weekly: v.boolean('weekly must be true or false.'),
  },
  'The request body must be a JSON object.',
);

/** /api/reminders/unsubscribe/:kind/:token: a reminder mail's List-Unsubscribe address (RFC 8058), the token that list's. */
export const UnsubscribeParams = v.object({
  kind: v.picklist(REMINDER_KINDS, "The reminder must be 'daily' or 'weekly'."),
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'This unsubscribe link is not valid.')),
});

const ENDPOINT = 'endpoint must be the https address of a push service.';
const KEY = "keys must hold the subscription's p256dh and auth, base64url.";
/** POST /api/push/subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionBody = v.object(
  {
    endpoint: v.pipe(v.string(ENDPOINT), v.maxLength(1000, ENDPOINT), v.url(ENDPOINT), v.startsWith('https://', ENDPOINT)),
    keys: v.object(
      {
        p256dh: v.pipe(v.string(KEY), v.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, KEY)),
        auth: v.pipe(v.string(KEY), v.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, KEY)),
      },
      KEY,
    ),
  },
  'The request body must be a JSON object.',
);

/** GET /api/stats/progress and /api/review/progress: the days the charts cover. */
export const PROGRESS_RANGES = ['30', '90'] as const;
export const ProgressQuery = v.object({ days: v.optional(v.picklist(PROGRESS_RANGES, 'days must be 30 or 90.'), '30') });

const { minutes, cards } = GOAL_LIMITS;
/** PUT /api/goal: the daily goal, minutes of learning or answers a day (docs/product-rules.md#daily-goal-and-day-streak). */
export const GoalBody = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('minutes'),
      amount: v.pipe(
        v.number('amount must be a number.'),
        v.integer('amount must be a whole number.'),
        v.minValue(minutes.min, `amount must be ${minutes.min} to ${minutes.max} minutes.`),
        v.maxValue(minutes.max, `amount must be ${minutes.min} to ${minutes.max} minutes.`),
      ),
    }),
    v.object({
      kind: v.literal('cards'),
      amount: v.pipe(
        v.number('amount must be a number.'),
        v.integer('amount must be a whole number.'),
        v.minValue(cards.min, `amount must be ${cards.min} to ${cards.max} cards.`),
        v.maxValue(cards.max, `amount must be ${cards.min} to ${cards.max} cards.`),
      ),
    }),
  ],
  "kind must be 'minutes' or 'cards'.",
);
