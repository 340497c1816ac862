/** The status messages of the error catalogue (docs/product-rules.md#validation-and-errors); the default message of every error. */
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

const DEFAULT_CODES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'trial_expired',
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
    message: string = STATUS_MESSAGES[status] ?? 'An unexpected error occurred. Please try again.',
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, readonly field?: string, details?: unknown) {
    super(400, 'Validation Error', message, details ?? (field ? { field } : undefined));
  }
}

export const badRequest = (message?: string) => new AppError(400, 'Bad Request', message);
export const unauthorized = (message?: string) => new AppError(401, 'Unauthorized', message);
export const forbidden = (message?: string) => new AppError(403, 'Forbidden', message);
export const notFound = (message?: string) => new AppError(404, 'Not Found', message);
export const conflict = (code = 'Conflict', message?: string) => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too Many Requests', undefined, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message?: string) => new AppError(503, 'Service Unavailable', message);

export const trialExpired = () =>
  new AppError(402, 'trial_expired', 'Your 7-day trial period has ended. Please subscribe to continue.');

export interface ErrorBody {
  message: string;
  error: string;
  requestId: string;
  details?: unknown;
}
