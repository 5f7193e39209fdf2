/*
 * hpux-views.spec.ts -- the three HP-UX 9.0 views of kernel hpux (source 003) in
 * Chromium: one send's bytes stage by stage with the rules of each feature combination
 * and this run's row marked; the send buffers against SO_SNDBUF / send size + 1 (8
 * buffers: the buffer written next is still lent, every write forces a copy; 9: the
 * acknowledgement frees it, no copy); the sender's CPU against buffers and bytes written,
 * measured by a curve run started and read by keyboard alone, the step at 9 marked.
 * Data tables open by keyboard with a visible focus ring; the byte token moves, pauses
 * and steps by keyboard; projector mode; reduced motion keeps the token still; other
 * kernels' views are not drawn for hpux, nor the hpux views for them; axe finds nothing
 * serious; no console errors (fixtures.ts). Screenshots go to /tmp/shots/hpux-*.png.
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
  runCurve,
  runToEnd,
  seeView,
  shootView as shoot,
  tabTo,
  test,
  toggleDataTable,
} from './fixtures.js';

const HPUX_VIEWS = ['hpux-journey', 'hpux-buffers', 'hpux-curves'] as const;
const OTHER_KERNELS_VIEWS = [
  'net-latency',
  'net-size-curve',
  'net-livelock',
  'net-stack-lock',
  'krp-queue',
  'scaling',
  'herd',
  'cache-lines',
  'lock',
  'lock-table',
];
/** The curve: 1..16 buffers and 6 amounts written, copy avoidance on and off. */
const CURVE_RUNS = 2 * 16 + 2 * 6;

/** A lab on a preset, in a window wide enough for the views side by side. */
async function openPreset(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset(name)));
}

/** The lab's headline figure "Copies forced", percent. */
async function forcedPct(page: Page): Promise<number> {
  return Number(await page.getByTestId('fig-hpux-forced').first().getAttribute('data-value'));
}

/** The value an attribute takes over a while (the view redraws as reports come). */
async function sample(locator: Locator, attribute: string, times = 24, everyMs = 120): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < times; i++) {
    seen.add((await locator.getAttribute(attribute)) ?? '');
    await locator.page().waitForTimeout(everyMs);
  }
  return seen;
}

