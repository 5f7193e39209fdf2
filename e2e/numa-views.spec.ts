/*
 * numa-views.spec.ts -- the NUMA views in Chromium: the lab opened on the GS160 presets
 * draws the RADs' topology (CPUs by mode, memory and RAM disks, the adapters' CPU,
 * traffic arcs), the traffic matrix, spinlock wins per RAD and MONITOR MODES in the
 * source's layout, each with its text equivalent; MONITOR MODES switches to one RAD's
 * CPUs and the data tables open by keyboard alone, with a visible focus ring; projector
 * mode; a GS320 (32 CPUs, 8 RADs) keeps its frames short and moves packets along its
 * arcs; under reduced motion nothing moves; the OpenVMS kernels' lab shows none of these views; axe finds nothing
 * serious. Screenshots go to /tmp/shots/numa-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  labLink,
  openFresh,
  openLab,
  presetScenario as preset,
  projectorThenPlay,
  seeView,
  tabTo,
  test,
  toggleDataTable,
  unstickLabBar,
  viewOf,
} from './fixtures.js';

const NUMA_VIEWS = ['numa-topology', 'numa-traffic', 'numa-spinlock', 'monitor-modes'] as const;
type NumaView = (typeof NUMA_VIEWS)[number];
const view = (page: Page, id: NumaView) => viewOf(page, id);
const see = (page: Page, id: NumaView): Promise<Locator> => seeView(page, id);

async function pause(page: Page): Promise<void> {
  const play = page.getByTestId('play');
  if (/Pause/.test(await play.innerText())) await play.click();
  await expect(play).toHaveText(/Play/);
}

/** The view alone, paused, with the sticky transport bar out of the way. */
async function shoot(page: Page, v: Locator, name: string): Promise<void> {
  await pause(page);
  await page.waitForTimeout(300);
  await unstickLabBar(page);
  await v.scrollIntoViewIfNeeded();
  await v.screenshot({ path: `/tmp/shots/${name}.png` });
}

test('GS160, Example 3 before tuning: topology, traffic, spinlock and MONITOR MODES draw and say what they show', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('gs160-example3-before')));
  for (const id of NUMA_VIEWS) await see(page, id);
  // the OpenVMS TCP/IP kernels' KRP queue and sweep, and SNA's herd, are not drawn for numa
  await expect(page.locator('[data-slot="krp-queue"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="herd"]')).toHaveCount(0);

  const topo = await see(page, 'numa-topology');
  await expect(topo.locator('[data-rads="3"]')).toBeVisible();
  await expect(topo.locator('[data-cpu]')).toHaveCount(12);
  await expect(topo.locator('[data-rad="0"] [data-memory]')).toHaveAttribute('data-memory', /RO\+RW RAM disk/);
  await expect(topo.locator('[data-devices="irq"]')).toHaveCount(1);
  await expect(topo.locator('[data-arc]').first()).toBeVisible({ timeout: 15_000 });
  await expect(topo.locator('[data-summary]')).toContainText(/Topology of 3 RADs \(QBBs\) with 12 CPUs/);
  await expect(topo.locator('[data-summary]')).toContainText(/of the bytes moved cross RADs/);

  const traffic = await see(page, 'numa-traffic');
  await expect(traffic.locator('[data-from]')).toHaveCount(9);
  await expect(traffic.locator('.slv-headline')).toContainText(/% of the bytes cross RADs/);
  await expect(traffic.locator('[data-summary]')).toContainText(/crosses RADs/);

  const spin = await see(page, 'numa-spinlock');
  await expect(spin.locator('[data-rad]')).toHaveCount(3, { timeout: 15_000 });
  await expect(spin.locator('.slv-headline')).toContainText(/Jain's index \d\.\d{3}/);
  await expect(spin.locator('[data-summary]')).toContainText(/Who wins LCKMGR/);

  const modes = await see(page, 'monitor-modes');
  await expect(modes.locator('[data-row]')).toHaveCount(7);
  await expect(modes.locator('svg[data-monitor-scope]')).toContainText('TIME IN PROCESSOR MODES');
  await expect(modes.locator('svg[data-monitor-scope]')).toContainText('Combined for 12 CPUs');
  await expect(modes.locator('[data-footnote]')).toContainText(/Executive and Supervisor Mode read 0/);
  await expect(modes.locator('[data-summary]')).toContainText(/scale 0 to 1,200/);

  await expectAccessible(page, 'lab with the NUMA views');
  for (const id of NUMA_VIEWS) await shoot(page, view(page, id), `numa-${id}-light`);
});

