import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

interface Sentence {
  id: number;
  topic: string;
  question: { arabizi: string };
  contexts: { context: string; recommended_answer: string; english: string }[];
}

/** Presses a button that fetches a sentence and returns the scenario shown with its recommended answer. */
async function fetchQuestion(page: Page, button: string) {
  const response = page.waitForResponse((r) => r.url().includes('/api/sentences/random/') && r.ok());
  await page.getByRole('button', { name: button }).click();
  const sentence = (await (await response).json()) as Sentence;
  await page.getByText(sentence.question.arabizi, { exact: true }).waitFor();
  const scenario = (await page.locator('.scenario p').textContent())!;
  return { sentence, context: sentence.contexts.find((c) => c.context === scenario)! };
}

describe('sentences and lessons', () => {
  test('a learner answers sentences: a good answer is a Great Job, a poor one a Good Try', async () => {
    const { page, context } = await app.newPage(1280);
    await registerInBrowser(page);
    await page.goto('/lessons');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sentences' }).getAttribute('href')).toBe(
      '/lessons',
    );
    await page.getByRole('heading', { name: 'Practice Lebanese Sentences' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Practice Makes Perfect' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Topic', { exact: true }).inputValue()).toBe('food_and_drink');
    await page.getByRole('link', { name: /Greetings and courtesy/ }).waitFor();
    await screenshot(page, 'sentences-intro-1280');

    const first = await fetchQuestion(page, 'Start Practice');
    expect(first.context).toBeDefined();
    const submit = page.getByRole('button', { name: 'Submit Answer' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Your answer').fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Your answer').fill(first.context.recommended_answer);
    await screenshot(page, 'sentences-question-1280');
    await page.getByLabel('Your answer').press('Enter');
    await page.getByRole('heading', { name: 'Great Job!' }).waitFor();
    const result = page.locator('.result-card');
    expect(await result.getByText(first.context.english).isVisible()).toBe(true);
    expect(await result.getByText(/key words of the recommended answer/).isVisible()).toBe(true);
    expect(await page.locator('.streak-current').textContent()).toBe('1');
    await screenshot(page, 'sentences-result-1280');

    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByLabel('Your answer').waitFor();
    expect(await page.getByLabel('Your answer').inputValue()).toBe(first.context.recommended_answer);

    const second = await fetchQuestion(page, 'Get New Question');
    expect(second.sentence.id).not.toBe(first.sentence.id);
    expect(await page.getByLabel('Your answer').inputValue()).toBe('');
    await page.getByLabel('Your answer').fill('la2');
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByRole('heading', { name: 'Good Try!' }).waitFor();
    expect(await page.locator('.streak-current').textContent()).toBe('0');
    expect(await page.getByRole('button', { name: 'Next Question' }).isVisible()).toBe(true);

    // Changing the topic clears the question and the result.
    await page.getByLabel('Topic', { exact: true }).selectOption('work');
    await page.getByRole('heading', { name: 'Practice Makes Perfect' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Practice' }).isVisible()).toBe(true);

    // The topics added with issue 13 are offered, and one of them serves its own questions.
    const topics = await page
      .getByLabel('Topic', { exact: true })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(topics).toEqual(expect.arrayContaining(['transport', 'phone_calls', 'health', 'visiting', 'home_and_neighbours']));
    await page.getByLabel('Topic', { exact: true }).selectOption('phone_calls');
    const call = await fetchQuestion(page, 'Start Practice');
    expect(call.sentence.topic).toBe('phone_calls');
    await page.getByLabel('Your answer').fill(call.context.recommended_answer);
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByRole('heading', { name: 'Great Job!' }).waitFor();
    await context.close();
  });

  test('a learner follows a lesson to the end, from the keyboard, and it is marked completed', async () => {
    const { page, context } = await app.newPage(1280);
    await registerInBrowser(page);
    await page.goto('/lessons');
    await page.getByRole('link', { name: /Greetings and courtesy/ }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    await page.getByRole('heading', { name: 'Greetings and courtesy', level: 1 }).waitFor();
    const count = page.locator('.step-count');
    const total = Number((await count.textContent())!.match(/Step 1 of (\d+)/)![1]);
    expect(total).toBeGreaterThan(2);
    await screenshot(page, 'lesson-step-1280');

    const next = page.locator('.step-actions .button');
    for (let step = 1; step <= total; step++) {
      expect(await count.textContent()).toBe(`Step ${step} of ${total}`);
      expect(await next.textContent()).toBe(step === total ? 'Complete' : 'Next');
      const options = page.locator('.lesson-option');
      if ((await options.count()) > 0) {
        expect(await next.isDisabled()).toBe(true);
        expect(await page.locator('.practice-explanation').count()).toBe(0);
        await options.first().focus();
        await page.keyboard.press('Enter');
        await page.locator('.practice-explanation').waitFor();
        expect(await options.first().isDisabled()).toBe(true);
        await screenshot(page, 'lesson-practice-1280');
      }
      expect(await next.isEnabled()).toBe(true);
      if (step < total) {
        await next.focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction((s) => document.querySelector('.step-count')?.textContent === s, `Step ${step + 1} of ${total}`);
      }
    }
    await next.click();
    await page.waitForURL('**/lessons');
    const card = page.getByRole('link', { name: /Greetings and courtesy/ });
    await card.getByText('Completed').waitFor();
    expect(await page.getByText(`1 of ${await page.locator('.lesson-card').count()} completed`).isVisible()).toBe(true);
    await screenshot(page, 'lessons-list-completed-1280');

    // An id that is not an integer is no lesson.
    await page.goto('/lesson/abc');
    await page.getByRole('heading', { name: 'Lesson not found' }).waitFor();
    await context.close();
  });

  test('both screens fit a 375 px phone', async () => {
    const { page, context } = await app.newPage(375, 800);
    await registerInBrowser(page);
    await page.goto('/lessons');
    const first = await fetchQuestion(page, 'Start Practice');
    await screenshot(page, 'sentences-question-375');
    await page.getByLabel('Your answer').fill(first.context.recommended_answer);
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByRole('heading', { name: 'Great Job!' }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await screenshot(page, 'sentences-result-375');

    await page.getByRole('link', { name: /Talking about the past/ }).click();
    await page.getByRole('heading', { name: 'Talking about the past', level: 1 }).waitFor();
    expect(await overflow()).toBe(0);
    await screenshot(page, 'lesson-step-375');
    await context.close();
  });
});
