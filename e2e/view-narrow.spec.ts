/*
 * view-narrow.spec.ts -- every view in an embed as narrow as a phone (320 and 375 px: a
 * docs page read on one, or a docs column): each is drawn, no word of it leaves its
 * figure, and nothing logs an error (each view is opened at 320 px, then its window is
 * widened to 375 px: one load for both). A view too narrow for its drawing says so and keeps
 * its figures (net-stack-lock); a table wider than the frame scrolls sideways inside it.
 * Each view is saved as /tmp/views-shots/narrow-<width>-<view>.png to be looked at.
 * And every lesson, embedded at 320 px, never scrolls the page sideways: what is wider
 * (a table, a code block) scrolls inside its own region.
 */
import LZString from 'lz-string';
import { mkdirSync, readdirSync } from 'node:fs';
import { VIEW_IDS, type KnownViewId } from '../src/shared/view-ids.js';
import { expect, presetScenario, test } from './fixtures.js';

const SHOTS = '/tmp/views-shots';
/** A preset whose kernel draws the view. */
const PRESET: Record<KnownViewId, string> = {
  'cpu-grid': 'testbed-classic',
  lock: 'testbed-classic',
  modes: 'testbed-classic',
  timeline: 'testbed-classic',
  scaling: 'testbed-classic',
  'krp-queue': 'testbed-scalable',
  'lock-table': 'service-tas',
  herd: 'sna-as-ported',
  'cache-lines': 'sna-as-ported',
  'numa-topology': 'gs160-example3-before',
  'numa-traffic': 'gs160-example3-before',
  'numa-spinlock': 'gs160-example3-before',
  'monitor-modes': 'gs160-example3-before',
  'net-latency': 'onload-pingpong-onload',
  'net-stack-lock': 'onload-shared-stack',
  'net-size-curve': 'onload-tcp-stream-onload',
  'net-livelock': 'onload-udp-receive-kernel',
  'hpux-journey': 'hpux-fddi-copies',
  'hpux-buffers': 'hpux-cow-8-buffers',
  'hpux-curves': 'hpux-fddi-copies',
};

const WIDTHS = [320, 375] as const;

test(`at ${WIDTHS.join(' and ')} px every view is drawn within its frame`, async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const problems: string[] = [];
  for (const view of VIEW_IDS) {
    const preset = PRESET[view];
    if (!preset) throw new Error(`view-narrow.spec.ts: no preset draws the view "${view}"; add one to PRESET`);
    const state = LZString.compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: presetScenario(preset) }));
    // each view opened afresh at the narrowest width, then the window widened: one load for both
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto('about:blank');
    await page.goto(`/#/embed?s=${state}&views=${view}&height=800`);
    const figure = page.locator(`[data-view="${view}"]`);
    await expect(figure).toBeVisible({ timeout: 20_000 });
    // two steps past the warm-up: every view has a measured report to draw
    for (let i = 0; i < 2; i++) {
      const clock = page.getByTestId('sim-now');
      const before = Number(await clock.getAttribute('data-ns'));
      await page.getByRole('button', { name: 'Step 1 ms' }).click();
      await expect.poll(async () => Number(await clock.getAttribute('data-ns'))).toBeGreaterThan(before);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(300);
      // measured once the view has drawn at the new width: on a loaded machine its first
      // redraw can come later than 300 ms, and a view caught at its previous width is not
      // what a reader sees; what is still out of the frame after 5 s is a fault
      const measure = () =>
        figure.evaluate(
          (fig, { id, width }) => {
            const frame = fig.getBoundingClientRect();
            const out: string[] = [];
            if (frame.right > window.innerWidth + 1)
              out.push(`${width} px, ${id}: the figure reaches ${Math.round(frame.right)} px, past the window`);
            // what a region that scrolls sideways holds may run past the frame: it scrolls
            const scrolls = (el: Element) => {
              for (let e = el.parentElement; e && e !== fig; e = e.parentElement)
                if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
              return false;
            };
            for (const el of Array.from(fig.querySelectorAll('text, p, li, button, th, td, span'))) {
              if (el.closest('.slv-sr-only, [hidden]') || scrolls(el)) continue;
              const r = el.getBoundingClientRect();
              if (r.width === 0 || r.height === 0) continue;
              if (r.right > frame.right + 1 || r.left < frame.left - 1)
                out.push(
                  `${width} px, ${id}: "${(el.textContent ?? '').trim().slice(0, 40)}" runs from ${Math.round(r.left)} to ${Math.round(r.right)} px, out of ${Math.round(frame.left)}-${Math.round(frame.right)}`,
                );
            }
            return [...new Set(out)];
          },
          { id: view, width },
        );
      let found = await measure();
      for (let tries = 0; found.length > 0 && tries < 10; tries++) {
        await page.waitForTimeout(500);
        found = await measure();
      }
      problems.push(...found);
      await figure.screenshot({ path: `${SHOTS}/narrow-${width}-${view}.png` });
    }
  }
  expect(problems).toEqual([]);
});

const LESSONS = readdirSync('lessons')
  .filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')
  .map((f) => f.replace(/\.md$/, ''));

test('at 320 px no lesson scrolls the page sideways: its wide tables and code scroll in their own regions', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 320, height: 800 });
  const wide: string[] = [];
  for (const id of LESSONS) {
    await page.goto('about:blank');
    await page.goto(`/#/embed?lesson=${id}`);
    await expect(page.locator('.lesson-article')).toBeVisible({ timeout: 20_000 });
    // the lesson's lab and its runs table drawn
    await page.waitForTimeout(1500);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) wide.push(`${id}: the page is ${width} px wide`);
  }
  expect(wide).toEqual([]);
});
