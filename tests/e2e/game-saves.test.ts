import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  answerLetterRightly,
  fasterAudio,
  playAudioFaster,
  registerInBrowser,
  screenshot,
  startApp,
  type E2EApp,
  type Letter,
} from './harness';

interface Question {
  word: { english: string; arabizi: string };
}

let app: E2EApp;
let letters: Letter[];
beforeAll(async () => {
  app = await startApp();
  letters = await (await fetch(`${app.baseUrl}/api/letters`)).json();
});
afterAll(async () => {
  await app?.stop();
});

const ANSWERS = 5;

/**
 * Saves to `pattern` fail while the browser believes it is online: every other try never leaves the
 * browser, the others reach the server and lose their reply on the way back. `open()` lets them through.
 */
async function flakySaves(context: BrowserContext, pattern: string) {
  const state = { blocked: true, tries: 0, repliesLost: 0 };
  await context.route(pattern, async (route) => {
    if (route.request().method() !== 'POST' || !state.blocked) return route.continue();
    if (state.tries++ % 2 === 1 && (await route.fetch().catch(() => null))?.ok()) state.repliesLost++;
    await route.abort('connectionreset');
  });
  return state;
}

/** The learner's answers as the server counted them: all of them, and those of one streak page. */
function counted(username: string, page: string) {
  const db = new Database(join(app.dir, 'app.db'), { readonly: true });
  try {
    const stats = db
      .query('select s.total_answered as answered from user_stats s join users u on u.id = s.user_id where u.username = ?')
      .get(username) as { answered: number } | null;
    const streak = db
      .query('select k.current_streak as current from user_streak k join users u on u.id = k.user_id where u.username = ? and k.page = ?')
      .get(username, page) as { current: number } | null;
    return { answered: stats?.answered ?? 0, streak: streak?.current ?? 0 };
  } finally {
    db.close();
  }
}

const waiting = (page: Page, n: number) => page.getByRole('status').filter({ hasText: `Offline · ${n} answers waiting` });
/** The indicator with any count: gone only once the last save is answered (its count falls one by one before that). */
const anyWaiting = (page: Page) => page.getByRole('status').filter({ hasText: /Offline · \d+ answers? waiting/ });

