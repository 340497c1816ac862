import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { format } from 'date-fns';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('the web shell', () => {
  test('an anonymous visitor at / is sent to /auth, which shows Login and Register without the navigation', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/');
    await page.waitForURL('**/auth');
    // The address changes as the router follows the redirect; the screen is drawn once it has loaded.
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Register' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Continue with Google' }).isVisible()).toBe(true);
    await screenshot(page, 'auth-1280');
    await context.close();
  });

  test('when the user cannot be loaded a page says so with Retry, instead of asking to log in', async () => {
    for (const [path, signedOut] of [
      ['/words', 'Login'],
      ['/stats', 'Please log in to view your statistics.'],
    ] as const) {
      const { page, context } = await app.newPage(375);
      // A browser with a session cookie: one without is known to be signed out before /api/user is asked.
      await context.addCookies([{ name: 'session', value: 'expired', url: app.baseUrl }]);
      let failing = true;
      await page.route('**/api/user', (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error","message":"boom"}' })
          : route.fallback(),
      );
      await page.goto(path);
      await page.getByText('Unable to load user data. Please try refreshing the page.').waitFor();
      if (path === '/stats') await screenshot(page, 'user-load-failed-375');
      failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByText(signedOut, { exact: true }).first().waitFor();
      await context.close();
    }
  });

  test('a protected route sends an anonymous visitor to /auth, and logging in there leads back to it', async () => {
    const first = await app.newPage();
    const learner = await registerInBrowser(first.page);
    await first.context.close();
    const { page, context } = await app.newPage();
    await page.goto('/settings?tab=help');
    await page.waitForURL(/\/auth\?redirect=%2Fsettings%3Ftab%3Dhelp/);
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/settings?tab=help');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await context.close();
  });

  test('a signed-in learner sees the navigation in the stated order and the footer', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    await page.getByRole('heading', { name: 'All Words', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = await nav.locator('.nav-links a').allTextContents();
    expect(links).toEqual([
      'All Words',
      'Course',
      'Which Word',
      'Listening',
      'Letters',
      'Sentences',
      'Dialogues',
      'Talk',
      'Grammar',
      'Topics',
      'Flagged Words',
      'Stats',
    ]);
    expect(await nav.getByRole('link', { name: 'Upgrade' }).isVisible()).toBe(true);
    expect(await nav.getByText('Settings', { exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).isVisible()).toBe(true);
    await screenshot(page, 'words-1280');
    await context.close();
  });

  test('an unknown path shows the not-found page; an unknown API path answers JSON 404', async () => {
    const { page, context } = await app.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(200);
    // The screen is drawn once the router has loaded it, which can be after the page's load event.
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const api = await fetch(`${app.baseUrl}/api/no-such-call`);
    expect(api.status).toBe(404);
    expect((await api.json()).error).toBe('Not Found');
    await context.close();
  });

  test("the legal pages show today's date as the effective date in 'MMM d, yyyy'", async () => {
    const { page, context } = await app.newPage();
    const today = format(new Date(), 'MMM d, yyyy');
    await page.goto('/privacy-policy');
    // Each screen's code arrives after the page has loaded: wait for it to be drawn.
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await page.getByText(`Effective date: ${today}`).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/terms-of-service');
    // Both pages show the line: read it once the new page is drawn.
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(await page.getByText(`Effective date: ${today}`).isVisible()).toBe(true);
    await context.close();
  });

  test('the error examples show every variant with titles from the catalogue, Retry and Help', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/error-examples');
    await page.getByRole('heading', { name: 'Full variant' }).waitFor();
    for (const variant of ['Full', 'Card', 'Banner', 'Toast', 'Inline']) {
      expect(await page.getByRole('heading', { name: `${variant} variant` }).isVisible()).toBe(true);
    }
    expect(await page.getByText('Too Many Requests').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByText('Service unavailable. Please try again later.').count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBeGreaterThanOrEqual(50);
    await page.getByRole('button', { name: 'Toast 404' }).click();
    expect(await page.getByText('The requested resource was not found.').first().isVisible()).toBe(true);
    // Help for a visitor who is not signed in goes to /auth and back to /support.
    await page.getByRole('link', { name: 'Help' }).first().click();
    await page.waitForURL(/\/auth\?redirect=%2Fsupport/);
    await context.close();
  });

  test('every response carries the security headers and a request id', async () => {
    const res = await fetch(`${app.baseUrl}/auth`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const html = await res.text();
    const script = /src="(\/index-[a-z0-9]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(app.baseUrl + script);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  test('under 768 px the links are a wrapped row of pills, every one in view, and Logout reads Exit', async () => {
    const { page, context } = await app.newPage(375, 800);
    await registerInBrowser(page);
    await page.getByRole('heading', { name: 'All Words', level: 1 }).waitFor();
    const pill = page.locator('.nav-link').first();
    const box = await pill.boundingBox();
    expect(box!.width).toBeLessThan(375);
    // The pills wrap into a few rows (docs/decisions/0074-navigation-on-a-phone.md), none outside the screen.
    const tops = new Set(await page.locator('.nav-link').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))));
    expect(tops.size).toBeGreaterThan(1);
    expect(tops.size).toBeLessThanOrEqual(3);
    expect(await page.locator('.nav-link').evaluateAll((els) => els.every((el) => el.getBoundingClientRect().right <= innerWidth))).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Exit' }).isVisible()).toBe(true);
    await screenshot(page, 'words-375');
    // The last pill, the current page's, is in view with nothing to scroll.
    await page.goto('/stats');
    await page.waitForFunction(() => {
      const r = document.querySelector('.nav-link[aria-current="page"][href="/stats"]')?.getBoundingClientRect();
      return !!r && r.left >= 0 && r.right <= window.innerWidth;
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto('/error-examples');
    await page.getByRole('heading', { name: 'Full variant' }).waitFor();
    await screenshot(page, 'error-examples-375');
    await context.close();
  });

  test('a screen whose data cannot be read shows its own failure card, and Retry reads it again', async () => {
    // The service worker would answer from its copy of the list: blocked, so the failure reaches the page.
    const context = await app.browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 375, height: 800 },
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'Fly-Client-IP': '10.250.0.1' },
    });
    await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
    const page = await context.newPage();
    await registerInBrowser(page);
    let failing = true;
    await page.route('**/api/words/flagged', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.fallback(),
    );
    // By the keyboard: on a phone the welcome toast may lie over the link, and a pointer resting on it keeps it open.
    await page.getByRole('link', { name: 'Flagged Words' }).press('Enter');
    await page.getByText('Unable to load vocabulary data. Please try again later.').waitFor();
    expect(await page.getByRole('heading', { name: 'Flagged Words' }).isVisible()).toBe(true);
    await screenshot(page, 'flagged-load-failed-375');
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No flagged words').waitFor();
    await context.close();
  });

  test("pointing at a link starts reading that screen's data before the click", async () => {
    const { page, context } = await app.newPage();
    await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
    await registerInBrowser(page);
    let read = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/stats') read = true;
    });
    // The header may be drawn again as the signed-in screen settles on a busy machine, and a link drawn
    // under a resting pointer is not entered: the pointer leaves and points again until the read starts.
    for (let attempt = 0; attempt < 10 && !read; attempt++) {
      await page.mouse.move(0, 0);
      await page.getByRole('link', { name: 'Stats', exact: true }).hover();
      for (let wait = 0; wait < 20 && !read; wait++) await Bun.sleep(100);
    }
    expect(read).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/words');
    await context.close();
  });
});
