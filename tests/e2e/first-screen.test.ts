import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { appTookOver, registerInBrowser, startApp, undrawn, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ serviceWorker: true });
});
afterAll(async () => {
  await app?.stop();
});

/** Holds every request to `path` (a glob: `/*.js` is every script) until the returned function is called (the service worker's too). */
async function hold(context: BrowserContext, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(`**${path}`, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

/** Each file the page fetched, with what asked for it ('link' for the page's own links, 'script' for an import). */
const startedBy = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => [
      new URL(entry.name).pathname,
      entry.initiatorType,
    ]),
  );

/** What the page logs as an error or a warning, and its uncaught errors. */
function watchConsole(page: Page) {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  page.on('pageerror', (error) => logged.push(error.message));
  return logged;
}

const top = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().top);
const viewportHeight = (page: Page) => page.evaluate(() => window.innerHeight);

// On a phone, what a screen shows first must stay where it is when the slower data arrives (issue 12: layout shift):
// drawn in the browser, as when the server did not draw it.
describe('the first screen keeps its layout while its data arrives, on a phone', () => {
  test('All Words: the card does not move when the count of due reviews arrives', async () => {
    const { page, context } = await app.newPage(375, 812);
    await registerInBrowser(page);
    await undrawn(context);
    const release = await hold(context, '/api/review/due');
    await page.goto('/words');
    await page.locator('.flash-card-english').waitFor();
    const before = await top(page, '.flash-card-english');
    release();
    await page.getByRole('button', { name: /^Review due \(\d+\)$/ }).waitFor();
    expect(await top(page, '.flash-card-english')).toBe(before);
    await context.close();
  });

  test("All Words: while the learner's goal is read, the footer waits below the screen for the goal prompt to come under the card", async () => {
    const { page, context } = await app.newPage(375, 812);
    await registerInBrowser(page);
    await undrawn(context);
    const release = await hold(context, '/api/goal');
    await page.goto('/words');
    await page.locator('.flash-card-english').waitFor();
    expect(await top(page, '.site-footer')).toBeGreaterThanOrEqual(await viewportHeight(page));
    release();
    await page.getByRole('heading', { name: 'Pick a daily goal' }).waitFor();
    expect(await top(page, '.site-footer')).toBeGreaterThanOrEqual(await viewportHeight(page));
    await context.close();
  });

  for (const [path, api, loading] of [
    ['/topics', '/api/words/topics-with-progress', 'Loading topics...'],
    ['/stats', '/api/stats', 'Loading statistics...'],
  ] as const) {
    test(`${path}: while it loads, nothing below the loading card is on screen to be pushed down`, async () => {
      const { page, context } = await app.newPage(375, 812);
      await registerInBrowser(page);
      await undrawn(context);
      const release = await hold(context, api);
      await page.goto(path);
      await page.getByText(loading).first().waitFor();
      expect(await top(page, '.site-footer')).toBeGreaterThanOrEqual(await viewportHeight(page));
      release();
      await page.getByText(loading).first().waitFor({ state: 'detached' });
      await context.close();
    });
  }
});

/** A learner's profile on a phone, signed in, without a service worker (a repeat visit is its own journey). */
async function learnerOnPhone(options: { javaScriptEnabled?: boolean } = {}) {
  const first = await app.newPage(375, 812);
  await registerInBrowser(first.page);
  const cookies = await first.context.cookies();
  await first.context.close();
  const context = await app.browser.newContext({
    baseURL: app.baseUrl,
    viewport: { width: 375, height: 812 },
    serviceWorkers: 'block',
    ...options,
  });
  await context.addCookies(cookies);
  return context;
}

