/*
 * chart.ts -- a view on screen as a picture file. A view's graphics are the <svg> and
 * <canvas> elements inside its figure (data-view); icons smaller than 24 px are not.
 *
 * SVG: views drawn only in SVG. The drawing is cloned with every element's computed
 * style written into its style attribute (through the CSSOM, which the CSP allows) (fills, strokes, fonts, the theme's CSS
 * variables already resolved), so the file renders the same standalone, outside the
 * page's style sheets. Several SVG layers become one SVG with each layer at its place.
 *
 * PNG: every view. A canvas twice the view's size in CSS pixels gets the theme's
 * background, then each layer at its place: canvases drawn directly, SVG layers drawn
 * from their standalone SVG text through an image.
 */

/** Computed properties that decide how SVG content looks. */
const SVG_STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'opacity',
  'visibility',
  'display',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant-numeric',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'text-decoration',
  'paint-order',
  'shape-rendering',
  'mix-blend-mode',
  'transform-origin',
  'white-space',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';
const MIN_LAYER_PX = 24;

export interface ChartLayer {
  element: SVGSVGElement | HTMLCanvasElement;
  /** Position in CSS px relative to the chart's top left. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Chart {
  view: string;
  layers: ChartLayer[];
  width: number;
  height: number;
  /** The view's background colour. */
  background: string;
  /** Whether every layer is SVG (an SVG file can be made). */
  vector: boolean;
}

/** The graphics of a view (figure[data-view]) as one picture, or undefined if it shows none. */
export function chartOf(figure: Element): Chart | undefined {
  const candidates = [...figure.querySelectorAll('svg, canvas')].filter((element): element is SVGSVGElement | HTMLCanvasElement => {
    if (!(element instanceof HTMLCanvasElement) && !(element instanceof SVGSVGElement)) return false;
    if (element instanceof SVGSVGElement && element.parentElement?.closest('svg')) return false; // nested svg: drawn with its parent
    if (element.closest('button')) return false;
    const box = element.getBoundingClientRect();
    return box.width >= MIN_LAYER_PX && box.height >= MIN_LAYER_PX;
  });
  if (candidates.length === 0) return undefined;
  const boxes = candidates.map((element) => element.getBoundingClientRect());
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.right));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const layers = candidates.map((element, i) => ({
    element,
    x: boxes[i]!.left - left,
    y: boxes[i]!.top - top,
    width: boxes[i]!.width,
    height: boxes[i]!.height,
  }));
  return {
    view: figure.getAttribute('data-view') ?? 'view',
    layers,
    width: Math.ceil(right - left),
    height: Math.ceil(bottom - top),
    background: backgroundOf(figure),
    vector: layers.every((layer) => layer.element instanceof SVGSVGElement),
  };
}

/** The first opaque background colour from the element up, white if none. */
function backgroundOf(element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (colour && colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return '#ffffff';
}

/** A copy of the SVG with computed styles inlined (the original is not touched). */
function inlineStyledClone(svg: SVGSVGElement): SVGSVGElement {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [clone, ...clone.querySelectorAll('*')];
  sources.forEach((source, i) => {
    const target = targets[i] as Element | undefined;
    if (!target) return;
    const computed = getComputedStyle(source);
    // Through the CSSOM, not setAttribute('style'): the site's Content-Security-Policy
    // (src/build/csp.ts) refuses style attributes, not the CSSOM. The serializer writes
    // the result as the style attribute all the same.
    const style = (target as SVGElement).style;
    target.removeAttribute('style');
    for (const property of SVG_STYLE_PROPERTIES) {
      const value = computed.getPropertyValue(property);
      if (value) style.setProperty(property, value);
    }
    // Screen-reader and test hooks mean nothing in a file.
    target.removeAttribute('class');
    target.removeAttribute('tabindex');
    target.removeAttribute('focusable');
  });
  // Interactive parts (focusable hit areas) keep their look; nothing else in them matters.
  return clone;
}

const serializer = () => new XMLSerializer();

/** The chart as a standalone SVG document (only for charts whose layers are all SVG). */
export function chartSvgText(chart: Chart, title: string): string {
  const root = document.createElementNS(SVG_NS, 'svg');
  root.setAttribute('xmlns', SVG_NS);
  root.setAttribute('width', String(chart.width));
  root.setAttribute('height', String(chart.height));
  root.setAttribute('viewBox', `0 0 ${chart.width} ${chart.height}`);
  const titleElement = document.createElementNS(SVG_NS, 'title');
  titleElement.textContent = title;
  root.appendChild(titleElement);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', chart.background);
  root.appendChild(background);
  for (const layer of chart.layers) {
    if (!(layer.element instanceof SVGSVGElement)) continue;
    const clone = inlineStyledClone(layer.element);
    clone.setAttribute('x', String(layer.x));
    clone.setAttribute('y', String(layer.y));
    clone.setAttribute('width', String(layer.width));
    clone.setAttribute('height', String(layer.height));
    if (!clone.hasAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${layer.width} ${layer.height}`);
    clone.removeAttribute('aria-hidden');
    root.appendChild(clone);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializer().serializeToString(root)}\n`;
}

/** One SVG layer alone, standalone, for drawing into a canvas. */
function layerSvgText(layer: ChartLayer): string {
  const clone = inlineStyledClone(layer.element as SVGSVGElement);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(layer.width));
  clone.setAttribute('height', String(layer.height));
  if (!clone.hasAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${layer.width} ${layer.height}`);
  return serializer().serializeToString(clone);
}

function loadImage(svgText: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("the browser could not draw the view's SVG"));
    };
    image.src = url;
  });
}

/** The chart as a PNG at `scale` times its CSS size (2 by default). */
export async function chartPng(chart: Chart, scale = 2): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(chart.width * scale));
  canvas.height = Math.max(1, Math.round(chart.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw into a canvas');
  ctx.fillStyle = chart.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const layer of chart.layers) {
    const x = layer.x * scale;
    const y = layer.y * scale;
    const w = layer.width * scale;
    const h = layer.height * scale;
    if (layer.element instanceof HTMLCanvasElement) ctx.drawImage(layer.element, x, y, w, h);
    else ctx.drawImage(await loadImage(layerSvgText(layer)), x, y, w, h);
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not make a PNG'))), 'image/png');
  });
}
