/*
 * presenter-fit.spec.ts -- every scene of every scene script is one screen, measured:
 * at 1280x720, 1366x768 and 1920x1080 the title, caption, figures, views and controls
 * (and the question, and its answer) lie inside the window, the document does not
 * scroll, nothing inside the scene is cut off (no box scrolls or spills out of the
 * stage) and the views end above the controls, with each of a scene's views in turn
 * (the stage shows one at a time), in each phase (running, question, answer). At
 * 1920x1080 no visible word of a scene, HTML or SVG, is drawn under 24 px. The views
 * still too tall for the stage (STILL_TALL, below) scroll inside their area and are
 * expected to. Each scene's scenario runs (its clock moves), and no scene logs a console
 * error or breaks the site's Content-Security-Policy (the fixture; the preview server
 * sends the policy). One walk through each script checks all three sizes at each
 * moment, resizing the window. Screenshots of each scene and view at each size go to
 * /tmp/shots-present-fit.
 */
import type { Page } from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

const SCENES = join(import.meta.dirname, '..', 'lessons', 'scenes');
/** The bundled scripts and how many scenes (and which questions) each has, read from their files. */
const SCRIPTS = readdirSync(SCENES).filter((f) => f.endsWith('.yaml')).sort().map((file) => {
  const text = readFileSync(join(SCENES, file), 'utf8');
  const scenes = text.split(/^ {2}- title: /m).slice(1);
  return { id: file.replace(/\.yaml$/, ''), scenes: scenes.length, asks: scenes.map((s) => /^ {4}ask:/m.test(s)) };
});
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const presenter = (page: Page) => page.locator('.presenter');

/** Waits until the scene's scenario has loaded and each of its views has drawn, and the views have settled to their fitted widths. */
async function settle(page: Page, scene: number): Promise<void> {
  await expect(presenter(page)).toHaveAttribute('data-scene', String(scene));
  await expect(presenter(page)).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.locator('.pr-stage')).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await settleViews(page);
}

/** Everything wrong with the fit of the scene on screen, in words (empty when it fits). */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const doc = document.scrollingElement!;
    if (doc.scrollHeight > vh + 1 || doc.scrollWidth > vw + 1) out.push(`the document scrolls: ${doc.scrollWidth}x${doc.scrollHeight} in ${vw}x${vh}`);
    const stage = document.querySelector<HTMLElement>('.presenter')!;
    const box = stage.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > vw + 1 || box.bottom > vh + 1) out.push(`the stage ${JSON.stringify(box)} is not inside the window`);
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const must = ['.pr-title', '.pr-controls', '.pr-stage', ...(document.querySelector('[data-testid="ask"]') ? ['[data-testid="ask"]'] : ['.pr-caption'])];
    for (const selector of must) {
      const el = document.querySelector(selector);
      if (!el) { out.push(`${selector} is missing`); continue; }
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.right > box.right + 1) {
        out.push(`${selector} (${Math.round(r.top)}..${Math.round(r.bottom)}) is not on the stage (${Math.round(box.top)}..${Math.round(box.bottom)})`);
      }
    }
    const controls = document.querySelector('.pr-controls')!.getBoundingClientRect();
    const area = document.querySelector('.pr-views')!.getBoundingClientRect();
    if (area.bottom > controls.top + 1) out.push(`the views' area ends at ${Math.round(area.bottom)}, below the controls' top ${Math.round(controls.top)}`);
    for (const view of Array.from(document.querySelectorAll('.pr-views [data-view]'))) {
      const r = view.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) out.push(`view ${view.getAttribute('data-view')} is wider than the stage`);
    }
    // nothing cut off: no box that clips its content has more than it shows, and nothing shown spills out of the stage
    const clipping: Element[] = [];
    for (const el of Array.from(stage.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) continue;
      // what is inside a box already found cutting it off is that box's fault, said once
      if (clipping.some((box) => box.contains(el))) continue;
      if (el.closest('.slv-sr-only, .visually-hidden, dialog:not([open]), .pr-blank')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (el instanceof HTMLElement && style.overflow !== 'visible' && el.tagName !== 'svg'
        && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        out.push(`${name(el)} clips its content: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
        clipping.push(el);
        continue;
      }
      if (r.bottom > box.bottom + 1 || r.right > box.right + 1) out.push(`${name(el)} spills out of the stage (${Math.round(r.right)}, ${Math.round(r.bottom)})`);
    }
    return [...new Set(out)].slice(0, 12);
  });
}

/** The visible words of the scene drawn under `min` CSS px on screen, HTML and SVG. */
function smallWords(page: Page, min: number): Promise<string[]> {
  return page.evaluate((least) => {
    const out: string[] = [];
    const stage = document.querySelector<HTMLElement>('.presenter')!;
    const scale = stage.getBoundingClientRect().width / stage.offsetWidth;
    const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      if (el.closest('.slv-sr-only, .visually-hidden, dialog:not([open]), .pr-blank, [hidden], style, script')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      let size = parseFloat(style.fontSize) * scale * ((el as unknown as { currentCSSZoom?: number }).currentCSSZoom ?? 1);
      if (el instanceof SVGGraphicsElement) {
        // an SVG drawn to a viewBox scales its words with it
        const svg = el.ownerSVGElement;
        const m = el.getCTM();
        const outer = svg?.getCTM();
        if (m && outer) size *= Math.hypot(m.a, m.b) / Math.hypot(outer.a, outer.b);
      }
      if (size < least - 0.05) out.push(`${size.toFixed(1)} px: "${text.slice(0, 40)}" (${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')} in ${el.closest('[data-view]')?.getAttribute('data-view') ?? el.closest('[class]')?.className ?? ''})`);
    }
    return [...new Set(out)];
  }, min);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('/tmp/shots-present-fit', { recursive: true });
  await page.screenshot({ path: `/tmp/shots-present-fit/${name}.png` });
}

/**
 * The views still taller than the stage's views area with their words at the stage's
 * 24 px: each scrolls inside the area (the scene's caption, figures and controls stay
 * on screen). They need presenter layouts of their own (issue 24, docs/presenting.md).
 * "beside the question": narrower, as the question and its answer take more of the
 * stage's width. A view on this list that fits everywhere it is shown fails the test:
 * take it off.
 */
const STILL_TALL: Readonly<Record<string, readonly string[]>> = {};


/** Per test: for each view on STILL_TALL shown, whether it ever did not fit. */
type Tall = Map<string, boolean>;

/**
 * Measures the scene as it is on screen with each of its views in turn (the stage shows
 * one at a time), and at 1920x1080 its type, and keeps a picture of each.
 */
async function check(page: Page, what: string, tag: string, size: { width: number }, tall: Tall, script: string): Promise<void> {
  const buttons = page.locator('.pr-view-picker button');
  const count = await buttons.count();
  for (let i = 0; i < Math.max(1, count); i++) {
    if (count > 0) {
      await buttons.nth(i).click();
      await expect(buttons.nth(i)).toHaveAttribute('aria-pressed', 'true');
    }
    const view = await page.locator('.pr-views .view-slot').first().getAttribute('data-slot') ?? '';
    await settleViews(page);
    await shot(page, count > 1 ? `${tag}-${view}` : tag);
    let wrong = await misfits(page);
    const key = await presenter(page).getAttribute('data-phase') === 'running' ? view : `${view}, beside the question`;
    if (STILL_TALL[script]?.includes(key)) {
      const scrolls = wrong.filter((w) => w.startsWith('div.pr-views clips its content'));
      tall.set(key, (tall.get(key) ?? false) || scrolls.length > 0);
      wrong = wrong.filter((w) => !scrolls.includes(w));
    }
    expect.soft(wrong, `${what}, view ${view}`).toEqual([]);
    if (size.width === 1920) expect.soft(await smallWords(page, 24), `${what}, view ${view}`).toEqual([]);
  }
}

/** Waits for the shown view to draw and settle at its fitted size. */
async function settleViews(page: Page): Promise<void> {
  await expect(page.locator('.pr-views .view-loading')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.pr-views [data-view]').first()).toBeVisible({ timeout: 15_000 });
  let last = '';
  await expect.poll(async () => {
    const now = await page.locator('.pr-views').evaluate((el) => Array.from(el.querySelectorAll<HTMLElement>('.view-body')).map((b) => `${b.offsetWidth}x${b.offsetHeight}`).join());
    const same = now === last;
    last = now;
    return same;
  }, { timeout: 8_000, intervals: [300] }).toBe(true);
}

// reduced motion: a scene waits to be played, so each is measured at a known moment
test.use({ reducedMotion: 'reduce' });

/**
 * Checks the scene as it is now at each size in turn: the window is resized (the scene
 * stays where it is, at the same moment of its run), the views settle, and every view is
 * measured. One walk through a script serves all three sizes.
 */
async function checkAtEachSize(page: Page, what: string, tag: string, tall: Tall, script: string, scene: number): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page, scene);
    await check(page, `${what} at ${size.width}x${size.height}`, `${tag}-${size.width}`, size, tall, script);
  }
}

