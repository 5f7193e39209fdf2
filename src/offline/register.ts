/*
 * register.ts -- registers the offline service worker (sw.js, written by the build's
 * precache plugin): only in a production build, only over http(s) (not file:, not
 * in dev, where Vite serves modules live), with the scope of the site's base path so
 * a copy under any sub-path caches only itself. Offline support is an extra: if the
 * browser refuses, the site works as before, online.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return;
  // In another site's frame (an embed) the browser partitions or refuses a service worker,
  // and a refusal would only be a warning in the host page's console: not tried there.
  if (framedCrossOrigin()) return;
  const base = new URL(import.meta.env.BASE_URL, location.href);
  const register = () => {
    navigator.serviceWorker.register(new URL('sw.js', base), { scope: base.pathname }).catch((error: unknown) => {
      console.warn(`StackLab works online only here: the offline service worker did not register (${String(error)}).`);
    });
  };
  // Precaching fetches the whole build: wait until the page has loaded and is idle, so
  // the first seconds of the lab (its worker, the core, the first frames) go first.
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Whether this page is in a frame of a page on another origin (an embed on a course site). */
export function framedCrossOrigin(win: Window = window): boolean {
  if (win.top === win) return false;
  try {
    return win.top!.location.origin !== win.location.origin;
  } catch {
    return true; // reading another origin's location throws
  }
}
