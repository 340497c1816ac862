import { Elysia } from 'elysia';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from './plugin';
import { replayOnPrimary } from '../../lib/litefs';
import type { AuthService } from './service';
import { emailAddress } from './model';

/** Google's endpoints; each can be overridden (GOOGLE_*_URL) so tests run against a fake provider. */
export const GOOGLE_ENDPOINTS = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};

export const GOOGLE_STATE_COOKIE = 'google_oauth_state';
export const GOOGLE_VERIFIER_COOKIE = 'google_code_verifier';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/** Where the browser lands when sign-in fails or is not set up; the client shows the matching toast. */
export const GOOGLE_FAILED = '/auth?error=google';
export const GOOGLE_UNCONFIGURED = '/auth?error=google_unconfigured';

/** Only a verified address may create or link an account. */
const UserInfo = v.object({
  sub: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  email: emailAddress(),
  email_verified: v.literal(true),
  name: v.optional(v.string()),
});

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Sign-in with Google: the authorization-code flow with PKCE (S256) and a state, both kept in
 * short-lived HttpOnly cookies and checked at the callback. arctic's generic OAuth2Client does the
 * protocol, because its Google class cannot take other endpoints.
 */
export function googleAuth(ctx: AppContext, auth: AuthService) {
  const { config, log } = ctx;
  const client =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? new OAuth2Client(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, `${config.appUrl}${GOOGLE_CALLBACK_PATH}`)
      : null;
  const endpoints = {
    authorization: config.GOOGLE_AUTH_URL ?? GOOGLE_ENDPOINTS.authorization,
    token: config.GOOGLE_TOKEN_URL ?? GOOGLE_ENDPOINTS.token,
    userinfo: config.GOOGLE_USERINFO_URL ?? GOOGLE_ENDPOINTS.userinfo,
  };
  const flowCookie = { httpOnly: true, sameSite: 'lax' as const, secure: config.isProduction, path: '/auth/google' };

  /** The person behind an authorization code, or null when any step fails. */
  async function profileFor(code: string, verifier: string) {
    const tokens = await client!.validateAuthorizationCode(endpoints.token, code, verifier);
    const res = await fetch(endpoints.userinfo, {
      headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
    const info = v.safeParse(UserInfo, await res.json());
    if (!info.success) throw new Error('userinfo has no verified e-mail');
    return info.output;
  }

  return new Elysia({ name: 'google-auth' })
    .use(sessionPlugin(ctx, auth))
    .get('/auth/google', ({ cookie, set }) => {
      set.status = 302;
      if (!client) {
        set.headers.location = GOOGLE_UNCONFIGURED;
        return;
      }
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = client.createAuthorizationURLWithPKCE(endpoints.authorization, state, CodeChallengeMethod.S256, verifier, [
        'openid',
        'email',
        'profile',
      ]);
      cookie[GOOGLE_STATE_COOKIE].set({ ...flowCookie, value: state, maxAge: 600 });
      cookie[GOOGLE_VERIFIER_COOKIE].set({ ...flowCookie, value: verifier, maxAge: 600 });
      set.headers.location = url.toString();
    })
    .get(GOOGLE_CALLBACK_PATH, async ({ cookie, query, set, request, startSession }) => {
      const replay = replayOnPrimary(ctx.config.LITEFS_DIR);
      if (replay) throw replay;
      set.status = 302;
      if (!client) {
        set.headers.location = GOOGLE_UNCONFIGURED;
        return;
      }
      const expectedState = cookie[GOOGLE_STATE_COOKIE]?.value;
      const verifier = cookie[GOOGLE_VERIFIER_COOKIE]?.value;
      // The flow's cookies are good for one attempt only.
      cookie[GOOGLE_STATE_COOKIE].set({ ...flowCookie, value: '', maxAge: 0 });
      cookie[GOOGLE_VERIFIER_COOKIE].set({ ...flowCookie, value: '', maxAge: 0 });

      const { code, state } = query as Record<string, unknown>;
      if (
        typeof code !== 'string' ||
        typeof state !== 'string' ||
        typeof expectedState !== 'string' ||
        typeof verifier !== 'string' ||
        code.length === 0 ||
        code.length > 2000 ||
        !sameText(state, expectedState)
      ) {
        set.headers.location = GOOGLE_FAILED;
        return;
      }
      try {
        const profile = await profileFor(code, verifier);
        const user = auth.signInWithGoogle(profile);
        await startSession(user, request.headers.get('user-agent'));
        set.headers.location = '/';
      } catch (error) {
        log.warn('google sign-in failed', { error: String(error) });
        set.headers.location = GOOGLE_FAILED;
      }
    });
}
