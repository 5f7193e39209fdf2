/*
 * projector-scale.ts -- the projector theme is laid out for a 1280-px-wide screen and
 * scaled up to a wider one, the way a slide is, so its words keep their size relative
 * to the screen: the back row reads a 1080p projector as well as a 720p one. Past 1280
 * px the page's rem grows with the window (styles.css, :root.site-projector:
 * max(20px, 1.5625vw), 20 px at 1280) and the views, drawn in px from palette.ts, are
 * zoomed by the same factor (ViewArea). So the views' smallest words, 17 px at 1280,
 * are 25.5 px on a 1920 window: at least 24 px at 1080p (e2e/view-fit.spec.ts measures it).
 */
import { useEffect, useState } from 'react';

/** The window width the projector theme is laid out for. */
export const PROJECTOR_LAYOUT_WIDTH = 1280;

/** How much the projector theme's views are scaled up in a window this wide (1 up to 1280 px). */
export function projectorZoom(windowWidth: number): number {
  return Number.isFinite(windowWidth) ? Math.max(1, windowWidth / PROJECTOR_LAYOUT_WIDTH) : 1;
}

/** projectorZoom of the window, kept in step with it while `active`; 1 while not. */
export function useProjectorZoom(active: boolean): number {
  const [zoom, setZoom] = useState(() => (active && typeof window !== 'undefined' ? projectorZoom(window.innerWidth) : 1));
  useEffect(() => {
    if (!active || typeof window === 'undefined') return undefined;
    const measure = () => setZoom(projectorZoom(window.innerWidth));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [active]);
  return active ? zoom : 1;
}
