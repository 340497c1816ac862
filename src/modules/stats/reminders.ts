import { randomBytes } from 'node:crypto';
import { eq, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';
import type { AuthService } from '../auth/service';
import { addDays } from '../../lib/calendar';
import type { GoalView, ProgressDay } from './goal';
import type { Push } from './push';
import { reminderSends, reminderSettings } from './schema';

export const REMINDER_KINDS = ['daily', 'weekly'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderSettings {
  /** The hour (0-23, the learner's own) of the daily reminder; null: none. */
  dailyHour: number | null;
  weekly: boolean;
}

/** The weekly summary goes out on Mondays at the daily reminder's hour, or at this one without it. */
const WEEKLY_HOUR = 9;
/** How often the reminders are looked for: each goes out within this of its hour. */
const REMINDER_CHECK_MS = 20_000;
/** The same on a server whose clock journeys move (MOVABLE_CLOCK): a moved hour is seen within a second, not twenty. */
export const MOVED_CLOCK_CHECK_MS = 1000;

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour (0-23) of an instant in a time zone. */
function hourIn(at: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) hourFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })));
  return Number(format.format(at));
}
const isMonday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() === 1;
/** An unsubscribe token: 32 random bytes, unguessable. */
const newToken = () => randomBytes(32).toString('base64url');

interface Learner {
  id: number;
  name: string;
  email: string;
}

/**
 * Reminder e-mails (docs/decisions/0040-progress-and-reminders.md): at the learner's chosen hour, only on a day whose
 * goal is not met yet while their day streak is at risk, and a weekly summary; each with a one-click
 * unsubscribe (RFC 8058) by a token of that list's own (docs/decisions/0067-push-reaches-only-push-services.md).
 * A send is reserved in the database before the mail goes, so no run, restart or second machine sends one twice.
 */
