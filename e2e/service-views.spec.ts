/*
 * service-views.spec.ts -- the service-under-a-lock kernel in Chromium, as the lesson
 * "Non-scalable locks" shows it: a spin discipline's CPU grid marks no CPU as taking
 * network interrupts (the lock disciplines have none), a partition with an elephant
 * flow marks CPU 0 (where service.c steers it); the lesson's Compare link opens the
 * ticket lock against the MCS lock, each side named in words, and runs both to their
 * end; axe finds nothing serious. Screenshots go to /tmp/shots/service-*.png.
 */
import { expect, expectAccessible, labLink, openLab, presetScenario as preset, runToEnd, seeView as see, shot, test } from './fixtures.js';

test('service: the CPU grid marks an interrupt CPU only where the discipline has one', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page, labLink(preset('service-ticket')));
  const grid = await see(page, 'cpu-grid');
  await expect(grid).toContainText('Click a tile');
  await expect(grid).not.toContainText('takes the network interrupts');
  await runToEnd(page);
  await see(page, 'lock');
  await expectAccessible(page, 'service-ticket lab');
  await shot(page, 'service-ticket-lab');

  await page.goto(labLink(preset('service-partition-elephant')));
  await expect(page.locator('section.lab').first()).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(await see(page, 'cpu-grid')).toContainText('CPU 0 takes the network interrupts');
});

test('non-scalable locks: the Compare link sets the ticket lock against MCS and runs both', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/compare?a=service-ticket&b=service-mcs');
  const compare = page.locator('.compare');
  await expect(compare).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /ticket lock$/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /MCS queue lock$/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Run both to the end' }).click();
  await expect(page.getByTestId('compare-sides-now')).toContainText('both runs complete', { timeout: 90_000 });
  await expectAccessible(page, 'compare ticket against MCS');
  await shot(page, 'service-compare-ticket-mcs');
});
