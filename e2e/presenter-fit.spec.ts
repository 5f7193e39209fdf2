/*
 * presenter-fit.spec.ts -- every scene of every scene script is one screen, measured:
 * at 1280x720, 1366x768 and 1920x1080 the title, caption, figures, views and controls
 * (and the question, and its answer) lie inside the window, the document does not
 * scroll, nothing inside the scene is cut off (no box scrolls or spills out of the
 * stage) and the views end above the controls, with each of a scene's views in turn
 * (the stage shows one at a time), in each phase (running, question, answer), with
 * motion on and the scene playing, as a class sees it. No text leaves its card, no view
 * draws nothing, and before a question's answer is revealed no number on screen states
 * the right choice's numbers. No two figures on a screen contradict each other: every
 * view measures over the full run's window, as the scene's figures do, and nothing
 * says "so far"; a question that names what to watch freezes with it on screen. At 1920x1080 no visible word of a scene, HTML or
 * SVG, is drawn under 24 px. The views
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
import { parse } from 'yaml';
import { expect, test } from './fixtures.js';

const SCENES = join(import.meta.dirname, '..', 'lessons', 'scenes');
/** The bundled scripts and how many scenes (and which questions) each has, read from their files. */
interface Claim {
  metric: string;
  value: number;
  within: number;
}
/** A number the right choice states, with the unit written after it ("%", "µs", "minutes"; none for a bare count). */
interface Answer {
  value: number;
  unit: string;
  within: number;
}
const UNIT = String.raw`(%|µs|ms|Mb\/s|KB\/s|minutes|times|million|thousand)?`;
/**
 * The numbers a question's right choice states ("About 47%, with no CPU idle": 47 %),
 * each with the tolerance of the scene's claim for it (or 5% of it, whichever is more).
 * Small whole numbers (below 10) are not looked for: a stage's number or a count says
 * them on screen without saying the answer.
 */
