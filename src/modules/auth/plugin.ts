import { Elysia } from 'elysia';
import { jwt } from '@elysiajs/jwt';
import type { AppContext } from '../../lib/context';
import { AppError, unauthorized } from '../../lib/errors';
import { readTogether } from '../../lib/reads';
import type { AuthService, User } from './service';
import { SESSION_DAYS } from './sessions';
import { VERIFY_ALERT } from '../../shared/errors';

export const SESSION_COOKIE = 'session';

const READS = new Set(['GET', 'HEAD']);

/** Verified session tokens kept per process; past this many the memory starts afresh. */
const VERIFIED_TOKENS = 10_000;

/**
 * Sessions for every module: the `session` cookie holds a signed JWT naming a row of `sessions`.
 * Route options: `{ auth: true }` a signed-in, verified user (403 with the verification text otherwise);
 * `{ signedIn: true }` any signed-in user; `{ optionalUser: true }` the user or null.
 */
export function sessionPlugin(ctx: AppContext, auth: AuthService) {
  const { config } = ctx;
  // A token's signature is checked once per process, not on every request: the check costs more than
  // the rest of an answer. Its expiry is still read every time, and the session row (revocation) too.
  const verified = new Map<string, { sid: string; expiresAt: number }>();

  return (
    new Elysia({ name: 'session', seed: config.sessionSecret })
      .use(jwt({ name: 'sessionJwt', secret: config.sessionSecret, exp: `${SESSION_DAYS}d` }))
      .derive({ as: 'global' }, ({ cookie, sessionJwt, request }) => {
        let session: Promise<Session | undefined> | undefined;
        async function read(): Promise<Session | undefined> {
          const token = cookie[SESSION_COOKIE]?.value;
          if (typeof token !== 'string' || token.length === 0 || token.length > 2000) return undefined;
          let known = verified.get(token);
          if (!known) {
            const payload = await sessionJwt.verify(token);
            if (!payload || typeof payload.sid !== 'string') return undefined;
            if (verified.size >= VERIFIED_TOKENS) verified.clear();
            known = { sid: payload.sid, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity };
            verified.set(token, known);
          }
          if (known.expiresAt <= Date.now()) {
            verified.delete(token);
            return undefined;
          }
          // A request that writes waits for the next turn anyway (the group commit): its session row is read
          // then, with the others of this turn, in one read transaction. A read is answered at once: held
          // a turn, the word list ran at half its rate (docs/decisions/0047-reads-together.md).
          const { sid } = known;
          const user = READS.has(request.method)
            ? auth.userForSession(sid)
            : await readTogether(ctx.db.$client, () => auth.userForSession(sid));
          return user ? { sessionId: known.sid, user } : undefined;
        }
        return {
          /** Reads the session cookie, once a request (the route's guard and its handler ask alike): the session id and its user, or undefined. */
          currentSession: () => (session ??= read()),
          /** Starts a session and sets the cookie. */
          async startSession(user: User, userAgent?: string | null) {
            const started = auth.createSession(user, userAgent);
            cookie[SESSION_COOKIE].set({
              value: await sessionJwt.sign({ sid: started.id }),
              httpOnly: true,
              sameSite: 'lax',
              secure: config.isProduction,
              path: '/',
              expires: started.expiresAt,
            });
            return started;
          },
          endSessionCookie() {
            cookie[SESSION_COOKIE].set({ value: '', httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/', maxAge: 0 });
          },
        };
      })
      // The guards run before the route's schemas too (transform), so a request without a session is a 401
      // (and an unverified learner's a 403) whatever it sends, as when the handlers validated.
      .macro({
        auth: {
          transform: async ({ currentSession }) => void verifiedSession(await currentSession()),
          resolve: async ({ currentSession }) => verifiedSession(await currentSession()),
        },
        signedIn: {
          transform: async ({ currentSession }) => void someSession(await currentSession()),
          resolve: async ({ currentSession }) => someSession(await currentSession()),
        },
        optionalUser: {
          async resolve({ currentSession }) {
            const session = await currentSession();
            return { user: session?.user ?? null, sessionId: session?.sessionId ?? null };
          },
        },
      })
  );
}

type Session = { sessionId: string; user: User };

function someSession(session: Session | undefined): Session {
  if (!session) throw unauthorized();
  return session;
}

function verifiedSession(session: Session | undefined): Session {
  if (!someSession(session).user.isVerified) throw new AppError(403, 'Email Not Verified', VERIFY_ALERT);
  return session!;
}
