// The browser's time zone, read off the page's thread (src/web/features/stats/activity.ts); the worker then ends.
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
close();
