import { Elysia } from 'elysia';
import * as v from 'valibot';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { clientIp } from '../../lib/http';
import { RateLimiter, type Limit } from '../../lib/rate-limit';
import { validate } from '../../lib/validation';
import {
  ChangePasswordBody,
  CURRENT_PASSWORD_INCORRECT,
  INVALID_RESET_LINK,
  ResetPasswordBody,
  ResetRequestBody,
  SupportTicketBody,
  Token,
} from './model';
import { googleAuth } from './google';
import type { AuthService, User } from './service';
import { sessionPlugin } from './plugin';
import { replayOnPrimary } from '../../lib/litefs';

/** Rate limits of the account calls (docs/decisions/0002, 0006); signing up, in and out are the account module's (account/index.ts). */
export const LIMITS = {
  resetRequestsPerEmail: { limit: 3, windowMs: HOUR_MS },
  resetRequestsPerIp: { limit: 20, windowMs: HOUR_MS },
  ticketsPerSender: { limit: 5, windowMs: HOUR_MS },
  clientErrorsPerSender: { limit: 30, windowMs: MINUTE_MS },
  wrongCurrentPasswords: { limit: 10, windowMs: MINUTE_MS },
  verificationMails: { limit: 3, windowMs: HOUR_MS },
} as const;

export const RESET_REQUEST_ANSWER = 'If an account exists for this email address, a link to reset the password has been sent.';

const invalidResetLink = () => new AppError(400, 'Invalid Token', INVALID_RESET_LINK);

export function authRoutes(ctx: AppContext, { auth }: { auth: AuthService }) {
  const limiter = new RateLimiter(ctx.clock);
  const consume = (key: string, { limit, windowMs }: Limit) => limiter.consume(key, limit, windowMs);

  /**
   * The caller's address for per-IP limits. A request with no socket (app.handle in tests and
   * scripts) has none, and only the other limits apply to it.
   */
  const ipOf = (request: Request, server: Parameters<typeof clientIp>[2]) => {
    const ip = clientIp(ctx.config, request, server);
    return ip === 'unknown' ? null : ip;
  };

  return new Elysia({ name: 'auth' })
    .use(sessionPlugin(ctx, auth))
    .use(googleAuth(ctx, auth))
    .post(
      '/api/user/change-password',
      async ({ body: input, user, sessionId, request, startSession }) => {
        const release = limiter.reserve([[`change-password:${user.id}`, LIMITS.wrongCurrentPasswords]]);
        let changed: User;
        try {
          changed = await auth.changePassword(user, sessionId, input);
        } catch (error) {
          if (!(error instanceof AppError && error.message === CURRENT_PASSWORD_INCORRECT)) release();
          throw error;
        }
        release();
        // Every session was revoked; this browser gets a fresh one so it stays signed in.
        await startSession(changed, request.headers.get('user-agent'));
        return { message: 'Your password has been updated.' };
      },
      { signedIn: true, body: ChangePasswordBody },
    )

    .post(
      '/api/support/ticket',
      async ({ body: input, user, request, server, set }) => {
        const sender = user ? `user:${user.id}` : ipOf(request, server);
        if (sender) consume(`ticket:${sender}`, LIMITS.ticketsPerSender);
        const ticket = await auth.createTicket(input, user?.id ?? null);
        set.status = 201;
        return { id: ticket.id, message: "Your support ticket has been submitted. We'll get back to you by email." };
      },
      { optionalUser: true, body: SupportTicketBody },
    )

    .post(
      '/api/request-password-reset',
      ({ body: { email }, request, server }) => {
        const ip = ipOf(request, server);
        if (ip) consume(`reset-ip:${ip}`, LIMITS.resetRequestsPerIp);
        consume(`reset-email:${email}`, LIMITS.resetRequestsPerEmail);
        auth.requestPasswordReset(email);
        return { message: RESET_REQUEST_ANSWER };
      },
      { body: ResetRequestBody },
    )

    .get('/api/reset-password', ({ query, set }) => {
      const token = v.safeParse(Token, query.token);
      if (!token.success) throw invalidResetLink();
      auth.checkResetToken(token.output);
      set.status = 204;
    })

    .post('/api/reset-password', async ({ body, endSessionCookie }) => {
      // A bad token is an invalid link, whatever the password; the client shows 'Invalid reset link'.
      if (!v.is(Token, (body as { token?: unknown } | null)?.token)) throw invalidResetLink();
      const input = validate(ResetPasswordBody, body);
      await auth.resetPassword(input);
      endSessionCookie();
      return { message: 'Your password has been reset. Please log in with your new password.' };
    })

    .get('/api/verify-email', ({ query, set }) => {
      const replay = replayOnPrimary(ctx.config.LITEFS_DIR);
      if (replay) throw replay;
      const token = v.safeParse(Token, query.token);
      set.status = 302;
      set.headers.location = token.success && auth.verifyEmail(token.output) ? '/words?verified=true' : '/auth?error=verification';
    })

    .post(
      '/api/resend-verification',
      async ({ user, set }) => {
        if (!user.isVerified) {
          consume(`verification:${user.id}`, LIMITS.verificationMails);
          await auth.sendVerificationMail(user);
        }
        set.status = 204;
      },
      { signedIn: true },
    )

    .post(
      '/api/log/client-error',
      ({ body, user, request, server, set }) => {
        set.status = 204;
        const sender = user ? `user:${user.id}` : ipOf(request, server);
        // Over the limit the report is dropped quietly: a browser stuck in an error loop must not see failures.
        if (sender) {
          try {
            consume(`client-error:${sender}`, LIMITS.clientErrorsPerSender);
          } catch {
            return;
          }
        }
        const report = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { error: body };
        auth.logClientError(report as { error: unknown }, user?.id ?? null, request.headers.get('user-agent'));
      },
      { optionalUser: true },
    );
}
