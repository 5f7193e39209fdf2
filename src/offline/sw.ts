/*
 * sw.ts -- the service worker that keeps the built site working offline after the first
 * visit. The precache plugin (precache-plugin.ts) writes it into the build as sw.js:
 * this function's source, called with the build's file list and a version made from
 * their contents. It must therefore stand alone: no imports, no outer names.
 *
 * Install: fetches every file of the build into a cache named for the version, then
 * takes over at once. Activate: claims the open pages. Fetch: same-origin GETs inside
 * the scope are served cache-first; a navigation (every route is a hash of the one page)
 * is served the cached index.html; what is not cached goes to the network. Matching
 * ignores Vary (a module script's request carries an Origin header the precache request
 * did not, and the server says Vary: Origin) and the query (built files are named by
 * their hash). A new build has new file names and a new version, so the browser sees a
 * changed sw.js and installs it.
 *
 * A deploy under an open tab: the new worker takes the tab over, but the tab still runs
 * the old version, whose lazy chunks and worker are no longer on the server. So older
 * versions' caches are kept, and a file not in this version's cache is looked for in
 * them, while a tab may use them: the worker notes which version's page each tab was
 * given (a small record in Cache Storage, so it outlives the worker's restarts), and on
 * activating and on every page load deletes the older caches no open tab runs. A tab it
 * has no note of (opened before the first worker, or under a worker without notes)
 * might run any older version: while one is open, the older caches all stay. The page
 * offers a reload to the new version (update.ts).
 *
 * The page it serves carries the two cross-origin isolation headers
 * (src/build/isolation.ts, repeated here: the worker stands alone), so a host that
 * cannot send headers (GitHub Pages) still gets an isolated page once the worker
 * controls it: the cores page's threads need shared memory.
 */

/** The parts of the service worker global this worker uses (the page's DOM lib has no types for it). */
interface WorkerScope {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<Array<{ id: string }>> };
  addEventListener(type: 'install' | 'activate', listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: 'fetch',
    listener: (event: {
      request: Request;
      resultingClientId?: string;
      respondWith(response: Promise<Response>): void;
      waitUntil(work: Promise<unknown>): void;
    }) => void,
  ): void;
}

export function serviceWorker(precache: readonly string[], version: string): void {
  const sw = self as unknown as WorkerScope;
  const PREFIX = 'stacklab-precache-';
  const cacheName = PREFIX + version;
  const scope = sw.registration.scope;
  const urls = precache.map((file) => new URL(file, scope).href);
  const indexUrl = new URL('index.html', scope).href;
  /** The page with the cross-origin isolation headers (a redirect or an error as it came). */
  const ISOLATION: Record<string, string> = {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  };
  const isolated = (response: Response): Response => {
    if (response.type === 'opaqueredirect' || response.type === 'error' || response.status < 200 || response.status > 299) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  // Which version's cache each tab's page came from (client id -> cache name).
  const TABS = 'stacklab-tabs';
  const tabsUrl = new URL('stacklab-tabs.json', scope).href;
  const readTabs = (): Promise<Record<string, string>> =>
    caches
      .open(TABS)
      .then((cache) => cache.match(tabsUrl))
      .then((response) => (response ? response.json() : {}))
      .catch(() => ({}));

  /** Notes the new tabs (this version's) and deletes older caches no open tab runs. One at a time. */
  let pruning: Promise<unknown> = Promise.resolve();
  const prune = (newTabs: readonly string[]) =>
    (pruning = pruning
      .then(async () => {
        const [tabs, open, names] = await Promise.all([
          readTabs(),
          sw.clients.matchAll({ type: 'window', includeUncontrolled: true }),
          caches.keys(),
        ]);
        const kept: Record<string, string> = {};
        for (const id of newTabs) kept[id] = cacheName;
        let unknown = false;
        for (const { id } of open) {
          if (kept[id] || tabs[id]) kept[id] = kept[id] ?? tabs[id]!;
          else unknown = true;
        }
        await caches.open(TABS).then((cache) => cache.put(tabsUrl, new Response(JSON.stringify(kept))));
        if (unknown) return;
        const inUse = new Set([cacheName, ...Object.values(kept)]);
        await Promise.all(names.filter((name) => name.startsWith(PREFIX) && !inUse.has(name)).map((name) => caches.delete(name)));
      })
      .catch(() => undefined));

  sw.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) => cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' }))))
        .then(() => sw.skipWaiting()),
    );
  });

  sw.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys().then(async (names) => {
        // The first worker of the site: the tabs open now loaded this version (from the network).
        const first = !names.some((name) => name.startsWith(PREFIX) && name !== cacheName);
        const open = first ? await sw.clients.matchAll({ type: 'window', includeUncontrolled: true }) : [];
        await prune(open.map((tab) => tab.id));
        await sw.clients.claim();
      }),
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
      event.respondWith(
        caches
          .open(cacheName)
          .then((cache) => cache.match(indexUrl, { ignoreVary: true }))
          .then((cached) => cached ?? fetch(request))
          .then(isolated),
      );
      event.waitUntil(prune(event.resultingClientId ? [event.resultingClientId] : []));
      return;
    }
    const options = { ignoreSearch: true, ignoreVary: true };
    event.respondWith(
      caches
        .open(cacheName)
        .then((cache) => cache.match(request, options))
        // An older version's file, for a tab that still runs it.
        .then((cached) => cached ?? caches.match(request, options))
        .then((cached) => cached ?? fetch(request)),
    );
  });
}
