import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('the grammar reference', () => {
  test('a learner opens Grammar from the navigation, reads a page, hears a row, and goes to the lesson it explains and back', async () => {
    const { page, context } = await app.newPage(1280);
    await registerInBrowser(page);
    // All Words greets a new learner with a popup; the lessons page has none.
    await page.goto('/lessons');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Grammar' }).click();
    await page.waitForURL('**/grammar');
    await page.getByRole('heading', { name: 'Grammar', level: 1 }).waitFor();
    await page.locator('.grammar-card').first().waitFor();
    expect(await page.locator('.grammar-card').count()).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'grammar-list-1280');

    await page.getByRole('link', { name: /Telling the time/ }).click();
    await page.waitForURL('**/grammar/telling-time');
    await page.getByRole('heading', { name: 'Telling the time', level: 1 }).waitFor();
    const pastAndTo = page.getByRole('region', { name: 'Past and to' });
    const row = pastAndTo.getByRole('row', { name: /ella reb3/ });
    expect(await row.getByText('quarter to').isVisible()).toBe(true);
    expect(await row.locator('[lang="ar"]').textContent()).toBe('إلّا ربع');
    // Listen asks the server for the row's arabizi, which the speech may say: it is a grammar row.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/tts')),
      row.getByRole('button', { name: /^Listen to ella reb3/ }).click(),
    ]);
    expect(new URL(response.url()).searchParams.get('text')).toBe('ella reb3');
    expect(response.status()).toBe(200);
    // A word the page points at opens its topic.
    const used = page.getByRole('region', { name: 'Where it is used' });
    expect(await used.getByRole('link', { name: /reb3 quarter/ }).getAttribute('href')).toBe('/topics/Numbers');
    await screenshot(page, 'grammar-page-1280');

    await page.goto('/grammar/past');
    await page.getByRole('heading', { name: 'The past', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Where it is used' }).getByRole('link', { name: 'Talking about the past' }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    await page.getByRole('heading', { name: 'Talking about the past', level: 1 }).waitFor();
    await page.getByRole('link', { name: /How this works/ }).click();
    await page.waitForURL('**/grammar/past');
    await page.getByRole('heading', { name: 'The past', level: 1 }).waitFor();

    await page.goto('/grammar/no-such-page');
    await page.getByText('Unable to load this grammar page').waitFor();
    await context.close();
  });

  for (const [width, height, name] of [
    [1280, 800, 'desktop'],
    [375, 812, 'phone'],
  ] as const)
    test(`at ${width} px: a dialogue line leads to the grammar page it shows at work, which lists the dialogue`, async () => {
      const { page, context } = await app.newPage(width, height);
      await registerInBrowser(page);
      await page.goto('/dialogues');
      await page.getByRole('link', { name: 'At the café' }).click();
      await page.getByRole('heading', { name: 'At the café', level: 1 }).waitFor();
      // Lara's "Baddi ahwe bala sekkar" names the pseudo-verbs (content/dialogues/01-cafe.yaml); the line after it names no page.
      const lines = page.locator('.dialogue-line');
      const link = lines.nth(1).getByRole('link', { name: 'Grammar: Want, have, with, can: baddi, 3ande, ma3e, fiyye' });
      await link.waitFor();
      expect(await lines.nth(2).getByRole('link').count()).toBe(0);
      if (width < 400)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await screenshot(page, `grammar-from-a-dialogue-line-${name}`);
      await link.click();
      await page.waitForURL('**/grammar/pseudo-verbs');
      await page.getByRole('heading', { name: 'Want, have, with, can: baddi, 3ande, ma3e, fiyye', level: 1 }).waitFor();

      // Beside the lessons, the page lists the dialogues whose lines show it at work, and leads back to them.
      const used = page.getByRole('region', { name: 'Where it is used' });
      await used.getByRole('heading', { name: 'Dialogues', level: 3 }).waitFor();
      const back = used.getByRole('link', { name: 'At the café' });
      await screenshot(page, `grammar-lists-its-dialogues-${name}`);
      await back.click();
      await page.getByRole('heading', { name: 'At the café', level: 1 }).waitFor();
      await context.close();
    });

  test('on a phone the pages fit the screen', async () => {
    const { page, context } = await app.newPage(375, 800);
    await registerInBrowser(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto('/grammar');
    await page.locator('.grammar-card').first().waitFor();
    expect(await overflow()).toBe(0);
    await screenshot(page, 'grammar-list-375');
    await page.goto('/grammar/adjectives');
    await page.getByRole('heading', { name: /Adjectives/, level: 1 }).waitFor();
    expect(await overflow()).toBe(0);
    await screenshot(page, 'grammar-page-375');
    await context.close();
  });
});
