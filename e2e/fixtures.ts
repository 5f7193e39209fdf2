/*
 * fixtures.ts -- what every lab spec shares: a test that fails on any console error
 * or page error (checked after the test body, so a late error still fails it), the
 * accessibility check (axe: no serious or critical violations), helpers to open the
 * lab and wait for it, to read the headline figures and to build lab links, and the
 * keyboard walks the view specs share (tab to a control, a view's data table, projector
 * mode, a curve run), and a view's screenshot.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { mkdirSync, readFileSync } from 'node:fs';

const { compressToEncodedURIComponent } = LZString;

/**
 * Every page a spec opens: a console error, a page error or a Content-Security-Policy
 * violation in any of its frames fails the test. The preview server sends the site's
 * policy as a header (vite.config.ts), so the worker runs under it too: every route a
 * spec visits is a CSP check (e2e/csp.spec.ts checks the policy itself).
 */
export const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await watchCsp(page, problems);
      await use(problems);
      expect(problems, 'no console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Adds each securitypolicyviolation of any frame of the page, from before its first script, to `problems`. */
export async function watchCsp(page: Page, problems: string[]): Promise<void> {
  await page.exposeBinding('__stacklabCspViolation', (_source, what: string) => {
    problems.push(`CSP violation: ${what}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __stacklabCspViolation?: (what: string) => void }).__stacklabCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

export { expect };

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${what}: ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')})`,
    ),
  ).toEqual([]);
}

/** Controls smaller than 24 by 24 px, except links inside running text. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="checkbox"], [role="radio"], [role="slider"], [tabindex]:not([tabindex="-1"])';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if ((box.width === 0 && box.height === 0) || style.visibility === 'hidden' || el.closest('[hidden], .visually-hidden, .slv-sr-only'))
        continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        const block = el.parentElement?.closest('p, li, td, dd, figcaption, label, span, div');
        if (block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2) continue; // in a sentence
      }
      if (box.width < 24 || box.height < 24) {
        const name = (el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).type || '').trim().slice(0, 40);
        found.push(`${el.tagName.toLowerCase()} "${name}" is ${box.width.toFixed(0)}x${box.height.toFixed(0)} px`);
      }
    }
    return [...new Set(found)];
  });
}

/** Tabs through the first `stops` tab stops; returns those that show no focus ring. */
export async function stopsWithoutRing(page: Page, stops: number): Promise<string[]> {
  await page.locator('body').evaluate((body) => (document.activeElement as HTMLElement | null)?.blur?.() ?? body);
  const missing: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: 'body', ok: true };
      // The ring may be on the element or, through :focus-within, on the card around it.
      let ok = false;
      for (let node: HTMLElement | null = el, up = 0; node && up < 4 && !ok; node = node.parentElement, up++) {
        const style = getComputedStyle(node);
        ok = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || (node === el && style.boxShadow !== 'none');
      }
      return { name: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`, ok };
    });
    if (!ring.ok) missing.push(ring.name);
  }
  return missing;
}

/** A lab link (#/lab?s=...) for a scenario document and optional view settings. */
export function labLink(scenario: Record<string, unknown>, extra: Record<string, unknown> = {}, page = 'lab'): string {
  return `/#/${page}?s=${compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: scenario, ...extra }))}`;
}

export const lab = (page: Page) => page.locator('section.lab').first();

/** Opens a page and waits until its lab has shown its first frame. */
export async function openLab(page: Page, path = '/#/lab'): Promise<void> {
  await page.goto(path);
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(() => framesShown(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

export async function framesShown(page: Page): Promise<number> {
  return Number((await lab(page).getAttribute('data-frames')) ?? 0);
}

export async function simNowNs(page: Page): Promise<number> {
  return Number(await page.getByTestId('sim-now').first().getAttribute('data-ns'));
}

/** A headline figure's value (data-value), NaN while it has none. */
export async function figure(page: Page, id: 'mpsynch' | 'tx' | 'iolock8' | 'krp' | 'designated' | 'spinning'): Promise<number> {
  const raw = await page.getByTestId(`fig-${id}`).first().getAttribute('data-value');
  return raw === null || raw === '' ? NaN : Number(raw);
}

/** Runs the lab's scenario to its end (as fast as the core runs) and waits for the final figures. */
export async function runToEnd(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByTestId('play')).toHaveText(/Play again/, { timeout: 30_000 });
}

export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
}

/** A preset's scenario (lessons/scenarios/NAME.json) without its meta. */
export function presetScenario(name: string): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(new URL(`../lessons/scenarios/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  delete doc.meta;
  return doc;
}

/** A view's drawing, by its id. */
export const viewOf = (page: Page, id: string) => page.locator(`[data-view="${id}"]`);

/**
 * Scrolls a view's slot into sight (a view off screen keeps its last picture, or waits for
 * its first). It waits first for the view's drawing and for every lazily loaded view
 * to arrive: one that arrived above it after the scroll would push it out of sight again.
 */
export async function seeView(page: Page, id: string): Promise<Locator> {
  const view = viewOf(page, id);
  await expect(view).toBeAttached({ timeout: 10_000 });
  await expect(page.locator('.slv-loading')).toHaveCount(0, { timeout: 10_000 });
  await page.locator(`[data-slot="${id}"]`).scrollIntoViewIfNeeded();
  await expect(view).toBeVisible();
  await expect(view).toBeInViewport();
  return view;
}

/** Tabs (or Shift+Tabs) until the element has focus, as a keyboard user would, at most `limit` times. */
export async function tabTo(page: Page, target: Locator, limit = 80, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/** A view's data table opens and closes from the keyboard, with a visible focus ring, and shows rowText. */
export async function toggleDataTable(page: Page, view: Locator, rowText: RegExp, limit = 200): Promise<void> {
  const button = view.getByRole('button', { name: 'Show data table' });
  await tabTo(page, button, limit);
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  // the toggle's own table (a view may show other tables, as the journey's rules)
  const table = view.locator('.slv-table-toggle').getByRole('table');
  await expect(table).toBeVisible();
  await expect(table).toContainText(rowText);
  await expect(view.getByRole('button', { name: 'Hide data table' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(table).toHaveCount(0);
}

/** Projector mode switched on by keyboard (Shift+Tab back to the toggle), then play started by keyboard. */
export async function projectorThenPlay(page: Page, limit = 200): Promise<void> {
  const projector = page.getByLabel('Projector mode');
  await tabTo(page, projector, limit, 'Shift+Tab');
  await page.keyboard.press('Space');
  await expect(projector).toBeChecked();
  await tabTo(page, page.getByTestId('play'), 200);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
}

/** A view alone, with the sticky transport bar out of the way, to /tmp/shots/NAME.png. */
/**
 * The lab's sticky tool bar stops sticking, so it does not cover a view in a screenshot.
 * Set through the CSSOM: the site's Content-Security-Policy refuses an injected <style>.
 */
export async function unstickLabBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.lab-bar').forEach((bar) => bar.style.setProperty('position', 'static', 'important'));
  });
}

export async function shootView(page: Page, view: Locator, name: string): Promise<void> {
  mkdirSync('/tmp/shots', { recursive: true });
  await unstickLabBar(page);
  await view.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  await view.screenshot({ path: `/tmp/shots/${name}.png` });
}

/** Opens a lab link in a fresh document (a new hash alone does not reload the page). */
export async function openFresh(page: Page, link: string): Promise<void> {
  await page.goto('about:blank');
  await openLab(page, link);
}

/** After a control changed: waits for the lab to reset to the new scenario, then runs it to its end. */
export async function rerunToEnd(page: Page): Promise<void> {
  await expect(page.getByTestId('play')).not.toHaveText(/again/, { timeout: 20_000 });
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await runToEnd(page);
}

/** Starts a view's curve run (CurveControls) from the keyboard and waits for all `runs` of it. */
export async function runCurve(page: Page, id: string, runs: number): Promise<void> {
  const group = page.locator(`[data-curve="${id}"]`);
  const button = group.getByRole('button', { name: 'Run curve' });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await tabTo(page, button, 250);
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const progress = page.getByTestId(`${id}-progress`);
  await expect(progress).toHaveAttribute('max', String(runs));
  await expect(progress).toHaveAttribute('value', String(runs), { timeout: 120_000 });
  await expect(group.getByRole('status')).not.toContainText(/running|Running/);
  await expect(group.getByRole('button', { name: 'Run curve again' })).toBeVisible();
}
