/*
 * docs-screenshots.spec.ts -- the README's pictures (docs/lab.png, docs/lab-sweep.png,
 * docs/compare.png) are taken here, so they show the lab as it is.
 *
 *   UPDATE_DOCS_SHOTS=1 npx playwright test -c e2e/playwright.config.ts e2e/docs-screenshots.spec.ts
 *
 * writes them, with what each shows in words (the headings in sight, the status line)
 * in docs/screenshots.json. Every other run takes the same pictures into test-results/
 * and compares those words with the file: a lab whose headings or status changed fails
 * here, saying to take the pictures again, so the README never shows an older lab.
 * (Words, not pixels: the lab animates, and a picture of it never repeats exactly.)
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from './build';
import { expect, openLab, simNowNs, test } from './fixtures';

const UPDATE = process.env.UPDATE_DOCS_SHOTS === '1';
const manifestPath = join(repoRoot, 'docs', 'screenshots.json');

interface Shot {
  size: { width: number; height: number };
  /** The headings in sight, top to bottom, and the lab's status line where there is one. */
  shows: string[];
}

function readManifest(): Record<string, Shot> {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Shot>;
  } catch {
    return {};
  }
}

/** What is in sight, in words: each visible heading within the viewport, and the status line. */
async function inSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words: string[] = [];
    const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    for (const el of Array.from(document.querySelectorAll('h1, h2, h3, [data-testid="lab-status"]'))) {
      const box = el.getBoundingClientRect();
      const seen =
        box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(el).visibility !== 'hidden';
      // Numbers move while the lab plays; the words around them say what is shown.
      if (seen) words.push(clean(el.textContent).replace(/[\d.,]+/g, '#'));
    }
    return words;
  });
}

async function take(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const shows = await inSight(page);
  const manifest = readManifest();
  if (UPDATE) {
    await page.screenshot({ path: join(repoRoot, 'docs', `${name}.png`) });
    manifest[name] = { size, shows };
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    return;
  }
  mkdirSync(join(repoRoot, 'test-results', 'docs-shots'), { recursive: true });
  await page.screenshot({ path: join(repoRoot, 'test-results', 'docs-shots', `${name}.png`) });
  const kept = manifest[name];
  const again =
    'take the README pictures again: UPDATE_DOCS_SHOTS=1 npx playwright test -c e2e/playwright.config.ts e2e/docs-screenshots.spec.ts';
  expect(kept, `docs/${name}.png is not in docs/screenshots.json; ${again}`).toBeDefined();
  expect({ size, shows }, `docs/${name}.png shows an older lab; ${again}`).toEqual(kept);
}

/** The lab playing its default scenario, then paused a little past `ns`, so the picture is a moment of a run. */
async function labPausedAt(page: Page, ns: number): Promise<void> {
  await openLab(page);
  await expect.poll(() => simNowNs(page), { timeout: 30_000 }).toBeGreaterThan(ns);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText(/Play/);
}

test.describe('the README pictures', () => {
  test('docs/lab.png: the lab at 1440x900, its default run paused', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await labPausedAt(page, 45e6);
    await page.mouse.move(0, 0);
    await take(page, 'lab');
  });

  test('docs/lab-sweep.png: after a scaling sweep, its chart at 1440x900', async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await labPausedAt(page, 45e6);
    await page.getByRole('button', { name: 'Run the scaling sweep' }).click();
    await expect(page.getByTestId('sweep-status')).toContainText('Sweep done: 64 scenarios', { timeout: 200_000 });
    await page.locator('[data-slot="scaling"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.mouse.move(0, 0);
    await take(page, 'lab-sweep');
  });

  test('docs/compare.png: the two OpenVMS kernels on one clock at 1280x800', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openLab(page);
    await page
      .getByRole('link', { name: /^Compare/ })
      .first()
      .click();
    await expect(page.locator('.compare')).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.mouse.move(0, 0);
    await take(page, 'compare');
  });
});
