// The offline service worker, run as the build writes it (precache-plugin.ts's
// serviceWorkerSource) against a small in-memory Cache Storage: install precaches every
// file of the list under a versioned name, activate deletes this site's older caches
// (and no one else's) that no open tab runs and claims the pages, fetch serves cached
// files (an older version's, for a tab still running it) and the cached page for
// navigations first (the page with the cross-origin isolation headers) and goes to the
// network for the rest.
import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from './precache-plugin.js';

type Listener = (event: Record<string, unknown>) => void;

/** A Cache Storage in memory, keyed by URL without query (as the worker matches). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: Request | string) => (typeof request === 'string' ? request : request.url).split('?')[0]!;
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const s = store;
    return {
      addAll: async (requests: Request[]) => {
        for (const request of requests) s.set(key(request), new Response(`body of ${request.url}`));
      },
      put: async (request: Request | string, response: Response) => {
        s.set(key(request), response);
      },
      match: async (request: Request | string) => s.get(key(request))?.clone(),
    };
  };
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
      // Every cache, oldest first (as Cache Storage searches).
      match: async (request: Request | string) =>
        [...stores.values()]
          .map((store) => store.get(key(request)))
          .find(Boolean)
          ?.clone(),
    },
  };
}

/** The pages open in the browser (client ids), shared by the workers of one test. */
type Tabs = { ids: string[] };

