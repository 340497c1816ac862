import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';
import { DAY_MS } from '../../lib/clock';
import { CLIENT_ERROR_LIMITS, SERVER_PASSWORD_MESSAGE } from './model';
import { purgeJob } from './purge';
import { expectError, lastMailTo, snapshot } from '../../../tests/support/auth';

const t = createTestApp({ content: false });
afterAll(() => t.close());

const userRow = (id: number) => t.db.$client.query('select * from users where id = ?').get(id) as Record<string, any> | null;

describe('PUT /api/user/profile', () => {
  test('changes the username and answers the public user', async () => {
    const { cookie, user } = await t.signUp();
    const res = await t.server.api.user.profile.put({ username: '  Nour.Khoury-2024_ok  ' }, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.username).toBe('Nour.Khoury-2024_ok');
    expect(res.json.id).toBe(user.id);
    expect(res.text).not.toContain('argon2');
    expect((await t.server.api.user.get({ cookie })).json.username).toBe('Nour.Khoury-2024_ok');
  });

  test('up to 50 characters when edited, at least 3', async () => {
    const { cookie } = await t.signUp();
    expect((await t.server.api.user.profile.put({ username: 'a'.repeat(50) }, { cookie })).status).toBe(200);
    const before = snapshot(t);
    const long = await t.server.api.user.profile.put({ username: 'b'.repeat(51) }, { cookie });
    expectError(long, 400, 'Validation Error');
    expect(long.error?.message).toBe('Username must not exceed 50 characters');
    expect(long.error?.details?.field).toBe('username');
    const short = await t.server.api.user.profile.put({ username: 'ab' }, { cookie });
    expectError(short, 400, 'Validation Error');
    expect(short.error?.message).toBe('Username must be at least 3 characters');
    expect(snapshot(t)).toEqual(before);
  });

  test('keeping one’s own name in another case is allowed; another’s is 409 Username Error', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await t.server.api.user.profile.put({ username: a.user.username.toUpperCase() }, { cookie: a.cookie })).status).toBe(200);
    const before = snapshot(t);
    const res = await t.server.api.user.profile.put({ username: a.user.username.toLowerCase() }, { cookie: b.cookie });
    expectError(res, 409, 'Username Error');
    expect(res.error?.message).toBe('This username is already taken. Please choose another one.');
    expect(snapshot(t)).toEqual(before);
  });

  test('server-assigned fields are ignored', async () => {
    const { cookie, user } = await t.signUp();
    const res = await t.request('PUT', '/api/user/profile', {
      cookie,
      body: {
        username: 'plainname',
        email: 'hijack@example.com',
        isSubscribed: true,
        subscription_status: 'active',
        isVerified: false,
        id: 1,
        stripeCustomerId: 'cus_x',
      },
    });
    expect(res.status).toBe(200);
    expect(userRow(user.id)).toMatchObject({ email: user.email, is_verified: 1, username: 'plainname' });
    expect(t.db.$client.query('select * from subscriptions where user_id = ?').get(user.id)).toBeNull();
  });

  test('needs a session', async () => {
    expectError(await t.server.api.user.profile.put({ username: 'someone' }), 401);
  });

  test('bad input of every kind is a 400 and changes nothing', async () => {
    const { cookie } = await t.signUp();
    const before = snapshot(t);
    for (const username of [
      undefined,
      null,
      42,
      true,
      ['abc'],
      { a: 1 },
      'x'.repeat(60_000),
      '😀😀😀',
      'ab\u0000cd',
      "' OR 1=1 --",
      '<b>bold</b>',
      'two words',
    ]) {
      const res = await t.request('PUT', '/api/user/profile', { cookie, body: username === undefined ? {} : { username } });
      expectError(res, 400, 'Validation Error');
      expect(res.error?.details?.field).toBe('username');
    }
    expectError(await t.request('PUT', '/api/user/profile', { cookie, body: '[1]' }), 400, 'Validation Error');
    expect(snapshot(t)).toEqual(before);
  });
});

