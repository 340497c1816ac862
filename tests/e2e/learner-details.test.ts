import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { answerCardFromKeyboard, appTookOver, inAppDatabase, registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

/** What a learner minds on the screens they use most (issue 42): one journey each, at both widths where it is a layout. */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A signed-in learner on All Words, the welcome popup already seen, the first card up. */
async function learnerOnWords(width = 1280, height = 900) {
  const { page, context } = await app.newPage(width, height);
  await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
  const user = await registerInBrowser(page);
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  return { page, context, user };
}

describe('the flash card', () => {
  test("'New word!' shows on no review card, though this browser has forgotten which words it saw", async () => {
    const { page, context, user } = await learnerOnWords();
    const saved = page.waitForResponse((r) => r.url().endsWith('/progress') && r.request().method() === 'POST');
    await answerCardFromKeyboard(page);
    expect((await saved).status()).toBe(200);
    // The card's word falls due; the browser that saw it is another one.
    inAppDatabase(app, (db) =>
      db.run('update review_cards set due = due - 86400000 where user_id = (select id from users where email = ?)', [user.email]),
    );
    await page.evaluate(() => localStorage.removeItem('seenWords'));
    await page.goto('/words?mode=review');
    await page.getByTestId('review-left').filter({ hasText: '1 word due' }).waitFor();
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    expect(await page.locator('.vocab-badge.new').isVisible()).toBe(false);
    await context.close();
  });

  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    test(`a word answered in one browser shows no 'New word!' in another, fresh one (${width} px)`, async () => {
      const { page, context } = await learnerOnWords(width, height);
      const saved = page.waitForResponse((r) => r.url().endsWith('/progress') && r.request().method() === 'POST');
      await answerCardFromKeyboard(page);
      expect((await saved).status()).toBe(200);
      // The rest of the deck answered too (wrongly, so no batch unlocks and the deck stays the same), so
      // whichever card the second browser draws first was answered elsewhere.
      const deck: { id: number }[] = await (await page.request.get('/api/words')).json();
      for (const { id } of deck) {
        expect(
          (
            await page.request.post(`/api/words/${id}/progress`, {
              data: { correct: false, page: 'unified' },
              headers: { origin: app.baseUrl },
            })
          ).status(),
        ).toBe(200);
      }
      const elsewhere = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width, height } });
      await elsewhere.addCookies(await context.cookies());
      await elsewhere.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
      const other = await elsewhere.newPage();
      await other.goto('/words');
      await other.getByRole('button', { name: 'Reveal Now' }).waitFor();
      await appTookOver(other);
      await other.waitForLoadState('networkidle');
      expect(await other.evaluate(() => localStorage.getItem('seenWords'))).toBeNull();
      expect(await other.locator('.vocab-badge.new').isVisible()).toBe(false);
      // Its next card too, picked after the first, in this browser that has marked nothing else.
      await answerCardFromKeyboard(other);
      await other.getByRole('button', { name: 'Reveal Now' }).waitFor();
      expect(await other.locator('.vocab-badge.new').isVisible()).toBe(false);
      await screenshot(other, `words-answered-elsewhere-${width}`);
      await Promise.all([elsewhere.close(), context.close()]);
    });
  }

  test('a typed answer counts as it is judged: the streak beside "Not quite." is already the one it left', async () => {
    const { page, context } = await learnerOnWords();
    await answerCardFromKeyboard(page);
    await page.locator('.streak-current', { hasText: /^1$/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Type my answer' }).check();
    await page.getByLabel('Type it in Lebanese').fill('qqqq');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('.typed-verdict', { hasText: 'Not quite.' }).waitFor();
    await page.locator('.streak-current', { hasText: /^0$/ }).waitFor();
    // Going on sends nothing more: the answer was counted once.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/progress')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Next word' }).click();
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.locator('.streak-current', { hasText: /^0$/ }).waitFor();
    expect(sent).toEqual([]);
    await context.close();
  });
});

