/*
 * cpus256.spec.ts -- a lab on the core's largest machine, 256 CPUs: the CPU grid (a
 * dense grid read one CPU at a time), the timeline (64 lanes at a time, the group named
 * and chosen) and the mode bars draw, work from the keyboard with a visible focus ring,
 * say what they show in words, raise no console error and pass axe; for both OpenVMS
 * kernels (the Scalable Kernel's designated CPU is the last, CPU 255).
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, labLink, openLab, seeView, tabTo, test } from './fixtures.js';

const VIEWS = ['cpu-grid', 'lock', 'krp-queue', 'modes', 'timeline'];

async function outline(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).outlineStyle);
}

for (const kernel of ['classic', 'scalable'] as const) {
  test(`a 256-CPU lab (${kernel}) draws the grid, the timeline and the modes, keyboard first, and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openLab(page, labLink({ machine: { cpus: 256 }, kernel: { kind: kernel } }, { vw: VIEWS }));

    // The grid: 256 CPUs on one canvas, one tab stop, the arrow keys read one CPU at a time.
    const grid = await seeView(page, 'cpu-grid');
    await expect(grid).toContainText('CPUs (256)');
    await expect(grid.locator('[data-summary]')).toContainText(/^256 CPUs, /);
    const cells = grid.locator('canvas[aria-roledescription="CPU grid"]');
    await expect(cells).toHaveAttribute('aria-label', /256 CPUs, one square each/);
    await tabTo(page, cells, 120);
    expect(await outline(page, '[data-view="cpu-grid"] canvas')).not.toBe('none');
    await expect(grid.locator('.slv-cpu-readout')).toContainText(/^CPU 0: /);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(grid.locator('[aria-live="polite"]')).toHaveText(/^CPU 17: /);
    await page.keyboard.press('End');
    await expect(grid.locator('[aria-live="polite"]')).toHaveText(/^CPU 255: /);
    if (kernel === 'scalable') {
      await expect(grid.locator('[aria-live="polite"]')).toContainText('the designated TCP/IP CPU');
      await expect(grid).toContainText('Thick outline: CPU 255, the designated TCP/IP CPU');
    }
    // Enter asks why that CPU waits: the lab's Why panel opens on it, Escape gives focus back
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('why-panel')).toContainText(/CPU 255/);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('why-panel')).toHaveCount(0);
    await expect(cells).toBeFocused();

    // The timeline: 64 lanes at a time, the group named and chosen by menu or Page Down.
    const timeline = await seeView(page, 'timeline');
    await expect(timeline.locator('.slv-lane-group-now')).toHaveText('CPUs 0–63');
    const choose = timeline.getByRole('combobox', { name: 'CPUs shown' });
    await expect(choose.locator('option')).toHaveCount(4);
    const canvas = timeline.locator('canvas');
    await canvas.focus();
    expect(await outline(page, '[data-view="timeline"] canvas')).not.toBe('none');
    await page.keyboard.press('PageDown');
    await expect(timeline.locator('.slv-lane-group-now')).toHaveText('CPUs 64–127');
    await expect(canvas).toHaveAttribute('aria-label', /Per-CPU timeline of CPUs 64–127 \(of 256\)/);
    await choose.selectOption({ label: '192–255 of 256' });
    await expect(timeline.locator('.slv-lane-group-now')).toHaveText('CPUs 192–255');

    // The mode bars: the machine's modes combined, on a 0..25,600 scale.
    const modes = await seeView(page, 'modes');
    await expect(modes).toContainText('of 25,600');
    await expect(modes.locator('[data-summary]')).toContainText('combined for 256 CPUs');

    for (const id of VIEWS) await expect(page.locator(`[data-view="${id}"]`)).toBeVisible();
    await expectAccessible(page, `256-CPU lab (${kernel})`);
  });
}