test('8 send buffers: one short of SO_SNDBUF/send + 1, every write forces a copy; 9: the ACK frees the next buffer', async ({ page }) => {
  test.setTimeout(150_000);
  await openPreset(page, 'hpux-cow-8-buffers');
  for (const id of HPUX_VIEWS) await seeView(page, id);
  for (const id of OTHER_KERNELS_VIEWS) await expect(page.locator(`[data-slot="${id}"]`), id).toHaveCount(0);

  // live while it plays: the buffers redraw as reports come, and the next write is (or was) a copy
  const buffers = await seeView(page, 'hpux-buffers');
  const headline = buffers.locator('[data-next-state]');
  await expect(headline).toHaveAttribute('data-k', '8', { timeout: 15_000 });
  await expect
    .poll(async () => [...(await sample(headline, 'data-next-state', 6))].some((s) => s === 'held-copy' || s === 'copied'), {
      timeout: 30_000,
    })
    .toBe(true);

  await runToEnd(page);
  await seeView(page, 'hpux-buffers');
  expect(await forcedPct(page)).toBe(100);
  await expect(headline).toHaveAttribute('data-needed', '9');
  await expect(headline).toHaveAttribute('data-next-copy', 'true');
  await expect(headline).toContainText('100%');
  await expect(buffers.locator('[data-buffer]')).toHaveCount(8);
  await expect(buffers.locator('[data-missing]')).toHaveCount(1);
  await expect(buffers.locator('[data-next-words]')).toContainText(/forced a copy|force a copy/);
  await expect(buffers.locator('[data-rule-words]')).toContainText('this run has 8: too few');
  // SO_SNDBUF: 8 slots of 4 KiB, full
  await expect(buffers.locator('[data-socket]')).toHaveAttribute('data-capacity', '8');

  const journey = await seeView(page, 'hpux-journey');
  await expect(journey.locator('tr[aria-current="true"]').first()).toHaveAttribute('data-row', 'hpux-cow-8-buffers');
  await expect(journey.locator('[data-stage="into-kernel"]')).toHaveAttribute('data-group', 'copy');
  await expect(journey.locator('[data-stage="checksum-out"]')).toHaveAttribute('data-group', 'card');
  expect(Number(await journey.locator('[data-per-send]').getAttribute('data-per-send'))).toBeGreaterThan(250_000);
  await expect(journey.locator('[data-summary]')).toContainText('send copy avoidance with copies forced');

  await toggleDataTable(page, journey, /copy-on-write fault/, 250);
  await toggleDataTable(page, buffers, /buffer 7/, 250);
  await expectAccessible(page, 'hpux lab, 8 buffers');
  await shoot(page, journey, 'hpux-journey-cow8');
  await shoot(page, buffers, 'hpux-buffers-8');

  await openFresh(page, labLink(preset('hpux-cow-9-buffers')));
  await runToEnd(page);
  const nine = await seeView(page, 'hpux-buffers');
  expect(await forcedPct(page)).toBe(0);
  await expect(nine.locator('[data-next-state]')).toHaveAttribute('data-next-copy', 'false');
  await expect(nine.locator('[data-next-state]')).toHaveAttribute('data-k', '9');
  await expect(nine.locator('[data-missing]')).toHaveCount(0);
  await expect(nine.locator('[data-next-words]')).toContainText('no copy');
  await expect(nine.locator('[data-rule-words]')).toContainText('this run has 9: enough');
  await shoot(page, nine, 'hpux-buffers-9');
  const journey9 = await seeView(page, 'hpux-journey');
  await expect(journey9.locator('tr[aria-current="true"]').first()).toHaveAttribute('data-row', 'hpux-cow-9-buffers');
  await expect(journey9.locator('[data-stage="into-kernel"]')).toHaveAttribute('data-group', 'map');

  // the other rows of the table: loopback through lan0 (the host checksums twice), copy avoidance both ways
  for (const [name, flush] of [
    ['hpux-loopback-lan0', 'card'],
    ['hpux-fddi-copy-avoidance', 'cache'],
  ] as const) {
    await openFresh(page, labLink(preset(name)));
    await runToEnd(page);
    const j = await seeView(page, 'hpux-journey');
    await expect(j.locator('tr[aria-current="true"]').first()).toHaveAttribute('data-row', name);
    await expect(j.locator('[data-stage="flush"]')).toHaveAttribute('data-group', flush);
    await shoot(page, j, `hpux-journey-${name.replace('hpux-', '')}`);
  }
});

