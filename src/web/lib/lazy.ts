import { lazy, type ComponentType } from 'react';

const RETRY_MS = 2000;

/**
 * React.lazy for a part of the frame that must come whatever happens (the save queue, the toasts): a
 * chunk that fails to load (the server restarting during a deploy, a moment without network) is fetched
 * again every 2 s, instead of throwing the whole page into its error screen. Chromium fetches a module
 * that failed again on the next import.
 */
// `any` as in React's own lazy: the props are the component's to declare.
export function lazyRetrying<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    for (;;) {
      try {
        return await load();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  });
}