for (const script of SCRIPTS) {
  test(`every scene of ${script.id} fits the screen at ${SIZES.map((s) => `${s.width}x${s.height}`).join(', ')}, with no word under 24 px at 1920x1080`, async ({ page }) => {
    test.setTimeout(600_000);
    const tall: Tall = new Map();
    const simNow = () => page.getByTestId('present-sim-now').getAttribute('data-ns').then(Number);
    await page.setViewportSize(SIZES[0]);
    await page.goto(`/#/present/${script.id}/1`);
    for (let n = 1; n <= script.scenes; n++) {
      if (n > 1) await page.getByTestId('present-next').click();
      await settle(page, n);
      const tag = `${script.id}-${n}`;
      // run a moment, so the views and figures have the run's numbers (a question may freeze it)
      await page.getByTestId('present-play').click();
      await page.waitForTimeout(2500);
      // the scene's scenario really runs (its clock moved)
      await expect.poll(simNow, { timeout: 20_000 }).toBeGreaterThan(0);
      if (await presenter(page).getAttribute('data-phase') === 'running') {
        if (await page.getByTestId('present-play').textContent().then((t) => /Pause/.test(t ?? ''))) await page.getByTestId('present-play').click();
        await settle(page, n);
        await checkAtEachSize(page, `scene ${n}`, tag, tall, script.id, n);
      }
      if (script.asks[n - 1]) {
        if (await presenter(page).getAttribute('data-phase') === 'running') await page.getByTestId('present-next').click();
        await expect(presenter(page)).toHaveAttribute('data-phase', 'asking');
        await settle(page, n);
        await checkAtEachSize(page, `scene ${n}, the question`, `${tag}-ask`, tall, script.id, n);
        await page.getByTestId('present-next').click();
        await expect(presenter(page)).toHaveAttribute('data-phase', 'revealed');
        await page.waitForTimeout(1500); // the run continues after the reveal, with the answer's numbers
        await settle(page, n);
        await checkAtEachSize(page, `scene ${n}, the answer`, `${tag}-answer`, tall, script.id, n);
      }
      // back to the first size for the next scene, as a class's screen would not change
      await page.setViewportSize(SIZES[0]);
    }
    const fitted = [...tall].filter(([, didNot]) => !didNot).map(([view]) => view);
    expect(fitted, 'views on STILL_TALL that now fit everywhere they are shown: take them off the list').toEqual([]);
  });
}
