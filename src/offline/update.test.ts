// update.ts: a failed load (Vite's preload error, an unhandled rejected import, a report
// from the worker factory or the boundary) sets 'failed'; a new service worker taking
// over a page that had one sets 'updated', while the first install does not; 'failed'
// is not replaced; listeners hear each change.
import { afterEach, describe, expect, it, vi } from 'vitest';

type Update = typeof import('./update.js');

let win: EventTarget;
let sw: EventTarget & { controller: object | null };

async function fresh(controlled: boolean): Promise<Update> {
  vi.resetModules();
  win = new EventTarget();
  sw = Object.assign(new EventTarget(), { controller: controlled ? {} : null });
  vi.stubGlobal('window', win);
  vi.stubGlobal('navigator', { serviceWorker: sw, onLine: true });
  const update = await import('./update.js');
  update.watchForUpdates();
  return update;
}

const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

afterEach(() => vi.unstubAllGlobals());

describe('update watch', () => {
  it("recognises the browsers' words for a module that could not be fetched", async () => {
    const { isLoadError } = await fresh(false);
    expect(isLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isLoadError(undefined)).toBe(false);
  });

  it('a preload error or an unhandled failed import means the page needs the new version', async () => {
    const update = await fresh(false);
    const heard = vi.fn();
    update.onUpdateState(heard);
    win.dispatchEvent(rejection(new Error('something else')));
    expect(update.updateState()).toBeUndefined();
    win.dispatchEvent(rejection(new TypeError('Failed to fetch dynamically imported module: x.js')));
    expect(update.updateState()).toBe('failed');
    expect(heard).toHaveBeenCalledTimes(1);

    const again = await fresh(false);
    win.dispatchEvent(new Event('vite:preloadError'));
    expect(again.updateState()).toBe('failed');
  });

  it('a new service worker taking over a controlled page is an update; the first install is not', async () => {
    const first = await fresh(false);
    sw.dispatchEvent(new Event('controllerchange'));
    expect(first.updateState()).toBeUndefined();
    sw.dispatchEvent(new Event('controllerchange'));
    expect(first.updateState()).toBe('updated');

    const controlled = await fresh(true);
    sw.dispatchEvent(new Event('controllerchange'));
    expect(controlled.updateState()).toBe('updated');
  });

  it('a failure is not hidden by a later takeover, and listeners can leave', async () => {
    const update = await fresh(true);
    const heard = vi.fn();
    const leave = update.onUpdateState(heard);
    update.reportLoadFailure();
    sw.dispatchEvent(new Event('controllerchange'));
    expect(update.updateState()).toBe('failed');
    leave();
    update.reportLoadFailure();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
