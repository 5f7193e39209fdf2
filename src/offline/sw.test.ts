// The offline service worker, run as the build writes it (precache-plugin.ts's
// serviceWorkerSource) against a small in-memory Cache Storage: install precaches every
// file of the list under a versioned name, activate deletes this site's older caches
// (and no one else's) and claims the pages, fetch serves cached files and the cached
// page for navigations first and goes to the network for the rest.
import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from './precache-plugin.js';

type Listener = (event: Record<string, unknown>) => void;

/** A Cache Storage in memory, keyed by URL without query (as the worker matches). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const s = store;
    return {
      addAll: async (requests: Request[]) => {
        for (const request of requests) s.set(request.url.split('?')[0]!, new Response(`body of ${request.url}`));
      },
      match: async (request: Request | string) => s.get((typeof request === 'string' ? request : request.url).split('?')[0]!),
    };
  };
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

function startWorker(files: string[], version: string, scope = 'https://example.org/lab/') {
  const listeners = new Map<string, Listener>();
  const caches = fakeCaches();
  let claimed = false;
  let skipped = false;
  const network: string[] = [];
  const self = {
    registration: { scope },
    location: new URL(scope),
    skipWaiting: async () => { skipped = true; },
    clients: { claim: async () => { claimed = true; } },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  const fetch = async (request: Request) => {
    network.push(request.url);
    return new Response('from the network');
  };
  new Function('self', 'caches', 'fetch', serviceWorkerSource(files, version))(self, caches.api, fetch);
  const lifecycle = async (type: 'install' | 'activate') => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => { work = p; } });
    await work;
  };
  const request = async (url: string, mode: RequestMode | 'navigate' = 'cors', method = 'GET') => {
    let response: Promise<Response> | undefined;
    const req = { url, method, mode } as unknown as Request;
    listeners.get('fetch')!({ request: req, respondWith: (r: Promise<Response>) => { response = r; } });
    return response ? (await response).text() : 'not handled';
  };
  return { caches, lifecycle, request, network, state: () => ({ claimed, skipped }) };
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
    expect([...worker.caches.stores.keys()].sort()).toEqual(['someone-else', 'stacklab-precache-v2']);
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
});
