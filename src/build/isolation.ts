/*
 * isolation.ts -- the two headers that make the site's pages cross-origin isolated
 * (issue 41, "Your own cores"): the real lock algorithms share one SharedArrayBuffer
 * between Web Workers and wait with Atomics.wait, which a browser allows only in a
 * cross-origin isolated page (`crossOriginIsolated`).
 *
 * COOP same-origin puts the page in a browsing context group of its own; COEP
 * require-corp lets it load only what its own origin serves or what says it may be
 * loaded cross-origin (CORP or CORS). The site loads nothing from another origin (the
 * Content-Security-Policy, csp.ts, already says 'self'), so neither header changes what
 * it can load. In a frame of another site's page (an embed) COOP is ignored and the
 * frame is isolated only if that page is: the cores page then explains and links out.
 *
 * Sent by the dev and preview servers (vite.config.ts) and added by the service worker
 * to the page it serves (src/offline/sw.ts repeats the values: it must stand alone),
 * so a static host that cannot send headers (GitHub Pages) gets isolation once the
 * worker controls the page (README.md, "Cross-origin isolation").
 */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
