/*
 * net-views.spec.ts -- the four network views of kernel onload (source 002) in Chromium:
 * the round-trip breakdown (the kernel's 11.2 µs as hardware + overhead, OpenOnload's
 * beside it from a companion run, one packet moving through rings, stack and socket);
 * throughput against message size and delivered against offered load, each measured by
 * its own curve run started, watched and read by keyboard alone (with NAPI's line when
 * the scenario has a budget); the stack lock with its
 * pre-queue and deferred work, then without the pre-queue. Every data table opens by
 * keyboard with a visible focus ring; projector mode; reduced motion stops the packets;
 * the OpenVMS lab draws none of these views; axe finds nothing serious; no console
 * errors (fixtures.ts). Screenshots go to /tmp/shots/net-*.png.
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
  rerunToEnd,
  runCurve,
  runToEnd,
  seeView,
  shootView as shoot,
  tabTo,
  test,
  toggleDataTable,
  viewOf,
} from './fixtures.js';

const NET_VIEWS = ['net-latency', 'net-size-curve', 'net-livelock', 'net-stack-lock'] as const;

test("ping-pong: the kernel's round trip as hardware and overhead, OpenOnload beside it, one packet on its way", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('onload-pingpong-kernel')));
  for (const id of NET_VIEWS) await seeView(page, id);
  // the OpenVMS views about spin locks and KRPs are not drawn for the onload kernel
  await expect(page.locator('[data-slot="krp-queue"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="lock"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="lock-table"]')).toHaveCount(0);

  const latency = viewOf(page, 'net-latency');
  // the packet moves while the run plays (the strip names the stage it is in)
  const strip = latency.locator('svg[data-strip]');
  await expect(strip).toBeVisible({ timeout: 15_000 });
  const stages = new Set<string>();
  for (let i = 0; i < 40 && stages.size < 3; i++) {
    stages.add((await strip.getAttribute('data-packet-stage')) ?? '');
    await page.waitForTimeout(100);
  }
  expect(stages.size, `the packet visits several stages: ${[...stages].join(', ')}`).toBeGreaterThan(1);

  await runToEnd(page);
  const kernel = latency.locator('[data-run="kernel"]');
  await expect(kernel).toBeVisible();
  const half = Number(await latency.locator('[data-half-rtt]').getAttribute('data-half-rtt'));
  expect(half).toBeGreaterThan(11_000);
  expect(half).toBeLessThan(11_500);
  const overhead = Number(await latency.locator('[data-half-rtt]').getAttribute('data-overhead'));
  expect(overhead).toBeGreaterThan(6_800);
  expect(overhead).toBeLessThan(7_200);
  // six stages, the wire the hardware's 4.2 µs, and the stages add up to the half round trip
  const ns = await kernel.locator('[data-stage]').evaluateAll((all) => all.map((g) => Number(g.getAttribute('data-ns'))));
  expect(ns).toHaveLength(6);
  expect(Math.abs(ns.reduce((a, b) => a + b, 0) - half)).toBeLessThan(2);
  await expect(kernel.locator('[data-stage="wire"]')).toHaveAttribute('data-ns', /^42\d\d$/);
  // the companion run: the same scenario on OpenOnload, measured in its own worker
  await expect(latency.locator('[data-run="onload"]')).toBeVisible({ timeout: 30_000 });
  await expect(latency.locator('svg[data-bars="2"]')).toBeVisible();
  await expect(latency.locator('[data-summary]')).toContainText(/faster per one-way trip; the wire is the same hardware/);
  await expect(latency.locator('[data-summary]')).toContainText(/11\.2 µs/);

  await toggleDataTable(page, latency, /Software overhead/, 250);
  await expectAccessible(page, 'onload lab with the network views');
  await shoot(page, latency, 'net-latency-kernel');
});

test('throughput against message size: the curve run by keyboard, both stacks reaching the link', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('onload-tcp-stream-kernel')));
  const view = await seeView(page, 'net-size-curve');
  await expect(view.locator('[data-net-message]')).toContainText(/No curve yet/);
  await runCurve(page, 'net-size-curve', 14);
  await expect(view.locator('svg[data-chart="size"]')).toBeVisible();
  await expect(view.locator('[data-stack="kernel"]')).toBeVisible();
  await expect(view.locator('[data-stack="onload"]')).toBeVisible();
  await expect(view.locator('[data-limit]')).toBeVisible();
  // at the smallest size Onload moves more data than the kernel: the headline's ratio
  const ratio = Number(await view.locator('[data-ratio]').getAttribute('data-ratio'));
  expect(ratio).toBeGreaterThan(1.5);
  await expect(view.locator('[data-summary]')).toContainText(/Gb\/s/);
  await toggleDataTable(page, view, /64 KiB/, 250);
  await expectAccessible(page, 'message-size curve');
  await shoot(page, view, 'net-size-curve');
});

/** Opens a UDP receive preset, runs the livelock curve by keyboard and gives the view
 * and each mode's fall from its peak at 3M offered (percent), by mode. */
async function livelockCurve(page: Page, presetName: string, runs: number): Promise<{ view: Locator; fall: Map<string, number> }> {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset(presetName)));
  const view = await seeView(page, 'net-livelock');
  await runCurve(page, 'net-livelock', runs);
  await expect(view.locator('svg[data-chart="livelock"]')).toBeVisible();
  const modes = await view
    .locator('[data-mode]')
    .evaluateAll((all) => all.map((g) => [g.getAttribute('data-mode') ?? '', Number(g.getAttribute('data-fall'))] as const));
  await expect(view.locator('[data-peak]')).toHaveCount(modes.length);
  return { view, fall: new Map(modes) };
}