// docs/decisions/0065-learner-screens-drawn-on-the-server.md
describe("a learner's first screen, drawn on the server", () => {
  for (const [path, drawn, reads, screen] of [
    ['/words', '.flash-card-english', ['/api/user', '/api/words', '/api/words/batch', '/api/goal'], 'AllWordsPage'],
    ['/words?mode=review', 'h1', ['/api/user', '/api/review/due'], 'AllWordsPage'],
    ['/topics', '.topic-tile', ['/api/user', '/api/words/topics-with-progress', '/api/verbs'], 'TopicsPage'],
    ['/stats', '[data-testid="stats-points"]', ['/api/user', '/api/stats'], 'StatsPage'],
  ] as const) {
    test(`${path} comes with the learner's screen in the page, hydrated as drawn, with its reads not asked again and nothing logged`, async () => {
      const context = await learnerOnPhone();
      const page = await context.newPage();
      const logged = watchConsole(page);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      // The element as the page arrived: hydrated, React takes it over; drawn again, it is replaced.
      await page.addInitScript((selector) => {
        document.addEventListener('DOMContentLoaded', () => {
          const element = document.querySelector(selector);
          Object.assign(window, { drawn: element, drawnText: element?.textContent, shifted: 0 });
        });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            (window as unknown as { shifted: number }).shifted += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      }, drawn);
      await page.goto(path);
      await appTookOver(page);
      const { connected, text, hydrated } = await page.evaluate(() => {
        const { drawn: element, drawnText } = window as unknown as { drawn: Element | null; drawnText: string };
        return {
          connected: !!element?.isConnected,
          text: drawnText,
          hydrated: !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
        };
      });
      expect(text?.trim()).toBeTruthy();
      expect(connected).toBe(true);
      expect(hydrated).toBe(true);
      await page.waitForLoadState('networkidle');
      // Hydrating moves nothing ('New word!' keeps its place on the card while the browser learns whether the word is new).
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
      for (const read of reads) expect(requested).not.toContain(read);
      const started = await startedBy(page);
      expect(started.find(([file]) => file.startsWith(`/${screen}-`))?.[1]).toBe('link');
      // The one line this profile's blocked service worker adds.
      expect(logged.filter((line) => !line.includes('blocked by Playwright'))).toEqual([]);
      await context.close();
    });
  }

  test('with JavaScript off, the learner still sees their first card, their topics and their numbers', async () => {
    const context = await learnerOnPhone({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/words');
    expect((await page.locator('.flash-card-english').textContent())?.trim()).toBeTruthy();
    await page.getByRole('heading', { name: 'All Words', level: 1 }).waitFor();
    await page.goto('/topics');
    await page.getByRole('heading', { name: 'Topics', level: 1 }).waitFor();
    expect(await page.locator('a[href^="/topics/"]').count()).toBeGreaterThan(0);
    await page.goto('/stats');
    await page.getByRole('heading', { name: 'Your Learning Statistics' }).waitFor();
    await page
      .getByText(/\d+ points/)
      .first()
      .waitFor();
    await context.close();
  });

  test('a welcome closed on one visit is not drawn open on the next', async () => {
    const context = await learnerOnPhone();
    const page = await context.newPage();
    await page.goto('/words');
    await page.getByRole('button', { name: 'Got it' }).click();
    const seen = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    await seen.addCookies(await context.cookies());
    const drawnPage = await seen.newPage();
    await drawnPage.goto('/words');
    await drawnPage.locator('.flash-card-english').waitFor();
    expect(await drawnPage.getByRole('dialog').count()).toBe(0);
    await Promise.all([seen.close(), context.close()]);
  });

  test('a welcome closed before this browser kept the choice in a cookie is drawn open, hydrated as drawn and then closed, with nothing logged', async () => {
    const context = await learnerOnPhone();
    // Closed by the version before the cookie: in local storage only.
    await context.clearCookies({ name: 'kept' });
    await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
    const page = await context.newPage();
    const logged = watchConsole(page);
    const response = await page.goto('/words');
    expect(await response!.text()).toContain('Welcome to All Words');
    await appTookOver(page);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(logged.filter((line) => !line.includes('blocked by Playwright'))).toEqual([]);
    // The choice is now in the cookie: the next visit is drawn with the welcome closed.
    expect(await (await page.goto('/words'))!.text()).not.toContain('Welcome to All Words');
    await context.close();
  });

  test('an unknown session is sent to the login screen, with no learner drawn', async () => {
    const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 812 } });
    await context.addCookies([{ name: 'session', value: 'not-a-session', url: app.baseUrl }]);
    const page = await context.newPage();
    const response = await page.goto('/words');
    expect(await response!.text()).not.toContain('class="flash-card-english"');
    await page.waitForURL('**/auth**');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await context.close();
  });
});

