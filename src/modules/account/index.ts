import { Elysia } from 'elysia';
import * as v from 'valibot';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { requestOriginOf } from '../../lib/core';
import { AppError } from '../../lib/errors';
import { clientIp } from '../../lib/http';
import { RateLimiter, type Limit } from '../../lib/rate-limit';
import { LOGIN_FAILURES, LOGIN_FORM_PATH, RESTORED_COOKIE, safeRedirect } from '../../shared/forms';
import { LoginBody, ProfileBody, RegisterBody, type LoginInput } from '../auth/model';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService, User } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { AccountService } from './view';

/** Rate limits of the calls that start an account or a session (docs/decisions/0002, 0006). */
export const LIMITS = {
  failedLoginsPerEmailAndIp: { limit: 10, windowMs: MINUTE_MS },
  failedLoginsPerEmail: { limit: 100, windowMs: HOUR_MS },
  failedLoginsPerIp: { limit: 30, windowMs: MINUTE_MS },
  registrationsPerIp: { limit: 5, windowMs: MINUTE_MS },
} as const;

/**
 * Signing up, in and out, and the calls that answer with the user whole or end the account: they compose
 * auth (who the learner is, their sessions) and billing (their trial and subscription), which know nothing
 * of each other. Passwords, e-mail verification and Google sign-in are auth's own routes (auth/index.ts).
 */
export function accountRoutes(
  ctx: AppContext,
  { auth, billing, account }: { auth: AuthService; billing: BillingService; account: AccountService },
) {
  const limiter = new RateLimiter(ctx.clock);
  const consume = (key: string, { limit, windowMs }: Limit) => limiter.consume(key, limit, windowMs);
  const shown = account.publicUser;

  /**
   * The caller's address for per-IP limits. A request with no socket (app.handle in tests and
   * scripts) has none, and only the other limits apply to it.
   */
  const ipOf = (request: Request, server: Parameters<typeof clientIp>[2]) => {
    const ip = clientIp(ctx.config, request, server);
    return ip === 'unknown' ? null : ip;
  };

  /**
   * Checks the password under the limits and starts a session. Every guess is counted before its hash is
   * checked and given back when it was right, so however many arrive at once no more than the limit are
   * ever checked (docs/decisions/0006).
   */
  async function signIn(
    input: LoginInput,
    ip: string | null,
    startSession: (user: User, userAgent?: string | null) => Promise<unknown>,
    userAgent: string | null,
  ) {
    const guesses: [string, Limit][] = [
      [`login:${input.email}|${ip ?? ''}`, LIMITS.failedLoginsPerEmailAndIp],
      [`login-email:${input.email}`, LIMITS.failedLoginsPerEmail],
    ];
    if (ip) guesses.push([`login-ip:${ip}`, LIMITS.failedLoginsPerIp]);
    const release = limiter.reserve(guesses);
    let signedIn: { user: User; restored: boolean };
    try {
      signedIn = await auth.login(input);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 401)) release();
      throw error;
    }
    release();
    await startSession(signedIn.user, userAgent);
    return signedIn;
  }

  /**
   * Where the drawn login form's post goes when it fails: the login screen, which names the failure in
   * its fragment (shown without a script) and its query (the app's toast), keeping where to go after.
   */
  const formFailure = (redirect: string | null) => (error: unknown) => {
    const failure =
      error instanceof AppError && error.status === 429
        ? 'login_limit'
        : error instanceof AppError && error.status === 401
          ? 'login'
          : null;
    if (!failure) throw error;
    return loginScreen(failure, redirect);
  };
  const loginScreen = (failure: keyof typeof LOGIN_FAILURES, redirect: string | null) => {
    const query = new URLSearchParams({ error: failure });
    if (redirect) query.set('redirect', redirect);
    return `/auth?${query}#${LOGIN_FAILURES[failure]}`;
  };
  /**
   * Where to go after the form's login: the login screen's own `?redirect=`, which a page drawn before
   * the address was known cannot carry in the form, so read from the page that posted it (same site).
   */
  const redirectOf = (request: Request) => {
    const url = URL.parse(request.headers.get('referer') ?? '');
    return url && url.origin === requestOriginOf(request) ? url.searchParams.get('redirect') : null;
  };

  return (
    new Elysia({ name: 'account' })
      .use(sessionPlugin(ctx, auth))
      .get('/api/user', ({ user }) => shown(user), { signedIn: true })

      .post(
        '/api/register',
        async ({ body: input, request, server, startSession, set }) => {
          const ip = ipOf(request, server);
          if (ip) consume(`register:${ip}`, LIMITS.registrationsPerIp);
          const requireVerification = ctx.config.REQUIRE_EMAIL_VERIFICATION;
          const user = await auth.register(input, { isVerified: !requireVerification });
          if (requireVerification) await auth.sendVerificationMail(user);
          await startSession(user, request.headers.get('user-agent'));
          set.status = 201;
          return { user: shown(user) };
        },
        { body: RegisterBody },
      )

      // An account that was marked for deletion is restored by signing in: `restored` says so, for the learner to be told.
      .post(
        '/api/login',
        async ({ body: input, request, server, startSession }) => {
          const { user, restored } = await signIn(input, ipOf(request, server), startSession, request.headers.get('user-agent'));
          return restored ? { ...shown(user), restored } : shown(user);
        },
        { body: LoginBody },
      )

      // The drawn login form sent by the browser itself (docs/decisions/0041): the same sign-in, answered
      // with the page to go to, so a failure shows the login screen's message rather than an error body.
      // A restored account is said on the page it lands on, as the app's login says it: a redirect carries no body.
      .post(LOGIN_FORM_PATH, async ({ body, cookie, request, server, startSession, set }) => {
        const input = v.safeParse(LoginBody, body);
        const redirect = redirectOf(request);
        const landed = ({ restored }: { restored: boolean }) => {
          if (restored)
            cookie[RESTORED_COOKIE.name].set({
              value: '1',
              maxAge: RESTORED_COOKIE.maxAge,
              path: '/',
              sameSite: 'lax',
              secure: ctx.config.isProduction,
            });
          return safeRedirect(redirect);
        };
        set.status = 303;
        set.headers.location = input.success
          ? await signIn(input.output, ipOf(request, server), startSession, request.headers.get('user-agent')).then(
              landed,
              formFailure(redirect),
            )
          : loginScreen('login', redirect);
      })

      .post('/api/logout', async ({ currentSession, endSessionCookie, set }) => {
        const session = await currentSession();
        if (session) auth.revokeSession(session.sessionId);
        endSessionCookie();
        set.status = 204;
      })

      .put('/api/user/profile', ({ body, user }) => shown(auth.updateProfile(user.id, body.username)), {
        signedIn: true,
        body: ProfileBody,
      })

      .delete(
        '/api/user/delete',
        async ({ user, endSessionCookie }) => {
          // The subscription is cancelled first: if Stripe cannot be reached, the account stays as it was.
          const subscriptionCancelled = await billing.cancelForDeletion(user);
          const scheduledDeletionDate = await auth.markForDeletion(user, { subscriptionCancelled });
          endSessionCookie();
          return {
            message: 'Your account will be deleted in 30 days. Sign in before then to restore it.',
            scheduledDeletionDate: scheduledDeletionDate.toISOString(),
          };
        },
        { signedIn: true },
      )
  );
}
