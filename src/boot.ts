/*
 * boot.ts -- the page's first script, before main.tsx (index.html loads it first): on a
 * page that shows a lab it starts the simulation worker, so that the worker's script,
 * the wasm core's fetch and its compile run while the main bundle is evaluated and React
 * draws the shell (issue 40: the first animated frame). Kept tiny on purpose: the route
 * test is a pattern on the hash, the same pages parseRoute (lab/url.ts) shows a lab on.
 */
import { prestartSimWorkers } from './lab/worker-factory.js';

/** The hash routes with a lab: #/ and #/lab, a lesson, an embed, the presenter, the comparison. */
export const LAB_ROUTE = /^#?(\/?|\/lab|\/lessons\/[^/?]+|\/embed|\/present(\/.*)?|\/compare)(\?.*)?$/s;

if (LAB_ROUTE.test(window.location.hash)) prestartSimWorkers(1);
