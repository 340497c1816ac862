import { createHash, randomBytes } from 'node:crypto';

/** What the fake's userinfo endpoint answers for the next sign-in. */
export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TokenRequest {
  code: string | null;
  codeVerifier: string | null;
  redirectUri: string | null;
  grantType: string | null;
  clientId: string | null;
}

/**
 * A Google OAuth provider on 127.0.0.1 for tests and Playwright: the user "consents" at once.
 * - GET  /authorize  checks client id, redirect URI and an S256 code challenge, then redirects back
 *                    with a one-time code and the state it was given.
 * - POST /token      checks client credentials (Basic), the code, the redirect URI and that the
 *                    code_verifier hashes to the challenge; answers a bearer access token.
 * - GET  /userinfo   answers the profile the code was issued for.
 */
export function startFakeGoogle(opts: { clientId?: string; clientSecret?: string } = {}) {
  const clientId = opts.clientId ?? 'fake-google-client';
  const clientSecret = opts.clientSecret ?? 'fake-google-secret';
  const codes = new Map<string, { redirectUri: string; challenge: string; profile: FakeGoogleProfile }>();
  const accessTokens = new Map<string, FakeGoogleProfile>();
  const tokenRequests: TokenRequest[] = [];
  let profile: FakeGoogleProfile = {
    sub: 'google-user-1',
    email: 'google.learner@example.com',
    email_verified: true,
    name: 'Google Learner',
  };

  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/authorize') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri');
        const challenge = q.get('code_challenge');
        if (q.get('client_id') !== clientId || !redirectUri || q.get('response_type') !== 'code')
          return json({ error: 'invalid_request' }, 400);
        if (!challenge || q.get('code_challenge_method') !== 'S256')
          return json({ error: 'invalid_request', error_description: 'PKCE S256 required' }, 400);
        const code = randomBytes(16).toString('hex');
        codes.set(code, { redirectUri, challenge, profile: { ...profile } });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        return Response.redirect(back.toString(), 302);
      }
      if (request.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await request.text());
        const record: TokenRequest = {
          code: form.get('code'),
          codeVerifier: form.get('code_verifier'),
          redirectUri: form.get('redirect_uri'),
          grantType: form.get('grant_type'),
          clientId: null,
        };
        const basic = request.headers.get('authorization')?.match(/^Basic (.+)$/)?.[1];
        const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
        record.clientId = id ?? null;
        tokenRequests.push(record);
        if (id !== clientId || secret !== clientSecret) return json({ error: 'invalid_client' }, 401);
        const issued = record.code ? codes.get(record.code) : undefined;
        if (record.code) codes.delete(record.code);
        if (record.grantType !== 'authorization_code' || !issued || issued.redirectUri !== record.redirectUri)
          return json({ error: 'invalid_grant' }, 400);
        if (!record.codeVerifier || s256(record.codeVerifier) !== issued.challenge) {
          return json({ error: 'invalid_grant', error_description: 'code_verifier does not match' }, 400);
        }
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, issued.profile);
        return json({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
      }
      if (request.method === 'GET' && url.pathname === '/userinfo') {
        const token = request.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
        const who = token ? accessTokens.get(token) : undefined;
        return who ? json(who) : json({ error: 'invalid_token' }, 401);
      }
      return json({ error: 'not_found' }, 404);
    },
  });

  const base = `http://127.0.0.1:${server.port}`;
  return {
    clientId,
    clientSecret,
    base,
    /** The environment that points the app at this fake. */
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    tokenRequests,
    /** The profile the next authorization is issued for. */
    setProfile(next: Partial<FakeGoogleProfile>) {
      profile = { ...profile, ...next };
    },
    stop() {
      server.stop(true);
    },
  };
}

export type FakeGoogle = ReturnType<typeof startFakeGoogle>;
