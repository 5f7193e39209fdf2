// csp.ts: the policy allows scripts only from the site and WebAssembly compilation, no
// eval and nothing inline; the plugin puts it right after index.html's charset, before
// any script; the oEmbed landing pages' policy allows no script at all.
import { describe, expect, it } from 'vitest';
import { cspPlugin } from './csp-plugin.js';
import { cspMeta, LANDING_CSP, SITE_CSP } from './csp.js';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('Content-Security-Policy', () => {
  it("allows the site's own scripts and WebAssembly, never eval or inline code", () => {
    const site = directives(SITE_CSP);
    expect(site.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(site.get('style-src')).toEqual(["'self'"]);
    expect(site.get('worker-src')).toEqual(["'self'"]);
    expect(site.get('object-src')).toEqual(["'none'"]);
    expect(SITE_CSP).not.toMatch(/'unsafe-eval'|'unsafe-inline'|frame-ancestors|\*/);
    expect(directives(LANDING_CSP).get('default-src')).toEqual(["'none'"]);
    expect(LANDING_CSP).not.toMatch(/script/);
  });

  it('goes into index.html right after the charset, before the scripts', () => {
    const plugin = cspPlugin();
    const hook = plugin.transformIndexHtml as { handler: (html: string) => string };
    const html = '<html><head>\n    <meta charset="UTF-8" />\n    <script type="module" src="./assets/index.js"></script>\n</head></html>';
    const out = hook.handler(html);
    expect(out.indexOf(cspMeta(SITE_CSP))).toBeGreaterThan(out.indexOf('charset'));
    expect(out.indexOf(cspMeta(SITE_CSP))).toBeLessThan(out.indexOf('<script'));
    expect(() => hook.handler('<html><head></head></html>')).toThrow(/no <meta charset>/);
    expect(plugin.apply).toBe('build');
  });
});