describe('the paywall', () => {
  test('a learner still in their trial is not told it has ended', async () => {
    const { page, context } = await learnerOnWords();
    await page.goto('/paywall');
    await page.getByText('Your free trial is still running: 7 days left.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Keep Learning After Your Trial');
    await screenshot(page, 'paywall-in-trial-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'paywall-in-trial-375');
    await context.close();
  });
});

describe('the letters game', () => {
  test('number options are chosen by their own number, so a key cannot pick another option', async () => {
    const { page, context } = await learnerOnWords();
    const letters = (await (await page.request.get('/api/letters')).json()) as { number: number; arabizi: string; arabic: string }[];
    const card = page.locator('.letters-card');
    // The question is drawn at random: a new one on each load until one shows a letter and offers numbers.
    for (let i = 0; i < 60; i++) {
      await page.goto('/letters');
      await card.locator('.letters-type').waitFor();
      if ((await card.locator('.letters-prompt').first().textContent()) === 'Which number writes this letter?') break;
    }
    const options = card.locator('.letters-option');
    expect(await options.count()).toBe(4);
    for (const option of await options.all())
      expect(await option.getAttribute('aria-keyshortcuts')).toBe((await option.textContent())!.trim());
    await screenshot(page, 'letters-number-options-1280');
    const shown = (await card.locator('.letters-big').textContent())!.trim();
    const right = letters.find((l) => l.arabic === shown)!;
    await page.keyboard.press(right.arabizi);
    await card.getByText(/^Correct!/).waitFor();
    await context.close();
  });
});

describe('the lesson list', () => {
  test("a lesson's summary shows its emphasis as emphasis, never as asterisks, at both widths", async () => {
    const { page, context } = await learnerOnWords();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/lessons');
      const summaries = page.locator('.lesson-card-description');
      await summaries.first().waitFor();
      expect((await summaries.allTextContents()).filter((text) => text.includes('*'))).toEqual([]);
      const telling = page.locator('.lesson-card', { hasText: 'Telling the time' });
      expect(await telling.locator('.lesson-card-description em').allTextContents()).toContain('el sa3a tlete');
      await telling.scrollIntoViewIfNeeded();
      await screenshot(page, `lesson-list-${width}`);
    }
    await context.close();
  });
});

describe('the statistics page', () => {
  test('with one day of answers the charts read well: a week drawn, not a month of slivers, a point for the day, named calendar rows', async () => {
    const { page, context } = await learnerOnWords();
    for (let i = 0; i < 3; i++) {
      // The streak counts at once; the forecast below needs the answer kept by the server, so each save is awaited.
      const saved = page.waitForResponse((r) => r.url().endsWith('/progress') && r.request().method() === 'POST' && r.ok());
      await answerCardFromKeyboard(page);
      await page.locator('.streak-current', { hasText: new RegExp(`^${i + 1}$`) }).waitFor();
      await saved;
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/stats');
      const charts = page.getByRole('region', { name: 'Progress Over Time' });
      const answers = charts.getByTestId('chart-answers');
      await answers.waitFor();
      expect(await answers.getByRole('table').getByRole('row').count()).toBe(8);
      expect(await answers.locator('rect.progress-bar').count()).toBe(1);
      // Accuracy on its one day is a point to see, and its figures are written beside the title.
      const accuracy = charts.getByTestId('chart-accuracy');
      expect(await accuracy.locator('.progress-dot').count()).toBe(1);
      expect(await accuracy.locator('.progress-chart-summary').textContent()).toBe('Highest 100%, latest 100%');
      expect(await charts.getByTestId('chart-calendar').locator('.calendar-weekday').allTextContents()).toEqual([
        'Mon',
        'Wed',
        'Fri',
        'Sun',
      ]);
      // The three words come back later today: the forecast says none is due now, as Review's button does.
      await page.getByRole('region', { name: 'Review Forecast' }).getByText('Today: 0 due now, 3 later today.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await charts.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tests/e2e/screenshots/stats-first-day-${width}.png` });
    }
    await context.close();
  });
});

describe('the legal pages', () => {
  test("the terms say payments are non-refundable and price changes get 30 days' notice; the privacy policy names every e-mail sent", async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await app.newPage(width, 900);
      await page.goto('/terms-of-service');
      const terms = page.getByRole('main');
      await terms.getByRole('heading', { name: 'Payments and prices' }).waitFor();
      expect(await terms.textContent()).toContain('Payments are non-refundable');
      expect(await terms.textContent()).toContain("30 days' notice");
      expect(await terms.textContent()).toContain('you keep access until the end of the period');
      await screenshot(page, `terms-${width}`);
      await page.goto('/privacy-policy');
      await page.getByRole('heading', { name: 'E-mail' }).waitFor();
      const privacy = (await page.getByRole('main').textContent())!;
      for (const mail of ['password resets', 'e-mail verification', 'subscription changes', 'practice reminders', 'weekly summary'])
        expect(privacy).toContain(mail);
      expect(privacy).not.toContain('only about your account');
      await screenshot(page, `privacy-${width}`);
      await context.close();
    }
  });
});

