import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { validate } from '../../lib/validation';
import { LoginBody, RegisterBody } from './model';
import { publicUser, type AuthService } from './service';
import { sessionPlugin } from './plugin';

export function authModule(ctx: AppContext, auth: AuthService) {
  const now = () => ctx.clock.now();
  return new Elysia({ name: 'auth' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/user', ({ user }) => publicUser(user, now()), { signedIn: true })
    .post('/api/register', async ({ body, request, startSession, set }) => {
      const input = validate(RegisterBody, body);
      const user = await auth.register(input, { isVerified: !ctx.config.REQUIRE_EMAIL_VERIFICATION });
      await startSession(user, request.headers.get('user-agent'));
      set.status = 201;
      return { user: publicUser(user, now()) };
    })
    .post('/api/login', async ({ body, request, startSession }) => {
      const input = validate(LoginBody, body);
      const user = await auth.login(input);
      await startSession(user, request.headers.get('user-agent'));
      return publicUser(user, now());
    })
    .post('/api/logout', async ({ currentSession, endSessionCookie, set }) => {
      const session = await currentSession();
      if (session) auth.revokeSession(session.sessionId);
      endSessionCookie();
      set.status = 204;
    });
}
