/// <reference lib="webworker" />
import type { OfflineMessage } from './lib/offline';
/**
 * The service worker: keeps this build's app shell (HTML, scripts, styles, fonts) and the signed-in
 * learner's last-read data, so a repeat visit loads its files from disk and practice keeps working
 * without a network. scripts/build.ts defines PRECACHE (every file of the build) and VERSION (a hash of
 * them), so a new deploy is a new worker with its own cache.
 */
declare const self: ServiceWorkerGlobalScope;
declare const PRECACHE: string[];
declare const VERSION: string;

const SHELL = `kalimat-shell-${VERSION}`;
/** What the page last read from the API for the signed-in learner (see lib/offline.ts). */
const DATA = 'kalimat-data';
const SHELL_PAGE = '/index.html';
/**
 * The API reads kept for a visit without a network: the learner, the deck, the topics, the flagged words,
 * the streak, the words due for review, the spelling table, the dialogues and the conversations opened.
 */
const OFFLINE_READS =
  /^\/api\/(user|user\/trial-status|subscription\/status|streak|verbs|words|words\/(batch|flagged|topics-with-progress|by-topic\/[^/]+)|review\/due|spelling|dialogues|dialogues\/[0-9]+|conversations|conversations\/[0-9]+)$/;
/** The clips the page played (a dialogue's lines among them), so they play again without a network. */
const AUDIO = 'kalimat-audio';
const SPEECH = '/api/tts';
/** The most clips kept; the oldest go first. */
const AUDIO_KEPT = 500;

async function keepClip(path: string) {
  const cache = await caches.open(AUDIO);
  if (await cache.match(path)) return;
  await cache.add(path);
  const kept = await cache.keys();
  await Promise.all(kept.slice(0, Math.max(0, kept.length - AUDIO_KEPT)).map((request) => cache.delete(request)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Files of older builds go: a page still running one that asks for its old chunk is reloaded by the
  // router into the new build rather than mixing the two. Pages are not claimed: the worker serves the
  // next visit, and the page that installed it keeps talking to the network as it started.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('kalimat-shell-') && name !== SHELL).map((name) => caches.delete(name))),
      ),
  );
});

const LEARNER = '/api/__learner';

/** The learner's data is kept for one learner: another one (or none) empties it first. */
async function keepFor(id: number | null) {
  const cache = await caches.open(DATA);
  const kept = await cache.match(LEARNER);
  if (kept && (await kept.json()) === id) return;
  await caches.delete(DATA);
  if (id !== null) await (await caches.open(DATA)).put(LEARNER, Response.json(id));
}

/** Messages are handled one after another, so data never lands before the learner it belongs to. */
let handled = Promise.resolve();

self.addEventListener('message', (event) => {
  const message = event.data as OfflineMessage | undefined;
  handled = handled
    .then(async () => {
      if (message?.type === 'learner') await keepFor(message.id);
      else if (message?.type === 'clip' && new URL(message.path, self.location.origin).pathname === SPEECH) await keepClip(message.path);
      else if (message?.type === 'data' && OFFLINE_READS.test(new URL(message.path, self.location.origin).pathname)) {
        const cache = await caches.open(DATA);
        if (await cache.match(LEARNER)) await cache.put(message.path, Response.json(message.data));
      }
    })
    .catch(() => {});
  event.waitUntil(handled);
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;

  if (url.pathname === SPEECH) {
    // A clip from the network while there is one, else the copy kept when the page played it.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(url.pathname + url.search, { cacheName: AUDIO }).then((cached) => cached ?? Response.error()),
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/api/')) {
    // The reads practice needs come from the network while there is one, else from the learner's last
    // copy; a read never made fails as a network error would. The rest of the API is left alone.
    if (!OFFLINE_READS.test(url.pathname)) return;
    event.respondWith(
      fetch(request).catch(() => caches.match(url.pathname + url.search, { cacheName: DATA }).then((cached) => cached ?? Response.error())),
    );
    return;
  }

  if (request.mode === 'navigate') {
    // The page from the network, so a new deploy is picked up at once; this build's copy without one.
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL_PAGE, { cacheName: SHELL }).then((cached) => cached ?? Response.error())),
    );
    return;
  }

  event.respondWith(caches.match(request, { cacheName: SHELL }).then((cached) => cached ?? fetch(request)));
});

/** A reminder pushed by the server (docs/decisions/0040-progress-and-reminders.md): shown as a notification that opens its page. */
self.addEventListener('push', (event) => {
  const message = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string };
  event.waitUntil(
    self.registration.showNotification(message.title ?? 'Kalimat', {
      body: message.body,
      data: { url: message.url ?? '/words' },
      icon: '/icons/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/words', self.location.origin);
  // Only this app's own pages: the address came from the server, but a notification is no place to leave the site.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
