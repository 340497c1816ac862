import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/support/app';
import { startFakeSmtp } from '../../tests/fakes/smtp';

const smtp = startFakeSmtp();
let t: TestApp;
beforeEach(() => {
  t?.close();
  smtp.failWith(null);
  smtp.messages.length = 0;
  t = createTestApp({ content: false, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kalimat <hello@kalimat.test>' } });
});
afterAll(() => {
  t?.close();
  smtp.stop();
});

/** The text of a delivered message, with quoted-printable soft breaks and escapes undone. */
const bodyOf = (data: string) =>
  data
    .slice(data.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The reset request answers before the mail goes out (so known and unknown addresses look alike). */
async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await Bun.sleep(10);
  expect(done()).toBe(true);
}

const outboxRows = () =>
  t.db.$client.query('select text, sent_at, error from mail_outbox').all() as {
    text: string;
    sent_at: number | null;
    error: string | null;
  }[];

describe('mail through SMTP', () => {
  test('a reset mail reaches the mailbox, its link resets the password, and the outbox keeps no link', async () => {
    const { email } = await t.signUp({ email: 'mailbox@example.com' });
    expect((await t.request('POST', '/api/request-password-reset', { body: { email } })).status).toBe(200);
    await until(() => outboxRows()[0]?.sent_at != null);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message.from).toBe('<hello@kalimat.test>');
    expect(message.to).toEqual(['<mailbox@example.com>']);
    const token = bodyOf(message.data).match(/\/reset-password\?token=([\w-]+)/)![1];
    expect((await t.request('POST', '/api/reset-password', { body: { token, password: 'Fresh-start-2024' } })).status).toBe(200);
    expect((await t.request('POST', '/api/login', { body: { email, password: 'Fresh-start-2024' } })).status).toBe(200);
    expect(outboxRows()).toEqual([{ text: '', sent_at: expect.any(Number), error: null }]);
  });

  test('a refused delivery is logged in the outbox, without the link, and the request still answers the same', async () => {
    const { email } = await t.signUp({ email: 'gone@example.com' });
    smtp.failWith('550 no such mailbox');
    expect((await t.request('POST', '/api/request-password-reset', { body: { email } })).status).toBe(200);
    await until(() => outboxRows()[0]?.error != null);
    expect(smtp.messages).toHaveLength(0);
    expect(outboxRows()).toEqual([{ text: '', sent_at: null, error: expect.stringContaining('550') }]);
  });
});
