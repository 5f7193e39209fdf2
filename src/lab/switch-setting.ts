/*
 * switch-setting.ts -- an on/off preference kept in this browser (localStorage), on
 * unless turned off; where storage is refused (private mode) the choice lasts for the
 * page. The narration, presenter and single-key switches use it; useSwitch follows a
 * switch wherever on the page it is changed.
 */
import { useSyncExternalStore } from 'react';

/** Choices made on this page, so a refused storage still keeps them for the page. */
const written = new Map<string, boolean>();
const listeners = new Set<() => void>();

export function readSwitch(key: string): boolean {
  const mine = written.get(key);
  if (mine !== undefined) return mine;
  try {
    return window.localStorage.getItem(key) !== 'off';
  } catch {
    return true;
  }
}

export function writeSwitch(key: string, on: boolean): void {
  written.set(key, on);
  try {
    window.localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // storage refused: the choice lasts for this page
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The switch's value, kept in step with writeSwitch anywhere on the page. */
export function useSwitch(key: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readSwitch(key),
    () => true,
  );
}
