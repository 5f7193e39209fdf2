/*
 * theme.spec.ts -- the projector theme for every page: the header's switch (by keyboard)
 * turns it on for the lessons and the lab alike, it is remembered across a reload, the
 * lab's own "Projector mode" is the same setting, a link's theme applies without being
 * remembered, and an embed follows its link, not the site's remembered choice.
 */
import { expect, labLink, openLab, shot, test } from './fixtures.js';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('the header switch puts every page in the projector theme, and it is remembered', async ({ page }) => {
  await page.goto('/#/lessons/one-lock-for-every-cpu');
  const lessonHeading = page.getByRole('heading', { level: 1 });
  await expect(lessonHeading).toBeVisible();
  const before = await lessonHeading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const toggle = page.getByRole('button', { name: 'Projector theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(html(page)).toHaveClass(/site-projector/);
  const after = await lessonHeading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(after).toBeGreaterThanOrEqual(before * 1.2); // a quarter larger type
  await shot(page, 'lesson-projector');

  // Remembered: a reload, and another page, keep it.
  await page.reload();
  await expect(html(page)).toHaveClass(/site-projector/);
  await openLab(page);
  await expect(page.locator('[data-view]').first()).toHaveClass(/slv-theme-projector/);
  const labSwitch = page.getByLabel('Projector mode');
  await expect(labSwitch).toBeChecked(); // the lab's switch is the same setting
  await labSwitch.press('Space');
  await expect(html(page)).not.toHaveClass(/site-projector/);
  await expect(page.getByRole('button', { name: 'Projector theme' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-view]').first()).toHaveClass(/slv-theme-light/);
  await page.goto('/#/lessons');
  await page.reload();
  await expect(html(page)).not.toHaveClass(/site-projector/);
});

test('a link that asks for the projector theme applies it without changing what is remembered; an embed follows its link', async ({
  page,
}) => {
  await page.goto(labLink({}, { th: 'projector' }));
  await expect(html(page)).toHaveClass(/site-projector/);
  await expect(page.locator('[data-view]').first()).toHaveClass(/slv-theme-projector/, { timeout: 20_000 });
  expect(await page.evaluate(() => localStorage.getItem('stacklab.theme'))).toBeNull();
  await page.goto('/#/lessons');
  await page.reload();
  await expect(html(page)).not.toHaveClass(/site-projector/);

  // The site remembers the projector theme; an embed on someone's docs page stays in the normal theme.
  await page.evaluate(() => localStorage.setItem('stacklab.theme', 'projector'));
  await page.goto('/#/embed?lesson=one-lock-for-every-cpu');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html(page)).not.toHaveClass(/site-projector/);
  expect(await page.evaluate(() => localStorage.getItem('stacklab.theme'))).toBe('projector');
});
