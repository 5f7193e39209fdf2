/*
 * update.ts -- what an open tab does when a new version of StackLab is deployed under it.
 *
 * The tab's code is one version; its lazy chunks and its worker are fetched later, by
 * their hashed names. After a deploy those files may be gone from the server, so a
 * route or a view loaded for the first time fails to load. Without a service worker
 * (the first visit, or a browser without one) nothing can bring them back: the page
 * says StackLab was updated and offers Reload. With the service worker the old files
 * stay cached while a tab uses them (sw.ts), so the tab keeps working; when the new
 * version's worker takes the page over, the page says so too, and Reload is the way to
 * the new version. Reload keeps the address: every route and the lab's whole state are
 * in the hash; lesson progress is saved in localStorage with each answer. An answer
 * still being typed and the presenter's scene are not kept, so the banner waits for the
 * learner to press it.
 *
 * Failures seen: a dynamic import that rejects (Vite's 'vite:preloadError', a rejection
 * no one handled, a lazy component's error caught by site/ErrorBoundary.tsx), and a worker whose
 * script could not be loaded (worker-factory.ts). The state is tiny and module-level so
 * the banner, in the first chunk, works when every other chunk is gone.
 */

/** 'updated': a new version took the page over; 'failed': a part of the page could not be loaded. */
export type UpdateState = 'updated' | 'failed' | undefined;

let state: UpdateState;
const listeners = new Set<() => void>();

function setState(next: 'updated' | 'failed'): void {
  if (state === 'failed') return;
  state = next;
  for (const listener of listeners) listener();
}

export const updateState = (): UpdateState => state;

export function onUpdateState(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A part of the page (a lazy chunk, the simulation worker) could not be loaded. */
export function reportLoadFailure(): void {
  setState('failed');
}

/** The error of a module that could not be fetched (Chromium, Firefox, Safari's words). */
export const isLoadError = (error: unknown): boolean =>
  /dynamically imported module|Importing a module script failed/.test(String((error as Error | undefined)?.message ?? error));

/** Watches for load failures and for a new version of the service worker taking over. */
export function watchForUpdates(): void {
  window.addEventListener('vite:preloadError', reportLoadFailure);
  window.addEventListener('unhandledrejection', (event) => {
    if (isLoadError(event.reason)) reportLoadFailure();
  });
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return;
  // The first install also takes the page over; only a change from one worker to another is news.
  let controlled = !!sw.controller;
  sw.addEventListener('controllerchange', () => {
    if (controlled) setState('updated');
    controlled = true;
  });
}
