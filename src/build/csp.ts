/*
 * csp.ts -- the Content-Security-Policy the built site ships; csp-plugin.ts puts it in
 * index.html as a <meta http-equiv> (a static host needs no header for it).
 *
 * Scripts come only from the site's own files: no 'unsafe-eval' (the JSON Schema
 * validators are compiled when the site is built, validators-plugin.ts) and no inline
 * script. 'wasm-unsafe-eval' lets the simulation core (WebAssembly) be compiled. Styles
 * come only from the site's stylesheets, also without 'unsafe-inline': React's style
 * props are set through the DOM (CSSOM), which a CSP does not govern, and nothing else
 * writes style attributes or <style> elements. Images may be data: and blob: URLs (the
 * exports draw charts that way). The worker and the service worker are the site's own
 * files. e2e/csp.spec.ts loads every route under this policy, sent as the meta tag and
 * as a header (which reaches the worker too), and fails on any violation.
 *
 * A meta tag cannot carry frame-ancestors (the embed pages are meant to be framed by
 * any site) nor report-to; a host that wants those sends them as headers.
 *
 * Build only: the dev server injects an inline script (React's refresh) and inline styles.
 *
 * Browser code too (src/embed/oembed.ts uses cspMeta): it imports nothing from Vite, whose
 * types would bring Node's into the app's typecheck (tsconfig.json).
 */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The lessons' landing pages for oEmbed (lessons/<id>.html): no script at all. */
export const LANDING_CSP = "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'";

export const cspMeta = (policy: string): string => `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
