/*
 * fit-views.ts -- a scene on one screen. The presenter lays out on a stage of 1920 by
 * 1080 CSS px and scales it to the window (useStageScale), the way slide tools fit a
 * slide: the words keep their proportions, and a 1280x720 projector shows the same
 * scene as a 1080p one, two thirds the size. The CPU grid's tiles and the RAD traffic
 * matrix take the height their area leaves them (useFitViews); the side column leaves out figures from its end
 * rather than run under the controls (useFitFigures).
 */
import { useEffect, useState, type RefObject } from 'react';
import { graphicTarget } from '../fit-target.js';
import { KERNEL_VIEWS } from '../../shared/view-ids.js';

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

/** The stage's scale for the element (null: too small for a stage). */
export function useStageScale(ref: RefObject<HTMLElement | null>): number | null {
  const [scale, setScale] = useState<number | null>(() =>
    typeof window === 'undefined' ? null : stageScale(window.innerWidth, window.innerHeight),
  );
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

/** The least height a view's main graphic is drawn to. */
const MIN_GRAPHIC = 120;

/**
 * The views that draw their main graphic to a height they are given (ViewInputs.height):
 * the CPU grid its tiles, the RAD traffic matrix its cells and key, the timeline its
 * lanes (its canvas), the mode bars and MONITOR MODES their rows; and a kernel's views
 * that say so (KernelView.fitted: the herd its places' rows of chips).
 */
export const FITTED_VIEWS: ReadonlySet<string> = new Set([
  'cpu-grid',
  'numa-traffic',
  'timeline',
  'modes',
  'monitor-modes',
  ...[...KERNEL_VIEWS.values()].filter((view) => view.fitted).map((view) => view.id),
]);

/** A view's largest picture (the CPU grid's tiles, an SVG or a canvas). */
export function tallestGraphic(body: HTMLElement): Element | undefined {
  let best: Element | undefined;
  let most = 0;
  for (const graphic of Array.from(body.querySelectorAll('svg, canvas'))) {
    if (graphic.parentElement?.closest('svg')) continue;
    const h = graphic.getBoundingClientRect().height;
    if (h > most) {
      most = h;
      best = graphic;
    }
  }
  return best;
}

/**
 * Fits each view of FITTED_VIEWS to the height the views' area leaves it: the view
 * draws its main graphic to a height, so it is told the room that graphic may take
 * (onHeight), measured in the views' own px (the views are zoomed on the stage). Other
 * views are drawn to the area's width and keep their words' size: one taller than the
 * area scrolls inside it (the presenter shows a scene's views one at a time), rather
 * than being zoomed out under the stage's 24 px.
 */
export function useFitViews(ref: RefObject<HTMLElement | null>, active: boolean, onHeight?: (view: string, height: number) => void): void {
  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    const bodies = () => [...area.querySelectorAll<HTMLElement>('.view-slot > .view-body')];
    if (!active || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    /** By view: the least height (view px) found too tall since the area or its views last changed, and the height last asked. */
    const tooTall = new Map<string, number>();
    const asked = new Map<string, number>();
    let areaSize = '';
    const fit = () => {
      frame = 0;
      // in stage px: the stage is transformed, and a zoomed view's own px are not the stage's
      const stage = area.closest<HTMLElement>('.presenter');
      const scale = stage ? stage.getBoundingClientRect().width / stage.offsetWidth : 1;
      if (!(scale > 0)) return;
      const areaBox = area.getBoundingClientRect();
      const bottom = areaBox.bottom / scale;
      const size = `${area.clientWidth}x${area.clientHeight}`;
      if (size !== areaSize) {
        areaSize = size;
        tooTall.clear();
        asked.clear();
      }
      for (const body of bodies()) {
        const view = (body.parentElement as HTMLElement | null)?.dataset.slot ?? '';
        const graphic = FITTED_VIEWS.has(view) ? tallestGraphic(body) : undefined;
        if (!graphic || !onHeight) continue;
        const box = body.getBoundingClientRect();
        const room = bottom - box.top / scale;
        const height = box.height / scale;
        if (height <= 0 || room <= 0) continue;
        const viewZoom = (graphic as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
        const graphicHeight = graphic.getBoundingClientRect().height / scale;
        const drawn = Math.round(graphicHeight / viewZoom);
        const now = asked.get(view) ?? drawn;
        // a height the view was drawn too tall at is not asked for again (fit-target.ts)
        if (height > room + 1) tooTall.set(view, Math.min(tooTall.get(view) ?? Infinity, drawn));
        const want = graphicTarget({
          graphic: graphicHeight,
          view: height,
          room,
          zoom: viewZoom,
          least: MIN_GRAPHIC,
          ceiling: tooTall.get(view),
        });
        if (want !== now) {
          asked.set(view, want);
          onHeight(view, want);
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    const resize = new ResizeObserver(schedule);
    const watch = () => {
      tooTall.clear();
      asked.clear();
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
    const structural = (node: Node) =>
      node === area || (node instanceof HTMLElement && /\b(views|view-slot|view-body)\b/.test(node.className));
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
  }, [ref, active, onHeight]);
}

/**
 * Keeps the scene's side column (title, caption or question, figures) on the stage:
 * while it is taller than its room, the last of the figures still shown is left out,
 * down to the first (the kernel's headline), and that too where the model's note of
 * where it disagrees with its source (a model gap) would not fit otherwise: that note
 * is never left out. The side sets `data-figures-left-out` to the count.
 */
export function useFitFigures(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const side = ref.current;
    if (!side) return;
    const figures = () => [...side.querySelectorAll<HTMLElement>('.figures > .figure')];
    const showAll = () => {
      for (const figure of figures()) figure.style.display = '';
      const fullRun = side.querySelector<HTMLElement>('.pr-full-run');
      if (fullRun) fullRun.style.display = '';
      delete side.dataset.figuresLeftOut;
    };
    if (!active || typeof ResizeObserver === 'undefined') {
      showAll();
      return;
    }
    let frame = 0;
    const fit = () => {
      frame = 0;
      const all = figures();
      // a figure is laid out again only when the fit changes: measure with all shown, then leave out from the end
      for (const figure of all) figure.style.display = '';
      const fullRun = side.querySelector<HTMLElement>('.pr-full-run');
      if (fullRun) fullRun.style.display = '';
      let shown = all.length;
      const least = side.querySelector('.model-gap') ? 0 : 1;
      while (shown > least && side.scrollHeight > side.clientHeight + 1) all[--shown]!.style.display = 'none';
      // the full run's figures go altogether, their heading with them, rather than leave
      // a heading followed by nothing or run under the controls
      if (fullRun && side.scrollHeight > side.clientHeight + 1) {
        fullRun.style.display = 'none';
        shown = 0;
      }
      if (shown < all.length) side.dataset.figuresLeftOut = String(all.length - shown);
      else delete side.dataset.figuresLeftOut;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    const resize = new ResizeObserver(schedule);
    const watch = () => {
      resize.disconnect();
      resize.observe(side);
      for (const child of Array.from(side.children)) resize.observe(child);
      schedule();
    };
    // the figures replace their "Starting" line, and the question replaces the caption
    const mutations = new MutationObserver((records) => {
      if (
        records.some(
          (record) => record.target === side || (record.target instanceof HTMLElement && record.target.classList.contains('figures')),
        )
      )
        watch();
    });
    mutations.observe(side, { childList: true, subtree: true });
    watch();
    return () => {
      mutations.disconnect();
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
      showAll();
    };
  }, [ref, active]);
}
