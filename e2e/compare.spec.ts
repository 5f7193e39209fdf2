/*
 * compare.spec.ts -- #/compare: two simulations on one clock. A compare link opens
 * both sides; they advance together and always show the same simulated instant; the
 * table gives B − A with the right sign for classic against the Scalable Kernel; the
 * page works from the keyboard alone, is axe clean, explains a malformed link and
 * still runs; the lab's Compare link opens its scenario beside the other kernel; the
 * page is its own chunk, fetched only when visited.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, labLink, openLab, presetScenario, tabTo, test } from './fixtures.js';
import { mkdirSync } from 'node:fs';

const compare = (page: Page) => page.locator('.compare');

/** Opens a compare link and waits until both sides are loaded (and have shown a frame). */
async function openCompare(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(compare(page)).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 10_000 }).toBeGreaterThan(0);
}

/** Each side's simulated time and the shared clock's, read at one instant (one evaluate). */
async function sidesNs(page: Page): Promise<{ a: number; b: number; shown: number }> {
  return page.evaluate(() => {
    const sides = document.querySelector('[data-testid="compare-sides-now"]');
    const clock = document.querySelector('[data-testid="compare-now"]');
    return {
      a: Number(sides?.getAttribute('data-a-ns')),
      b: Number(sides?.getAttribute('data-b-ns')),
      shown: Number(clock?.getAttribute('data-ns')),
    };
  });
}

/** Speeds up both sides from the keyboard: four rungs up the speed ladder (2 ms to 50 ms of simulated time a second). */
async function faster(page: Page): Promise<void> {
  const speed = page.getByLabel('Speed');
  await speed.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.locator('.compare-bar .speed-value')).toContainText('50 ms per second');
}

const row = (page: Page, metric: string) => page.locator(`[data-testid="compare-diffs"] tr[data-metric="${metric}"]`);

async function shotTo(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync('/tmp/shots-compare', { recursive: true });
  await page.screenshot({ path: `/tmp/shots-compare/${name}.png`, fullPage });
}

test('a compare link opens classic against scalable, both advance on one clock, and the differences have the right signs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openCompare(page, '/#/compare?a=testbed-classic&b=testbed-scalable');
  await expect(page.getByRole('heading', { level: 1, name: 'Compare two runs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Side A: Classic kernel · 16 CPUs/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Side B: Scalable Kernel · 16 CPUs/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What differs between A and B' })).toContainText('Kernel');
  await expect(page.getByRole('region', { name: 'What differs between A and B' })).toContainText('Same seed (1) on both sides');

  // Playing: the shared clock moves, and every time we look both sides show the same instant.
  await expect(page.getByTestId('compare-play')).toHaveText(/Pause both/);
  const first = await sidesNs(page);
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 15_000 }).toBeGreaterThan(first.shown + 2e6);
  for (let i = 0; i < 8; i++) {
    const now = await sidesNs(page);
    expect(now.a, `sample ${i}: both sides at the same instant`).toBe(now.b);
    await page.waitForTimeout(150);
  }
  // Faster, so the window holds a few tens of ms of statistics.
  await faster(page);
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 30_000 }).toBeGreaterThan(90e6);
  await page.getByTestId('compare-play').click();
  await expect(page.getByTestId('compare-play')).toHaveText(/Play both/);
  await expect(compare(page)).toHaveAttribute('data-aligned', 'yes');
  const paused = await sidesNs(page);
  expect(paused.a).toBe(paused.b);
  expect(paused.shown).toBe(paused.a);

  // MP synchronization: lower on the Scalable Kernel, a negative difference in points, "better".
  const mpsynch = row(page, 'mpsynch');
  const a = Number(await mpsynch.getAttribute('data-a'));
  const b = Number(await mpsynch.getAttribute('data-b'));
  expect(a).toBeGreaterThan(15);
  expect(b).toBeLessThan(a / 4);
  expect(Number(await mpsynch.getAttribute('data-diff'))).toBeLessThan(0);
  await expect(mpsynch).toHaveAttribute('data-verdict', 'better');
  await expect(mpsynch).toContainText(/\u2212\d+\.\d points/);
  await expect(mpsynch).toContainText('B is lower (better)');
  // Throughput: higher, a positive difference per second and in percent.
  const tx = row(page, 'tx');
  await expect(tx).toHaveAttribute('data-verdict', 'better');
  expect(Number(await tx.getAttribute('data-diff'))).toBeGreaterThan(0);
  await expect(tx).toContainText(/\+[\d,]+\/s \(\+\d+%\)/);
  // I/O lock 8 is far less held; the KRP queue exists on B only, and the table says so.
  expect(Number(await row(page, 'iolock8').getAttribute('data-diff'))).toBeLessThan(0);
  await expect(row(page, 'krp-wait')).toContainText('not comparable: only B has it');

  // Step both by 1 ms: exactly 1 ms later, on both sides.
  await page.getByRole('button', { name: 'Step both 1 ms' }).click();
  await expect.poll(async () => (await sidesNs(page)).a, { timeout: 10_000 }).toBe(paused.a + 1e6);
  await expect(compare(page)).toHaveAttribute('data-aligned', 'yes');
  expect((await sidesNs(page)).b).toBe(paused.a + 1e6);

  // Reset both: back to the start of the measured window together.
  await page.getByRole('button', { name: 'Reset both' }).click();
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 10_000 }).toBe(40e6);
  const reset = await sidesNs(page);
  expect(reset.a).toBe(reset.b);

  // Both sides' views, in rows of A and B.
  await page.locator('[data-compare-view="cpu-grid"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-compare-view="cpu-grid"] [data-view="cpu-grid"]')).toHaveCount(2);
  await expect(page.locator('[data-compare-view="krp-queue"]')).toContainText('The classic kernel has no KRP queue');
  await expectAccessible(page, 'compare page');
});

