/**
 * Choices this browser keeps that change how a screen first looks: in local storage the explanation
 * popups already closed and the typed-answer option (docs/product-rules.md#screens), in session storage
 * the daily-goal prompt put off for this session. Each is mirrored into a cookie (src/web/lib/kept.ts),
 * so a screen drawn on the server (src/lib/screens.ts) is drawn as the browser will hydrate it: a popup
 * closed last week is not drawn open.
 */
export const KEPT = {
  local: { cookie: 'kept', key: /^(popup-seen:[a-z-]{1,40}|typedAnswers:(\d{1,12}|visitor))$/ },
  // A cookie without an expiry, which the browser drops with its session.
  session: { cookie: 'kept-session', key: /^goal-prompt-dismissed$/ },
} as const;

export type Kept = Record<keyof typeof KEPT, Record<string, string>>;

export const KEPT_VALUE = /^(true|false|1)$/;
/** More than the app ever keeps (a popup per page, an option per learner on this browser). */
const MOST = 40;

/** The kept entries a request's cookies hold; anything else in them is dropped. */
export function parseKept(cookies: string | null): Kept {
  const kept: Kept = { local: {}, session: {} };
  for (const place of ['local', 'session'] as const) {
    const value = cookies?.match(new RegExp(`(?:^|;\\s*)${KEPT[place].cookie}=([^;]*)`))?.[1];
    if (!value) continue;
    let entries: unknown;
    try {
      entries = JSON.parse(decodeURIComponent(value));
    } catch {
      continue;
    }
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) continue;
    for (const [key, item] of Object.entries(entries).slice(0, MOST)) {
      if (KEPT[place].key.test(key) && typeof item === 'string' && KEPT_VALUE.test(item)) kept[place][key] = item;
    }
  }
  return kept;
}