test("the curves by keyboard: the sender's CPU steps down at exactly 9 buffers; dirtier buffers cost more", async ({ page }) => {
  test.setTimeout(240_000);
  await openPreset(page, 'hpux-cow-8-buffers');
  const view = await seeView(page, 'hpux-curves');
  await expect(view.locator('[data-hpux-message]')).toContainText(/No curve yet/);
  await runCurve(page, 'hpux-curves', CURVE_RUNS);
  await expect(view.locator('[data-step-at]')).toHaveAttribute('data-step-at', '9');
  await expect(view.locator('[data-step-at]')).toHaveAttribute('data-needed', '9');
  await expect(view.locator('[data-rule="9"]')).toHaveCount(2);
  await expect(view.locator('[data-step="9"]')).toBeVisible();
  const cpu = view.locator('[data-chart="buffers-cpu"] [data-series="on"]');
  const at = async (x: number) => Number(await cpu.locator(`[data-x="${x}"]`).getAttribute('data-value'));
  expect((await at(8)) - (await at(9))).toBeGreaterThan(40);
  expect(Math.abs((await at(9)) - (await at(16)))).toBeLessThan(1);
  await expect(view.locator('[data-summary]')).toContainText('exactly SO_SNDBUF / send size + 1');
  // the throughput does not move: the card, not the CPU, is the limit here (the paper's "other bottlenecks")
  await expect(view.locator('[data-chart="buffers-mbps"] [data-flat]')).toContainText('the same throughout');
  await toggleDataTable(page, view, /Copies forced/, 250);
  await shoot(page, view, 'hpux-curves-buffers');

  // the other panel, by keyboard
  const dirty = view.getByRole('button', { name: 'Against bytes written' });
  await tabTo(page, dirty, 40, 'Shift+Tab');
  expect(await dirty.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(dirty).toHaveAttribute('aria-pressed', 'true');
  await expect(view.locator('[data-sweep-shown]')).toHaveAttribute('data-sweep-shown', 'dirty');
  const on = view.locator('[data-chart="dirty-cpu"] [data-series="on"]');
  const clean = Number(await on.locator('[data-x="0"]').getAttribute('data-value'));
  const page4k = Number(await on.locator('[data-x="4096"]').getAttribute('data-value'));
  expect(page4k - clean).toBeGreaterThan(10);
  await toggleDataTable(page, view, /4 KiB/, 250);
  await expectAccessible(page, 'hpux curves');
  await shoot(page, view, 'hpux-curves-dirty');
});

test('the byte token moves, pauses and steps by keyboard; projector mode; reduced motion keeps it still', async ({ page }) => {
  test.setTimeout(200_000);
  await openPreset(page, 'hpux-fddi-copy-avoidance');
  const journey = await seeView(page, 'hpux-journey');
  const boxes = journey.locator('svg[data-journey]');
  await expect(boxes).toBeVisible({ timeout: 15_000 });
  const stages = await sample(boxes, 'data-token-stage', 30, 150);
  expect(stages.size, `the token visits several stages: ${[...stages].join(', ')}`).toBeGreaterThan(2);

  // pause by keyboard, then step on: the words follow
  const pause = journey.getByRole('button', { name: 'Pause' });
  await tabTo(page, pause, 120);
  expect(await pause.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const words = journey.locator('[data-stage-words]');
  const before = await words.getAttribute('data-stage-words');
  await page.waitForTimeout(1500);
  await expect(words).toHaveAttribute('data-stage-words', before!);
  await page.keyboard.press('Tab'); // Previous stage
  await page.keyboard.press('Tab'); // Next stage
  await expect(journey.getByRole('button', { name: 'Next stage' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(words).not.toHaveAttribute('data-stage-words', before!);
  await expect(words).toHaveAttribute('aria-live', 'polite');

  // projector mode: every hpux view in it, the curve too
  const play = page.getByTestId('play');
  if (/Pause/.test(await play.innerText())) await play.click();
  await projectorThenPlay(page, 300);
  for (const id of HPUX_VIEWS) await expect(await seeView(page, id)).toHaveClass(/slv-theme-projector/);
  await runToEnd(page);
  await runCurve(page, 'hpux-curves', CURVE_RUNS);
  await expectAccessible(page, 'hpux views in projector mode');
  for (const id of HPUX_VIEWS) await shoot(page, await seeView(page, id), `${id}-projector`);

  // reduced motion: the token stays where it is until a button moves it
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openFresh(page, labLink(preset('hpux-cow-9-buffers')));
  await runToEnd(page); // under reduced motion the lab does not start on its own
  const still = await seeView(page, 'hpux-journey');
  const svg = still.locator('svg[data-journey]');
  await expect(svg).toHaveAttribute('data-reduced', '', { timeout: 15_000 });
  expect([...(await sample(svg, 'data-token-stage', 8, 150))]).toEqual(['write']);
  await expect(still.locator('[data-token-play]')).toHaveCount(0);
  await still.getByRole('button', { name: 'Next stage' }).click();
  await expect(svg).toHaveAttribute('data-token-stage', 'into-kernel');
  await shoot(page, still, 'hpux-journey-reduced');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openFresh(page, labLink(preset('testbed-classic')));
  await seeView(page, 'cpu-grid');
  for (const id of HPUX_VIEWS) await expect(page.locator(`[data-slot="${id}"]`)).toHaveCount(0);
});
