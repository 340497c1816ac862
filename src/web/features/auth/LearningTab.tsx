import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goalQuery, useGoal } from '../../lib/goal';
import { ApiError, server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';
import { GoalPicker } from '../../ui/GoalPicker';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { LOAD_FAILURES } from '../../lib/messages';
import { toast } from '../../ui/toast';
import { NEW_CARDS_LIMITS } from '../../../modules/review/rules';
import './auth.css';

type ReviewSettings = Reply<typeof server.api.review.settings.get>;
type ReminderSettings = Reply<typeof server.api.reminders.get>;

const reviewSettingsQuery = read(server.api.review.settings);
const remindersQuery = read(server.api.reminders);
const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** The retentions offered: FSRS's default 90% in the middle (docs/decisions/0039-review-controls.md). */
const RETENTIONS = [0.8, 0.85, 0.9, 0.93, 0.95];

/** Settings' Learning tab: the daily goal (docs/product-rules.md#daily-goal-and-day-streak) and the memory review's settings. */
export function LearningTab() {
  const goal = useGoal();
  const review = useQuery(reviewSettingsQuery);
  const reminders = useQuery(remindersQuery);
  return (
    <div className="stack">
      <section className="stack" aria-labelledby="settings-goal">
        <h2 id="settings-goal">Daily goal</h2>
        <p className="muted">
          Minutes of practice or cards answered each day, counted in your own time zone. Meeting it grows your day streak.
        </p>
        <QueryBoundary query={goal} failure={{ message: LOAD_FAILURES.goal, queryKey: goalQuery.queryKey }}>
          {(view) => <GoalPicker current={view.goal} />}
        </QueryBoundary>
      </section>
      <section className="stack" aria-labelledby="settings-reminders">
        <h2 id="settings-reminders">Reminders</h2>
        <QueryBoundary query={reminders} failure={{ message: LOAD_FAILURES.reminders, queryKey: remindersQuery.queryKey }}>
          {(settings) => <RemindersForm current={settings} />}
        </QueryBoundary>
      </section>
      <section className="stack" aria-labelledby="settings-review">
        <h2 id="settings-review">Memory review</h2>
        <QueryBoundary query={review} failure={{ message: LOAD_FAILURES.reviewSettings, queryKey: reviewSettingsQuery.queryKey }}>
          {(settings) => <ReviewSettingsForm current={settings} />}
        </QueryBoundary>
      </section>
    </div>
  );
}

/** The reminder e-mails (docs/decisions/0040-progress-and-reminders.md): a daily one at an hour of the learner's day, and a weekly summary. */
function RemindersForm({ current }: { current: ReminderSettings }) {
  const queryClient = useQueryClient();
  const [daily, setDaily] = useState(current.dailyHour !== null);
  const [hour, setHour] = useState(current.dailyHour ?? 18);
  const [weekly, setWeekly] = useState(current.weekly);
  const save = useMutation({
    mutationFn: (next: ReminderSettings) => server.api.reminders.put(next),
    onSuccess: (saved) => queryClient.setQueryData(remindersQuery.queryKey, saved),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ dailyHour: daily ? hour : null, weekly });
      toast.success('Reminders saved');
    } catch (error) {
      toast.error('Could not save the reminders', { description: error instanceof ApiError ? error.message : undefined });
    }
  }

  return (
    <form className="stack review-settings" onSubmit={submit}>
      <label>
        <input type="checkbox" checked={daily} onChange={(e) => setDaily(e.target.checked)} /> Daily reminder e-mail
      </label>
      {daily && (
        <label>
          Send it at{' '}
          <select value={hour} onChange={(e) => setHour(Number(e.target.value))}>
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, '0')}:00
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="muted">Only on a day your goal is not met yet and your day streak is at risk.</p>
      <label>
        <input type="checkbox" checked={weekly} onChange={(e) => setWeekly(e.target.checked)} /> Weekly summary e-mail (Mondays)
      </label>
      <div>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save reminders'}
        </button>
      </div>
      <PushSwitch />
    </form>
  );
}

/** Opt-in web push on this browser: the daily reminder as a notification too; where push is not set up, a line that says so. */
function PushSwitch() {
  const key = useQuery({ ...read(server.api.push.key), retry: false });
  const [state, setState] = useState<'idle' | 'working' | 'on'>('idle');
  if (!key.data) return null;
  const { publicKey } = key.data;
  if (!publicKey || typeof Notification === 'undefined' || !('serviceWorker' in navigator)) {
    return (
      <p className="muted push-unavailable">
        {publicKey
          ? 'This browser cannot show notifications: reminders come by e-mail.'
          : 'Notifications on this browser are unavailable here: reminders come by e-mail.'}
      </p>
    );
  }

  async function turnOn() {
    setState('working');
    try {
      if ((await Notification.requestPermission()) !== 'granted')
        throw new Error('Notifications are blocked for this site in the browser.');
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      const { endpoint, keys } = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await server.api.push.subscriptions.post({ endpoint, keys });
      setState('on');
      toast.success('Notifications on', { description: 'This browser will show the daily reminder too.' });
    } catch (error) {
      setState('idle');
      toast.error('Could not turn on notifications', { description: error instanceof Error ? error.message : undefined });
    }
  }

  return state === 'on' ? (
    <p role="status">This browser shows the daily reminder as a notification.</p>
  ) : (
    <div>
      <button type="button" className="button button-secondary" onClick={turnOn} disabled={state === 'working'}>
        Also notify me on this browser
      </button>
    </div>
  );
}

function ReviewSettingsForm({ current }: { current: ReviewSettings }) {
  const queryClient = useQueryClient();
  const [desiredRetention, setRetention] = useState(current.desiredRetention);
  const [newCardsPerDay, setNewCards] = useState(String(current.newCardsPerDay));
  const save = useMutation({
    mutationFn: (next: ReviewSettings) => server.api.review.settings.put(next),
    onSuccess: (saved) => queryClient.setQueryData(reviewSettingsQuery.queryKey, saved),
  });
  const retentions = RETENTIONS.includes(desiredRetention) ? RETENTIONS : [...RETENTIONS, desiredRetention].sort();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ desiredRetention, newCardsPerDay: Number(newCardsPerDay) });
      toast.success('Review settings saved');
    } catch (error) {
      toast.error('Could not save the review settings', { description: error instanceof ApiError ? error.message : undefined });
    }
  }

  return (
    <form className="stack review-settings" onSubmit={submit}>
      <label>
        Desired retention{' '}
        <select value={desiredRetention} onChange={(e) => setRetention(Number(e.target.value))}>
          {retentions.map((r) => (
            <option key={r} value={r}>
              {Math.round(r * 100)}%
            </option>
          ))}
        </select>
      </label>
      <p className="muted">
        How likely you should be to remember a word when it comes back. Higher brings words back sooner and more often.
      </p>
      <label>
        New cards a day{' '}
        <input
          type="number"
          inputMode="numeric"
          min={NEW_CARDS_LIMITS.min}
          max={NEW_CARDS_LIMITS.max}
          step={1}
          required
          value={newCardsPerDay}
          onChange={(e) => setNewCards(e.target.value)}
        />
      </label>
      <p className="muted">How many words you meet for the first time may join your memory review each day.</p>
      <div>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save review settings'}
        </button>
      </div>
    </form>
  );
}
