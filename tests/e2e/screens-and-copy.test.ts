import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { appTookOver, registerInBrowser, screenshot, startApp, undrawn, type E2EApp } from './harness';

/** Screens, words and links a learner's walk found wrong (issue 26, findings 6 and 7). */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A learner signed in, with the welcome popups already seen. */
async function learner(width = 1280, height = 800) {
  const { page, context } = await app.newPage(width, height);
  await context.addInitScript(() => {
    localStorage.setItem('popup-seen:home', 'true');
    localStorage.setItem('popup-seen:topics', 'true');
  });
  await registerInBrowser(page);
  return { page, context };
}

/**
 * The contrast ratio (WCAG 2) of each element's text against what is behind it: its colour, faded by
 * its own and its parents' opacity, over the backgrounds down to the first opaque one (white beyond).
 */
function contrasts(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) => {
    const rgba = (colour: string) => {
      const [r, g, b, a = 1] = colour.match(/[\d.]+/g)!.map(Number);
      return [r, g, b, a];
    };
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return elements
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const layers: number[][] = [];
        let opacity = 1;
        for (let n: Element | null = el; n; n = n.parentElement) {
          opacity *= Number(getComputedStyle(n).opacity);
          const bg = rgba(getComputedStyle(n).backgroundColor);
          if (bg[3] > 0 && layers.at(-1)?.[3] !== 1) layers.push(bg);
        }
        let behind = [255, 255, 255];
        for (const layer of layers.reverse()) behind = behind.map((c, i) => layer[i] * layer[3] + c * (1 - layer[3]));
        const fg = rgba(getComputedStyle(el).color);
        const alpha = fg[3] * opacity;
        const text = behind.map((c, i) => fg[i] * alpha + c * (1 - alpha));
        const [light, dark] = [luminance(text), luminance(behind)].sort((a, b) => b - a);
        return { text: el.textContent, ratio: (light + 0.05) / (dark + 0.05) };
      });
  });
}

describe('colour contrast', () => {
  test('the key hints of the practice screens and "Earned" on Stats reach 4.5:1', async () => {
    const { page, context } = await learner();
    const checked: { text: string | null; ratio: number }[] = [];
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    checked.push(...(await contrasts(page, '.flash-card kbd')));
    // The word-list practice of a topic.
    await page.goto(`/topics/${encodeURIComponent('Food and Drink')}`);
    await page.getByRole('button', { name: 'Reveal Translation' }).waitFor();
    checked.push(...(await contrasts(page, '.word-list-card kbd')));
    // A right answer earns First Steps.
    await page.goto('/words');
    await page.getByRole('button', { name: 'Reveal Now' }).click();
    const saved = page.waitForResponse((r) => /\/api\/words\/\d+\/progress$/.test(r.url()) && r.ok());
    await page.getByRole('button', { name: /I know it/ }).click();
    await saved;
    await page.goto('/stats');
    await page
      .getByText(/^Earned /)
      .first()
      .waitFor();
    const earned = await contrasts(page, '.achievement.earned .achievement-state');
    expect(earned.length).toBeGreaterThan(0);
    checked.push(...earned);
    await context.close();

    // A visitor's deck on /landing.
    const visitor = await app.newPage(1280);
    await visitor.page.goto('/landing');
    await visitor.page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    checked.push(...(await contrasts(visitor.page, '.flash-card kbd')));
    await visitor.context.close();

    expect(checked.filter((c) => c.text === 'Space').length).toBeGreaterThanOrEqual(3);
    expect(checked.filter((c) => c.ratio < 4.5)).toEqual([]);
  });
});

