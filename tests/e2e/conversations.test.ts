import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startFakeOpenAI } from '../fakes/openai';
import {
  fakeMicrophone,
  fasterAudio,
  recognitionStandIn,
  registerInBrowser,
  screenshot,
  startApp,
  waitForOfflineCopy,
  type E2EApp,
} from './harness';

let app: E2EApp;
let withAi: E2EApp;
const openai = startFakeOpenAI();
const micDir = mkdtempSync(join(tmpdir(), 'kalimat-talk-mic-'));
beforeAll(async () => {
  app = await startApp({ browserArgs: fakeMicrophone(micDir), serviceWorker: true });
  withAi = await startApp({ browser: app.browser, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url } });
});
afterAll(async () => {
  await withAi?.stop();
  await app?.stop();
  openai.close();
  rmSync(micDir, { recursive: true, force: true });
});

/** A browser without speech recognition, as some are. */
const noRecognition = () => {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition'])
    Object.defineProperty(window, name, { value: undefined, configurable: true });
};

async function signUp(on: E2EApp, width: number, height: number, recognition = true) {
  const { page, context } = await on.newPage(width, height);
  await context.addInitScript(recognition ? recognitionStandIn : noRecognition);
  await context.addInitScript(fasterAudio);
  const user = await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  return { page, context, user };
}

/** The partner's newest line in the transcript. */
const partnerSaid = (page: Page, arabizi: string) =>
  page.locator('.talk-line.partner').last().locator('.talk-arabizi', { hasText: arabizi }).waitFor();

async function typeReply(page: Page, line: string) {
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/talks\/\d+\/lines$/.test(new URL(r.url()).pathname));
  await page.getByLabel('Type your reply in arabizi').fill(line);
  await page.getByLabel('Type your reply in arabizi').press('Enter');
  expect((await sent).status()).toBe(200);
}

