/*
 * timeline.spec.ts -- the per-CPU timeline as a learner uses it: zoom with the buttons
 * and the keyboard, scroll back in time, hover a lane to read the event under the
 * pointer, step from event to event with the keyboard (announced for screen readers),
 * and read the same window as a table.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, openLab, shot, test } from './fixtures.js';

const timeline = (page: Page) => page.locator('[data-view="timeline"]');
const canvas = (page: Page) => timeline(page).locator('canvas');

/** The visible window [from, to] in ms, read from the canvas's accessible name. */
async function windowMs(canvasLocator: Locator): Promise<[number, number]> {
  const label = (await canvasLocator.getAttribute('aria-label')) ?? '';
  const match = label.match(/([\d.,]+) ms to ([\d.,]+) ms/);
  expect(match, `timeline label "${label}" names its window`).not.toBeNull();
  return [Number(match![1]!.replace(/,/g, '')), Number(match![2]!.replace(/,/g, ''))];
}

const span = ([from, to]: [number, number]) => to - from;

test('the timeline zooms, scrolls, shows the event under the pointer and steps through events by keyboard', async ({ page }) => {
  await openLab(page);
  await expect(canvas(page)).toBeVisible();
  // let some trace accumulate, then pause so the window stops following live time
  await page.waitForTimeout(1200);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText(/Play/);

  const [a0, a1] = await windowMs(canvas(page));
  expect(a1).toBeGreaterThan(a0);

  // Zoom in with the button: the window halves around its middle.
  // (each step is awaited until the redraw lands: a busy machine renders it a frame or two later)
  await timeline(page).getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => span(await windowMs(canvas(page)))).toBeCloseTo((a1 - a0) / 2, 1);
  const [b0, b1] = await windowMs(canvas(page));

  // The keyboard: + zooms in again, the left arrow scrolls back in time.
  await canvas(page).focus();
  await page.keyboard.press('+');
  await expect.poll(async () => span(await windowMs(canvas(page)))).toBeCloseTo((b1 - b0) / 2, 1);
  const [c0, c1] = await windowMs(canvas(page));
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await windowMs(canvas(page)))[0]).toBeLessThan(c0);
  const [d0, d1] = await windowMs(canvas(page));
  expect(d1 - d0).toBeCloseTo(c1 - c0, 1);

  // Down picks a CPU lane, ] moves to its next event; the event is announced in words.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(']');
  const announced = timeline(page).locator('[aria-live="polite"]');
  await expect(announced).toHaveText(/CPU \d+/);
  await expect(timeline(page).locator('.slv-tooltip')).toBeVisible();
  await page.keyboard.press('Escape');

  // Hovering a lane shows what that CPU was doing at that moment.
  const box = (await canvas(page).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  const tip = timeline(page).locator('.slv-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/CPU \d+/);
  await shot(page, 'timeline-hover');

  // Zoom out past the start returns a wider window; Follow live resumes following.
  await timeline(page).getByRole('button', { name: 'Zoom out' }).click();
  const [e0, e1] = await windowMs(canvas(page));
  expect(e1 - e0).toBeGreaterThan(d1 - d0);
  await timeline(page).getByRole('button', { name: 'Follow live' }).click();
  await expect(timeline(page).getByRole('button', { name: 'Follow live' })).toHaveAttribute('aria-pressed', 'true');

  // The text equivalent: one row per CPU with its share of each mode in the window.
  await timeline(page).getByRole('button', { name: 'Show data table' }).click();
  const rows = timeline(page).locator('table tbody tr');
  await expect(rows).toHaveCount(16);
  await expect(rows.first()).toContainText('CPU 0');
  await expectAccessible(page, 'timeline with its data table open');
});