describe('POST /api/user/change-password', () => {
  const change = (cookie: string, body: Parameters<(typeof t.server.api.user)['change-password']['post']>[0]) =>
    t.server.api.user['change-password'].post(body, { cookie });
  /** A body that is wrong on purpose, sent as it is. */
  const changeRaw = (cookie: string, body: unknown) => t.request('POST', '/api/user/change-password', { cookie, body });

  test('changes the password, keeps this browser signed in and ends every other session', async () => {
    const { cookie, email, password } = await t.signUp();
    const other = (await t.server.api.login.post({ email, password })).cookie!;
    const res = await change(cookie, { currentPassword: password, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Your password has been updated.');
    expect(res.cookie).toBeTruthy();
    expect(res.cookie).not.toBe(cookie);
    expect((await t.server.api.user.get({ cookie: res.cookie })).status).toBe(200);
    expectError(await t.server.api.user.get({ cookie: other }), 401);
    // The old cookie of this browser is replaced, and dead too.
    expectError(await t.server.api.user.get({ cookie }), 401);
    expectError(await t.server.api.login.post({ email, password }), 401, 'Authentication Failed');
    expect((await t.server.api.login.post({ email, password: 'brandnew22' })).status).toBe(200);
  });

  test('the spec messages, naming the field, and nothing changed', async () => {
    const { cookie, password } = await t.signUp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' }, 'currentPassword', 'Current password is required'],
      [
        { currentPassword: '', newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' },
        'currentPassword',
        'Current password is required',
      ],
      [
        { currentPassword: 'wrongpass9', newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' },
        'currentPassword',
        'Current password is incorrect.',
      ],
      [{ currentPassword: password, newPassword: 'short1', confirmNewPassword: 'short1' }, 'newPassword', SERVER_PASSWORD_MESSAGE],
      [
        { currentPassword: password, newPassword: 'nodigitshere', confirmNewPassword: 'nodigitshere' },
        'newPassword',
        SERVER_PASSWORD_MESSAGE,
      ],
      [
        { currentPassword: password, newPassword: 'brandnew22', confirmNewPassword: 'brandnew23' },
        'confirmNewPassword',
        "Passwords don't match",
      ],
      [{ currentPassword: password, newPassword: 'brandnew22' }, 'confirmNewPassword', "Passwords don't match"],
      [{ currentPassword: password }, 'newPassword', 'The field newPassword is required.'],
    ];
    const before = snapshot(t);
    for (const [body, field, message] of cases) {
      const res = await changeRaw(cookie, body);
      // A wrong current password is a 400, never a 401 that would sign the client out.
      expectError(res, 400, 'Validation Error');
      expect(res.error?.details?.field).toBe(field);
      expect(res.json.message).toBe(message);
    }
    expect(snapshot(t)).toEqual(before);
    expect((await t.server.api.user.get({ cookie })).status).toBe(200);
  });

  test('bad types are 400s', async () => {
    const { cookie } = await t.signUp();
    const before = snapshot(t);
    for (const value of [null, 5, [], {}, 'x'.repeat(60_000)]) {
      for (const field of ['currentPassword', 'newPassword', 'confirmNewPassword']) {
        const body = { currentPassword: 'secret123', newPassword: 'brandnew22', confirmNewPassword: 'brandnew22', [field]: value };
        expectError(await changeRaw(cookie, body), 400, 'Validation Error');
      }
    }
    expect(snapshot(t)).toEqual(before);
  });

  test('10 wrong current passwords a minute, then 429', async () => {
    const { cookie, password } = await t.signUp();
    // Leaving the field out is not a guess and does not count.
    for (let i = 0; i < 3; i++)
      expect((await change(cookie, { newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' })).status).toBe(400);
    for (let i = 0; i < 10; i++)
      expect(
        (await change(cookie, { currentPassword: `wrong${i}pass`, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' })).status,
      ).toBe(400);
    const blocked = await change(cookie, { currentPassword: password, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' });
    expectError(blocked, 429, 'Too Many Requests');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    t.clock.advance(61_000);
    expect((await change(cookie, { currentPassword: password, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' })).status).toBe(
      200,
    );
  });

  test('50 simultaneous wrong current passwords check at most 10', async () => {
    const { cookie, password } = await t.signUp();
    const verify = spyOn(Bun.password, 'verify');
    try {
      const attempts = Array.from({ length: 50 }, (_, i) =>
        change(cookie, { currentPassword: `wrong${i}pass`, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' }),
      );
      const statuses = (await Promise.all(attempts)).map((res) => res.status);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      // The right password is refused too, unchecked, until the minute has passed. (Sent among the 50,
      // it was checked or not by the order the requests reached the check, which is not the order sent.)
      expect(
        (await change(cookie, { currentPassword: password, newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' })).status,
      ).toBe(429);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      verify.mockRestore();
    }
  });

  test('needs a session', async () => {
    expectError(await change('', { currentPassword: 'secret123', newPassword: 'brandnew22', confirmNewPassword: 'brandnew22' }), 401);
  });
});

describe('DELETE /api/user/delete, restoration and the purge', () => {
  test('marks the account for deletion in 30 days, revokes every session and mails the owner', async () => {
    const { cookie, user, email, password } = await t.signUp();
    const other = (await t.server.api.login.post({ email, password })).cookie!;
    const res = await t.server.api.user.delete.delete(undefined, { cookie });
    expect(res.status).toBe(200);
    expect(Date.parse(res.json.scheduledDeletionDate)).toBe(t.clock.now().getTime() + 30 * DAY_MS);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session=') && /max-age=0/i.test(c))).toBe(true);
    expect(userRow(user.id)).toMatchObject({ marked_for_deletion: 1, scheduled_deletion_date: t.clock.now().getTime() + 30 * DAY_MS });
    expectError(await t.server.api.user.get({ cookie }), 401);
    expectError(await t.server.api.user.get({ cookie: other }), 401);
    expect((await lastMailTo(t, email))?.subject).toBe('Your Kalimat account will be deleted');
  });

  test('signing in before the date restores the account as it was', async () => {
    const { cookie, user, email, password } = await t.signUp();
    await t.server.api.user.delete.delete(undefined, { cookie });
    t.clock.advance(29 * DAY_MS);
    const res = await t.server.api.login.post({ email, password });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(user.id);
    expect(userRow(user.id)).toMatchObject({ marked_for_deletion: 0, scheduled_deletion_date: null });
    // Restored accounts are not purged.
    t.clock.advance(2 * DAY_MS);
    const job = purgeJob(t.app.ctx, t.services.auth);
    job.run();
    expect(userRow(user.id)).not.toBeNull();
  });

  test('the purge job deletes accounts past their date, with their tickets, and nothing else', async () => {
    const doomed = await t.signUp();
    const kept = await t.signUp();
    const later = await t.signUp();
    await t.server.api.support.ticket.post(
      { email: doomed.email, username: doomed.user.username, issue: 'My cards do not flip any more.' },
      { cookie: doomed.cookie },
    );
    await t.server.api.user.delete.delete(undefined, { cookie: doomed.cookie });
    t.clock.advance(10 * DAY_MS);
    await t.server.api.user.delete.delete(undefined, { cookie: later.cookie });
    t.clock.advance(20 * DAY_MS + 1000);

    const job = purgeJob(t.app.ctx, t.services.auth);
    job.run();
    expect(userRow(doomed.user.id)).toBeNull();
    expect(t.db.$client.query('select count(*) as n from support_tickets where email = ?').get(doomed.email)).toEqual({ n: 0 });
    expect(t.db.$client.query('select count(*) as n from sessions where user_id = ?').get(doomed.user.id)).toEqual({ n: 0 });
    expect(userRow(kept.user.id)).not.toBeNull();
    expect(userRow(later.user.id)).toMatchObject({ marked_for_deletion: 1 });
    expect(job.run()).toBe(0);

    expectError(await t.server.api.login.post({ email: doomed.email, password: doomed.password }), 401, 'Authentication Failed');
    // The address is free again, but its trial was used (one per e-mail ever).
    const again = await t.server.api.register.post({
      email: doomed.email,
      username: doomed.user.username,
      password: 'another11',
      name: 'Back Again',
    });
    expect(again.status).toBe(201);
    expect(again.json.user.subscription_status).toBe('expired');
    expect(again.json.user.trial_end_date).toBeNull();
  });

  test('past the date an account is gone even before the job runs', async () => {
    const { cookie, user, email, password } = await t.signUp();
    await t.server.api.user.delete.delete(undefined, { cookie });
    t.clock.advance(30 * DAY_MS + 1);
    expectError(await t.server.api.login.post({ email, password }), 401, 'Authentication Failed');
    expect(userRow(user.id)).toBeNull();
  });

  test('a running subscription is cancelled first, and the farewell mail says so', async () => {
    const { cookie, email } = await t.signUp();
    await t.server.api.subscription['demo-checkout'].post({ planId: 'monthly' }, { cookie });
    const before = await t.server.api.subscription.status.get({ cookie });
    expect((await t.server.api.user.delete.delete(undefined, { cookie })).status).toBe(200);
    expect((await lastMailTo(t, email))!.text).toContain('Your subscription has been cancelled');
    const login = await t.server.api.login.post({ email, password: 'secret123' });
    const after = await t.server.api.subscription.status.get({ cookie: login.cookie! });
    expect(after.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, expiresAt: before.json.expiresAt });
  });

  test('needs a session; another site cannot delete', async () => {
    expectError(await t.server.api.user.delete.delete(), 401);
    const { cookie, user } = await t.signUp();
    expectError(await t.server.api.user.delete.delete(undefined, { cookie, headers: { origin: 'https://evil.example' } }), 403);
    expect(userRow(user.id)).toMatchObject({ marked_for_deletion: 0 });
  });
});

describe('POST /api/support/ticket', () => {
  const ticket = (body: Parameters<typeof t.server.api.support.ticket.post>[0], cookie?: string) =>
    t.server.api.support.ticket.post(body, { cookie });
  /** A body that is wrong on purpose, sent as it is. */
  const ticketRaw = (body: unknown, cookie?: string) => t.request('POST', '/api/support/ticket', { body, cookie });
  const valid = { email: 'asker@example.com', username: 'asker', issue: 'The Listen button plays nothing on my phone.' };

  test('stores the ticket with its user and forwards it to the operator', async () => {
    const { cookie, user } = await t.signUp();
    const res = await ticketRaw({ ...valid, userId: 999, createdAt: '2000-01-01' }, cookie);
    expect(res.status).toBe(201);
    expect(res.json.message).toBe("Your support ticket has been submitted. We'll get back to you by email.");
    const row = t.db.$client.query('select * from support_tickets where id = ?').get(res.json.id) as Record<string, any>;
    expect(row).toMatchObject({ user_id: user.id, email: valid.email, username: valid.username, issue: valid.issue });
    const mail = await lastMailTo(t, t.config.MAIL_FROM);
    expect(mail?.subject).toBe(`Support ticket #${res.json.id} from asker`);
    expect(mail?.text).toContain(valid.issue);
  });

  test('works without a session too', async () => {
    const res = await ticket(valid);
    expect(res.status).toBe(201);
    expect(t.db.$client.query('select user_id from support_tickets where id = ?').get(res.json.id)).toEqual({ user_id: null });
  });

  test('HTML and SQL in the issue are stored as plain text', async () => {
    const issue = "<img src=x onerror=alert(1)> '; DELETE FROM users; --";
    const res = await ticket({ ...valid, issue });
    expect(res.status).toBe(201);
    expect(t.db.$client.query('select issue from support_tickets where id = ?').get(res.json.id)).toEqual({ issue });
  });

  test('the spec messages and bad input of every kind', async () => {
    const before = snapshot(t);
    const short = await ticket({ ...valid, issue: 'too short' });
    expectError(short, 400, 'Validation Error');
    expect(short.json.message).toBe('Please describe your issue in more detail');
    expect(short.error?.details?.field).toBe('issue');
    const long = await ticket({ ...valid, issue: 'x'.repeat(1001) });
    expectError(long, 400, 'Validation Error');
    expect(long.error?.details?.field).toBe('issue');
    expect((await ticket({ ...valid, issue: `  ${'x'.repeat(1000)}  ` })).status).toBe(201);
    const afterOne = snapshot(t);
    for (const [field, value] of [
      ['email', 'nope'],
      ['email', 42],
      ['email', null],
      ['username', 'ab'],
      ['username', '<script>x</script>'],
      ['username', ['a']],
      ['issue', { text: 'hello there friends' }],
      ['issue', 'bad \u0000 control characters here'],
      ['issue', 'x'.repeat(60_000)],
      ['issue', undefined],
    ] as const) {
      const body: Record<string, unknown> = { ...valid, [field]: value };
      if (value === undefined) delete body[field];
      const res = await ticketRaw(body);
      expectError(res, 400, 'Validation Error');
      expect(res.error?.details?.field).toBe(field);
    }
    expect(snapshot(t)).toEqual(afterOne);
    expect(before.support_tickets.length + 1).toBe(afterOne.support_tickets.length);
  });

  test('5 tickets an hour per sender, then 429', async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < 5; i++) expect((await ticket(valid, cookie)).status).toBe(201);
    const blocked = await ticket(valid, cookie);
    expectError(blocked, 429, 'Too Many Requests');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
    t.clock.advance(60 * 60_000);
    expect((await ticket(valid, cookie)).status).toBe(201);
  });
});

describe('POST /api/log/client-error', () => {
  const report = (body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
    t.request('POST', '/api/log/client-error', { body, ...init });
  const rows = () => t.db.$client.query('select * from client_errors order by id').all() as Record<string, any>[];

  test('stores the report and answers 204', async () => {
    const { cookie, user } = await t.signUp();
    const res = await report(
      { error: 'TypeError: x is undefined', stack: 'at App (main.js:1:2)', timestamp: '2026-01-01T00:00:00Z' },
      { cookie, headers: { 'user-agent': 'TestBrowser/1' } },
    );
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(rows().at(-1)).toMatchObject({
      user_id: user.id,
      error: 'TypeError: x is undefined',
      stack: 'at App (main.js:1:2)',
      timestamp: '2026-01-01T00:00:00Z',
      user_agent: 'TestBrowser/1',
    });
  });

  test('never fails the client: odd bodies are stored as best it can, long texts cut', async () => {
    const count = rows().length;
    for (const body of [
      {},
      '"just text"',
      '[1,2]',
      '42',
      'null',
      { error: { nested: true }, stack: 12 },
      { error: 'e'.repeat(20_000), stack: 's'.repeat(30_000), timestamp: 't'.repeat(500) },
    ]) {
      expect((await report(body)).status).toBe(204);
    }
    const stored = rows().slice(count);
    expect(stored).toHaveLength(7);
    expect(stored[0].error).toBe('Unknown error');
    expect(stored[1].error).toBe('just text');
    expect(stored[5].error).toBe('{"nested":true}');
    expect(stored[6].error).toHaveLength(CLIENT_ERROR_LIMITS.error);
    expect(stored[6].stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(stored[6].timestamp).toHaveLength(CLIENT_ERROR_LIMITS.timestamp);
  });

  test('30 reports a minute per sender are kept; more are dropped quietly', async () => {
    const { cookie } = await t.signUp();
    const count = rows().length;
    for (let i = 0; i < 35; i++) expect((await report({ error: `loop ${i}` }, { cookie })).status).toBe(204);
    expect(rows().length - count).toBe(30);
    t.clock.advance(60_000);
    await report({ error: 'after the window' }, { cookie });
    expect(rows().at(-1)?.error).toBe('after the window');
  });
});
