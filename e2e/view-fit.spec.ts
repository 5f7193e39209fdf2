/*
 * view-fit.spec.ts -- every view of every kernel, at 1280x720 and 1440x900, as a class
 * sees it projected: in each view's drawings no text overlaps another text and none
 * reaches outside its drawing; the scaling chart's "this run" label lies wholly inside
 * its panel at 32 CPUs; at 1280x720 the first view's title is above the fold. In the
 * projector theme, at 1280x720 and 1920x1080, every word of the figures and the views is
 * at least 24 px at 1080p (16 px at 720p: the same share of the screen) and none overlaps.
 * Each kernel's lab is opened once per theme, at the first size, and its window then
 * resized to the second: the same run drawn again at each size. Each view is saved as a
 * PNG in /tmp/views-shots/ to be looked at.
 */
import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, labLink, openFresh, presetScenario, simNowNs, test, unstickLabBar } from './fixtures.js';

const SHOTS = '/tmp/views-shots';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
/** A preset per kernel (src/kernels/): the lab shows each kernel's own views. */
/** A preset with its machine's CPU count changed (the rest of its machine kept). */
function withCpus(preset: string, cpus: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const doc = presetScenario(preset);
  return { ...doc, machine: { ...(doc.machine as Record<string, unknown>), cpus }, ...extra };
}

const KERNELS: Array<[kernel: string, scenario: Record<string, unknown>, steps: number]> = [
  ['classic', presetScenario('testbed-classic'), 1],
  ['scalable', presetScenario('testbed-scalable'), 1],
  // the Scalable Kernel's designated CPU saturated, its KRP queue long: the KRP view's fullest picture
  ['scalable-32', withCpus('testbed-scalable', 32), 4],
  ['sna', presetScenario('sna-as-ported'), 1],
  ['numa', presetScenario('gs160-example3-before'), 1],
  ['onload', presetScenario('onload-pingpong-onload'), 1],
  ['hpux', presetScenario('hpux-cow-8-buffers'), 1],
  ['service', presetScenario('service-tas'), 1],
];

interface Problem {
  view: string;
  what: string;
}

/**
 * In the page: for each view's drawings (its SVGs), the texts that overlap another text
 * of the same drawing, and the texts that reach outside it (1 px of slack for
 * antialiasing). Hidden and empty texts are skipped; a text's tspans are part of it.
 */
async function textProblems(page: Page, view: string): Promise<Problem[]> {
  return page.locator(`[data-view="${view}"]`).evaluate((figure, id) => {
    const out: Array<{ view: string; what: string }> = [];
    const slack = 1;
    const svgs = Array.from(figure.querySelectorAll('svg')).filter((svg) => !svg.parentElement?.closest('svg'));
    svgs.forEach((svg, s) => {
      const box = svg.getBoundingClientRect();
      const texts = Array.from(svg.querySelectorAll('text')).filter((text) => {
        const style = getComputedStyle(text);
        if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
        const r = text.getBoundingClientRect();
        return (text.textContent ?? '').trim() !== '' && r.width > 0 && r.height > 0;
      });
      const rects = texts.map((text) => text.getBoundingClientRect());
      const name = (i: number) => `"${texts[i]!.textContent!.trim().slice(0, 40)}"`;
      rects.forEach((r, i) => {
        if (r.left < box.left - slack || r.right > box.right + slack || r.top < box.top - slack || r.bottom > box.bottom + slack) {
          out.push({
            view: id,
            what: `svg ${s}: ${name(i)} reaches outside its drawing (text ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} x ${Math.round(r.top - box.top)}..${Math.round(r.bottom - box.top)}, drawing ${Math.round(box.width)} x ${Math.round(box.height)})`,
          });
        }
        for (let j = i + 1; j < rects.length; j++) {
          const o = rects[j]!;
          const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
          const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
          if (w > slack && h > slack)
            out.push({ view: id, what: `svg ${s}: ${name(i)} overlaps ${name(j)} (${Math.round(w)} x ${Math.round(h)} px)` });
        }
      });
    });
    return out;
  }, view);
}

/**
 * In the page: the visible words inside `selector` drawn smaller than `min` CSS px on
 * screen, HTML and SVG: the computed size times the zoom in force (the projector theme
 * zooms its views: src/lab/projector-scale.ts) times an SVG's own scaling to its viewBox.
 */
