/*
 * onload-lab.spec.ts -- the two-host network benchmark (kernel onload) in Chromium: the
 * lab opened on the ping-pong presets gives the talk's half round trips with their
 * hardware and overhead parts; switching the stack from the kernel to OpenOnload by
 * keyboard alone halves it; the receive-livelock preset delivers fewer packets than
 * offered and says where the rest were dropped; the shared stack shows its lock; the
 * controls are the benchmark's, not the OpenVMS workload's; axe finds nothing serious.
 * Screenshots go to /tmp/shots/onload-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, labLink, openLab, presetScenario as preset, runToEnd, tabTo, test } from './fixtures.js';

const headline = (page: Page) => page.getByTestId('fig-net');
const value = async (page: Page, id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));

test("ping-pong: the kernel's 11.2 us half round trip, then OpenOnload's by keyboard", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('onload-pingpong-kernel')));
  await runToEnd(page);
  await expect(headline(page)).toContainText('Half round trip');
  await expect.poll(() => value(page, 'fig-net')).toBeGreaterThan(10_000);
  expect(await value(page, 'fig-net')).toBeLessThan(12_500);
  await expect(headline(page)).toContainText(/4\.21 µs hardware \+ 7\.0\d? µs overhead/);
  // the benchmark's own controls, in words
  await expect(page.getByLabel('Benchmark')).toHaveValue('pingpong');
  await expect(page.getByText('Processes', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'onload ping-pong lab');
  await page.screenshot({ path: '/tmp/shots/onload-lab-kernel.png' });

  // keyboard only: Tab to the stack's radio group, arrow to OpenOnload
  const kernelStack = page.getByRole('radio', { name: 'Linux kernel stack' });
  await tabTo(page, kernelStack, 200);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'OpenOnload (user level)' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'OpenOnload (user level)' })).toBeFocused();
  await runToEnd(page);
  await expect.poll(() => value(page, 'fig-net'), { timeout: 20_000 }).toBeLessThan(6_000);
  expect(await value(page, 'fig-net')).toBeGreaterThan(5_000);
  expect(await value(page, 'fig-net-irq')).toBe(0); // it polls: no interrupts
  await expect(page.getByTestId('fig-net-irq')).toContainText(/[\d,]+ stack polls/);
});

test('UDP receive on one core: fewer delivered than offered, and where the rest were dropped', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openLab(page, labLink(preset('onload-udp-receive-kernel')));
  await runToEnd(page);
  await expect(headline(page)).toContainText(/Delivered/);
  await expect(headline(page)).toContainText(/packets a second of 1,000,\d+ offered/);
  await expect.poll(() => value(page, 'fig-net')).toBeLessThan(600_000);
  await expect(page.getByTestId('fig-net-drops')).toContainText(/at the socket/);
  expect(await value(page, 'fig-net-drops')).toBeGreaterThan(100_000);
  await expectAccessible(page, 'onload receive lab');
  await page.screenshot({ path: '/tmp/shots/onload-lab-livelock.png' });
});

test('the shared user-level stack: its lock is held and sends are pre-queued', async ({ page }) => {
  test.setTimeout(60_000);
  await openLab(page, labLink(preset('onload-shared-stack')));
  await runToEnd(page);
  await expect(headline(page)).toContainText('Messages sent');
  await expect(page.getByTestId('fig-net-lock')).toContainText(/sends a second pre-queued/);
  expect(await value(page, 'fig-net-lock')).toBeGreaterThan(90);
});

test('a bad scenario for two hosts says what is wrong and how to fix it', async ({ page }) => {
  const scenario = preset('onload-pingpong-kernel');
  (scenario.machine as Record<string, unknown>).cpus = 7;
  await page.goto(labLink(scenario));
  await expect(page.getByRole('alert').first()).toContainText(
    /machine\.cpus: 7 is odd: kernel\.kind onload splits the CPUs between two hosts; use an even number/,
    { timeout: 20_000 },
  );
});
