import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { ApiError, server } from '../../lib/api';
import './stats.css';

const WHAT = { daily: 'daily reminder e-mails', weekly: 'weekly summaries' } as const;

/**
 * /unsubscribe?kind=&token=: the link in a reminder mail (docs/decisions/0040-progress-and-reminders.md). Opening it
 * changes nothing (mail scanners open links); the button does, with no sign-in: the token is the proof.
 */
export function UnsubscribePage() {
  const search = useSearch({ from: '/unsubscribe' });
  const kind = search.kind === 'daily' || search.kind === 'weekly' ? search.kind : null;
  const token = search.token ?? '';
  const [state, setState] = useState<'asking' | 'sending' | 'done' | string>('asking');

  async function unsubscribe() {
    if (!kind) return;
    setState('sending');
    try {
      await server.api.reminders.unsubscribe({ kind })({ token }).post();
      setState('done');
    } catch (error) {
      setState(error instanceof ApiError ? error.message : 'Could not unsubscribe. Please try again.');
    }
  }

  return (
    <section className="card narrow stack" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {!kind || !token ? (
        <p role="alert">This unsubscribe link is not complete. Open it from the e-mail again, or change your reminders in Settings.</p>
      ) : state === 'done' ? (
        <p role="status">You will get no more {WHAT[kind]}. You can turn them back on in Settings, on the Learning tab.</p>
      ) : (
        <>
          <p>Stop the {WHAT[kind]} from Kalimat?</p>
          {state !== 'asking' && state !== 'sending' && <p role="alert">{state}</p>}
          <div>
            <button type="button" className="button" onClick={unsubscribe} disabled={state === 'sending'}>
              {state === 'sending' ? 'Unsubscribing...' : `Unsubscribe from ${WHAT[kind]}`}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
