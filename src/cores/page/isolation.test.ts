// Whether the cores page can run its threads, and the words when it cannot
// (isolation.ts): not isolated (no headers; the service worker's reload), in a frame of
// a page that is not isolated (open it alone), isolated but without shared memory.
import { describe, expect, it } from 'vitest';
import { coresUrl, isolationOf, type IsolationEnvironment } from './isolation.js';

const ok: IsolationEnvironment = {
  crossOriginIsolated: true,
  sharedMemory: true,
  atomicsWait: true,
  framed: false,
  controlled: false,
  workers: true,
};

describe('cores page isolation', () => {
  it('runs in an isolated page with shared memory and Atomics.wait, framed or not', () => {
    expect(isolationOf(ok)).toEqual({ ok: true });
    expect(isolationOf({ ...ok, framed: true })).toEqual({ ok: true });
  });

  it('explains a page without the headers and links out; with the service worker in control, offers a reload', () => {
    const plain = isolationOf({ ...ok, crossOriginIsolated: false, sharedMemory: false });
    expect(plain.ok).toBe(false);
    if (plain.ok) return;
    expect(plain.why).toMatch(/cross-origin isolated/);
    expect(plain.why).toMatch(/Cross-Origin-Opener-Policy: same-origin/);
    expect(plain.openAlone).toBe(true);
    expect(plain.reload).toBe(false);
    const controlled = isolationOf({ ...ok, crossOriginIsolated: false, sharedMemory: false, controlled: true });
    expect(!controlled.ok && controlled.reload).toBe(true);
    expect(!controlled.ok && controlled.why).toMatch(/reloading the page once/);
  });

  it('explains an embed in a page that is not isolated, and opens the bench alone', () => {
    const framed = isolationOf({ ...ok, crossOriginIsolated: false, sharedMemory: false, framed: true, controlled: true });
    expect(framed.ok).toBe(false);
    if (framed.ok) return;
    expect(framed.why).toMatch(/inside another page/);
    expect(framed.openAlone).toBe(true);
    expect(framed.reload).toBe(false);
  });

  it('names what an isolated page lacks', () => {
    const noWait = isolationOf({ ...ok, atomicsWait: false });
    expect(!noWait.ok && noWait.why).toMatch(/no Atomics\.wait/);
    const noWorkers = isolationOf({ ...ok, workers: false });
    expect(!noWorkers.ok && noWorkers.why).toMatch(/Web Workers/);
  });

  it('links to the site’s #/cores from any of its pages', () => {
    expect(coresUrl('https://u.github.io/project/#/embed?lesson=x')).toBe('https://u.github.io/project/#/cores');
    expect(coresUrl('http://127.0.0.1:4173/index.html?a=1#/lab')).toBe('http://127.0.0.1:4173/index.html#/cores');
  });
});
