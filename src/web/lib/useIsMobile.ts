import { useSyncExternalStore } from 'react';

/** The mobile layout starts under 768 px (docs/product-rules.md#screens). */
const MOBILE = '(max-width: 767px)';

function subscribe(change: () => void) {
  const list = window.matchMedia(MOBILE);
  list.addEventListener('change', change);
  return () => list.removeEventListener('change', change);
}

/**
 * Whether the screen is a phone's. A page the build drew (prerender.tsx) knows no screen: it is drawn
 * wide, and hydrating it starts from the same before taking the screen's width.
 */
export function useIsMobile() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE).matches,
    () => false,
  );
}