test('the compare page works from the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  await openCompare(page, '/#/compare?a=testbed-classic&b=testbed-scalable');
  const play = page.getByTestId('compare-play');
  await tabTo(page, play, 60);
  expect(await play.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(play).toHaveText(/Play both/);
  await expect(compare(page)).toHaveAttribute('data-aligned', 'yes');
  const before = await sidesNs(page);
  // "m" steps both by 1 ms (focus on a button: shortcuts still work).
  await page.keyboard.press('m');
  await expect.poll(async () => (await sidesNs(page)).b, { timeout: 10_000 }).toBe(before.a + 1e6);
  expect((await sidesNs(page)).a).toBe(before.a + 1e6);
  // Space on a button presses it (Play both); "r" resets both.
  await page.keyboard.press('Space');
  await expect(play).toHaveText(/Pause both/);
  await page.keyboard.press('r');
  await expect(play).toHaveText(/Play both/);
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 10_000 }).toBe(40e6);

  // A ready-made pair, chosen by keyboard: both sides load the SNA presets.
  const pair = page.getByRole('button', { name: 'SNA: wake all vs spin' });
  await tabTo(page, pair, 60, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Side A: SNA Server\/6000 · 4 CPUs · lockl \(wake all\)/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: /Side B: SNA Server\/6000 · 4 CPUs · simple \(spin\) locks/ })).toBeVisible();
  await expect(compare(page)).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  await expect(row(page, 'round-trip')).toBeVisible();
  await expect(page).toHaveURL(/#\/compare\?a=[^&]+&b=sna-after-port$/);

  // Side B's scenario, chosen from its list (a native select, reached by Tab).
  const selectB = page.getByLabel('Scenario for side B');
  await tabTo(page, selectB, 60);
  await selectB.selectOption('testbed-scalable');
  await expect(page.getByRole('heading', { name: /Side B: Scalable Kernel · 16 CPUs/ })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'compare page after choosing by keyboard');
});