async function scriptedJourney(width: number, height: number, name: string) {
  const { page, context } = await signUp(app, width, height);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Talk' }).click();
  await page.getByRole('heading', { name: 'Talk', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Ordering at a café' }).waitFor();
  await screenshot(page, `talk-list-${name}`);
  await page.getByRole('link', { name: 'Ordering at a café' }).click();
  await page.getByRole('heading', { name: 'Ordering at a café' }).waitFor();
  // Nothing configured: only the scripted partner is offered.
  expect(await page.getByRole('button', { name: 'Talk with the AI partner' }).count()).toBe(0);

  // The partner's opening line is spoken in his voice, from the speech call (course text).
  const opening = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/tts' && new URL(r.url()).searchParams.get('voice') === 'male',
  );
  await page.getByRole('button', { name: 'Start talking' }).click();
  await partnerSaid(page, 'Ahla w sahla! Shu baddkon teshrabo?');
  const clip = await opening;
  expect(clip.status()).toBe(200);
  expect(new URL(clip.url()).searchParams.get('text')).toBe('Ahla w sahla! Shu baddkon teshrabo?');
  // The screen says what leaves the browser when the learner speaks.
  await page.getByText('Kalimat receives only the text, never a recording.').waitFor();

  // From the keyboard, outside the field: ? lists the keys, H shows the hint.
  await page.locator('.talk-scene h1').click();
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Show the hint').waitFor();
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('h');
  await page.getByRole('note').getByText('Hint: Ask for a coffee without sugar: baddi ahwe bala sekkar.').waitFor();

  // A reply the partner does not understand: the rephrasing and a hint, and the conversation goes on.
  await typeReply(page, 'the weather is nice');
  await page.getByText('Rami did not understand that. Try again, in other words.').waitFor();
  await page.getByRole('note').getByText('Hint: Ask for a coffee without sugar: baddi ahwe bala sekkar.').waitFor();
  await partnerSaid(page, 'Ahwe? Shay? Shu baddkon?');

  await typeReply(page, 'Baddi ahwe bala sekkar');
  await page.getByRole('list', { name: 'Checklist' }).getByText('Order a coffee without sugar (done)').waitFor();
  await partnerSaid(page, 'Fi man2oushe za3tar so5ne');
  await screenshot(page, `talk-conversation-${name}`);

  // Said aloud: the recognition stand-in hears it, and the server judges what it heard.
  await page.evaluate(() => Object.assign((window as unknown as { recognition: object }).recognition, { heard: 'ايه اكيد' }));
  const said = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/talks\/\d+\/lines$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Say it' }).click();
  expect((await said).postDataJSON()).toEqual({ line: { heard: ['ايه اكيد', 'شي تاني'] } });
  await partnerSaid(page, 'D2i2a w bykoun kell shi jehez.');
  await page.locator('.talk-line.learner').last().getByText('You (said)').waitFor();

  // One letter off is understood, and corrected at the end.
  await typeReply(page, 'Addeh el 7sep?');
  await partnerSaid(page, 'Tmen dolarat');
  await typeReply(page, 'Tfaddal, merci');
  await partnerSaid(page, 'Ahla w sahla, nawwarto!');

  // The end goes through the save queue with its key; the summary shows the checklist, the correction and the points.
  const finished = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/talks\/\d+\/finish$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'See how you did' }).click();
  expect((await finished).postDataJSON()).toEqual({ idempotencyKey: expect.stringMatching(/^[\w-]{16,64}$/) });
  const summary = page.locator('.talk-summary');
  await summary.getByText('You got 4 of 4 things done. You earned 40 points. The partner understood 4 of your 5 lines.').waitFor();
  await summary.getByText('Better: Addeh el 7seb?').waitFor();
  await screenshot(page, `talk-summary-${name}`);
  await summary.getByRole('button', { name: 'Add these words to my review' }).click();
  await summary.getByText('Added 6 words to your review.').waitFor();
  const stats = (await (await page.request.get('/api/stats')).json()) as { points: number };
  expect(stats.points).toBe(40);

  // The transcript is kept: /talk lists it and opens it again.
  await summary.getByRole('link', { name: 'Other conversations' }).click();
  await page.getByRole('heading', { name: 'Your conversations' }).waitFor();
  await page.getByRole('link', { name: 'Ordering at a café' }).first().click();
  await page.locator('.talk-summary').getByText('You got 4 of 4 things done. You earned 40 points.').waitFor();
  await expect(page.locator('.talk-line').count()).resolves.toBe(11);
  await context.close();
}

async function aiJourney(width: number, height: number, name: string) {
  openai.chatReply(
    JSON.stringify({
      arabizi: 'Tekram, keefak el yom?',
      arabic: 'تكرم، كيفك اليوم؟',
      english: 'Of course, how are you today?',
      correction: { corrected: 'Baddi ahwe bala sekkar', explanation: 'Bala means without.' },
      done: [1],
      finished: false,
    }),
  );
  const { page, context } = await signUp(withAi, width, height);
  await page.goto('/talk');
  await page.getByRole('link', { name: 'Ordering at a café' }).click();
  await page.getByRole('button', { name: 'Talk with the AI partner' }).click();
  await page.getByText('Your lines are sent to OpenAI to write the partner’s answers.').waitFor();

  // The AI's line is not course text: the speech call has no clip for it (the browser's voice reads it).
  const spoken = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/tts' && new URL(r.url()).searchParams.get('text') === 'Tekram, kifak el yom?',
  );
  await typeReply(page, 'baddi ahwe ma3 bala sekkar');
  // keefak in the course's spelling.
  await partnerSaid(page, 'Tekram, kifak el yom?');
  expect((await spoken).status()).toBe(404);
  await page.locator('.talk-line.partner').last().getByText('Rami (AI)').waitFor();
  // The AI's correction of the line is shown at once.
  await page.getByRole('note').getByText('Better: Baddi ahwe bala sekkar · Bala means without.').waitFor();
  await page.getByRole('list', { name: 'Checklist' }).getByText('Order a coffee without sugar (done)').waitFor();
  await screenshot(page, `talk-ai-${name}`);

  // The model failing is no broken screen: the scripted partner answers, and says why.
  openai.failWith(429);
  try {
    await typeReply(page, 'Baddi ahwe bala sekkar');
    await page.getByRole('status').getByText('The AI partner could not answer: the scripted partner answered.').waitFor();
    await partnerSaid(page, 'Fi man2oushe za3tar so5ne');
  } finally {
    openai.failWith(null);
  }

  // The day's budget spent by this answer's tokens: the next line gets the scripted partner, who says why.
  openai.chatUsage(40_000);
  try {
    await typeReply(page, 'Eh akid');
    await partnerSaid(page, 'Tekram, kifak el yom?');
    await typeReply(page, 'Addeh el 7seb?');
    await page
      .getByRole('status')
      .getByText("Today's AI conversations are used up: the scripted partner answers until tomorrow.")
      .waitFor();
    await partnerSaid(page, 'Tmen dolarat');
  } finally {
    openai.chatUsage(20);
  }
  await context.close();
}