function answersOf(text: string, claims: readonly Claim[]): Answer[] {
  const out: Answer[] = [];
  for (const match of text.matchAll(new RegExp(String.raw`(\d[\d,]*(?:\.\d+)?)\s?` + UNIT, 'g'))) {
    const scale = match[2] === 'million' ? 1e6 : match[2] === 'thousand' ? 1e3 : 1;
    const value = Number(match[1]!.replace(/,/g, '')) * scale;
    if (Number.isInteger(value) && value < 10) continue;
    const claim = claims.filter((c) => Math.abs(c.value - value) <= 0.1 * Math.abs(value)).map((c) => c.within);
    out.push({ value, unit: scale === 1 ? (match[2] ?? '') : '', within: Math.max(0.05 * Math.abs(value), ...claim) });
  }
  return out;
}
const SCRIPTS = readdirSync(SCENES)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((file) => {
    const doc = parse(readFileSync(join(SCENES, file), 'utf8')) as {
      scenes: { ask?: { until?: string; choices: { text: string; correct?: boolean }[] }; claims?: Claim[] }[];
    };
    return {
      id: file.replace(/\.yaml$/, ''),
      scenes: doc.scenes.length,
      asks: doc.scenes.map((s) => s.ask !== undefined),
      watches: doc.scenes.map((s) => s.ask?.until),
      answers: doc.scenes.map((s) => answersOf(s.ask?.choices.find((c) => c.correct)?.text ?? '', s.claims ?? [])),
    };
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
    if (doc.scrollHeight > vh + 1 || doc.scrollWidth > vw + 1)
      out.push(`the document scrolls: ${doc.scrollWidth}x${doc.scrollHeight} in ${vw}x${vh}`);
    const stage = document.querySelector<HTMLElement>('.presenter')!;
    const box = stage.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > vw + 1 || box.bottom > vh + 1)
      out.push(`the stage ${JSON.stringify(box)} is not inside the window`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const must = [
      '.pr-title',
      '.pr-controls',
      '.pr-stage',
      ...(document.querySelector('[data-testid="ask"]') ? ['[data-testid="ask"]'] : ['.pr-caption']),
    ];
    for (const selector of must) {
      const el = document.querySelector(selector);
      if (!el) {
        out.push(`${selector} is missing`);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (
        r.width === 0 ||
        r.height === 0 ||
        r.top < box.top - 1 ||
        r.bottom > box.bottom + 1 ||
        r.left < box.left - 1 ||
        r.right > box.right + 1
      ) {
        out.push(
          `${selector} (${Math.round(r.top)}..${Math.round(r.bottom)}) is not on the stage (${Math.round(box.top)}..${Math.round(box.bottom)})`,
        );
      }
    }
    const controls = document.querySelector('.pr-controls')!.getBoundingClientRect();
    const area = document.querySelector('.pr-views')!.getBoundingClientRect();
    if (area.bottom > controls.top + 1)
      out.push(`the views' area ends at ${Math.round(area.bottom)}, below the controls' top ${Math.round(controls.top)}`);
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
      if (
        el instanceof HTMLElement &&
        style.overflow !== 'visible' &&
        el.tagName !== 'svg' &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      ) {
        out.push(`${name(el)} clips its content: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
        clipping.push(el);
        continue;
      }
      if (r.bottom > box.bottom + 1 || r.right > box.right + 1)
        out.push(`${name(el)} spills out of the stage (${Math.round(r.right)}, ${Math.round(r.bottom)})`);
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
      if (size < least - 0.05)
        out.push(
          `${size.toFixed(1)} px: "${text.slice(0, 40)}" (${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')} in ${el.closest('[data-view]')?.getAttribute('data-view') ?? el.closest('[class]')?.className ?? ''})`,
        );
    }
    return [...new Set(out)];
  }, min);
}

/**
 * Text that leaves its card (a box with a border or a background of its own, inside the
 * stage: a figure, a view's tile or chip) even where nothing clips it ("3,040,084/s"
 * past its card's edge), and views that draw nothing (no shape, no filled box).
 */
function outOfCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const stage = document.querySelector<HTMLElement>('.presenter')!;
    const isCard = (el: Element) => {
      if (el === stage) return false;
      const style = getComputedStyle(el);
      const border =
        ['Top', 'Right', 'Bottom', 'Left'].filter(
          (side) =>
            parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
            style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
        ).length === 4;
      const fill = style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent';
      return border || fill;
    };
    const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el instanceof SVGElement) continue;
      if (el.closest('.slv-sr-only, .visually-hidden, dialog:not([open]), .pr-blank, [hidden], style, script')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      let card: Element | null = el;
      while (card && card !== stage && !isCard(card)) card = card.parentElement;
      if (!card || card === stage) continue;
      const c = card.getBoundingClientRect();
      if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1) {
        out.push(
          `"${text.slice(0, 40)}" leaves its card (${card.tagName.toLowerCase()}.${String(card.getAttribute('class') ?? '').split(' ')[0]}): text ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)}, card ${Math.round(c.left)}..${Math.round(c.right)} x ${Math.round(c.top)}..${Math.round(c.bottom)}`,
        );
      }
    }
    for (const view of Array.from(document.querySelectorAll('.pr-views [data-view]'))) {
      if (view.closest('.pr-concealed')) continue; // hidden until the answer, under its note
      const body = view.querySelector('.view-body') ?? view;
      // a legend's swatches are not a drawing: a view with only its legend draws nothing
      const drawn = (el: Element) => !el.closest('.slv-legend');
      const shapes = Array.from(body.querySelectorAll('rect, path, circle, ellipse, line, polyline, polygon'))
        .filter(drawn)
        .some((shape) => {
          const r = shape.getBoundingClientRect();
          const style = getComputedStyle(shape);
          return (
            (r.width > 0 || r.height > 0) &&
            style.visibility !== 'hidden' &&
            style.display !== 'none' &&
            (style.fill !== 'none' || style.stroke !== 'none')
          );
        });
      const boxes = Array.from(body.querySelectorAll('*'))
        .filter(drawn)
        .some((el) => {
          if (el instanceof SVGElement) return false;
          const r = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return (
            r.width > 2 &&
            r.height > 2 &&
            style.backgroundColor !== 'rgba(0, 0, 0, 0)' &&
            style.backgroundColor !== 'transparent' &&
            style.visibility !== 'hidden'
          );
        });
      if (!shapes && !boxes) out.push(`view ${view.getAttribute('data-view')} draws nothing`);
    }
    return [...new Set(out)].slice(0, 12);
  });
}

