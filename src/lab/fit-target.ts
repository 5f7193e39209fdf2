/*
 * fit-target.ts -- what a view in an area of fixed height should be drawn at, worked
 * out from one measurement: the height its main graphic should be drawn to
 * (graphicTarget), and the zoom a view too tall for its room is drawn at (shrinkTarget).
 *
 * Both are functions of what is on screen now, not of how it got there: the same
 * view in the same room gets the same answer whatever it was drawn at before, so a
 * plain iframe and the <stacklab-embed> element of one size lay out alike however
 * loaded the machine is (an earlier fit kept any state within a few per cent of its
 * room, and two frames of one size settled a few px apart). The one memory is a
 * ceiling: a size once found too tall for this room is not asked for again, since a
 * view's layout can step with its size (a grid's rows, a legend that wraps) and
 * growing into the slack it leaves can overflow again. fit-views.ts and ViewArea.tsx
 * measure, ask, and clear the ceilings when the room or the views change.
 */

/** Graphic heights are asked in steps of this many view px, so a line of text that wraps one way or the other in a live view does not redraw its graphic. */
export const GRAPHIC_STEP = 4;
/** A fitted graphic leaves this many view px free under its view. */
const GRAPHIC_MARGIN = 6;

/**
 * The height (in the view's own px) to draw a view's main graphic to so that the view
 * ends at the bottom of its room. All lengths but `least` and `ceiling` are on-screen px;
 * `zoom` is the view's CSS zoom (on-screen px per view px).
 */
export function graphicTarget({
  graphic,
  view,
  room,
  zoom,
  least,
  ceiling = Infinity,
}: {
  /** The graphic's height now. */
  graphic: number;
  /** The whole view's height now. */
  view: number;
  /** From the view's top to the bottom of its area. */
  room: number;
  zoom: number;
  /** The least height a graphic is drawn to (view px). */
  least: number;
  /** The least graphic height found too tall in this room (view px). */
  ceiling?: number;
}): number {
  // what is not the graphic (title, legend, notes) keeps its height; the graphic takes the rest
  const rest = (view - graphic) / zoom;
  const fits = Math.floor((room / zoom - rest - GRAPHIC_MARGIN) / GRAPHIC_STEP) * GRAPHIC_STEP;
  const below = Math.ceil(ceiling / GRAPHIC_STEP) * GRAPHIC_STEP - GRAPHIC_STEP;
  return Math.max(least, Math.min(fits, below));
}

/** Zooms are picked in steps of a hundredth. */
const ZOOM_STEP = 0.01;

/**
 * The zoom to draw a view at so that it is no taller than its room: 1 where it fits,
 * else the largest step under room / natural height, at least `least`; `undefined`
 * where even `least` is too small (the area gives up fitting: its frame scrolls).
 */
export function shrinkTarget({
  height,
  zoom,
  room,
  least,
  ceiling = Infinity,
}: {
  /** The view's height now, on screen. */
  height: number;
  /** The zoom it is drawn at now. */
  zoom: number;
  /** From the view's top to the bottom of its area, on screen. */
  room: number;
  least: number;
  /** The least zoom found too tall in this room. */
  ceiling?: number;
}): number | undefined {
  const natural = height / zoom;
  const fits = Math.floor(room / natural / ZOOM_STEP + 1e-9) * ZOOM_STEP;
  const below = ceiling === Infinity ? 1 : ceiling - ZOOM_STEP;
  const want = Math.min(1, fits, below);
  if (want < least - 1e-9) return undefined;
  return Math.round(want * 100) / 100;
}
