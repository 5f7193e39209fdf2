/*
 * csp-plugin.ts -- the Vite plugin (Node, build only) that puts the site's
 * Content-Security-Policy (csp.ts) in index.html right after its <meta charset>. Apart
 * from csp.ts so that the browser code importing the policy does not import Vite's types.
 */
import type { Plugin } from 'vite';
import { cspMeta, SITE_CSP } from './csp.js';

export function cspPlugin(): Plugin {
  return {
    name: 'stacklab-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // Right after the charset, before every script and stylesheet the build adds.
      handler(html) {
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('stacklab-csp: index.html has no <meta charset> to put the policy after');
        return html.replace(charset, (tag) => `${tag}\n    ${cspMeta(SITE_CSP)}`);
      },
    },
  };
}