function startWorker(
  files: string[],
  version: string,
  shared: { caches?: ReturnType<typeof fakeCaches>; tabs?: Tabs } = {},
  scope = 'https://example.org/lab/',
) {
  const listeners = new Map<string, Listener>();
  const caches = shared.caches ?? fakeCaches();
  const tabs = shared.tabs ?? { ids: [] };
  let claimed = false;
  let skipped = false;
  const network: string[] = [];
  const self = {
    registration: { scope },
    location: new URL(scope),
    skipWaiting: async () => {
      skipped = true;
    },
    clients: {
      claim: async () => {
        claimed = true;
      },
      matchAll: async () => tabs.ids.map((id) => ({ id })),
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  const fetch = async (request: Request) => {
    network.push(request.url);
    return new Response('from the network');
  };
  new Function('self', 'caches', 'fetch', serviceWorkerSource(files, version))(self, caches.api, fetch);
  const lifecycle = async (type: 'install' | 'activate') => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({
      waitUntil: (p: Promise<unknown>) => {
        work = p;
      },
    });
    await work;
  };
  let last: Response | undefined;
  /** A request from a page; a navigation's new page gets the client id `tab`. */
  const request = async (url: string, mode: RequestMode | 'navigate' = 'cors', method = 'GET', tab?: string) => {
    let response: Promise<Response> | undefined;
    const work: Promise<unknown>[] = [];
    const req = { url, method, mode } as unknown as Request;
    listeners.get('fetch')!({
      request: req,
      resultingClientId: tab,
      respondWith: (r: Promise<Response>) => {
        response = r;
      },
      waitUntil: (p: Promise<unknown>) => {
        work.push(p);
      },
    });
    last = response ? await response : undefined;
    const text = last ? last.clone().text() : 'not handled';
    await Promise.all(work);
    return text;
  };
  return { caches, lifecycle, request, network, state: () => ({ claimed, skipped }), last: () => last };
}

describe('offline service worker', () => {
  const files = ['index.html', 'assets/index-abc.js', 'assets/stacklab-def.wasm', 'favicon.svg'];

  it('precaches every file under a versioned cache, then takes over', async () => {
    const worker = startWorker(files, 'v1');
    await worker.lifecycle('install');
    const store = worker.caches.stores.get('stacklab-precache-v1')!;
    expect([...store.keys()].sort()).toEqual(files.map((f) => `https://example.org/lab/${f}`).sort());
    expect(worker.state().skipped).toBe(true);
  });

  it('activating deletes older versions of its own cache only, and claims the pages', async () => {
    const worker = startWorker(files, 'v2');
    await worker.caches.api.open('stacklab-precache-v1');
    await worker.caches.api.open('someone-else');
    await worker.lifecycle('install');
    await worker.lifecycle('activate');
    expect([...worker.caches.stores.keys()].sort()).toEqual(['someone-else', 'stacklab-precache-v2', 'stacklab-tabs']);
    expect(worker.state().claimed).toBe(true);
  });

  it('serves files and navigations from the cache first, the rest from the network', async () => {
    const worker = startWorker(files, 'v1');
    await worker.lifecycle('install');
    expect(await worker.request('https://example.org/lab/assets/index-abc.js')).toBe('body of https://example.org/lab/assets/index-abc.js');
    expect(await worker.request('https://example.org/lab/assets/stacklab-def.wasm?x=1')).toMatch(/^body of .*wasm$/);
    // Every route is a hash of the one page: any navigation in scope gets index.html.
    expect(await worker.request('https://example.org/lab/', 'navigate')).toBe('body of https://example.org/lab/index.html');
    expect(worker.network).toEqual([]);
    expect(await worker.request('https://example.org/lab/not-built.txt')).toBe('from the network');
    // Other pages of the build (lessons/<id>.html, written for oEmbed) are not the app's page.
    expect(await worker.request('https://example.org/lab/lessons/the-thundering-herd.html', 'navigate')).toBe('from the network');
    // Outside the scope, other origins and non-GET requests are not the worker's business.
    expect(await worker.request('https://example.org/other/app.js')).toBe('not handled');
    expect(await worker.request('https://cdn.example.com/lab/x.js')).toBe('not handled');
    expect(await worker.request('https://example.org/lab/assets/index-abc.js', 'cors', 'POST')).toBe('not handled');
  });

  it('serves the page cross-origin isolated (COOP and COEP added), and files as they were cached', async () => {
    const worker = startWorker(files, 'v1');
    await worker.lifecycle('install');
    await worker.request('https://example.org/lab/#/cores', 'navigate');
    expect(worker.last()!.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(worker.last()!.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(await worker.last()!.text()).toBe('body of https://example.org/lab/index.html');
    await worker.request('https://example.org/lab/assets/index-abc.js');
    expect(worker.last()!.headers.get('cross-origin-embedder-policy')).toBeNull();
  });

  const v1Files = ['index.html', 'assets/index-v1.js', 'assets/LessonPage-v1.js'];
  const v2Files = ['index.html', 'assets/index-v2.js', 'assets/LessonPage-v2.js'];
  const tabsNoted = async (worker: ReturnType<typeof startWorker>) =>
    JSON.parse(
      await worker.caches.stores.get('stacklab-tabs')!.get('https://example.org/lab/stacklab-tabs.json')!.clone().text(),
    ) as Record<string, string>;

  it('after a deploy, keeps the old version for a tab that runs it, until no tab does', async () => {
    const caches = fakeCaches();
    const tabs: Tabs = { ids: [] };
    const v1 = startWorker(v1Files, 'v1', { caches, tabs });
    await v1.lifecycle('install');
    await v1.lifecycle('activate');
    await v1.request('https://example.org/lab/', 'navigate', 'GET', 'tab-a');
    tabs.ids.push('tab-a');
    expect(await tabsNoted(v1)).toEqual({ 'tab-a': 'stacklab-precache-v1' });

    // A new build is deployed; another page load installs its worker, which takes tab-a over.
    const v2 = startWorker(v2Files, 'v2', { caches, tabs });
    await v2.lifecycle('install');
    await v2.lifecycle('activate');
    await v2.request('https://example.org/lab/', 'navigate', 'GET', 'tab-b');
    tabs.ids.push('tab-b');
    expect([...caches.stores.keys()]).toContain('stacklab-precache-v1');
    // tab-a opens a lesson: its v1 chunk, gone from the server, comes from v1's cache.
    expect(await v2.request('https://example.org/lab/assets/LessonPage-v1.js')).toBe(
      'body of https://example.org/lab/assets/LessonPage-v1.js',
    );
    expect(await v2.request('https://example.org/lab/assets/LessonPage-v2.js')).toBe(
      'body of https://example.org/lab/assets/LessonPage-v2.js',
    );
    expect(v2.network).toEqual([]);

    // tab-a reloads (a new page, v2's): no tab runs v1 now, so the next page load drops it.
    tabs.ids = ['tab-b'];
    await v2.request('https://example.org/lab/', 'navigate', 'GET', 'tab-c');
    tabs.ids.push('tab-c');
    expect([...caches.stores.keys()].filter((name) => name.startsWith('stacklab-precache-'))).toEqual(['stacklab-precache-v2']);
    expect(await tabsNoted(v2)).toEqual({ 'tab-b': 'stacklab-precache-v2', 'tab-c': 'stacklab-precache-v2' });
  });

  it('keeps every older cache while a tab it has no note of is open', async () => {
    const caches = fakeCaches();
    await caches.api.open('stacklab-precache-v1');
    const v2 = startWorker(v2Files, 'v2', { caches, tabs: { ids: ['opened-under-an-older-worker'] } });
    await v2.lifecycle('install');
    await v2.lifecycle('activate');
    expect([...caches.stores.keys()]).toContain('stacklab-precache-v1');
  });

  it('the first worker of the site notes the tabs open when it activates as its own', async () => {
    const v1 = startWorker(v1Files, 'v1', { tabs: { ids: ['first-visit'] } });
    await v1.lifecycle('install');
    await v1.lifecycle('activate');
    expect(await tabsNoted(v1)).toEqual({ 'first-visit': 'stacklab-precache-v1' });
  });
});
