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

/** The stage's scale for the element (null: no stage); `enabled` false measures nothing and gives null. */
export function useStageScale(ref: RefObject<HTMLElement | null>, enabled = true): number | null {
  const [scale, setScale] = useState<number | null>(() =>
    !enabled || typeof window === 'undefined' ? null : stageScale(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const element = ref.current;
    if (!enabled) {
      setScale(null);
      return;
    }
    if (!element) return;
    const measure = () => setScale(stageScale(element.clientWidth, element.clientHeight));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return scale;
}

/** The least a view is zoomed out to fit (below this its words are too small to be worth showing). */
const MIN_ZOOM = 0.3;
/** The least height the CPU grid's tiles are drawn to. */
const MIN_GRID = 120;

/** A view's largest picture (the CPU grid's tiles, an SVG or a canvas). */
function tallestGraphic(body: HTMLElement): Element | undefined {
  let best: Element | undefined;
  let most = 0;
  for (const graphic of Array.from(body.querySelectorAll('svg, canvas'))) {
    if (graphic.parentElement?.closest('svg')) continue;
    const h = graphic.getBoundingClientRect().height;
    if (h > most) { most = h; best = graphic; }
  }
  return best;
}

/**
 * Zooms out each view whose slot is taller than the views' area, and back in when there
 * is room: a zoomed-out view is laid out wider (CSS zoom), so it wraps less and its
 * marks take their usual shapes, then drawn smaller. The CPU grid, whose tiles would be
 * as tall zoomed out, is told the height its tiles may take instead (onGridHeight). The view bodies are sized here, not
 * by React (ViewArea does not style them); each view redraws for its new width as it
 * does when the window changes. A view zoomed out draws its words under the stage's
 * 24 px: the scene scripts must choose views that fit unzoomed (the check that measures
 * it, e2e/presenter-fit.spec.ts, is on the branch i24-stage until they do).
 */
export function useFitViews(ref: RefObject<HTMLElement | null>, active: boolean, onGridHeight?: (height: number) => void): void {
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
        if (height <= 0 || room <= 0) continue;
        const ratio = height / room;
        // The CPU grid draws its tiles to a height: give it what the rest of the view leaves.
        const tiles = body.parentElement?.classList.contains('view-slot-cpu-grid') ? tallestGraphic(body) : undefined;
        if (tiles && onGridHeight) {
          const tilesHeight = tiles.getBoundingClientRect().height / scale;
          const want = Math.max(MIN_GRID, Math.floor(tilesHeight + (room - height) - 6));
          if (Math.abs(want - tilesHeight) > 3 && (ratio > 1.003 || ratio < 0.97)) onGridHeight(want);
          if (want > MIN_GRID || ratio <= 1.003) continue;
        }
        const zoom = Number(body.style.zoom || 1);
        let next = zoom;
        if (ratio > 1.003) next = Math.max(MIN_ZOOM, (zoom / ratio) * 0.97);
        else if (zoom < 1 && ratio < 0.9) next = Math.min(1, (zoom / ratio) * 0.97);
        if (Math.abs(next - zoom) >= 0.01) body.style.zoom = next >= 1 ? '' : next.toFixed(3);
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
  }, [ref, active, onGridHeight]);
}
