/*
 * hooks.ts -- React's view of the learner's progress (progress.ts): the whole state,
 * one lesson's part of it, and the page's store for making changes.
 */
import { useSyncExternalStore } from 'react';
import { emptyLessonProgress, progressStore, type LessonProgress, type ProgressState } from './progress.js';

export function useProgressState(): ProgressState {
  const store = progressStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

const EMPTY = emptyLessonProgress();

export function useLessonProgress(id: string): LessonProgress {
  return useProgressState().data.lessons[id] ?? EMPTY;
}