test('receive livelock: interrupts fall past their peak, polling holds its plateau', async ({ page }) => {
  test.setTimeout(240_000);
  const { view, fall } = await livelockCurve(page, 'onload-udp-receive-kernel', 24);
  expect([...fall.keys()].sort()).toEqual(['interrupts', 'moderation', 'polling']);
  expect(fall.get('interrupts')!).toBeGreaterThan(50); // livelock: far below its peak at 3M offered
  expect(fall.get('moderation')!).toBeGreaterThan(50);
  expect(fall.get('polling')!).toBeLessThan(10); // the plateau
  await expect(view.locator('[data-best="polling"]')).toBeVisible();
  await toggleDataTable(page, view, /3 M\/s/, 250);
  await expectAccessible(page, 'livelock curve');
  await shoot(page, view, 'net-livelock');
});

test("receive livelock with NAPI: a fourth line, the kernel with a budget, holds the core's limit", async ({ page }) => {
  test.setTimeout(300_000);
  const { view, fall } = await livelockCurve(page, 'onload-udp-receive-napi', 32);
  expect([...fall.keys()].sort()).toEqual(['interrupts', 'moderation', 'napi', 'polling']);
  expect(fall.get('moderation')!).toBeGreaterThan(50); // the same kernel without NAPI: livelock
  expect(fall.get('napi')!).toBeLessThan(5); // with it: flat at 3M offered
  await expect(view.locator('[data-key-mode="napi"]')).toContainText('NAPI');
  await toggleDataTable(page, view, /3 M\/s/, 250);
  await expectAccessible(page, 'livelock curve with NAPI');
  await shoot(page, view, 'net-livelock-napi');
});

test('the stack lock: senders pre-queue and the holder does their work; without the pre-queue they sleep', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('onload-shared-stack')));
  const view = await seeView(page, 'net-stack-lock');
  const diagram = view.locator('svg[data-diagram="stack-lock"]');
  await expect(diagram).toHaveAttribute('data-prequeue', 'on', { timeout: 15_000 });
  await expect(diagram).toHaveAttribute('data-threads', '4');
  // packets flow while it plays
  await expect(view.locator('[data-flow]').first()).toBeVisible({ timeout: 15_000 });
  await runToEnd(page);
  await expect(view.locator('[data-deferred]')).toBeVisible();
  await expect(view.locator('[data-figure="Deferred"]')).toContainText(/M\/s/);
  await expect(view.locator('[data-summary]')).toContainText(/pre-queue/);
  await toggleDataTable(page, view, /Pre-queued/, 250);
  await shoot(page, view, 'net-stack-lock-prequeue');

  // keyboard: the pre-queue off (a closed <select> moves with the arrow keys), run again
  const select = page.getByLabel('Stack lock taken: the send…');
  await tabTo(page, select, 250, 'Shift+Tab');
  const order = await select.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  await page.keyboard.press(order.indexOf('off') > order.indexOf('on') ? 'ArrowDown' : 'ArrowUp');
  await expect(select).toHaveValue('off');
  await rerunToEnd(page);
  await seeView(page, 'net-stack-lock'); // views off screen wait to be seen before they draw
  await expect(diagram).toHaveAttribute('data-prequeue', 'off');
  await expect(view.locator('[data-no-prequeue]')).toContainText(/sleeps a second/);
  await expect(view.locator('[data-state="sleeping"]').first()).toBeVisible();
  await expectAccessible(page, 'stack lock without the pre-queue');
  await shoot(page, view, 'net-stack-lock-sleep');
});

test('projector mode and reduced motion; the OpenVMS lab has none of the network views', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('onload-shared-stack')));
  await seeView(page, 'net-stack-lock');
  const play = page.getByTestId('play');
  if (/Pause/.test(await play.innerText())) await play.click();
  await expect(play).toHaveText(/Play/);
  await projectorThenPlay(page, 300);
  for (const id of NET_VIEWS) await expect(await seeView(page, id)).toHaveClass(/slv-theme-projector/);
  await runToEnd(page);
  await expectAccessible(page, 'network views in projector mode');
  await shoot(page, viewOf(page, 'net-stack-lock'), 'net-stack-lock-projector');
  await openFresh(page, labLink(preset('onload-pingpong-kernel'), { th: 'projector' }));
  await runToEnd(page);
  const projected = await seeView(page, 'net-latency');
  await expect(projected.locator('[data-run="onload"]')).toBeVisible({ timeout: 30_000 });
  await shoot(page, projected, 'net-latency-projector');

  // reduced motion: no packet moves in the strip or the stack lock
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openFresh(page, labLink(preset('onload-shared-stack')));
  await runToEnd(page); // under reduced motion the lab does not start on its own
  const still = await seeView(page, 'net-stack-lock');
  await expect(still.locator('svg[data-diagram]')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(800);
  await expect(still.locator('[data-flow]')).toHaveCount(0);
  await expect(still).toContainText('packets shown still');
  await openFresh(page, labLink(preset('onload-pingpong-kernel')));
  await runToEnd(page);
  const strip = (await seeView(page, 'net-latency')).locator('svg[data-strip]');
  await expect(strip).toHaveAttribute('data-reduced', '', { timeout: 15_000 });

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openFresh(page, labLink(preset('testbed-classic')));
  await seeView(page, 'cpu-grid');
  for (const id of NET_VIEWS) await expect(page.locator(`[data-slot="${id}"]`)).toHaveCount(0);
});