async function smallWords(page: Page, selector: string, min: number): Promise<string[]> {
  return page.evaluate(
    ({ selector, least }) => {
      const out: string[] = [];
      for (const root of Array.from(document.querySelectorAll(selector))) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const el = node.parentElement;
          if (!text || !el) continue;
          if (el.closest('.slv-sr-only, .visually-hidden, [hidden], style, script, table, details:not([open]) > :not(summary)')) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
          let size = parseFloat(style.fontSize) * ((el as unknown as { currentCSSZoom?: number }).currentCSSZoom ?? 1);
          if (el instanceof SVGGraphicsElement) {
            const m = el.getCTM();
            const outer = el.ownerSVGElement?.getCTM();
            if (m && outer) size *= Math.hypot(m.a, m.b) / Math.hypot(outer.a, outer.b);
          }
          if (size < least - 0.05) {
            const where = el.closest('[data-view]')?.getAttribute('data-view') ?? (el.closest('.figures') ? 'figures' : '');
            out.push(
              `${where}: ${size.toFixed(1)} px "${text.slice(0, 40)}" (${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class')}` : ''})`,
            );
          }
        }
      }
      return [...new Set(out)];
    },
    { selector, least: min },
  );
}

/** Each view of the lab in turn, scrolled into sight, drawn, checked and saved as `<name>-<view>.png`. */
async function eachView(page: Page, name: string, check: (view: string, figure: Locator, slot: string) => Promise<void>): Promise<void> {
  const slots = await page.locator('[data-slot]').evaluateAll((els) => els.map((el) => el.getAttribute('data-slot')!));
  expect(slots.length).toBeGreaterThan(0);
  for (const id of slots) {
    await page.locator(`[data-slot="${id}"]`).scrollIntoViewIfNeeded();
    const figure = page.locator(`[data-slot="${id}"] figure[data-view]`).first();
    await expect(figure).toBeVisible({ timeout: 15_000 });
    const view = (await figure.getAttribute('data-view'))!;
    await page.waitForTimeout(150);
    // checked before the picture is taken: to take a view taller than the window, the
    // browser lays the page out again at another size, which the checks must not see
    await check(view, figure, id);
    await figure.screenshot({ path: `${SHOTS}/${name}-${view}.png` });
  }
}

async function stepOnce(page: Page): Promise<void> {
  const before = await simNowNs(page);
  await page.getByRole('button', { name: 'Step 1 ms' }).click();
  await expect.poll(() => simNowNs(page)).toBeGreaterThan(before);
}

/** After the window was resized: waits until every view slot keeps its size for 300 ms (the views have drawn again). */
async function settleLayout(page: Page): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page
          .locator('.lab')
          .first()
          .evaluate((lab) =>
            Array.from(lab.querySelectorAll<HTMLElement>('[data-slot]'))
              .map((slot) => `${slot.offsetWidth}x${slot.offsetHeight}`)
              .join(),
          );
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 10_000, intervals: [300] },
    )
    .toBe(true);
}

test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  mkdirSync(SHOTS, { recursive: true });
});

for (const [kernel, scenario, steps] of KERNELS) {
  test(`${kernel}: no view's texts overlap or leave their drawing, at 1280x720 and 1440x900`, async ({ page }) => {
    const problems: Problem[] = [];
    for (const size of SIZES) {
      // opened at the first size, then the window resized: the same run, drawn again
      await page.setViewportSize(size);
      if (size === SIZES[0]) await openFresh(page, labLink(scenario));
      else await settleLayout(page);
      if (size.width === 1280) {
        // the first view starts above the fold: its title is wholly in sight without scrolling
        const title = page.locator('[data-slot]').first().locator('.slv-title').first();
        await expect(title).toBeVisible({ timeout: 15_000 });
        const bottom = await title.evaluate((el) => el.getBoundingClientRect().bottom);
        if (bottom > size.height)
          problems.push({ view: 'page', what: `the first view's title ends at ${Math.round(bottom)} px, below the 720 px fold` });
        await page.screenshot({ path: `${SHOTS}/${kernel}-${size.width}-page.png` });
      }
      if (size === SIZES[0]) for (let i = 0; i < steps; i++) await stepOnce(page);
      await unstickLabBar(page);
      await eachView(page, `${kernel}-${size.width}`, async (view) => {
        problems.push(...(await textProblems(page, view)).map((p) => ({ ...p, view: `${size.width}x${size.height} ${p.view}` })));
      });
    }
    expect(problems.map((p) => `${kernel} ${p.view}: ${p.what}`)).toEqual([]);
  });
}

