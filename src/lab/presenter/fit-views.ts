/*
 * fit-views.ts -- a scene on one screen. The presenter lays out on a stage of 1920 by
 * 1080 CSS px and scales it to the window (useStageScale), the way slide tools fit a
 * slide: the words keep their proportions, and a 1280x720 projector shows the same
 * scene as a 1080p one, two thirds the size. The views share what height is left
 * under the caption and the figures (useFitViews): a view taller than that is zoomed
 * out until it fits, rather than cut off or pushed under the controls.
 */
import { useEffect, useState, type RefObject } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;
/** Below this window size the stage would be too small to read: the presenter flows and scrolls instead. */
const MIN_WIDTH = 800;
const MIN_HEIGHT = 450;

/** The scale that fits the stage in the element (letterboxed), or null when the element is too small for a stage. */
export function stageScale(width: number, height: number): number | null {
  if (width < MIN_WIDTH || height < MIN_HEIGHT) return null;
  return Math.min(width / STAGE_WIDTH, height / STAGE_HEIGHT);
}

export function useStageScale(ref: RefObject<HTMLElement | null>): number | null {
  const [scale, setScale] = useState<number | null>(() =>
    typeof window === 'undefined' ? null : stageScale(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScale(stageScale(element.clientWidth, element.clientHeight));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scale;
}

/** The least a view is zoomed out to fit (below this its words are too small to be worth showing). */
const MIN_ZOOM = 0.3;
/** The narrowest a view is drawn, as a share of its slot. */
const MIN_SHARE = 0.3;

/**
 * Zooms out each view whose slot is taller than the views' area, and back in when there
 * is room: a zoomed-out view is laid out wider (CSS zoom), so it wraps less and its
 * marks take their usual shapes, then drawn smaller. A view whose height follows its
 * width (a grid of square tiles) is no shorter zoomed out; it is drawn narrower instead. The view bodies are sized here, not
 * by React (ViewArea does not style them); each view redraws for its new width as it
 * does when the window changes. A view zoomed out draws its words under the stage's
 * 24 px: the scene scripts choose views that fit unzoomed (e2e/presenter-fit.spec.ts).
 */
export function useFitViews(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    const bodies = () => [...area.querySelectorAll<HTMLElement>('.view-slot > .view-body')];
    if (!active || typeof ResizeObserver === 'undefined') {
      for (const body of bodies()) {
        body.style.zoom = '';
        body.style.maxWidth = '';
      }
      return;
    }
    let frame = 0;
    const fitted = new WeakMap<HTMLElement, { mode: 'zoom' | 'narrow'; ratio: number }>();
    const fit = () => {
      frame = 0;
      // in stage px: the stage is transformed, and a zoomed body's own px are not the stage's
      const stage = area.closest<HTMLElement>('.presenter');
      const scale = stage ? stage.getBoundingClientRect().width / stage.offsetWidth : 1;
      if (!(scale > 0)) return;
      const areaBox = area.getBoundingClientRect();
      const bottom = areaBox.bottom / scale;
      for (const body of bodies()) {
        const box = body.getBoundingClientRect();
        const room = bottom - box.top / scale;
        const height = box.height / scale;
        const full = body.parentElement!.clientWidth;
        if (height <= 0 || room <= 0 || full <= 0) continue;
        const state = fitted.get(body) ?? { mode: 'zoom' as const, ratio: 0 };
        const ratio = height / room;
        if (state.mode === 'zoom') {
          const zoom = Number(body.style.zoom || 1);
          // a view laid out to its width (a grid of square tiles) is as tall zoomed out: narrow it instead
          if (ratio > 1.01 && state.ratio > 0 && ratio > state.ratio * 0.95 && zoom < 1) {
            body.style.zoom = '';
            fitted.set(body, { mode: 'narrow', ratio: 0 });
            schedule();
            continue;
          }
          let next = zoom;
          if (ratio > 1.003) next = Math.max(MIN_ZOOM, (zoom / ratio) * 0.97);
          else if (zoom < 1 && ratio < 0.9) next = Math.min(1, (zoom / ratio) * 0.97);
          fitted.set(body, { mode: 'zoom', ratio: next < zoom ? ratio : 0 });
          if (Math.abs(next - zoom) >= 0.01) body.style.zoom = next >= 1 ? '' : next.toFixed(3);
        } else {
          const width = body.offsetWidth;
          let next = width;
          if (ratio > 1.003) next = Math.max(full * MIN_SHARE, Math.floor((width / ratio) * 0.97));
          else if (width < full - 2 && ratio < 0.9) next = Math.min(full, Math.floor((width / ratio) * 0.97));
          if (Math.abs(next - width) >= 4) body.style.maxWidth = next >= full ? '' : `${next}px`;
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    const resize = new ResizeObserver(schedule);
    const watch = () => {
      resize.disconnect();
      resize.observe(area);
      for (const body of bodies()) {
        resize.observe(body);
        const figure = body.firstElementChild;
        if (figure) resize.observe(figure);
      }
      schedule();
    };
    // Slots come and go with the scene, and a view's figure replaces its loading line;
    // the views' own redraws (deeper down) are not watched.
    const structural = (node: Node) => node === area || (node instanceof HTMLElement && /\b(views|view-slot|view-body)\b/.test(node.className));
    const mutations = new MutationObserver((records) => {
      if (records.some((record) => structural(record.target))) watch();
    });
    mutations.observe(area, { childList: true, subtree: true });
    watch();
    return () => {
      mutations.disconnect();
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, active]);
}