test('a malformed compare link says what is wrong with which side and still opens a working comparison', async ({ page }) => {
  test.setTimeout(60_000);
  await openCompare(page, '/#/compare?a=testbed-clasic&b=%21%21not-a-lab%21%21');
  const alert = page.getByRole('alert').filter({ hasText: 'could not be read' });
  await expect(alert).toContainText('Side A of this link could not be read: there is no preset named "testbed-clasic"');
  await expect(alert).toContainText('Side A shows the preset testbed-classic instead.');
  await expect(alert).toContainText('Side B of this link could not be read');
  await expect(alert).toContainText("Side B shows side A's scenario on the Scalable Kernel instead.");
  await expect(page.getByRole('heading', { name: /Side A: Classic kernel/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Side B: Scalable Kernel/ })).toBeVisible();
  // Usable: the clock runs.
  const start = (await sidesNs(page)).shown;
  await expect(page.getByTestId('compare-play')).toHaveText(/Pause both/);
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 15_000 }).toBeGreaterThan(start);
  await shotTo(page, 'compare-malformed');
  await expectAccessible(page, 'compare page with a malformed link');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("the lab's Compare link opens its scenario as side A beside the other kernel; the page is its own chunk", async ({ page }) => {
  test.setTimeout(60_000);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/ComparePage-[^/]*\.js$/.test(request.url())) chunks.push(request.url());
  });
  const scenario = presetScenario('testbed-classic');
  await openLab(page, labLink({ ...scenario, machine: { ...(scenario.machine as object), cpus: 8 } }));
  expect(chunks, 'the lab does not fetch the compare page').toEqual([]);
  await page.getByRole('link', { name: /Compare/ }).click();
  await expect(compare(page)).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  expect(chunks.length).toBe(1);
  await expect(page.getByRole('heading', { name: /Side A: Classic kernel · 8 CPUs/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Side B: Scalable Kernel · 8 CPUs/ })).toBeVisible();
  await expect(page.getByLabel('Scenario for side A')).toHaveValue('(link)');
});

test("Compare from a Scalable Kernel lab keeps the baseline on side A: the classic kernel on A, the Scalable Kernel (the lab's) on B", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const scenario = presetScenario('testbed-scalable');
  await openLab(page, labLink({ ...scenario, machine: { ...(scenario.machine as object), cpus: 8 } }));
  await page.getByRole('link', { name: /Compare/ }).click();
  await expect(compare(page)).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /Side A: Classic kernel · 8 CPUs/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Side B: Scalable Kernel · 8 CPUs/ })).toBeVisible();
});

test('Example 3 before and after: both run to their ends on one clock, each says when it finished, the runtime drops', async ({ page }) => {
  test.setTimeout(120_000);
  await openCompare(page, '/#/compare?a=gs160-example3-before&b=gs160-example3-after');
  await page.getByRole('button', { name: 'Run both to the end' }).click();
  const sides = page.getByTestId('compare-sides-now');
  await expect(sides).toContainText('both runs complete', { timeout: 90_000 });
  await expect(sides).toContainText(/A finished at [\d.]+ ms · B finished at [\d.]+ ms/);
  const runtime = row(page, 'runtime');
  await expect(runtime).toHaveAttribute('data-verdict', 'better');
  const a = Number(await runtime.getAttribute('data-a'));
  const b = Number(await runtime.getAttribute('data-b'));
  expect(b / a).toBeGreaterThan(0.45);
  expect(b / a).toBeLessThan(0.7);
  await expect(runtime).toContainText(/\u2212[\d.]+ min \(\u2212\d+%\)/);
});

test('under reduced motion the comparison opens paused, and plays only when asked', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openCompare(page, '/#/compare?a=testbed-classic&b=testbed-scalable');
  await expect(compare(page)).toHaveAttribute('data-aligned', 'yes');
  await expect(page.getByTestId('compare-play')).toHaveText(/Play both/);
  const start = await sidesNs(page);
  await page.waitForTimeout(500);
  expect(await sidesNs(page)).toEqual(start);
  await page.getByTestId('compare-play').click();
  await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 10_000 }).toBeGreaterThan(start.shown);
});

test('screenshots of the compare page at 1280x800 and 1920x1080', async ({ page }) => {
  test.setTimeout(90_000);
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openCompare(page, '/#/compare?a=testbed-classic&b=testbed-scalable');
    await faster(page);
    await expect.poll(async () => (await sidesNs(page)).shown, { timeout: 30_000 }).toBeGreaterThan(150e6);
    await shotTo(page, `compare-${width}x${height}`);
    await page.locator('[data-compare-view="cpu-grid"]').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    await shotTo(page, `compare-${width}x${height}-views`);
    await page.getByLabel('Projector mode').check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(600);
    await shotTo(page, `compare-${width}x${height}-projector`);
  }
});
