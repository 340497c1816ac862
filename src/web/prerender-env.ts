/**
 * What the modules of the app read from the browser as they load, given to the build's renderer
 * (prerender.tsx imports this first): an empty local storage, as on a first visit.
 */
if (typeof globalThis.localStorage === 'undefined') {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
