import { Elysia } from 'elysia';
import { randomUUID } from 'node:crypto';
import { STATUS_MESSAGES, type ErrorBody } from '../shared/errors';
import { LOGIN_FORM_PATH } from '../shared/forms';
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors';
import type { AppContext } from './context';
import { RUNTIME_START_SOURCE } from './static';
import { failedValidation } from './validation';
import type { GenericSchema } from 'valibot';

export const MAX_BODY_BYTES = 64 * 1024;
/** How deep a JSON body may nest, and how many keys and list items it may hold (every route's body is one flat object). */
export const MAX_BODY_DEPTH = 16;
export const MAX_BODY_VALUES = 1000;
/** Routes that need the raw body text (Stripe signs the exact bytes). */
export const RAW_BODY_PATHS = new Set(['/api/subscription/webhook']);
/** One-click unsubscribes (`/api/reminders/unsubscribe/<kind>/<token>`): a form body no route reads. */
const RAW_BODY_PREFIX = '/api/reminders/unsubscribe/';
const isRawBodyPath = (path: string) => RAW_BODY_PATHS.has(path) || path.startsWith(RAW_BODY_PREFIX);

const requestIds = new WeakMap<Request, string>();
export const requestIdOf = (request: Request) => requestIds.get(request) ?? 'unknown';

const requestOrigins = new WeakMap<Request, string>();
/** The origin a state-changing request proved it came from (APP_URL's or the address it was sent to). */
export const requestOriginOf = (request: Request) => requestOrigins.get(request);

/**
 * Where a state-changing request comes from, if it is this site: its Origin when that is APP_URL's or the
 * address the request was sent to (the app answers on 127.0.0.1 and localhost alike), or, from a browser
 * that sent no Origin, `Sec-Fetch-Site: same-origin`. Anything else, no header included, is refused
 * (docs/decisions/0011-same-site-requests.md).
 */
