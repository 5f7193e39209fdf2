/*
 * sw.ts -- the service worker that keeps the built site working offline after the first
 * visit. The precache plugin (precache-plugin.ts) writes it into the build as sw.js:
 * this function's source, called with the build's file list and a version made from
 * their contents. It must therefore stand alone: no imports, no outer names.
 *
 * Install: fetches every file of the build into a cache named for the version, then
 * takes over at once. Activate: deletes this site's caches of other versions and
 * claims the open pages. Fetch: same-origin GETs inside the scope are served
 * cache-first; a navigation (every route is a hash of the one page) is served the
 * cached index.html; what is not cached goes to the network. Matching ignores Vary (a
 * module script's request carries an Origin header the precache request did not, and
 * the server says Vary: Origin) and the query (built files are named by their hash). A new build has new file
 * names and a new version, so the browser sees a changed sw.js and installs it.
 */

/** The parts of the service worker global this worker uses (the page's DOM lib has no types for it). */
interface WorkerScope {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'fetch', listener: (event: { request: Request; respondWith(response: Promise<Response>): void }) => void): void;
}

export function serviceWorker(precache: readonly string[], version: string): void {
  const sw = self as unknown as WorkerScope;
  const PREFIX = 'stacklab-precache-';
  const cacheName = PREFIX + version;
  const scope = sw.registration.scope;
  const urls = precache.map((file) => new URL(file, scope).href);
  const indexUrl = new URL('index.html', scope).href;

  sw.addEventListener('install', (event) => {
    event.waitUntil(
      caches.open(cacheName)
        .then((cache) => cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' }))))
        .then(() => sw.skipWaiting()),
    );
  });

  sw.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys()
        .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== cacheName).map((name) => caches.delete(name))))
        .then(() => sw.clients.claim()),
    );
  });

  sw.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || !request.url.startsWith(scope)) return;
    // The app's page (every route is a hash of it) comes from the cache; other pages of
    // the build (lessons/<id>.html, for oEmbed) are files like any other.
    if (request.mode === 'navigate' && (url.pathname === new URL(scope).pathname || url.href.split(/[?#]/)[0] === indexUrl)) {
      event.respondWith(caches.open(cacheName)
        .then((cache) => cache.match(indexUrl, { ignoreVary: true }))
        .then((cached) => cached ?? fetch(request)));
      return;
    }
    event.respondWith(caches.open(cacheName)
      .then((cache) => cache.match(request, { ignoreSearch: true, ignoreVary: true }))
      .then((cached) => cached ?? fetch(request)));
  });
}
