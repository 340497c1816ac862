import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { server } from '../../lib/api';
import { activityNow, onActivityChange, type Activity } from '../../lib/activity-time';
import { sessionAnalyticsQuery } from './queries';

/** How often a visible tab reports; the server credits the time between reports (up to a minute). */
export const ACTIVITY_BEAT_MS = 15_000;

const SESSION_KEY = 'kalimat.activity-session';

/**
 * One id per visible stretch of a browser tab, kept across reloads. The server credits the time between
 * two beats of one session, so a tab coming back into view starts a new one: hidden time is not learning.
 */
function tabSessionId(fresh = false): string {
  let id = fresh ? null : sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

const TIME_ZONE_KEY = 'kalimat.time-zone';

/**
 * The browser's time zone, read by a worker (public/time-zone.js): a page's first Intl call loads ICU's
 * data, about 25 ms on a laptop and 100 ms on a phone, and on the page's thread it lengthened the task
 * that draws the first screen (bench:web). Read once per tab and kept across reloads, as the activity
 * session is: a worker started and ended with every page load cost a phone's other core about 70 ms,
 * and Playwright's client once lost track of such a worker ended while a test opened the next page.
 * Undefined where no worker answers within two seconds; the server then keeps the zone it was last told.
 */
function readTimeZone(): Promise<string | undefined> {
  const known = sessionStorage.getItem(TIME_ZONE_KEY);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const done = (zone?: string) => {
      clearTimeout(timer);
      worker?.terminate();
      if (zone) sessionStorage.setItem(TIME_ZONE_KEY, zone);
      resolve(zone);
    };
    const timer = setTimeout(done, 2000);
    let worker: Worker | undefined;
    try {
      worker = new Worker('/time-zone.js');
      worker.onmessage = (event: MessageEvent<unknown>) => done(typeof event.data === 'string' ? event.data : undefined);
      worker.onerror = () => done();
    } catch {
      done();
    }
  });
}

/**
 * Learning time (docs/product-rules.md#learning-time) and the learner's time zone, in which days in a row
 * count. While a signed-in tab is visible it reports the page it shows every 15 seconds; the
 * server credits the time since the previous report to that page's feature. So the time up to leaving a
 * page, or hiding the tab, is reported for the page it was spent on. A report refreshes the learning
 * time an open /stats shows. Mounted once, by the navigation that every signed-in page shows.
 */
export function useActivityTracking() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The page the time since the last report was spent on.
  const shown = useRef(pathname);
  const report = useRef<(page: string, activity?: Activity) => void>(() => {});

  useEffect(() => {
    let sessionId = tabSessionId();
    const timeZone = readTimeZone();
    report.current = (page, activity = activityNow()) => {
      const session = sessionId;
      // Analytics never interrupt the learner: a failed report is simply the next one's job.
      timeZone
        .then((zone) => server.api.analytics.activity.post({ sessionId: session, page, activity, timeZone: zone }, { nullOn401: true }))
        .then(() => queryClient.invalidateQueries({ queryKey: sessionAnalyticsQuery.queryKey }))
        .catch(() => {});
    };
    const beat = () => {
      if (document.visibilityState === 'visible') report.current(shown.current);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return report.current(shown.current);
      sessionId = tabSessionId(true);
      report.current(shown.current);
    };
    beat();
    const timer = setInterval(beat, ACTIVITY_BEAT_MS);
    // Speaking or listening starts with a report of the time before it and ends with one of its own time.
    const stopActivities = onActivityChange((activity) => {
      if (document.visibilityState === 'visible') report.current(shown.current, activity);
    });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      stopActivities();
      document.removeEventListener('visibilitychange', onVisibility);
      report.current = () => {};
    };
  }, [queryClient]);

  useEffect(() => {
    if (shown.current === pathname) return;
    if (document.visibilityState === 'visible') report.current(shown.current);
    shown.current = pathname;
  }, [pathname]);
}
