/**
 * The error catalogue (docs/product-rules.md#validation-and-errors) as the server answers it and the
 * browser shows it: one copy for both. Pure, with no imports, so the client bundle takes it without
 * any server code.
 */

/** The status messages of the catalogue: the server's default message of every error, the client's text for a status. */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Invalid request. Please check your input and try again.',
  401: 'You need to log in to access this feature.',
  402: 'Your 7-day trial period has ended. Please subscribe to continue.',
  403: "You don't have permission to access this resource.",
  404: 'The requested resource was not found.',
  409: 'A conflict occurred. The resource might already exist.',
  413: 'Invalid request. Please check your input and try again.',
  415: 'Invalid request. Please check your input and try again.',
  422: 'The provided data is not valid.',
  429: 'Too many requests. Please try again later.',
  500: 'A server error occurred. Please try again later.',
  503: 'Service unavailable. Please try again later.',
};
/** The message of a status the catalogue does not name. */
export const OTHER_STATUS_MESSAGE = 'An unexpected error occurred. Please try again.';

/** What an unverified account is told, by a protected call's 403 and by the protected screens. */
export const VERIFY_ALERT =
  'Please check your email to verify your account before accessing this feature. The verification link has been sent to your email address.';

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  /** A code a screen may branch on: 'Validation Error', 'Email Error', 'trial_expired'… */
  error: string;
  requestId: string;
  details?: unknown;
}

/** The trial has ended (docs/product-rules.md#tiers): a 402 with this code and message. */
export const TRIAL_EXPIRED = {
  status: 402,
  code: 'trial_expired',
  message: 'Your 7-day trial period has ended. Please subscribe to continue.',
} as const;

/** Trial expiry is a 402, a body whose error is trial_expired, or a message that says so. */
export function isTrialExpiry(status: number, code?: unknown, message?: unknown): boolean {
  if (status === TRIAL_EXPIRED.status || code === TRIAL_EXPIRED.code) return true;
  return typeof message === 'string' && /trial_expired|trial has expired|subscription required/i.test(message);
}