describe('game answers on a bad connection (docs/decisions/0043-one-save-queue.md)', () => {
  test('Which Word: answers given while saves fail wait, survive a reload and count exactly once when saves get through', async () => {
    const { page, context } = await app.newPage(1280, 800);
    const learner = await registerInBrowser(page);
    const saves = await flakySaves(context, '**/api/words/*/progress');
    const roundReply = page.waitForResponse((r) => r.url().includes('/api/which-word/topics/Family'));
    await page.goto('/which-word/Family');
    const questions: Question[] = (await (await roundReply).json()).questions;

    for (const { word } of questions.slice(0, ANSWERS)) {
      await page.getByText(word.english, { exact: true }).waitFor();
      await page.getByRole('button', { name: word.arabizi, exact: true }).click();
      await page.getByText('Correct! 🎉').waitFor();
      // As the spec has it: a save that failed gives Next back at once, and says so.
      await page.getByRole('button', { name: 'Next Word' }).click();
    }
    expect(await page.getByText('Progress not saved').count()).toBeGreaterThan(0);
    await waiting(page, ANSWERS).waitFor();
    await screenshot(page, 'which-word-saves-waiting-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'which-word-saves-waiting-375');
    // Only the oldest answer is tried while they wait: it reached the server (its reply lost) and counts once, however often it was tried.
    expect(counted(learner.username, 'which-word').answered).toBe(1);

    await page.reload();
    await waiting(page, ANSWERS).waitFor();
    saves.blocked = false;
    await anyWaiting(page).waitFor({ state: 'detached', timeout: 40_000 });
    // Some answers reached the server more than once (their replies lost) and still count once.
    expect(saves.repliesLost).toBeGreaterThan(0);
    expect(counted(learner.username, 'which-word')).toEqual({ answered: ANSWERS, streak: ANSWERS });
    await context.close();
  }, 90_000);

  test('letters: answers given while saves fail wait, survive a reload and count exactly once when saves get through', async () => {
    const { page, context } = await app.newPage(1280, 800);
    const learner = await registerInBrowser(page);
    const saves = await flakySaves(context, '**/api/letters/progress');
    await page.goto('/letters');

    for (let i = 1; i <= ANSWERS; i++) {
      await page.locator('.letters-type').waitFor();
      await answerLetterRightly(page, letters);
      await page.locator('.letters-feedback').getByText('Correct! 🎉').waitFor();
      // The next question comes after the result's pause.
      await page.locator('.letters-feedback p').waitFor({ state: 'detached' });
    }
    await waiting(page, ANSWERS).waitFor();
    await screenshot(page, 'letters-saves-waiting-1280');
    // Only the oldest answer is tried while they wait: it reached the server (its reply lost) and counts once, however often it was tried.
    expect(counted(learner.username, 'letters').answered).toBe(1);

    await page.reload();
    await waiting(page, ANSWERS).waitFor();
    saves.blocked = false;
    await anyWaiting(page).waitFor({ state: 'detached', timeout: 40_000 });
    expect(saves.repliesLost).toBeGreaterThan(0);
    expect(counted(learner.username, 'letters')).toEqual({ answered: ANSWERS, streak: ANSWERS });
    await context.close();
  }, 90_000);

  test('listening: an answer that waits says it is kept, the drill goes on, and it is judged and counted once when saves get through', async () => {
    const { page, context } = await app.newPage(375, 812);
    const learner = await registerInBrowser(page);
    const english = new Map(
      ((await (await page.request.get('/api/words')).json()) as { id: number; english: string }[]).map((w) => [w.id, w.english]),
    );
    const saves = await flakySaves(context, '**/api/listening/answers');
    const roundReply = page.waitForResponse((r) => r.url().endsWith('/api/listening/round'));
    await page.goto('/listen');
    const questions = (await (await roundReply).json()) as { wordId: number }[];

    const kept = page.getByRole('status').filter({ hasText: 'Your answer is kept: it will be checked when your connection is back.' });
    for (const question of questions.slice(0, 2)) {
      await page.getByRole('button', { name: english.get(question.wordId)!, exact: true }).click();
      await kept.waitFor();
      // The transcript needs the server's verdict: it is not shown for an answer that waits.
      expect(await page.locator('.listen-transcript').count()).toBe(0);
      if (question === questions[0]) await screenshot(page, 'listening-answer-kept-375');
      await page.getByRole('button', { name: 'Next word' }).click();
      await kept.waitFor({ state: 'detached' });
    }
    await waiting(page, 2).waitFor();
    saves.blocked = false;
    await anyWaiting(page).waitFor({ state: 'detached', timeout: 40_000 });
    expect(counted(learner.username, 'listening')).toEqual({ answered: 2, streak: 2 });
    await context.close();
  }, 90_000);

  test('a role-play: its result waits in the save queue, survives a reload and awards its points once when saves get through', async () => {
    const { page, context } = await app.newPage(1280, 800);
    await context.addInitScript(fasterAudio);
    const learner = await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    const cafe = ((await (await page.request.get('/api/dialogues')).json()) as { id: number; key: string }[]).find(
      (d) => d.key === 'cafe',
    )!;
    const saves = await flakySaves(context, '**/api/dialogues/*/role-play');
    await page.goto(`/dialogues/${cafe.id}`);
    await page.getByRole('heading', { name: 'At the café' }).waitFor();
    await playAudioFaster(page, 4);
    await page.getByRole('tab', { name: 'Role-play' }).click();
    await page.getByRole('button', { name: 'Play Lara' }).click();
    const turn = page.locator('.role-play-turn');
    for (const line of [
      'Baddi ahwe bala sekkar, law sama7t.',
      '3arabiyye. W fi shi zaki ma3a?',
      'Eh, akid! W kebbeyet may kamen.',
      'Addeh el 7seb?',
      'Tfaddal. Yeslamo ideik!',
    ]) {
      await turn.getByLabel('Type your line in arabizi').fill(line);
      await turn.getByLabel('Type your line in arabizi').press('Enter');
      await turn.getByText('Right!').waitFor();
      await turn.getByRole('button', { name: 'Continue' }).click();
    }
    const score = page.locator('.role-play-score');
    await score.getByRole('heading', { name: 'You said 5 of 5 lines right' }).waitFor();
    await score.getByText('Your score is kept: it will be saved when your connection is back.').waitFor();
    await anyWaiting(page).waitFor();
    await screenshot(page, 'role-play-score-kept-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'role-play-score-kept-375');
    // Its tries reached the server once or more (their replies lost): the role-play counted once.
    expect(rolePlays(learner.username).played).toBeLessThanOrEqual(1);

    await page.reload();
    await anyWaiting(page).waitFor();
    saves.blocked = false;
    await anyWaiting(page).waitFor({ state: 'detached', timeout: 40_000 });
    expect(saves.repliesLost).toBeGreaterThan(0);
    expect(rolePlays(learner.username)).toEqual({ played: 1, points: 50 });
    await context.close();
  }, 120_000);
});

/** How often the learner's role-plays were recorded, and their points. */
function rolePlays(username: string) {
  const db = new Database(join(app.dir, 'app.db'), { readonly: true });
  try {
    const progress = db
      .query(
        'select coalesce(sum(p.times_played), 0) as played from dialogue_progress p join users u on u.id = p.user_id where u.username = ?',
      )
      .get(username) as { played: number };
    const stats = db.query('select s.points from user_stats s join users u on u.id = s.user_id where u.username = ?').get(username) as {
      points: number;
    } | null;
    return { played: progress.played, points: stats?.points ?? 0 };
  } finally {
    db.close();
  }
}
