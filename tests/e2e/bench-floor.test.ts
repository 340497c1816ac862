import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import { captureScreen, serveFloors } from '../../scripts/bench/screen-floor';
import { registerInBrowser, startApp, type E2EApp } from './harness';

let app: E2EApp;
const floors = serveFloors(join(resolve(import.meta.dir, '../..'), 'dist'));
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  floors.stop();
  await app?.stop();
});

// bench:web reads each first screen's figures as a ratio to its floor (scripts/bench/screen-floor.ts): a
// floor that lost its text, or kept a script, would make every ratio meaningless without a sign.
describe("the first-screen bench's floor", () => {
  test('each first screen saved without script shows, served alone, the same text as the app drew, and runs nothing', async () => {
    const { page, context } = await app.newPage(412, 823);
    // The public screens as a visitor sees them, then a learner's: registering signs the profile in.
    const screens = [
      { path: '/landing', heading: 'Speak Lebanese', ready: '.flash-card-english' },
      { path: '/auth', heading: 'Kalimat', ready: '#root:not([data-prerendered])' },
      { path: '/words', heading: 'All Words', ready: '.flash-card-english' },
      { path: '/topics', heading: 'Topics', ready: '.topic-grid' },
      { path: '/stats', heading: 'Your Learning Statistics', ready: '[data-testid="forecast-chart"]' },
      { path: '/words?mode=review', heading: 'Review', ready: '[data-testid="review-left"]' },
    ];
    for (const { path, heading, ready } of screens) {
      if (path === '/words') await registerInBrowser(page);
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const capture = await captureScreen(page);
      expect(capture.html).not.toMatch(/<script/i);
      expect(capture.text).toContain(heading);
      floors.set(path, capture.html);

      const floor = await context.newPage();
      const scripts: string[] = [];
      floor.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
      await floor.goto(`${floors.base}${path}`, { waitUntil: 'load' });
      await floor.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await floor.evaluate(() => document.body.innerText)).toBe(capture.text);
      // Its stylesheet came: the page is laid out as the app's (the heading is not in the browser's default font size).
      expect(await floor.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
      expect(
        await floor
          .locator('h1')
          .first()
          .evaluate((h) => getComputedStyle(h).fontFamily),
      ).toBe(
        await page
          .locator('h1')
          .first()
          .evaluate((h) => getComputedStyle(h).fontFamily),
      );
      expect(scripts).toEqual([]);
      await floor.close();
    }
    await context.close();
  });
});