describe('a visitor from a phone', () => {
  test('with JavaScript off, /landing links to the drawn login screen, whose form signs in by a post that never puts the password in an address', async () => {
    const signUp = await app.newPage(375, 812);
    const learner = await registerInBrowser(signUp.page);
    await signUp.context.close();
    // The page is the build's drawing alone, as on a phone before its code has arrived or run.
    const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto('/landing');
    await page.getByRole('heading', { name: /Speak Lebanese/ }).waitFor();
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: /Kalimat/ }).waitFor();

    // A wrong password comes back to the login screen, which says so before the app runs (the address' fragment) and once it does.
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await Promise.all([page.waitForURL('**/auth?error=login#login-failed'), page.getByLabel('Password', { exact: true }).press('Enter')]);
    await page.getByRole('heading', { name: /Kalimat/ }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await Promise.all([page.waitForURL('**/words'), page.getByRole('button', { name: 'Login', exact: true }).click()]);
    const user = await context.request.get('/api/user');
    expect(user.status()).toBe(200);
    expect((await user.json()).username).toBe(learner.username);
    for (const address of addresses) {
      expect(address).not.toContain(learner.password);
      expect(address).not.toContain('wrong-password');
      expect(decodeURIComponent(address)).not.toContain(learner.email);
    }
    await context.close();
  });

  test('with JavaScript off, logging into an account scheduled for deletion restores it, and the screen it lands on says so once the app runs', async () => {
    const signUp = await app.newPage(375, 812);
    const learner = await registerInBrowser(signUp.page);
    expect((await signUp.page.request.delete('/api/user/delete', { headers: { origin: app.baseUrl } })).status()).toBe(200);
    await signUp.context.close();
    const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await Promise.all([page.waitForURL('**/words'), page.getByRole('button', { name: 'Login', exact: true }).click()]);
    await page.locator('.flash-card-english').waitFor();

    // The app arriving on the page the form landed on: the same browser's cookies, with its script.
    const running = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 812 } });
    await running.addCookies(await context.cookies());
    const landed = await running.newPage();
    await landed.goto(page.url());
    await landed
      .locator('[data-sonner-toast]', { hasText: 'Welcome back' })
      .getByText('Your account was scheduled for deletion. Logging in has restored it, with all your progress.')
      .waitFor();
    expect((await running.cookies()).map((cookie) => cookie.name)).not.toContain('restored');
    await landed.reload();
    await appTookOver(landed);
    await landed.waitForLoadState('networkidle');
    expect(await landed.locator('[data-sonner-toast]', { hasText: 'Welcome back' }).count()).toBe(0);
    await Promise.all([running.close(), context.close()]);
  });

  test('a drawn page asks for no script until it has loaded, and starts the app at the first touch when the browser is never idle', async () => {
    const { page, context } = await app.newPage(375, 812);
    const logged = watchConsole(page);
    // A browser never idle: only the visitor's touch can start the app.
    await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto('/landing', { waitUntil: 'load' });
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    await page.getByRole('heading', { name: /Speak Lebanese/ }).click();
    await appTookOver(page);
    expect(scripts.length).toBeGreaterThan(0);
    // Once the app runs, the page's links are the router's: 'Log in' opens the login screen without a new page.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(logged).toEqual([]);
    await context.close();
  });

  test('what a visitor typed into the drawn login form before the app took it over is what the app signs in with', async () => {
    const signUp = await app.newPage(375, 812);
    const learner = await registerInBrowser(signUp.page);
    await signUp.context.close();
    const { page, context } = await app.newPage(375, 812);
    // The app's code arrives only once both fields are filled, as on a slow phone.
    const release = await hold(context, '/*.js');
    await page.goto('/auth', { waitUntil: 'load' });
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    release();
    await appTookOver(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/words');
    // Signed in by the app's call, not by the browser posting the form.
    expect(page.url()).not.toContain('error');
    await context.close();
  });

  test('one click on the drawn Register tab before the app has taken the page over opens the register form', async () => {
    const { page, context } = await app.newPage(375, 812);
    // The app's code arrives only after the click, as on a slow phone.
    const release = await hold(context, '/*.js');
    await page.goto('/auth', { waitUntil: 'load' });
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.waitForURL('**/auth?tab=register', { waitUntil: 'commit' });
    release();
    await page.getByLabel('Username', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  test('an arrival from the drawn login form that failed comes drawn, and says so once the app has taken it over, with nothing logged', async () => {
    const { page, context } = await app.newPage(375, 812);
    const logged = watchConsole(page);
    const arrival = await context.request.get('/auth?error=login', { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(await arrival.text()).toContain('data-prerendered');
    await page.goto('/auth?error=login');
    await page.locator('[data-sonner-toast]').getByText('Invalid email or password. Please try again.').waitFor();
    await page.waitForURL('**/auth');
    await appTookOver(page);
    expect(logged).toEqual([]);
    await context.close();
  });

  for (const path of ['/', '/words']) {
    test(`${path} sent to /auth: the page names the login screen's code, so it comes beside the runtime, not after the redirect`, async () => {
      const { page, context } = await app.newPage(375, 812);
      const logged = watchConsole(page);
      await page.goto(path);
      await page.waitForURL(/\/auth/);
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      const started = await startedBy(page);
      expect(started.find(([file]) => file.startsWith('/AuthPage-'))?.[1]).toBe('link');
      await page.waitForLoadState('networkidle');
      expect(logged).toEqual([]);
      await context.close();
    });
  }

  for (const [path, screen] of [
    ['/landing', 'LandingPage'],
    ['/auth', 'AuthPage'],
  ] as const) {
    test(`${path} is drawn by the build, names its screen's code in the page, and is taken over as drawn, with nothing logged`, async () => {
      const { page, context } = await app.newPage(375, 812);
      const logged = watchConsole(page);
      // The heading as the page arrived: hydrated, React takes it over; drawn again, it is replaced.
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => Object.assign(window, { drawnHeading: document.querySelector('h1') })),
      );
      await page.goto(path);
      await page.waitForFunction(() => {
        const heading = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
        return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      });
      expect(await page.evaluate(() => (window as unknown as { drawnHeading: Element }).drawnHeading.isConnected)).toBe(true);
      await appTookOver(page);
      const started = await startedBy(page);
      expect(started.find(([file]) => file.startsWith(`/${screen}-`))?.[1]).toBe('link');
      await page.waitForLoadState('networkidle');
      expect(logged).toEqual([]);
      await context.close();
    });
  }
});
