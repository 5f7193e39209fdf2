/*
 * journey.spec.ts -- the porting journey of SNA Server/6000 in Chromium: opened on the
 * as-ported preset, it measures 1 CPU against 4 by itself; remedies switched by
 * keyboard alone set the lab's scenario (and its link) and measure again; the ratio
 * and scaling words change and the history grows; Apply all reaches the port; axe
 * finds nothing serious. Screenshots go to /tmp/shots/journey-*.png; how long each
 * measurement took is printed.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, labLink, openLab, shot, test, unstickLabBar } from './fixtures.js';

const asPorted = JSON.parse(readFileSync(new URL('../lessons/scenarios/sna-as-ported.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
delete asPorted.meta;

const journey = (page: Page) => page.getByTestId('journey');

/** The journey panel alone (the transport bar unstuck so it does not cover it), and the page around it. */
async function shots(page: Page, name: string): Promise<void> {
  await journey(page).scrollIntoViewIfNeeded();
  await shot(page, `journey-${name}`);
  await unstickLabBar(page);
  await journey(page).screenshot({ path: `/tmp/shots/journey-${name}-panel.png` });
}
const steps = (page: Page) => page.getByTestId('journey-history').locator('li');

/** Waits for the history to reach `count` steps; returns how long that took (ms). */
async function measured(page: Page, count: number, since: number): Promise<number> {
  await expect(steps(page)).toHaveCount(count, { timeout: 30_000 });
  return Date.now() - since;
}

async function ratioOf(page: Page): Promise<number> {
  return Number(await page.getByTestId('journey-ratio').getAttribute('data-value'));
}

test('the porting journey: remedies by keyboard, 1 CPU against 4 measured after each, the history grows', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const opened = Date.now();
  await openLab(page, labLink(asPorted));
  await expect(journey(page)).toBeVisible();
  await expect(journey(page).getByRole('heading', { name: /porting journey/i })).toBeVisible();
  const checkboxes = journey(page).getByRole('checkbox');
  await expect(checkboxes).toHaveCount(9);
  await expect(checkboxes.first()).toHaveAccessibleName('Simple locks instead of lockl');
  await expect(checkboxes.first()).toHaveAccessibleDescription(/spins briefly/);
  await expect(checkboxes.last()).toHaveAccessibleName(/Bucket locks \(deferred in the source\)/);
  for (const box of await checkboxes.all()) await expect(box).not.toBeChecked();

  // As ported: measured by itself once the lab has loaded the scenario.
  const first = await measured(page, 1, opened);
  await expect(steps(page).first()).toContainText('As ported');
  const ratio = page.getByTestId('journey-ratio');
  const scaling = page.getByTestId('journey-scaling');
  await expect(ratio).toContainText(/× (slower|faster) on 4 CPUs|about as fast/);
  await expect(scaling).toContainText(/of 4/);
  await expect(journey(page).getByText(/TP response on 1 CPU/)).toBeVisible();
  await expect(journey(page).getByText(/TP response on 4 CPUs/)).toBeVisible();
  await expect(journey(page).getByTestId('journey-transfer')).toContainText(/1 MB transfer took .+ on 1 CPU and .+ on 4/);
  const asPortedRatio = await ratioOf(page);
  const asPortedText = await ratio.textContent();
  await shots(page, 'as-ported');

  // Keyboard only: focus lands on the first remedy, Space switches it, Tab moves on.
  const link = page.url();
  await checkboxes.first().focus();
  await expect(checkboxes.first()).toBeFocused();
  const outline = await checkboxes.first().evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none'); // the focus is visible
  let since = Date.now();
  await page.keyboard.press('Space');
  await expect(checkboxes.first()).toBeChecked();
  await expect(page.getByTestId('journey-progress').or(steps(page).nth(1))).toBeVisible();
  const second = await measured(page, 2, since);
  await expect(steps(page).nth(1)).toContainText('Simple locks on');
  expect(page.url()).not.toBe(link); // the lab's link follows the checklist
  await expect(page.getByRole('radio', { name: /SNA Server\/6000/ })).toBeChecked();
  await expect(journey(page).getByRole('status')).toContainText(/Simple locks on: .* on 4 CPUs|about as fast/);
  expect(await ratioOf(page)).not.toBe(asPortedRatio);

  await page.keyboard.press('Tab');
  await expect(checkboxes.nth(1)).toBeFocused();
  since = Date.now();
  await page.keyboard.press('Space');
  await expect(checkboxes.nth(1)).toBeChecked();
  // While the runs go: a progress bar, and the last step's figures marked as such (caught if not too quick).
  const progress = page.getByTestId('journey-progress');
  if (
    await progress.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await expect(journey(page)).toContainText(/Shown until the new setting is measured|Step 3/);
    await journey(page).screenshot({ path: '/tmp/shots/journey-measuring-panel.png' });
  }
  const third = await measured(page, 3, since);
  await expect(steps(page).nth(2)).toContainText('Data locks on');

  // Apply all, by keyboard: every remedy the source made, not the deferred one.
  await journey(page).getByRole('button', { name: 'Apply all' }).focus();
  since = Date.now();
  await page.keyboard.press('Enter');
  const fourth = await measured(page, 4, since);
  await expect(steps(page).nth(3)).toContainText('Applied all remedies');
  for (const box of (await checkboxes.all()).slice(0, 8)) await expect(box).toBeChecked();
  await expect(checkboxes.last()).not.toBeChecked();
  expect(await ratio.textContent()).not.toBe(asPortedText);
  await shots(page, 'after-port');
  await expectAccessible(page, 'lab with the porting journey');

  // Projector mode: the same panel for the back row.
  await page.getByRole('checkbox', { name: 'Projector mode' }).focus();
  await page.keyboard.press('Space');
  await shots(page, 'projector');

  // Reset to as ported: back to the first measurement's words.
  await journey(page).getByRole('button', { name: 'Reset to as ported' }).focus();
  since = Date.now();
  await page.keyboard.press('Enter');
  const fifth = await measured(page, 5, since);
  await expect(steps(page).nth(4)).toContainText('Reset to as ported');
  await expect(ratio).toHaveText(asPortedText!);
  await shots(page, 'history');

  console.log(
    `journey: 1-way and 4-way runs measured in ${first} ms after opening (lab load included), ` +
      `then ${second}, ${third}, ${fourth} and ${fifth} ms after a change (settle pause of 250 ms included)`,
  );
});