export function createReminders(
  ctx: AppContext,
  deps: {
    auth: AuthService;
    push: Push;
    todayOf: (userId: number) => string;
    timeZoneOf: (userId: number) => string;
    goalOf: (userId: number) => GoalView;
    daysOf: (userId: number, count: number) => ProgressDay[];
  },
) {
  const { db, mail, config, clock } = ctx;
  const P = sql.placeholder;
  const readSettings = db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, P('userId')))
    .prepare();
  const wanted = db
    .select()
    .from(reminderSettings)
    .where(or(isNotNull(reminderSettings.dailyHour), eq(reminderSettings.weekly, true)))
    .prepare();
  const reserve = db
    .insert(reminderSends)
    .values({ userId: P('userId'), kind: P('kind'), period: P('period') })
    .onConflictDoNothing()
    .returning({ id: reminderSends.id })
    .prepare();

  function unsubscribeHeaders(token: string, kind: ReminderKind) {
    return {
      'List-Unsubscribe': `<${config.appUrl}/api/reminders/unsubscribe/${kind}/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  const pageLink = (token: string, kind: ReminderKind) => `${config.appUrl}/unsubscribe?kind=${kind}&token=${token}`;

  function dailyMail(learner: Learner, view: GoalView, token: string) {
    const goal = view.goal!;
    const left =
      goal.kind === 'cards'
        ? `${Math.max(0, goal.amount - view.today.cards)} more cards`
        : `${Math.max(0, goal.amount - Math.floor(view.today.seconds / 60))} more minutes`;
    return {
      to: learner.email,
      subject: `Keep your ${view.dayStreak}-day streak going`,
      text: [
        `Hello ${learner.name},`,
        '',
        `Your day streak is ${view.dayStreak} ${view.dayStreak === 1 ? 'day' : 'days'}. Today's goal needs ${left}: a few minutes of Lebanese keep it alive.`,
        view.freezes > 0 ? `(A streak freeze would cover today, but it is better kept for a day you cannot practise.)` : '',
        '',
        `${config.appUrl}/words`,
        '',
        `No more daily reminders: ${pageLink(token, 'daily')}`,
      ].join('\n'),
      headers: unsubscribeHeaders(token, 'daily'),
    };
  }

  function weeklyMail(learner: Learner, week: ProgressDay[], view: GoalView, token: string) {
    const answered = week.reduce((n, d) => n + d.answered, 0);
    const correct = week.reduce((n, d) => n + d.correct, 0);
    const minutes = Math.round(week.reduce((n, d) => n + d.seconds, 0) / 60);
    const practised = week.filter((d) => d.answered > 0 || d.seconds > 0).length;
    return {
      to: learner.email,
      subject: 'Your week of Lebanese',
      text: [
        `Hello ${learner.name},`,
        '',
        `Last week you practised on ${practised} of 7 days: ${answered} answers${answered > 0 ? ` (${Math.round((correct / answered) * 100)}% right)` : ''} and ${minutes} minutes of learning.`,
        `Your day streak is ${view.dayStreak} ${view.dayStreak === 1 ? 'day' : 'days'}, with ${view.freezes} streak ${view.freezes === 1 ? 'freeze' : 'freezes'} in hand.`,
        '',
        `${config.appUrl}/stats`,
        '',
        `No more weekly summaries: ${pageLink(token, 'weekly')}`,
      ].join('\n'),
      headers: unsubscribeHeaders(token, 'weekly'),
    };
  }

  /** Reserves the send (committed before the mail goes: at most once, even across a restart mid-run), then sends. */
  async function sendOnce(userId: number, kind: ReminderKind, period: string, make: () => Parameters<typeof mail.send>[0]) {
    if (!reserve.get({ userId, kind, period })) return false;
    const made = make();
    await mail.send(made);
    // The browsers the learner opted in hear of the daily reminder too, under the same reservation.
    if (kind === 'daily') await deps.push.push(userId, { title: made.subject, body: made.text.split('\n')[2]!, url: '/words' });
    return true;
  }

  return {
    remindersOf(userId: number): ReminderSettings {
      const row = readSettings.get({ userId });
      return { dailyHour: row?.dailyHour ?? null, weekly: row?.weekly ?? false };
    },

    /**
     * Sets the learner's reminders. A list turned on (again) gets a new unsubscribe token, so the links in
     * the mails of before no longer touch it. Run in the write queue: the read and the write are one transaction.
     */
    setReminders(userId: number, next: ReminderSettings) {
      const row = readSettings.get({ userId });
      const dailyToken = next.dailyHour !== null && (row?.dailyHour ?? null) === null ? newToken() : (row?.dailyToken ?? null);
      const weeklyToken = next.weekly && !row?.weekly ? newToken() : (row?.weeklyToken ?? null);
      const set = { ...next, dailyToken, weeklyToken };
      db.insert(reminderSettings)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: reminderSettings.userId, set })
        .run();
    },

    /**
     * One-click unsubscribe by a mail's token: the list that token belongs to stops, no other. A token stays
     * good for its list (a second click or a provider's retry answers the same) until the list is turned on
     * again. False for a token that is not this list's.
     */
    unsubscribe(kind: ReminderKind, token: string): boolean {
      const [column, off] =
        kind === 'daily' ? [reminderSettings.dailyToken, { dailyHour: null }] : [reminderSettings.weeklyToken, { weekly: false }];
      return db.update(reminderSettings).set(off).where(eq(column, token)).returning({ id: reminderSettings.id }).all().length > 0;
    },

    /** Sends what is due at this moment; returns how many mails went. */
    async sendDue(): Promise<number> {
      const now = clock.now();
      const hidden = new Set(deps.auth.markedForDeletionIds());
      let sent = 0;
      for (const row of wanted.all()) {
        if (hidden.has(row.userId)) continue;
        const user = deps.auth.getUser(row.userId);
        if (!user) continue;
        const hour = hourIn(now, deps.timeZoneOf(row.userId));
        const today = deps.todayOf(row.userId);
        // A list that is on has its token (setReminders draws it as the list is turned on).
        const { dailyToken, weeklyToken } = row;
        if (row.dailyHour === hour && dailyToken) {
          const view = deps.goalOf(row.userId);
          // At risk: a streak to lose (or a freeze to spend) and today's goal not met yet.
          if (
            view.goal &&
            !view.today.met &&
            view.dayStreak > 0 &&
            (await sendOnce(row.userId, 'daily', today, () => dailyMail(user, view, dailyToken)))
          )
            sent++;
        }
        if (row.weekly && weeklyToken && isMonday(today) && hour === (row.dailyHour ?? WEEKLY_HOUR)) {
          const week = deps.daysOf(row.userId, 8).slice(0, 7);
          if (await sendOnce(row.userId, 'weekly', addDays(today, -7), () => weeklyMail(user, week, deps.goalOf(row.userId), weeklyToken)))
            sent++;
        }
      }
      return sent;
    },
  };
}

/** The reminders' job: the primary alone sends (the reservations are writes). */
export function reminderJob(stats: { sendDue(): Promise<number> }, config: { MOVABLE_CLOCK: boolean }): Job<Promise<number>> {
  return {
    name: 'reminders',
    everyMs: config.MOVABLE_CLOCK ? MOVED_CLOCK_CHECK_MS : REMINDER_CHECK_MS,
    primaryOnly: true,
    run: () => stats.sendDue(),
  };
}
