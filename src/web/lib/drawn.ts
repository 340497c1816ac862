import { useSyncExternalStore } from 'react';

/**
 * What a screen drawn on the server (src/lib/screens.ts) decided that the browser would otherwise decide
 * for itself, such as the random first flash card: the server records each decision as it draws, the
 * page carries them, and the browser takes them while it hydrates the drawing, so its first render is
 * the server's (docs/decisions/0065-learner-screens-drawn-on-the-server.md).
 */
const decided = new Map<string, unknown>();

const onServer = typeof window === 'undefined';

/**
 * The value `decide` gives, decided once for a drawn screen: on the server it is recorded; in the
 * browser, while it hydrates that drawing (`hydrated` false, from useHydrated), it is the server's;
 * otherwise `decide` decides.
 */
export function decideOnce<T>(name: string, hydrated: boolean, decide: () => T): T {
  if (!onServer && !hydrated && decided.has(name)) return decided.get(name) as T;
  const value = decide();
  if (onServer) decided.set(name, value);
  return value;
}

/** The decisions the server made while drawing, for the page; or, in the browser, those the page brought. */
export const decisions = (): Record<string, unknown> => Object.fromEntries(decided);

export function takeDecisions(values: Record<string, unknown>) {
  for (const [name, value] of Object.entries(values)) decided.set(name, value);
}

/** Forgotten before the server draws the next screen. */
export const forgetDecisions = () => decided.clear();

const never = () => () => {};

/**
 * False while the server draws and while the browser hydrates a drawing, true otherwise: what only this
 * browser knows (the words it has seen) is drawn once the page is the app's, so hydrating matches.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
