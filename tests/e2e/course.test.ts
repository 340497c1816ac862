import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Page } from 'playwright-core';
import { answerLetterRightly, registerInBrowser, screenshot, screenshotAtWidths, startApp, type E2EApp, type Letter } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** The Lebanese of every word of a unit's topics, by its English, read from the content the placement check asks. */
const lebaneseOf = (...files: string[]) =>
  new Map(
    files.flatMap((file) =>
      (parse(readFileSync(join(import.meta.dir, '../../content/words', file), 'utf8')).words as { english: string; arabizi: string }[]).map(
        (w) => [w.english, w.arabizi] as const,
      ),
    ),
  );

const plan = (page: Page) => page.getByRole('region', { name: "Today's plan" });

/** Follows a lesson to its end: each step's Next, the first answer of a practice step, then Complete. */
async function followLesson(page: Page) {
  const next = page.locator('.step-actions .button');
  await next.waitFor();
  for (;;) {
    const options = page.locator('.lesson-option');
    if ((await options.count()) > 0) {
      await options.first().click();
      await page.locator('.practice-explanation').waitFor();
    }
    const label = await next.textContent();
    const step = await page.locator('.step-count').textContent();
    await next.click();
    if (label === 'Complete') return;
    await page.waitForFunction((before) => document.querySelector('.step-count')?.textContent !== before, step);
  }
}

/** A round of the topic's words, each revealed and marked right, to the round's summary. */
async function practiseRound(page: Page) {
  const count = page.locator('.word-list-progress span').first();
  await count.waitFor();
  const total = Number((await count.textContent())!.match(/of (\d+)/)![1]);
  for (let i = 1; i <= total; i++) {
    await page.getByRole('button', { name: 'Reveal Translation' }).click();
    await page.getByRole('button', { name: 'I got it right' }).click();
    if (i < total)
      await page.waitForFunction(
        (shown) => document.querySelector('.word-list-progress span')?.textContent === shown,
        `Word ${i + 1} of ${total}`,
      );
  }
  await page.getByRole('heading', { name: 'Practice complete!' }).waitFor();
}

