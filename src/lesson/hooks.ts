/*
 * hooks.ts -- React's view of the learner's progress (progress.ts): the whole state and
 * one lesson's part of it; and the title a lesson route gives the browser tab.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { emptyLessonProgress, progressStore, type LessonProgress, type ProgressState } from './progress.js';
import { own } from '../core/safe-keys.js';

export function useProgressState(): ProgressState {
  const store = progressStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

const EMPTY = emptyLessonProgress();

export function useLessonProgress(id: string): LessonProgress {
  return own(useProgressState().data.lessons, id) ?? EMPTY;
}

/** Sets document.title while the page is shown, and puts the old one back after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
