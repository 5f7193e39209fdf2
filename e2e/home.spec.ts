import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the home page runs the core in the browser and is accessible', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

  await page.goto('/');
  await expect(page).toHaveTitle('StackLab');
  await expect(page.getByRole('heading', { level: 1, name: 'StackLab' })).toBeVisible();

  const mpsynch = page.getByTestId('mpsynch');
  await expect(mpsynch).toHaveText(/^\d+(\.\d)?% of CPU time spinning$/, { timeout: 20_000 });
  await expect(page.getByTestId('field-count')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});
