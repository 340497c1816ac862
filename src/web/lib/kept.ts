import { useEffect, useState } from 'react';
import { KEPT, KEPT_VALUE } from '../../shared/kept';
import { decideOnce, useHydrated } from './drawn';

const storage = (place: keyof typeof KEPT) => (place === 'local' ? localStorage : sessionStorage);

/** Writes the cookies of src/shared/kept.ts from the browser's storage: at every start (a choice made before they existed) and on each change. */
export function mirrorKept() {
  for (const place of ['local', 'session'] as const) {
    const { cookie, key: kept } = KEPT[place];
    const store = storage(place);
    const entries: Record<string, string> = {};
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      const value = key === null ? null : store.getItem(key);
      if (key !== null && value !== null && kept.test(key) && KEPT_VALUE.test(value)) entries[key] = value;
    }
    const expiry = place === 'local' ? '; max-age=31536000' : '';
    document.cookie = `${cookie}=${encodeURIComponent(JSON.stringify(entries))}; path=/${expiry}; samesite=lax`;
  }
}

/** Keeps a choice in the browser's storage, and in its cookie. */
export function keep(key: string, value: 'true' | 'false' | '1', place: keyof typeof KEPT = 'local') {
  storage(place).setItem(key, value);
  mirrorKept();
}

/**
 * A kept choice as a component shows it (`read` reads it from the browser's storage): while a page the
 * server drew is hydrated, as the server drew it, then as this browser keeps it. The two differ only
 * where the cookie and the storage do (a choice made before the cookie existed): hydrating then matches
 * the drawing, and the choice is corrected right after.
 */
export function useKeptChoice<T>(name: string, read: () => T) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(() => decideOnce(`kept:${name}`, hydrated, read));
  useEffect(() => {
    if (hydrated) setValue(read());
  }, [hydrated, name]);
  return [value, setValue] as const;
}