/** The projector theme where a class reads it: a 720p projector and a 1080p one. */
const PROJECTOR_SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

for (const [kernel, scenario, steps] of KERNELS) {
  test(`${kernel} in the projector theme: every word of the figures and views is at least 24 px at 1080p (16 at 720p), none overlaps`, async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const size of PROJECTOR_SIZES) {
      // opened at the first size, then the window resized: the same run, drawn again
      await page.setViewportSize(size);
      if (size === PROJECTOR_SIZES[0]) {
        await openFresh(page, labLink(scenario, { th: 'projector' }));
        await expect(page.locator('[data-view]').first()).toHaveClass(/slv-theme-projector/, { timeout: 15_000 });
        for (let i = 0; i < steps; i++) await stepOnce(page);
      } else {
        await settleLayout(page);
      }
      await unstickLabBar(page);
      // the words' size against the screen: 24 px on 1920 CSS px, scaled to this window
      const least = (24 * size.width) / 1920;
      problems.push(...(await smallWords(page, '.lab .figures', least)).map((w) => `${size.width}: ${w}`));
      await eachView(page, `${kernel}-projector-${size.width}`, async (view, figure, slot) => {
        problems.push(...(await smallWords(page, `[data-slot="${slot}"]`, least)).map((w) => `${size.width}: ${w}`));
        problems.push(...(await textProblems(page, view)).map((p) => `${size.width} ${p.view}: ${p.what}`));
        // zoomed, the view still lies within the lab's width
        const right = await figure.evaluate((el) => el.getBoundingClientRect().right);
        if (right > size.width + 1) problems.push(`${size.width} ${view}: reaches ${Math.round(right)} px, past the window`);
      });
    }
    expect(problems.map((p) => `${kernel} ${p}`)).toEqual([]);
  });
}

test('the scaling chart\'s "this run" label lies inside its panel at 32 CPUs, at both sizes', async ({ page }) => {
  for (const size of SIZES) {
    // one sweep, at the first size; the window is then resized and the chart drawn again
    await page.setViewportSize(size);
    if (size === SIZES[0]) {
      // a short run per point keeps the sweep quick; the current run has 32 CPUs, the sweep's end
      await openFresh(
        page,
        labLink(
          withCpus('testbed-scalable', 32, {
            sim: { ...(presetScenario('testbed-scalable').sim as Record<string, unknown>), duration_ns: 12_000_000, warmup_ns: 4_000_000 },
          }),
        ),
      );
      await stepOnce(page);
      await page.getByRole('button', { name: 'Run the scaling sweep' }).click();
      await expect(page.getByTestId('sweep-status')).toContainText('Sweep done', { timeout: 150_000 });
    } else {
      await settleLayout(page);
    }
    await unstickLabBar(page);
    await page.locator('[data-slot="scaling"]').scrollIntoViewIfNeeded();
    const chart = page.locator('[data-view="scaling"]');
    const labels = chart.locator('[data-current] text');
    await expect(labels.first()).toContainText('this run');
    for (const label of await labels.all()) {
      const inside = await label.evaluate((text) => {
        const svg = text.closest('svg')!.getBoundingClientRect();
        const r = text.getBoundingClientRect();
        return { left: r.left - svg.left, right: svg.right - r.right, top: r.top - svg.top, bottom: svg.bottom - r.bottom };
      });
      for (const [side, room] of Object.entries(inside))
        expect(room, `"this run" at ${size.width}: room on the ${side}`).toBeGreaterThanOrEqual(0);
    }
    await chart.screenshot({ path: `${SHOTS}/scaling-32-${size.width}.png` });
    const problems = await textProblems(page, 'scaling');
    expect(problems.map((p) => `${size.width}: ${p.what}`)).toEqual([]);
  }
});