/**
 * Before the answer is revealed, the numbers the class can read (the side's text and the
 * views' words, not those of a view the scene conceals, nor the question's own choices)
 * must not state the right choice's numbers (answersOf): within their tolerance, with
 * the same unit after them where the choice gives one, or scaled by k, thousand, M or
 * million.
 */
async function giveaways(page: Page, answers: readonly Answer[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const stage = document.querySelector<HTMLElement>('.presenter')!;
    const parts: string[] = [];
    const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim()) continue;
      if (
        el.closest(
          '.slv-sr-only, .visually-hidden, [hidden], style, script, .pr-concealed, .pr-controls, .pr-head, [data-testid="ask"], dialog',
        )
      )
        continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      parts.push(node.textContent);
    }
    return parts.join(' | ');
  });
  const out: string[] = [];
  for (const match of text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?(?:\|\s*)?(%|µs|ms|Mb\/s|KB\/s|minutes|times|million|thousand|k|K|M)?/g)) {
    const scale = /^(k|K|thousand)$/.test(match[2] ?? '') ? 1e3 : /^(M|million)$/.test(match[2] ?? '') ? 1e6 : 1;
    const n = Number(match[1]!.replace(/,/g, '')) * scale;
    for (const answer of answers) {
      if (answer.unit && answer.unit !== match[2]) continue;
      if (Math.abs(n - answer.value) <= answer.within) {
        out.push(
          `"${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 10)}" states the answer's ${answer.value}${answer.unit ? ` ${answer.unit}` : ''} (± ${answer.within})`,
        );
      }
    }
  }
  return [...new Set(out)];
}

/**
 * Figures that contradict each other on one screen: every view draws the live run's
 * state with the full run's counters (core/measures.ts), so each view's measurement
 * window is the full run's (or none while it runs), never the few ms played so far;
 * and no words on the stage offer a count "so far" to be read as the answer.
 */
function contradictions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const by = document.querySelector('[data-testid="views-measured-by"]');
    const full = by?.getAttribute('data-window-ns') ?? null;
    if (full === null) out.push("the stage does not say where its views' figures come from");
    for (const slot of Array.from(document.querySelectorAll<HTMLElement>('.pr-views [data-slot]'))) {
      const got = slot.getAttribute('data-window-ns');
      if (got !== null && got !== full)
        out.push(`view ${slot.dataset.slot} measures over ${got} ns, the full run's figures over ${full} ns: two figures for one measure`);
    }
    const text = document.querySelector<HTMLElement>('.presenter')!.innerText;
    for (const m of text.matchAll(/[^.\n]{0,40}\bso far\b[^.\n]{0,20}/g)) out.push(`"${m[0].trim()}": a count so far, read as the answer`);
    return out;
  });
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
async function check(
  page: Page,
  what: string,
  tag: string,
  size: { width: number },
  tall: Tall,
  script: string,
  answers: readonly Answer[],
): Promise<void> {
  const buttons = page.locator('.pr-view-picker button');
  const count = await buttons.count();
  for (let i = 0; i < Math.max(1, count); i++) {
    if (count > 0) {
      await buttons.nth(i).click();
      await expect(buttons.nth(i)).toHaveAttribute('aria-pressed', 'true');
    }
    const view = (await page.locator('.pr-views .view-slot').first().getAttribute('data-slot')) ?? '';
    await settleViews(page);
    await shot(page, count > 1 ? `${tag}-${view}` : tag);
    let wrong = await misfits(page);
    const key = (await presenter(page).getAttribute('data-phase')) === 'running' ? view : `${view}, beside the question`;
    if (STILL_TALL[script]?.includes(key)) {
      const scrolls = wrong.filter((w) => w.startsWith('div.pr-views clips its content'));
      tall.set(key, (tall.get(key) ?? false) || scrolls.length > 0);
      wrong = wrong.filter((w) => !scrolls.includes(w));
    }
    expect.soft(wrong, `${what}, view ${view}`).toEqual([]);
    expect.soft(await outOfCards(page), `${what}, view ${view}: text out of its card, or an empty drawing`).toEqual([]);
    expect.soft(await contradictions(page), `${what}, view ${view}: figures that contradict each other`).toEqual([]);
    if (answers.length > 0 && size.width === 1280)
      expect
        .soft(await giveaways(page, answers), `${what}, view ${view}: a number that answers the question before it is revealed`)
        .toEqual([]);
    if (size.width === 1920) expect.soft(await smallWords(page, 24), `${what}, view ${view}`).toEqual([]);
  }
}

