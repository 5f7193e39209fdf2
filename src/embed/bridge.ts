/*
 * bridge.ts -- the embedded page's side of the protocol (protocol.ts): which origins the
 * host opted into (origin= in the embed URL), the resize messages that let the host fit
 * the frame to the content, and the ready message. Learning statements are made by
 * lesson-events.ts, loaded only when a host opted in, so a plain embed loads no more
 * than it shows.
 */
import { MESSAGE_TYPES, parseOrigins, postToParent, PROTOCOL_VERSION, resizeMessage, type OriginsResult } from './protocol.js';

/** The origin= values of the embed URL (#/embed?lesson=x&origin=https://a&origin=https://b). */
export function originsFromHash(hash: string): OriginsResult {
  const query = hash.replace(/^#/, '').split(/\?(.*)/s, 2)[1] ?? '';
  return parseOrigins(new URLSearchParams(query).getAll('origin'));
}

/** The lab's own address without the hash: where activity ids and links start. */
export function labBase(): string {
  return window.location.origin + window.location.pathname;
}

export const inFrame = (): boolean => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/**
 * Posts the content's height to the parent whenever it changes (ResizeObserver), at most
 * once per animation frame and only when it changed by a whole pixel. Returns a stop function.
 */
export function watchHeight(content: HTMLElement, extra: () => number, origins: readonly string[]): () => void {
  let last = -1;
  let frame = 0;
  const send = () => {
    frame = 0;
    const height = Math.ceil(content.getBoundingClientRect().height + extra());
    if (height === last) return;
    last = height;
    postToParent(resizeMessage(height), origins);
  };
  const observer = new ResizeObserver(() => {
    if (!frame) frame = requestAnimationFrame(send);
  });
  observer.observe(content);
  send();
  return () => {
    observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}

export function postReady(content: string, origins: readonly string[]): void {
  postToParent({ type: MESSAGE_TYPES.ready, version: PROTOCOL_VERSION, content, statements: origins.length > 0 }, origins);
}
