import { useEffect } from 'react';
import { post } from '../../lib/api';

/** How often a visible tab reports; the server credits the time between reports (up to a minute). */
export const ACTIVITY_BEAT_MS = 15_000;

/** One id per browser tab, kept across reloads of that tab. */
function tabSessionId(): string {
  const key = 'kalimat.activity-session';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return id;
}

/**
 * Learning time and the learner's time zone (A §3 session analytics; DECISIONS: study days count in the
 * browser's zone): while a signed-in tab is visible it reports the page it shows every 15 seconds.
 */
export function useActivityTracking(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const sessionId = tabSessionId();
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      // Analytics never interrupt the learner: a failed report is simply the next one's job.
      post('/api/analytics/activity', { sessionId, page: location.pathname, timeZone }, { nullOn401: true }).catch(() => {});
    };
    beat();
    const timer = setInterval(beat, ACTIVITY_BEAT_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [signedIn]);
}