async function recordingJourney(width: number, height: number) {
  const { page, context } = await signUp(withAi, width, height, false);
  const recordings: string[] = [];
  page.on('request', (r) => r.url().endsWith('/recording') && recordings.push(r.url()));
  await page.goto('/talk');
  await page.getByRole('link', { name: 'Ordering at a café' }).click();
  await page.getByRole('button', { name: 'Start talking' }).click();
  await partnerSaid(page, 'Ahla w sahla! Shu baddkon teshrabo?');
  // No recognition: nothing is recorded or sent until the learner chooses to.
  await page
    .getByText('type your reply, or choose to send a recording. Nothing is recorded or sent until you do.', { exact: false })
    .waitFor();
  expect(await page.getByRole('button', { name: 'Say it' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Record your reply' }).count()).toBe(0);
  await page.getByLabel('Send my recording to OpenAI to turn it into text').check();
  await page
    .getByText('Your recording leaves the browser: it goes to Kalimat and on to OpenAI, which turns it into text; it is not kept.')
    .waitFor();
  expect(recordings).toEqual([]);
  openai.transcribes('بدي قهوة بلا سكر');
  await page.getByRole('button', { name: 'Record your reply' }).click();
  const sent = page.waitForResponse((r) => r.url().endsWith('/recording'));
  await page.getByRole('button', { name: 'Stop and send' }).click();
  expect((await sent).status()).toBe(200);
  await page.locator('.talk-line.learner').last().getByText('بدي قهوة بلا سكر').waitFor();
  await partnerSaid(page, 'Fi man2oushe za3tar so5ne');
  // A line said to the recorder's own limit (5 s) still fits the route's body.
  openai.transcribes('eh akid');
  const whole = page.waitForResponse((r) => r.url().endsWith('/recording'), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Record your reply' }).click();
  expect((await whole).status()).toBe(200);
  await page.locator('.talk-line.learner').last().getByText('eh akid').waitFor();
  await context.close();
}

async function paywallJourney(width: number, height: number) {
  const { page, context, user } = await signUp(app, width, height);
  const db = new Database(join(app.dir, 'app.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    expect(db.query('UPDATE users SET trial_end_date = ? WHERE email = ?').run(Date.now() - 60_000, user.email).changes).toBe(1);
  } finally {
    db.close();
  }
  await page.goto('/talk');
  await page.getByRole('link', { name: /A taxi to the airport.*Unlock with Premium/ }).click();
  await page.waitForURL('**/subscription');
  // The free ones stay open.
  await page.goto('/talk');
  await page.getByRole('link', { name: 'Meeting someone new' }).click();
  await page.getByRole('button', { name: 'Start talking' }).waitFor();
  await context.close();
}

/** A café conversation without a network: the scripted partner answers from the device, and the server keeps it once the network is back. */
async function offlineJourney() {
  const { page, context } = await signUp(app, 375, 812);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const serverSays = async () => (await (await fetch(`${app.baseUrl}/api/conversations`, { headers: { cookie } })).json()).talks;
  await page.goto('/talk');
  await page.getByRole('link', { name: 'Ordering at a café' }).click();
  await page.getByRole('button', { name: 'Start talking' }).waitFor();
  const scenario = new URL(page.url()).pathname;
  await waitForOfflineCopy(page, `/api${scenario.replace('/talk/', '/conversations/')}`);
  await waitForOfflineCopy(page, '/api/spelling');

  await context.setOffline(true);
  // The page comes back from the service worker, the scenario with it.
  await page.reload();
  await page.getByRole('button', { name: 'Start talking' }).click();
  await page.getByRole('status').getByText('You are offline: Rami answers from this device').waitFor();
  await partnerSaid(page, 'Ahla w sahla! Shu baddkon teshrabo?');
  const reply = async (line: string, answer: string) => {
    await page.getByLabel('Type your reply in arabizi').fill(line);
    await page.getByLabel('Type your reply in arabizi').press('Enter');
    await partnerSaid(page, answer);
  };
  await reply('baddi ahwe bala sekkar law sama7t', 'Tekram. W baddkon shi lal akel?');
  await reply('the weather is nice', 'Man2oushe? Baddkon wa7de?');
  await page.getByRole('note').getByText('Hint:').waitFor();
  await reply('Eh akid', 'D2i2a w bykoun kell shi jehez.');
  // One letter off is understood offline too, and corrected as the server would.
  await reply('Addeh el 7sep?', 'Tmen dolarat');
  await page.getByRole('note').getByText('Better: Addeh el 7seb?').waitFor();
  await reply('Tfaddal, merci', 'Ahla w sahla, nawwarto!');
  await page.getByRole('button', { name: 'See how you did' }).click();
  const summary = page.locator('.talk-summary');
  await summary.getByText('You got 4 of 4 things done. It is kept on this device').waitFor();
  expect(await summary.getByRole('button', { name: 'Add these words to my review' }).count()).toBe(0);
  await summary.scrollIntoViewIfNeeded();
  await screenshot(page, 'talk-offline-phone');
  expect(await serverSays()).toEqual([]);

  // Back online, the save queue sends it: the server goes through the lines again and keeps the conversation.
  await context.setOffline(false);
  let kept = await serverSays();
  for (let i = 0; i < 100 && kept.length === 0; i++) {
    await Bun.sleep(300);
    kept = await serverSays();
  }
  expect(kept).toEqual([expect.objectContaining({ title: 'Ordering at a café', partner: 'scripted', finished: true })]);
  const talk = await (await fetch(`${app.baseUrl}/api/talks/${kept[0].id}`, { headers: { cookie } })).json();
  expect(talk).toMatchObject({ pointsAwarded: 40, finished: true });
  expect(talk.corrections).toEqual([
    { said: 'Addeh el 7sep?', corrected: 'Addeh el 7seb?', explanation: 'Almost! One letter is off. Check "7seb".' },
  ]);
  await context.close();
}

describe('the conversation partner', () => {
  test('without a network, at 375 px: the scripted partner answers from the device, and the conversation counts once the network is back', async () => {
    await offlineJourney();
  }, 120_000);

  for (const [width, height, name] of [
    [1280, 800, 'desktop'],
    [375, 812, 'phone'],
  ] as const) {
    test(`at ${width} px: a scripted café conversation to its end, typed and said, kept and opened again`, async () => {
      await scriptedJourney(width, height, name);
    }, 120_000);

    test(`at ${width} px: the AI partner against the fake, then the day's budget and a failing model handed to the scripted partner`, async () => {
      await aiJourney(width, height, name);
    }, 120_000);

    test(`at ${width} px: a browser without recognition sends a recording for transcription only once the learner chooses to`, async () => {
      await recordingJourney(width, height);
    }, 60_000);

    test(`at ${width} px: a learner without premium is sent to the subscription from a premium scenario`, async () => {
      await paywallJourney(width, height);
    }, 60_000);
  }
});
