/*
 * sna-views.spec.ts -- the SNA Server/6000 views in Chromium: the lab opened on the
 * as-ported preset draws the thundering herd (hs_region, its sleepers, the run queue,
 * the CPUs) and the cache lines of lock words, each with its text equivalent; while it
 * plays the count of futile wake-ups climbs; the data tables open by keyboard alone;
 * the OpenVMS kernels' lab does not show them; the spin-lock view draws six of the
 * hundred-odd session locks and counts the rest; under reduced motion nothing slides;
 * axe finds nothing serious. Screenshots
 * of both views, light and projector, go to /tmp/shots/herd-*.png and cache-lines-*.png.
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
  seeView as see,
  tabTo,
  test,
  toggleDataTable,
  unstickLabBar,
  viewOf,
} from './fixtures.js';

const herd = (page: Page) => viewOf(page, 'herd');
const lines = (page: Page) => viewOf(page, 'cache-lines');
const futile = async (page: Page) => Number(await herd(page).locator('[data-futile]').getAttribute('data-futile'));

/** The view alone, paused (so nothing is caught mid-move), with the sticky transport bar out of the way. */
async function shoot(page: Page, view: Locator, name: string): Promise<void> {
  const play = page.getByTestId('play');
  if (/Pause/.test(await play.innerText())) await play.click();
  await expect(play).toHaveText(/Play/);
  await page.waitForTimeout(400);
  await unstickLabBar(page);
  await view.scrollIntoViewIfNeeded();
  await view.screenshot({ path: `/tmp/shots/${name}.png` });
}

test('SNA as ported: the herd bounces and is counted, the cache lines show who owns each lock word', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('sna-as-ported')));
  await see(page, 'cache-lines');
  await see(page, 'herd');
  // the OpenVMS kernels' KRP queue and sweep are not drawn for SNA
  await expect(page.locator('[data-slot="krp-queue"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="scaling"]')).toHaveCount(0);

  // the herd: hs_region, its sleepers, the run queue, the CPUs, said in words too
  await expect(herd(page).locator('svg[data-herd-lock="hs_region"]')).toBeVisible();
  await expect(herd(page).locator('[data-summary]')).toContainText(/Thundering herd on hs_region/);
  await expect(herd(page).locator('[data-summary]')).toContainText(/futile wake-ups, each a wasted context switch/);
  await expect(herd(page).locator('[data-cpu]')).toHaveCount(4);
  // playing, the futile wake-ups climb, and a release is seen and told
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  const before = await futile(page);
  await expect.poll(() => futile(page), { timeout: 15_000 }).toBeGreaterThan(before + 10);
  await expect(herd(page).locator('[data-bounce]')).toContainText(/The release seen (just now|[\d.]+ (µs|ms) ago) woke \d+ thread/, {
    timeout: 15_000,
  });
  await expect(herd(page).locator('.slv-headline')).toContainText(/futile wake-ups of [\d,]+ context switches/);

  // the cache lines: hs_region's line first, an owner CPU for each line, the summary in words
  await see(page, 'cache-lines');
  await expect(lines(page).locator('[data-line]').first()).toHaveAttribute('data-line', '0');
  await expect(lines(page).locator('[data-token]').first()).toBeVisible();
  await expect(lines(page).locator('[data-summary]')).toContainText(/Line 0 holds hs_region/);
  await expect(lines(page).locator('[data-summary]')).toContainText(/No line is falsely shared/);

  // side by side: the same scenario with simple (spin) locks, run to its end in the background
  await expect(herd(page).locator('[data-compare]')).toContainText(/Side by side: the same workload/, { timeout: 20_000 });
  await expect(herd(page).locator('[data-compare]')).toContainText(/simple \(spin\) locks/);

  await expectAccessible(page, 'lab with the SNA views');
  await shoot(page, herd(page), 'herd-light');
  await shoot(page, lines(page), 'cache-lines-light');
});

test('keyboard alone: pause, open both data tables, projector mode; the views stay readable', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('sna-as-ported')));
  await see(page, 'herd');
  await page.waitForTimeout(1500);
  await tabTo(page, page.getByTestId('play'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveText(/Play/);

  await toggleDataTable(page, herd(page), /Asleep on hs_region/);
  await toggleDataTable(page, lines(page), /line 0/);

  await projectorThenPlay(page);
  await expect(await see(page, 'herd')).toHaveClass(/slv-theme-projector/);
  await expect(await see(page, 'cache-lines')).toHaveClass(/slv-theme-projector/);
  await page.waitForTimeout(1200);
  await tabTo(page, page.getByTestId('play'), 200);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  await expectAccessible(page, 'SNA views in projector mode');
  await shoot(page, herd(page), 'herd-projector');
  await shoot(page, lines(page), 'cache-lines-projector');
});

test('after the port the herd view shows spinning CPUs; false sharing is marked; the OpenVMS lab has neither view', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('sna-after-port')));
  await see(page, 'herd');
  await expect(herd(page).locator('[data-summary]')).toContainText(/is a simple lock: waiters spin/);
  await expect(herd(page)).toContainText(/Spinning for /);
  await shoot(page, herd(page), 'herd-after-port');

  // with reduced motion the lab does not start by itself, and nothing slides
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // a fresh document: a new hash alone would keep the lab that was playing
  await openFresh(page, labLink(preset('sna-false-sharing')));
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  await page.getByTestId('play').click();
  await see(page, 'cache-lines');
  await expect(lines(page).locator('[data-false-sharing]')).toHaveCount(1, { timeout: 15_000 });
  await expect(lines(page)).toContainText(/false sharing: \d locks in one line/);
  await expect(lines(page)).toHaveClass(/slv-reduced/);
  const moves = await lines(page)
    .locator('.slv-move')
    .evaluateAll((marks) => marks.map((m) => getComputedStyle(m).transitionProperty));
  expect(moves.length).toBeGreaterThan(0);
  expect(new Set(moves)).toEqual(new Set(['none']));
  await shoot(page, lines(page), 'cache-lines-false-sharing');

  // the spin locks (the lab is paused now): with simple locks each session's lock is a
  // spin lock, yet six lanes at most, so the views below stay in reach; the rest are
  // counted in words and listed in the data table
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  const lock = await see(page, 'lock');
  await expect(lock.locator('[data-more-locks]')).toContainText(/more spin locks in use, not drawn for room/);
  expect(await lock.locator('[data-lock]').count()).toBeLessThanOrEqual(6);
  const more = Number(await lock.locator('[data-more-locks]').getAttribute('data-more-locks'));
  await lock.getByRole('button', { name: 'Show data table' }).click();
  await expect(lock.locator('table tbody tr')).toHaveCount((await lock.locator('[data-lock]').count()) + more);
  await shoot(page, lock, 'lock-sna-many');

  const classic = await context.newPage();
  await openLab(classic);
  await expect(classic.locator('[data-slot="cpu-grid"]')).toHaveCount(1);
  await expect(classic.locator('[data-slot="krp-queue"]')).toHaveCount(1);
  await expect(classic.locator('[data-slot="herd"]')).toHaveCount(0);
  await expect(classic.locator('[data-slot="cache-lines"]')).toHaveCount(0);
  await classic.close();
});
