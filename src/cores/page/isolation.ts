/*
 * isolation.ts -- whether this page can run the real lock algorithms, and if not, why in
 * words a teacher can read out. The threads share one SharedArrayBuffer and sleep in
 * Atomics.wait; a browser gives a page SharedArrayBuffer only when it is cross-origin
 * isolated (the COOP and COEP headers, src/build/isolation.ts), and a frame only when
 * the page around it is isolated too. Pure: the page passes what it reads from the
 * browser (readEnvironment), Vitest checks every case (isolation.test.ts).
 */

export interface IsolationEnvironment {
  /** self.crossOriginIsolated */
  crossOriginIsolated: boolean;
  /** typeof SharedArrayBuffer === 'function' */
  sharedMemory: boolean;
  /** typeof Atomics?.wait === 'function' */
  atomicsWait: boolean;
  /** The page is in a frame (an embed). */
  framed: boolean;
  /** A service worker controls the page (it adds the isolation headers to the page it serves). */
  controlled: boolean;
  /** typeof Worker === 'function' */
  workers: boolean;
}

export type Isolation =
  | { ok: true }
  | {
      ok: false;
      /** A heading: what cannot happen. */
      title: string;
      /** Why, in words. */
      why: string;
      /** Whether opening the page in its own tab would help (a frame of a page that is not isolated). */
      openAlone: boolean;
      /** Whether one reload may help: the service worker that adds the headers controls the page now. */
      reload: boolean;
    };

export function readEnvironment(win: Window & typeof globalThis = window): IsolationEnvironment {
  let framed: boolean;
  try {
    framed = win.top !== win.self;
  } catch {
    framed = true;
  }
  return {
    crossOriginIsolated: win.crossOriginIsolated === true,
    sharedMemory: typeof win.SharedArrayBuffer === 'function',
    atomicsWait: typeof win.Atomics?.wait === 'function',
    framed,
    controlled: !!win.navigator?.serviceWorker?.controller,
    workers: typeof win.Worker === 'function',
  };
}

const TITLE = 'The locks cannot run on your cores in this page';
const NEEDS_ISOLATION =
  'The bench’s threads share memory (a SharedArrayBuffer) and wait with Atomics.wait, which a browser allows only in a page that is cross-origin isolated. ';

/** What stops the bench here, if anything. */
export function isolationOf(env: IsolationEnvironment): Isolation {
  if (!env.workers) {
    return {
      ok: false,
      title: TITLE,
      why: 'This browser does not run Web Workers here, and each thread of the bench is one.',
      openAlone: false,
      reload: false,
    };
  }
  if (env.crossOriginIsolated && env.sharedMemory && env.atomicsWait) return { ok: true };
  if (env.framed && !env.crossOriginIsolated) {
    return {
      ok: false,
      title: TITLE,
      why:
        NEEDS_ISOLATION +
        'This page is inside another page that is not, so the browser keeps shared memory from it. Open the bench in a tab of its own, where StackLab isolates itself.',
      openAlone: true,
      reload: false,
    };
  }
  if (!env.crossOriginIsolated) {
    return {
      ok: false,
      title: TITLE,
      why:
        NEEDS_ISOLATION +
        (env.controlled
          ? 'StackLab’s offline worker isolates the page it serves; reloading the page once should turn it on.'
          : 'The server did not send the two headers that isolate a page (Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp). ' +
            'On a host that cannot send them, StackLab’s offline worker adds them after the first visit: reload this page in a moment, or open it in a tab of its own.'),
      openAlone: !env.controlled,
      reload: env.controlled,
    };
  }
  return {
    ok: false,
    title: TITLE,
    why: `The page is cross-origin isolated, but this browser has no ${!env.sharedMemory ? 'SharedArrayBuffer' : 'Atomics.wait'}, which the bench’s threads need to share a lock. A recent Chrome, Edge, Firefox or Safari has both.`,
    openAlone: false,
    reload: false,
  };
}

/** The site's #/cores address, from any page of it (an embed's too). */
export function coresUrl(href: string): string {
  const url = new URL(href);
  url.hash = '#/cores';
  url.search = '';
  return url.href;
}
