/**
 * What the modules of the app read from the browser as they load and draw, given to the build's renderer
 * (prerender.tsx) and the server's (server-draw.tsx), which import this first: storage as empty as on a
 * first visit, which the server's fills with what the browser keeps (src/shared/kept.ts).
 */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
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

if (typeof globalThis.localStorage === 'undefined') globalThis.localStorage = emptyStorage();
if (typeof globalThis.sessionStorage === 'undefined') globalThis.sessionStorage = emptyStorage();