/** Waits for the shown view to draw and settle at its fitted size. */
async function settleViews(page: Page): Promise<void> {
  await expect(page.locator('.pr-views .view-loading')).toHaveCount(0, { timeout: 15_000 });
  // a view a question conceals is drawn under its note (its figure hidden, its slot shown)
  await expect(page.locator('.pr-views .view-slot').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.pr-views [data-view]').first()).toBeAttached({ timeout: 15_000 });
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.locator('.pr-views').evaluate((el) =>
          Array.from(el.querySelectorAll<HTMLElement>('.view-body'))
            .map((b) => `${b.offsetWidth}x${b.offsetHeight}`)
            .join(),
        );
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 8_000, intervals: [300] },
    )
    .toBe(true);
}

// motion on, as a class sees it: each scene plays from its start and is measured playing
test.use({ reducedMotion: 'no-preference' });

/**
 * Checks the scene as it is now at each size in turn: the window is resized (the scene
 * stays where it is, at the same moment of its run), the views settle, and every view is
 * measured. One walk through a script serves all three sizes.
 */
async function checkAtEachSize(
  page: Page,
  what: string,
  tag: string,
  tall: Tall,
  script: string,
  scene: number,
  answers: readonly Answer[],
): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page, scene);
    await check(page, `${what} at ${size.width}x${size.height}`, `${tag}-${size.width}`, size, tall, script, answers);
  }
}

for (const script of SCRIPTS) {
  test(`every scene of ${script.id} fits the screen at ${SIZES.map((s) => `${s.width}x${s.height}`).join(', ')}, with no word under 24 px at 1920x1080`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const tall: Tall = new Map();
    const simNow = () => page.getByTestId('present-sim-now').getAttribute('data-ns').then(Number);
    await page.setViewportSize(SIZES[0]);
    await page.goto(`/#/present/${script.id}/1`);
    for (let n = 1; n <= script.scenes; n++) {
      if (n > 1) await page.getByTestId('present-next').click();
      await settle(page, n);
      const tag = `${script.id}-${n}`;
      // the scene plays on its own (motion on), as in front of a class; it runs a moment,
      // so the views have the run's numbers (a question may freeze it), and is measured playing
      const asks = script.asks[n - 1]!;
      const answers = script.answers[n - 1]!;
      await page.waitForTimeout(2500);
      // the scene's scenario really runs (its clock moved)
      await expect.poll(simNow, { timeout: 20_000 }).toBeGreaterThan(0);
      if (!asks) await expect(page.getByTestId('full-run')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
      if ((await presenter(page).getAttribute('data-phase')) === 'running') {
        await settle(page, n);
        await checkAtEachSize(page, `scene ${n}`, tag, tall, script.id, n, answers);
      }
      if (script.asks[n - 1]) {
        if ((await presenter(page).getAttribute('data-phase')) === 'running') await page.getByTestId('present-next').click();
        await expect(presenter(page)).toHaveAttribute('data-phase', 'asking', { timeout: 20_000 });
        // frozen where what the caption says to watch is on screen (ask.until: watch.ts)
        if (script.watches[n - 1])
          await expect(presenter(page), `scene ${n}: frozen with ${script.watches[n - 1]} on screen`).toHaveAttribute('data-watch', 'met');
        await settle(page, n);
        await checkAtEachSize(page, `scene ${n}, the question`, `${tag}-ask`, tall, script.id, n, answers);
        await page.getByTestId('present-next').click();
        await expect(presenter(page)).toHaveAttribute('data-phase', 'revealed');
        await expect(page.getByTestId('answer-full-run')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
        await page.waitForTimeout(1500); // the run continues after the reveal
        await settle(page, n);
        await checkAtEachSize(page, `scene ${n}, the answer`, `${tag}-answer`, tall, script.id, n, []);
      }
      // back to the first size for the next scene, as a class's screen would not change
      await page.setViewportSize(SIZES[0]);
    }
    const fitted = [...tall].filter(([, didNot]) => !didNot).map(([view]) => view);
    expect(fitted, 'views on STILL_TALL that now fit everywhere they are shown: take them off the list').toEqual([]);
  });
}
