import { KEPT, KEPT_VALUE } from '../../shared/kept';

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
