import { OTHER_STATUS_MESSAGE, STATUS_MESSAGES } from '../../shared/errors';

/** The client's texts of the error catalogue (src/shared/errors.ts has the statuses'), shared by the API client, toasts and the error display. */

export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'Request timed out. Please try again later.';
export const UNKNOWN_MESSAGE = 'An unknown error occurred. Please try again later.';

/** Failures with no HTTP answer get statuses of their own: no connection, no answer in time, not a call at all. */
export const NETWORK_STATUS = 0;
export const TIMEOUT_STATUS = 408;
export const UNKNOWN_STATUS = -1;

/** The generic message for a status. */
export function statusMessage(status: number): string {
  if (status === NETWORK_STATUS) return NETWORK_MESSAGE;
  if (status === TIMEOUT_STATUS) return TIMEOUT_MESSAGE;
  if (status === UNKNOWN_STATUS) return UNKNOWN_MESSAGE;
  return STATUS_MESSAGES[status] ?? OTHER_STATUS_MESSAGE;
}

/** What a screen says when the data it stands on cannot be loaded (docs/decisions/0013-empty-data-or-load-failure.md). */
export const LOAD_FAILURES = {
  user: 'Unable to load user data. Please try refreshing the page.',
  words: 'Unable to load vocabulary data. Please try again later.',
  verbs: 'Unable to load verb conjugations. Please try again later.',
  lessons: 'Unable to load lesson content. Please try again later.',
  dialogues: 'Unable to load the dialogues. Please try again later.',
  conversations: 'Unable to load the conversations. Please try again later.',
  subscription: 'Unable to access subscription information. Please try again later.',
  stats: 'Unable to load statistics',
  goal: 'Unable to load your daily goal. Please try again later.',
  reviewSettings: 'Unable to load your review settings. Please try again later.',
  reminders: 'Unable to load your reminders. Please try again later.',
} as const;

const TECHNICAL = [
  /undefined/i,
  /\bnull\b/i,
  /NaN/,
  /exception/i,
  /syntax ?error/i,
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE/i,
  /connection refused/i,
  /is not a function|not a function/i,
  /cannot read propert/i,
];

/**
 * A server message is shown only when it reads like a sentence written for people: at least 10
 * characters, a capital first letter, closing punctuation and no technical phrase.
 */
export function isDisplayableMessage(message: unknown): message is string {
  if (typeof message !== 'string') return false;
  const text = message.trim();
  if (text.length < 10) return false;
  if (!/^[A-Z]/.test(text)) return false;
  if (!/[.!?]$/.test(text)) return false;
  return !TECHNICAL.some((pattern) => pattern.test(text));
}

/** The message to show for a failed call: the server's when displayable, else the status's. */
export function displayMessage(status: number, serverMessage?: unknown): string {
  return isDisplayableMessage(serverMessage) ? serverMessage.trim() : statusMessage(status);
}

export type Severity = 'error' | 'warning' | 'info';

/** Title and severity of the error display for a status. */
export function errorTitle(status: number): string {
  const titles: Record<number, string> = {
    400: 'Invalid Request',
    401: 'Authentication Required',
    403: 'Access Denied',
    404: 'Not Found',
    409: 'Conflict',
    422: 'Validation Error',
    429: 'Too Many Requests',
    500: 'Server Error',
    503: 'Service Unavailable',
  };
  if (titles[status]) return titles[status];
  if (status >= 500) return 'Server Error';
  if (status >= 400) return 'Request Error';
  if (status === 0) return 'Network Error';
  return 'Error';
}

export function errorSeverity(status: number): Severity {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warning';
  return 'info';
}

/** Said once after a login restored an account marked for deletion, by the app's login or on the page the form's login lands on. */
export const ACCOUNT_RESTORED = {
  title: 'Welcome back',
  options: { description: 'Your account was scheduled for deletion. Logging in has restored it, with all your progress.', duration: 7000 },
} as const;