describe('Which Word', () => {
  test("a wrong answer says the specification's words once, in the card, where the word comes back, and offers Listen", async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await learner(width);
      const round = page.waitForResponse((r) => r.url().includes('/api/which-word/topics/Family'));
      await page.goto('/which-word/Family');
      const { questions } = (await (await round).json()) as {
        questions: { word: { english: string; arabizi: string }; options: string[] }[];
      };
      const first = questions[0];
      await page.getByText(first.word.english, { exact: true }).waitFor();
      await page.getByRole('button', { name: first.options.find((o) => o !== first.word.arabizi)!, exact: true }).click();
      const result = page.locator('.ww-result');
      await result.getByText('Try again!', { exact: true }).waitFor();
      await result.getByText(`The correct answer is ${first.word.arabizi} for ${first.word.english}.`, { exact: true }).waitFor();
      await result.getByText(/comes back after the other words of this topic/).waitFor();
      // The wait the specification asks for, then Next.
      await page.getByRole('button', { name: 'Next Word' }).waitFor();
      // No toast said it again.
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      const spoken = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tts');
      await result.getByRole('button', { name: /^Listen/ }).click();
      expect(new URL((await spoken).url()).searchParams.get('text')).toBe(first.word.arabizi);
      await screenshot(page, `which-word-wrong-${width}`);
      await context.close();
    }
  });
});

describe('the page around the screens', () => {
  test('the background shows the cedar alone, with no pale band behind the cards', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/landing');
    const image = await page.evaluate(() => getComputedStyle(document.body, '::before').backgroundImage);
    const url = image.match(/url\("?([^")]+)"?\)/)![1];
    const svg = await (await fetch(new URL(url, app.baseUrl))).text();
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<rect');
    expect(svg).not.toMatch(/fill="#(ed1c24|00a651)"/i);
    await context.close();
  });

  test('the crash screen has the header and the footer, and its card stands clear of the top', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await learner(width);
      await undrawn(context);
      await page.route('**/api/stats', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ achievements: 5 }) }),
      );
      await page.goto('/stats');
      const heading = page.getByRole('heading', { name: 'Something went wrong' });
      await heading.waitFor();
      const header = (await page.locator('.site-header').boundingBox())!;
      const card = (await page.locator('[role="alert"]').filter({ has: heading }).boundingBox())!;
      expect(card.y).toBeGreaterThanOrEqual(header.y + header.height + 8);
      await page.locator('.site-footer').waitFor();
      await context.close();
    }
  });

  test('Help on an error display opens /support with the status as written, not quoted', async () => {
    const { page, context } = await learner();
    await page.goto('/error-examples');
    await page.getByRole('link', { name: 'Help' }).first().click();
    await page.waitForURL('**/support**');
    const search = new URL(page.url()).searchParams;
    expect(search.get('status')).toMatch(/^\d+$/);
    await page.getByRole('heading', { name: 'Contact support' }).waitFor();
    await context.close();
  });

  test('the Settings tabs leave no tab alone on a row: one row at 1280 px, two even rows at 375 px, all in view', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await learner(width, 812);
      await page.goto('/settings');
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      const boxes = await tabs.evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: r.right })),
      );
      expect(boxes.length).toBe(5);
      // No name cut off inside its tab.
      expect(await tabs.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent))).toEqual([]);
      const perRow = [...Map.groupBy(boxes, (b) => b.top).values()].map((row) => row.length);
      expect(perRow).toEqual(width === 1280 ? [5] : [3, 2]);
      // All in view: none cut off at the end of a row.
      const row = (await page.getByRole('tablist').boundingBox())!;
      expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(row.x + row.width + 0.5);
      await screenshot(page, `settings-tabs-${width}`);
      await context.close();
    }
  });
});

describe('copy that matches the product', () => {
  test("the landing page counts the course's verbs and their forms; the paywall says lessons and sentences stay open", async () => {
    const verbs = (await (await fetch(`${app.baseUrl}/api/verbs`)).json()) as { forms: number }[];
    const forms = verbs.map((v) => v.forms);
    const range = Math.min(...forms) === Math.max(...forms) ? `${forms[0]}` : `${Math.min(...forms)} to ${Math.max(...forms)}`;
    const { page, context } = await app.newPage();
    await page.goto('/landing');
    await appTookOver(page);
    await page.getByText(`${verbs.length} everyday verbs with ${range} forms each:`).waitFor();

    await page.goto('/paywall');
    const lead = page.locator('.paywall-lead');
    await lead.waitFor();
    expect(await lead.textContent()).toContain('Lessons and sentences stay open');
    await context.close();
  });
});
