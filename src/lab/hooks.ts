/*
 * hooks.ts -- React glue for the lab: subscribe to one part of a LabStore (so a
 * component renders only when its part changes) and measure an element's width for
 * the views.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { LabState, LabStore } from './store.js';

/**
 * One part of the lab's state: a field by name (useLab(store, 'schema')), or what a
 * selector returns; a selector must return stable values (state parts, primitives).
 */
export function useLab<K extends keyof LabState>(store: LabStore, field: K): LabState[K];
export function useLab<T>(store: LabStore, select: (state: LabState) => T): T;
export function useLab<T>(store: LabStore, part: keyof LabState | ((state: LabState) => T)): unknown {
  const get = useCallback(() => (typeof part === 'function' ? part(store.getState()) : store.getState()[part]), [store, part]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** A ref callback and the element's content width in CSS px (0 until measured). */
export function useWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setWidth((old) => (Math.abs(old - box.width) >= 1 ? Math.floor(box.width) : old));
    });
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

/** The CSS variable styles.css gives the page's scroll-padding-top. */
export const STICKY_BAR_VAR = '--lab-bar-height';

/**
 * Keeps what gets focus clear of a sticky bar (WCAG 2.4.11, focus not obscured): while
 * `enabled`, the page's scroll-padding-top (styles.css, through STICKY_BAR_VAR) is the
 * bar's height and a small gap, kept in step as the bar grows or shrinks (a ResizeObserver)
 * and 0 when the bar does not stick (a narrow window, where it is static).
 */
export function useStickyBarPadding(bar: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const element = bar.current;
    if (!enabled || !element) return undefined;
    const root = element.ownerDocument.documentElement;
    const measure = () => {
      const sticky = getComputedStyle(element).position === 'sticky';
      root.style.setProperty(STICKY_BAR_VAR, `${sticky ? Math.ceil(element.getBoundingClientRect().height) + 8 : 0}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(STICKY_BAR_VAR);
    };
  }, [bar, enabled]);
}
