/**
 * Where the login form the build draws (src/web/prerender.tsx) posts when the browser sends it itself,
 * before the app has taken the page over: a plain form post, answered with a page to go to
 * (docs/decisions/0041-login-before-the-script.md). The server's one route that reads a form body.
 */
export const LOGIN_FORM_PATH = '/auth/login';
