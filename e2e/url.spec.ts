/*
 * url.spec.ts -- links: a lab's whole state survives a round trip through the URL; a
 * damaged or tampered link shows what is wrong and opens the default lab; an unknown
 * page says so; the embed page has no site chrome and fits its frame.
 */
import { expect, expectAccessible, lab, labLink, openLab, shot, test } from './fixtures.js';

test('a URL round trip restores the same scenario and view state', async ({ page, context }) => {
  await openLab(page);
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.fill('24');
  await cpus.press('Enter');
  await page.getByRole('radio', { name: /Scalable/ }).check();
  await page.getByLabel('Spinlock kind').selectOption('ticket');
  const message = page.getByRole('spinbutton', { name: /Message size/ });
  await message.fill('4096');
  await message.press('Enter');
  await page.getByRole('checkbox', { name: 'Timeline' }).uncheck();
  await page.getByLabel('Projector mode').check();
  await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (24)');
  await expect.poll(() => page.url()).toContain('#/lab?s=');
  const url = page.url();

  const again = await context.newPage();
  await openLab(again, url.replace(/^https?:\/\/[^/]+/, ''));
  await expect(again.getByRole('spinbutton', { name: /CPUs, as a number/ })).toHaveValue('24');
  await expect(again.getByRole('radio', { name: /Scalable/ })).toBeChecked();
  await expect(again.getByLabel('Spinlock kind')).toHaveValue('ticket');
  await expect(again.getByRole('spinbutton', { name: /Message size/ })).toHaveValue('4096');
  await expect(again.getByRole('checkbox', { name: 'Timeline' })).not.toBeChecked();
  await expect(again.locator('[data-view="timeline"]')).toHaveCount(0);
  await expect(lab(again)).toHaveClass(/lab-projector/);
  await expect(again.locator('[data-view="cpu-grid"]')).toContainText('CPUs (24)');
  expect(again.url()).toBe(url);
  await again.close();
});

test('a damaged link says what is wrong and opens the default lab', async ({ page }) => {
  await openLab(page, '/#/lab?s=this-is-not-a-lab!!');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("This link's lab settings could not be read");
  await expect(alert).toContainText('default scenario');
  await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (16)');
  await shot(page, 'lab-broken-link');
  await expectAccessible(page, 'lab with a broken link');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a tampered link is checked against the schema and explained', async ({ page }) => {
  await openLab(page, labLink({ machine: { cpus: 999 }, kernel: { kind: 'quantum' } }));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("This link's scenario is not valid");
  await expect(alert).toContainText('machine.cpus is 999');
  await expect(alert).toContainText('kernel.kind is "quantum"');
  await expect(page.locator('[data-view="cpu-grid"]')).toContainText('CPUs (16)');
  // Views named in the link that do not exist are explained too.
  await openLab(page, labLink({}, { vw: ['radar'] }));
  await expect(page.getByRole('alert')).toContainText('views that do not exist: "radar"');
});

test('an unknown page says so and links to the real ones', async ({ page }) => {
  await page.goto('/#/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'There is no page here' })).toBeVisible();
  await page.getByRole('link', { name: 'the lab' }).click();
  await expect(lab(page)).toHaveAttribute('data-status', 'ready');
  await expectAccessible(page, 'not found');
});

test('the lessons route renders inside the site', async ({ page }) => {
  await page.goto('/#/lessons');
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Lessons' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the embed page has no site chrome, fits its frame and shows only the controls asked for', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await openLab(
    page,
    labLink({ kernel: { kind: 'scalable' } }, { vw: ['cpu-grid', 'krp-queue'], ct: ['machine.cpus', 'kernel.kind'] }, 'embed'),
  );
  await expect(page.locator('.site-header')).toHaveCount(0);
  await expect(page.locator('.site-footer')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Scalable/ })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: /Message size/ })).toHaveCount(0);
  // At 900 px the two views asked for are one at a time behind tabs (side by side from
  // 1000 px): both tabs, one view drawn, and the other a key press away.
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.locator('[data-view]')).toHaveCount(1);
  const first = await page.locator('[data-view]').getAttribute('data-view');
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-view]')).toHaveCount(1);
  await expect(page.locator('[data-view]')).not.toHaveAttribute('data-view', first!);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.waitForTimeout(800);
  await shot(page, 'embed-lab');
  await expectAccessible(page, 'embed');
});