test('keyboard alone: MONITOR MODES per RAD, every data table, projector mode', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('gs160')));
  await see(page, 'monitor-modes');
  await page.waitForTimeout(1500);
  await tabTo(page, page.getByTestId('play'), 120);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveText(/Play/);

  // MONITOR MODES /CPU=(4,5,6,7): RAD 1 by keyboard
  const modes = view(page, 'monitor-modes');
  const rad1 = modes.locator('button[data-scope="1"]');
  await tabTo(page, rad1, 200);
  expect(await rad1.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(rad1).toHaveAttribute('aria-pressed', 'true');
  await expect(modes.locator('svg[data-monitor-scope="1"]')).toContainText('Combined for RAD 1 (CPUs 4–7)');
  await expect(modes.locator('[data-summary]')).toContainText(/scale 0 to 400/);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(modes.locator('button[data-scope="0"]')).toHaveAttribute('aria-pressed', 'true');

  for (const [id, rowText] of [
    ['numa-topology', /RAD 0/],
    ['numa-traffic', /RAD 3/],
    ['numa-spinlock', /RAD 2/],
    ['monitor-modes', /MP Synchronization/],
  ] as const)
    await toggleDataTable(page, view(page, id), rowText, 300);

  // projector mode by keyboard (Shift+Tab back to the toggle), then play a little
  await projectorThenPlay(page, 300);
  for (const id of NUMA_VIEWS) await expect(await see(page, id)).toHaveClass(/slv-theme-projector/);
  await page.waitForTimeout(1200);
  await pause(page);
  await expectAccessible(page, 'NUMA views in projector mode');
  for (const id of NUMA_VIEWS) await shoot(page, view(page, id), `numa-${id}-projector`);
});

test('GS320: 32 CPUs in 8 RADs stay light; reduced motion stills the arcs; the OpenVMS lab has none of the NUMA views', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('gs320')));
  const topo = await see(page, 'numa-topology');
  await expect(topo.locator('[data-cpu]')).toHaveCount(32);
  await expect(topo.locator('[data-rad]')).toHaveCount(8);
  await expect(topo.locator('[data-arc]').first()).toBeVisible({ timeout: 15_000 });
  // the packets move along the arcs on their own canvas
  await expect(topo.locator('canvas[data-packets]')).toBeVisible();
  // playing (frame times with the topology on screen are measured by `npm run bench`, GS320 run)
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  const before = Number(await page.locator('section.lab').getAttribute('data-frames'));
  await expect.poll(async () => Number(await page.locator('section.lab').getAttribute('data-frames'))).toBeGreaterThan(before + 10);
  const elements = await topo.locator('svg *').count();
  expect(elements).toBeLessThan(800);
  await shoot(page, topo, 'numa-numa-topology-gs320');
  await shoot(page, view(page, 'numa-spinlock'), 'numa-numa-spinlock-gs320');
  await shoot(page, view(page, 'numa-traffic'), 'numa-numa-traffic-gs320');

  // reduced motion: no flowing dashes
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openFresh(page, labLink(preset('gs160'))); // a new hash alone keeps the lab that was playing
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  await page.getByTestId('play').click();
  const still = await see(page, 'numa-topology');
  await expect(still.locator('[data-arc]').first()).toBeVisible({ timeout: 15_000 });
  await expect(still).toHaveClass(/slv-reduced/);
  // no moving packets (their canvas is not there) and nothing else animates
  await expect(still.locator('[data-packets]')).toHaveCount(0);
  const animations = await still.locator('[data-arc]').evaluateAll((arcs) => arcs.map((a) => getComputedStyle(a).animationName));
  expect(new Set(animations)).toEqual(new Set(['none']));

  const classic = await context.newPage();
  await openLab(classic);
  await expect(classic.locator('[data-slot="cpu-grid"]')).toHaveCount(1);
  for (const id of NUMA_VIEWS) await expect(classic.locator(`[data-slot="${id}"]`)).toHaveCount(0);
  await expect(classic.locator('.view-toggles')).not.toContainText(/MONITOR MODES|RAD/);
  await classic.close();
});