function originOf(request: Request, ownOrigin: string): string | undefined {
  const own = new URL(request.url).origin;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === ownOrigin || origin === own ? origin : undefined;
  return request.headers.get('sec-fetch-site') === 'same-origin' ? own : undefined;
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // The drawn public pages' one inline script, which starts the app (src/lib/static.ts).
  `script-src 'self' ${RUNTIME_START_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob: data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // The microphone is the page's own, for speaking practice (Say it, recording); no other site's (docs/decisions/0033-saying-it.md).
  'permissions-policy': 'camera=(), microphone=(self), geolocation=()',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function errorResponse(request: Request, error: AppError) {
  const body: ErrorBody = { message: error.message, error: error.code, requestId: requestIdOf(request) };
  if (error.details !== undefined) body.details = error.details;
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...error.headers },
  });
}

/**
 * Refuses a JSON text that nests deeper than MAX_BODY_DEPTH or holds more than MAX_BODY_VALUES keys and
 * list items, in one pass over its characters and before it is parsed: validating a deeply nested value
 * is what costs (Elysia's validation error writes the whole input out, indented, so the cost grows with
 * the square of the depth). Malformed text is left to JSON.parse. `what` names it in the refusal.
 */
function checkShape(text: string, what: string) {
  const inArray: boolean[] = [];
  let values = 0;
  let inString = false;
  // Just after a '[': the next character other than white space or ']' starts its first item.
  let arrayOpened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    // A key is counted at its ':', an item at the ',' before it (or as the first of its list).
    const counted = (arrayOpened && c !== ']') || c === ':' || (c === ',' && inArray.at(-1) === true);
    arrayOpened = false;
    if (counted && ++values > MAX_BODY_VALUES) {
      throw badRequest(`${what} holds too many values (at most ${MAX_BODY_VALUES} keys and list items).`);
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      inArray.push(c === '[');
      arrayOpened = c === '[';
      if (inArray.length > MAX_BODY_DEPTH) throw badRequest(`${what} is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`);
    } else if (c === ']' || c === '}') inArray.pop();
  }
}

/**
 * What every response goes through: a request id, security headers, the body rules (64 KiB, JSON
 * only but for the login form's post, nested at most MAX_BODY_DEPTH deep with at most MAX_BODY_VALUES keys and list items, malformed
 * JSON is a 400), the refusal of state-changing requests not shown to come from this site, and the one
 * error handler that turns anything thrown into `{message, error, requestId}` without leaking stacks or
 * SQL or writing back what was sent.
 */
export function corePlugin(ctx: AppContext) {
  const { config, log } = ctx;
  const ownOrigin = new URL(config.appUrl).origin;

  return (
    new Elysia({ name: 'core' })
      .onRequest(({ request, set }) => {
        const incoming = request.headers.get('x-request-id');
        const id = incoming && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
        requestIds.set(request, id);
        set.headers['x-request-id'] = id;
        Object.assign(set.headers, SECURITY_HEADERS);

        // A query value written as a JSON list or object is parsed as one by Elysia on a route with a query
        // schema, and what the schema then refuses is written out whole: bounded like a body, whichever bracket opens it.
        const search = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
        if (/[[{]|%5b|%7b/i.test(search)) {
          try {
            for (const value of new URLSearchParams(search).values()) checkShape(value, 'The query');
          } catch (error) {
            if (error instanceof AppError) return errorResponse(request, error);
            throw error;
          }
        }

        if (STATE_CHANGING.has(request.method)) {
          // Stripe's webhook comes from Stripe's servers, with no Origin; its signature proves it. A one-click
          // unsubscribe (RFC 8058) comes from a mail provider, with no Origin; the token in its address proves it.
          const origin = isRawBodyPath(new URL(request.url).pathname) ? ownOrigin : originOf(request, ownOrigin);
          if (origin === undefined) {
            return errorResponse(request, forbidden('Requests from another site are not allowed.'));
          }
          requestOrigins.set(request, origin);
          const length = Number(request.headers.get('content-length') ?? 0);
          if (length > MAX_BODY_BYTES) {
            return errorResponse(request, new AppError(413, 'Payload Too Large', 'The request body is too large (at most 64 KiB).'));
          }
        }
      })
      .onParse({ as: 'global' }, async ({ request, contentType, path }) => {
        const bytes = new Uint8Array(await request.arrayBuffer());
        if (bytes.byteLength > MAX_BODY_BYTES) {
          throw new AppError(413, 'Payload Too Large', 'The request body is too large (at most 64 KiB).');
        }
        const text = new TextDecoder().decode(bytes);
        if (isRawBodyPath(path)) return text;
        if (text.trim() === '') return {};
        // Its fields are flat text, which the route's schema then checks like a JSON body's.
        if (path === LOGIN_FORM_PATH && /^application\/x-www-form-urlencoded/i.test(contentType ?? ''))
          return Object.fromEntries(new URLSearchParams(text));
        if (!/^application\/(.+\+)?json/i.test(contentType ?? '')) {
          throw new AppError(415, 'Unsupported Media Type', 'Send the request body as JSON (Content-Type: application/json).');
        }
        checkShape(text, 'The request body');
        try {
          return JSON.parse(text);
        } catch {
          throw badRequest('The request body is not valid JSON.');
        }
      })
      // A request sent without a body is checked as an empty one, as a route's schema expects an object.
      .onTransform({ as: 'global' }, (context) => {
        if (context.body === undefined) context.body = {};
      })
      .onError({ as: 'global' }, ({ code, error, request, path }) => {
        if (error instanceof AppError) return errorResponse(request, error);
        // Elysia wraps whatever the body parser throws (our 413/415/400) in its ParseError.
        const cause = (error as { cause?: unknown })?.cause;
        if (cause instanceof AppError) return errorResponse(request, cause);
        switch (code) {
          case 'NOT_FOUND':
            return errorResponse(request, notFound());
          case 'PARSE':
            return errorResponse(request, badRequest('The request body is not valid JSON.'));
          case 'VALIDATION': {
            // A route's valibot schema (Standard Schema) refused the input: its own message, as validate() words it.
            const { validator, value } = error as { validator?: { schema?: unknown }; value?: unknown };
            const schema = validator?.schema;
            if (
              schema &&
              typeof schema === 'object' &&
              '~standard' in schema &&
              (schema['~standard'] as { vendor?: string }).vendor === 'valibot'
            ) {
              return errorResponse(request, failedValidation(schema as GenericSchema, value));
            }
            return errorResponse(request, new AppError(400, 'Validation Error', STATUS_MESSAGES[400]));
          }
          case 'INVALID_COOKIE_SIGNATURE':
            return errorResponse(request, unauthorized());
        }
        const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
        if (status >= 400 && status < 500) return errorResponse(request, new AppError(status));
        log.error('unhandled error', {
          requestId: requestIdOf(request),
          path,
          method: request.method,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        return errorResponse(request, new AppError(500, 'Internal Server Error'));
      })
  );
}
