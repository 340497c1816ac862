import { OTHER_STATUS_MESSAGE, STATUS_MESSAGES, TRIAL_EXPIRED } from '../shared/errors';

const DEFAULT_CODES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: TRIAL_EXPIRED.code,
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Every error a module throws on purpose: status, code and a message fit to show a user. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string = DEFAULT_CODES[status] ?? 'Error',
    message: string = STATUS_MESSAGES[status] ?? OTHER_STATUS_MESSAGE,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly field?: string,
    details?: unknown,
  ) {
    super(400, 'Validation Error', message, details ?? (field ? { field } : undefined));
  }
}

export const badRequest = (message?: string) => new AppError(400, 'Bad Request', message);
export const unauthorized = (message?: string) => new AppError(401, 'Unauthorized', message);
export const forbidden = (message?: string) => new AppError(403, 'Forbidden', message);
export const notFound = (message?: string) => new AppError(404, 'Not Found', message);
export const conflict = (code = 'Conflict', message?: string) => new AppError(409, code, message);
const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too Many Requests', undefined, undefined, retryAfter(retryAfterSeconds));
/** A 503; with `retryAfterSeconds`, Retry-After says when to ask again (a busy service, not a missing one). */
export const serviceUnavailable = (message?: string, retryAfterSeconds?: number) =>
  new AppError(503, 'Service Unavailable', message, undefined, retryAfterSeconds === undefined ? undefined : retryAfter(retryAfterSeconds));

export const trialExpired = () => new AppError(TRIAL_EXPIRED.status, TRIAL_EXPIRED.code, TRIAL_EXPIRED.message);
