/**
 * Where the login form the build draws (src/web/prerender.tsx) posts when the browser sends it itself,
 * before the app has taken the page over: a plain form post, answered with a page to go to
 * (docs/decisions/0041-login-before-the-script.md). The server's one route that reads a form body.
 */
export const LOGIN_FORM_PATH = '/auth/login';

/** Only same-site paths are followed after logging in (never back to /auth, never another host). */
export function safeRedirect(redirect?: string | null) {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/auth') ? redirect : '/words';
}

/** The login screen's element each failed form post names in its address' fragment: shown by CSS alone, before any script (src/web/prerender.tsx). */
export const LOGIN_FAILURES = { login: 'login-failed', login_limit: 'login-limited' } as const;

/**
 * Set by the form's login when it restored an account marked for deletion, for the screen it lands on
 * to say so as the app's login does (src/web/shell/layouts.tsx reads it once and removes it); a minute
 * long, so a later visit never repeats it.
 */
export const RESTORED_COOKIE = { name: 'restored', maxAge: 60 } as const;