/** axe-core's verdict on the page as it is, for the rules named. */
async function axeViolations(page: import('playwright-core').Page, rules: string[]) {
  // Evaluated over the debugging protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(await Bun.file(join(import.meta.dir, '../../node_modules/axe-core/axe.min.js')).text());
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: only } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.length}`);
  }, rules);
}

describe('accessibility', () => {
  test("each dialogue's and conversation's card is named by what it shows, at both widths", async () => {
    const { page, context } = await learnerOnWords();
    for (const [path, action] of [
      ['/dialogues', 'Open'],
      ['/talk', 'Start talking'],
    ] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await page.locator('.link-card').first().waitFor();
        expect(await axeViolations(page, ['label-content-name-mismatch'])).toEqual([]);
        const first = page.locator('.link-card').first();
        const title = (await first.locator('.link-card-title').textContent())!;
        expect(await page.getByRole('link', { name: title }).first().textContent()).toContain(action);
        await screenshot(page, `${path.slice(1)}-${width}`);
      }
    }
    await context.close();
  });
});

/** WCAG's contrast ratio of two 'rgb(r, g, b)' colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the keyboard', () => {
  test('the focus outline on a white card stands 3:1 against it, and on the red page too; Escape closes the Settings menu', async () => {
    const { page, context } = await learnerOnWords();
    await page.keyboard.press('Tab');
    const reveal = page.getByRole('button', { name: 'Reveal Now' });
    await reveal.focus();
    const onCard = await reveal.evaluate((el) => ({
      style: getComputedStyle(el).outlineStyle,
      color: getComputedStyle(el).outlineColor,
      card: getComputedStyle(el.closest('.flash-card')!).backgroundColor,
    }));
    expect(onCard.style).toBe('solid');
    expect(contrast(onCard.color, onCard.card)).toBeGreaterThanOrEqual(3);
    const onPage = await page.locator('.site-header').evaluate((el) => getComputedStyle(el).getPropertyValue('--focus-ring').trim());
    expect(onPage).toBe('#ffd54a');

    const menu = page.locator('details.dropdown');
    await page.locator('details.dropdown summary').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Account Settings' }).waitFor();
    expect(await menu.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Account Settings' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await context.close();
  });
});

describe('settings', () => {
  test('where push is not set up, Learning says notifications are unavailable, and no request fails', async () => {
    const { page, context } = await learnerOnWords();
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings?tab=learning');
      await page.getByText('Notifications on this browser are unavailable here: reminders come by e-mail.').waitFor();
      await screenshot(page, `settings-learning-${width}`);
    }
    expect(failed).toEqual([]);
    await context.close();
  });
});

describe('logging in', () => {
  test('without a script, a wrong password says so on the login screen and the right one goes where ?redirect= said', async () => {
    for (const width of [1280, 375]) {
      const signUp = await app.newPage(width, 900);
      const user = await registerInBrowser(signUp.page);
      await signUp.context.close();
      const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/auth?redirect=%2Fstats');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.hash === '#login-failed');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/stats');
      await page.getByText('Invalid email or password. Please try again.').waitFor();
      expect(await page.getByText('Too many attempts. Please wait a minute and try again.').isVisible()).toBe(false);
      await screenshot(page, `login-failed-no-script-${width}`);
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/stats');
      await context.close();
    }
  });

  test('logging in to an account scheduled for deletion says it is restored', async () => {
    const { page, context, user } = await learnerOnWords();
    expect((await page.request.delete('/api/user/delete', { headers: { origin: app.baseUrl } })).status()).toBe(200);
    await page.goto('/auth');
    // The app's own login (the form posted before it runs says so too: tests/e2e/first-screen.test.ts).
    await appTookOver(page);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .locator('[data-sonner-toast]', { hasText: 'Welcome back' })
      .getByText('Your account was scheduled for deletion. Logging in has restored it, with all your progress.')
      .waitFor();
    await page.waitForURL('**/words');
    await context.close();
  });
});

describe('the daily goal', () => {
  test('its ring is on the listening drill and the dialogues too, at both widths', async () => {
    const { page, context } = await learnerOnWords();
    expect((await page.request.put('/api/goal', { data: { kind: 'cards', amount: 10 }, headers: { origin: app.baseUrl } })).status()).toBe(
      200,
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/listen', '/dialogues']) {
        await page.goto(path);
        await page.getByRole('progressbar', { name: 'Daily goal: 0 of 10 cards today' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `tests/e2e/screenshots/goal-ring${path.replace('/', '-')}-${width}.png` });
      }
    }
    await context.close();
  });
});

describe('the listening drill on a phone', () => {
  test('no meaning breaks inside a word and both ways of answering are whole, at 375 and 1280', async () => {
    const { page, context } = await learnerOnWords();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Several rounds: the meanings offered differ each time.
      for (let round = 0; round < 3; round++) {
        await page.goto('/listen');
        await page.locator('.ww-option').first().waitFor();
        const broken = await page.evaluate(() => {
          const split: string[] = [];
          for (const option of document.querySelectorAll('.ww-option')) {
            const text = option.lastChild!;
            const content = text.textContent ?? '';
            let at = 0;
            for (const word of content.split(' ')) {
              const range = document.createRange();
              range.setStart(text, at);
              range.setEnd(text, at + word.length);
              if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(word);
              at += word.length + 1;
            }
          }
          return split;
        });
        expect(broken).toEqual([]);
      }
      for (const name of ['Choose the meaning', 'Type what you hear']) {
        const tab = page.getByRole('tab', { name });
        const whole = await tab.evaluate(
          (el) =>
            el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.closest('.card')!.getBoundingClientRect().right,
        );
        expect({ name, whole }).toEqual({ name, whole: true });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `tests/e2e/screenshots/listen-phone-${width}.png` });
    }
    await context.close();
  });
});

describe('the try-out on a touch screen', () => {
  test("the card's countdown waits until the card is on the screen, and no keyboard hints are shown", async () => {
    const context = await app.browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/landing');
    const card = page.locator('.try-deck .flash-card');
    await card.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.clock.runFor(500);
    expect(await card.isVisible()).toBe(true);
    const left = () => card.getByRole('progressbar').getAttribute('aria-valuenow');
    const below = await card.locator('.card-countdown').evaluate((el) => el.getBoundingClientRect().top >= innerHeight);
    expect(below).toBe(true);
    await page.clock.runFor(5000);
    expect(await left()).toBe('100');
    await card.locator('.card-countdown').scrollIntoViewIfNeeded();
    // The bar learns that it is on the screen from an IntersectionObserver, on the page's next real frames.
    for (let step = 0; step < 50 && Number(await left()) >= 100; step++) {
      await page.clock.runFor(200);
      await Bun.sleep(50);
    }
    expect(Number(await left())).toBeLessThan(100);
    for (const hint of ['.key-hint', '.keys-button', '.button kbd'])
      expect(
        await card
          .locator(hint)
          .first()
          .isVisible()
          .catch(() => false),
      ).toBe(false);
    expect(await page.getByText('Keyboard shortcuts').isVisible()).toBe(false);
    await screenshot(page, 'landing-touch-375');
    await context.close();
  });
});

describe('the navigation on a phone', () => {
  test('every destination is in sight in a wrapped row of pills, with room for more, at 320, 375 and 1280', async () => {
    const { page, context } = await learnerOnWords(375, 812);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto('/stats');
      const links = page.getByRole('navigation', { name: 'Main' }).getByRole('listitem');
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(10);
      const outside = await page.locator('.nav-links .nav-link').evaluateAll((all) =>
        all
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.left < 0 || box.right > innerWidth || box.bottom > innerHeight;
          })
          .map((el) => el.textContent),
      );
      expect(outside).toEqual([]);
      expect(await page.locator('.nav-links').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // An eleventh destination (another feature's) wraps as the others do.
      await page.locator('.nav-links').evaluate((list) => {
        const item = list.lastElementChild!.cloneNode(true) as HTMLElement;
        item.querySelector('a')!.textContent = 'Talk';
        item.setAttribute('data-extra', '');
        list.append(item);
      });
      const extra = await page.locator('[data-extra] a').boundingBox();
      expect(extra!.x + extra!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `tests/e2e/screenshots/nav-${width}.png` });
      const header = (await page.locator('.site-header').boundingBox())!;
      // Under a fifth of the screen; on the narrowest phones a fourth row of pills takes a little more.
      expect({ width, tall: header.height >= 812 * (width < 375 ? 0.22 : 0.2) }).toEqual({ width, tall: false });
      await page.locator('[data-extra]').evaluate((el) => el.remove());
    }
    await context.close();
  });
});

describe('Say it', () => {
  test('a recogniser that cannot take the microphone is not said to have found none', async () => {
    const { page, context } = await learnerOnWords();
    // A recognition that fails as Chromium's does when its own capture of the microphone fails.
    await page.evaluate(() => {
      class Refusing {
        lang = '';
        interimResults = false;
        maxAlternatives = 1;
        onresult: unknown = null;
        onerror: ((event: { error: string }) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          setTimeout(() => {
            this.onerror?.({ error: 'audio-capture' });
            this.onend?.();
          }, 50);
        }
        abort() {}
        stop() {}
      }
      Object.defineProperty(window, 'SpeechRecognition', { value: Refusing, configurable: true, writable: true });
    });
    await page.keyboard.press('Space');
    const sayIt = page.getByRole('region', { name: 'Say it' });
    await sayIt.getByRole('button', { name: 'Say it' }).click();
    await sayIt
      .getByText('Speech recognition could not hear the microphone. Record yourself instead, and compare it with the model.')
      .waitFor();
    expect(await sayIt.getByText('No microphone was found.').count()).toBe(0);
    await context.close();
  });
});