describe('the course', () => {
  // Walked once at a phone's width, where a crowded layout would hide a button; each screen is also drawn at 1280 px.
  test('a new learner follows Continue through the whole first unit (375 px, each screen at 1280 px too)', async () => {
    const { page, context } = await app.newPage(375, 900);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await plan(page).getByText('Unit 1: Hello and how are you').waitFor();
    expect(await plan(page).getByText('0 of 3 steps done').isVisible()).toBe(true);
    await screenshotAtWidths(page, 'course-plan-new');

    // The lesson: Continue opens it, and its end comes back to the plan.
    await plan(page).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    await page.getByRole('heading', { name: 'Greetings and courtesy', level: 1 }).waitFor();
    await followLesson(page);
    await page.waitForURL('**/words');
    await plan(page).getByText('1 of 3 steps done').waitFor();

    // The words: a round of the topic, and the round's end offers the next step.
    await plan(page).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/topics/Greetings');
    await practiseRound(page);
    const upNext = page.getByRole('group', { name: 'Up next' });
    await upNext.getByText('Read: My, your, his: the possessive endings').waitFor();
    await upNext.getByRole('button', { name: 'Continue' }).click();

    // The grammar page: its Continue counts it read, and starts unit 2.
    await page.waitForURL('**/grammar/possessive-suffixes');
    // The round's screen stays until the page's code has come: its Continue is not the page's.
    await page.getByRole('heading', { name: 'My, your, his: the possessive endings', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Up next' }).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    await page.getByRole('heading', { name: 'Introducing yourself', level: 1 }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Course' }).click();
    await page.waitForURL('**/course');
    const first = page.locator('.course-unit').first();
    await first.getByText('Done').waitFor();
    expect(await first.getAttribute('class')).toContain('done');
    const second = page.locator('.course-unit').nth(1);
    expect(await second.getAttribute('open')).not.toBeNull();
    expect(await second.getByText('Current unit').isVisible()).toBe(true);
    await screenshotAtWidths(page, 'course-path');

    await page.goto('/words');
    await plan(page).getByText('Unit 2: About you').waitFor();
    await screenshotAtWidths(page, 'course-plan-unit-2');

    // The plan is drawn with the page by the server: with JavaScript off it is there.
    const off = await app.browser.newContext({ baseURL: app.baseUrl, javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
    await off.addCookies(await context.cookies());
    const drawn = await off.newPage();
    await drawn.goto('/words');
    expect(await plan(drawn).getByText('Unit 2: About you').isVisible()).toBe(true);
    expect(await plan(drawn).getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
    await off.close();
    await context.close();
  }, 240_000);

  test("the end of a review and a sentence's result offer the plan's next step, and its Continue starts it", async () => {
    const { page, context } = await app.newPage(1280, 900);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.goto('/words?mode=review');
    await page.getByRole('heading', { name: 'All caught up!' }).waitFor();
    const upNext = page.getByRole('group', { name: 'Up next' });
    await upNext.getByText('Lesson: Greetings and courtesy').waitFor();

    await page.goto('/lessons');
    await page.getByRole('button', { name: 'Start Practice' }).click();
    await page.getByLabel('Your answer').fill('baddi ahwe');
    await page.getByLabel('Your answer').press('Enter');
    await page.locator('.result-card').waitFor();
    await page.locator('.result-card').getByRole('group', { name: 'Up next' }).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    await page.getByRole('heading', { name: 'Greetings and courtesy', level: 1 }).waitFor();
    await context.close();
  }, 60_000);

  test("a unit's conversation is a step of the path, done once a conversation of it has ended; its end and ten letters offer the plan's next step", async () => {
    const { page, context } = await app.newPage(375, 900);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.goto('/course');
    const second = page.locator('.course-unit').nth(1);
    await second.locator('summary').click();
    const step = second.locator('.course-steps li', { hasText: 'Conversation: Meeting someone new' });
    expect(await step.getAttribute('class')).toBeNull();
    await step.getByRole('link').click();
    await page.waitForURL(/\/talk\/\d+$/);
    await page.getByRole('button', { name: 'Start talking' }).click();
    await page.getByRole('button', { name: 'End the conversation' }).click();
    const summary = page.locator('.talk-summary');
    await summary.getByRole('heading', { name: 'How you did' }).waitFor();
    await summary.getByRole('group', { name: 'Up next' }).getByText('Lesson: Greetings and courtesy').waitFor();
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'course-conversation-end-375');

    await page.goto('/course');
    await page.locator('.course-unit').nth(1).locator('summary').click();
    await page.locator('.course-steps li.done', { hasText: 'Conversation: Meeting someone new' }).waitFor();

    // Letters never end by themselves: after ten questions the plan's next step is offered below them.
    const letters: Letter[] = await (await fetch(`${app.baseUrl}/api/letters`)).json();
    await page.goto('/letters');
    const upNext = page.getByRole('group', { name: 'Up next' });
    for (let i = 0; i < 10; i++) {
      expect(await upNext.count()).toBe(0);
      await page.locator('.letters-type').waitFor();
      await answerLetterRightly(page, letters);
      await page.locator('.letters-feedback').getByText('Correct! 🎉').waitFor();
      await page.locator('.letters-feedback p').waitFor({ state: 'detached' });
    }
    await upNext.scrollIntoViewIfNeeded();
    await screenshot(page, 'letters-next-step-375');
    await upNext.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    await context.close();
  }, 120_000);

  test('a returning learner places into unit 3 at 375 px, and the plan starts there (1280 px)', async () => {
    const { page, context } = await app.newPage(375, 900);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.goto('/course');
    await page.getByRole('button', { name: 'Take the placement check' }).click();

    const answer = async (unit: string, words: Map<string, string>) => {
      const check = page.getByRole('region', { name: new RegExp(`^Placement check · ${unit}`) });
      await check.getByRole('button', { name: 'Check my answers' }).waitFor();
      for (const field of await check.getByRole('textbox').all()) {
        const english = (await field.evaluate((input) => input.closest('label')!.querySelector('span')!.textContent!)).replace(
          /^\d+\. /,
          '',
        );
        await field.fill(words.get(english)!);
      }
      await check.getByRole('button', { name: 'Check my answers' }).click();
      await check.getByRole('status').getByText('4 of 4').waitFor();
      return check;
    };
    const first = await answer('Unit 1: Hello and how are you', lebaneseOf('greetings.yaml'));
    await screenshot(page, 'course-placement-375');
    await first.getByRole('button', { name: 'Check unit 2' }).click();
    const second = await answer('Unit 2: About you', lebaneseOf('basic-phrases.yaml', 'small-talk.yaml'));
    await second.getByRole('button', { name: 'Start here' }).click();

    const third = page.locator('.course-unit').nth(2);
    await third.getByText('Current unit').waitFor();
    expect(await third.getAttribute('open')).not.toBeNull();
    expect(await page.locator('.course-unit.done').count()).toBe(2);
    await screenshot(page, 'course-path-placed-375');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/words');
    await plan(page).getByText('Unit 3: Numbers and colours').waitFor();
    expect(await plan(page).getByText('Practise the words of Numbers').isVisible()).toBe(true);
    await screenshot(page, 'course-plan-placed-1280');
    await plan(page).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/topics/Numbers');
    await context.close();
  }, 120_000);
});
