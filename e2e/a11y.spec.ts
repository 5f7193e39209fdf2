/*
 * a11y.spec.ts -- accessibility across the site, in Chromium: axe finds nothing serious
 * on any page, in the normal theme and in the projector theme (chosen with the header's
 * switch, remembered, or asked for by a lab link): the lab, the compare page, the
 * lessons index, every lesson (in its walk, lessons.spec.ts), the embed page (a lab and a lesson), presenter mode
 * (always in the projector theme), its index and the not-found page; every control is at least 24 by 24 px (WCAG 2.5.8; links inside
 * running text are exempt, as the criterion allows); every tab stop shows a focus ring;
 * and the narration live region says what happens while a run plays, from the run's
 * own trace and report, and stops when turned off.
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, lab, labLink, openLab, smallTargets, stopsWithoutRing, test } from './fixtures.js';

const lessons = readdirSync(new URL('../lessons/', import.meta.url))
  .filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')
  .map((f) => f.replace(/\.md$/, ''));

interface PageCase {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** the projector theme chosen in the header (remembered) */ projector?: boolean;
}

const labReady = async (page: Page) => {
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page.locator('[data-view]').first()).toBeVisible({ timeout: 20_000 });
};
const headingReady = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
};
/** A lesson: its heading and its first experiment (locked until the learner predicts: lessons.spec.ts walks the labs). */
const lessonReady = async (page: Page) => {
  await headingReady(page);
  await expect(page.locator('.lesson-lab').first()).toBeVisible({ timeout: 20_000 });
};
const presenterReady = async (page: Page) => {
  await expect(page.locator('.presenter')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page.locator('[data-view="cpu-grid"]')).toBeVisible({ timeout: 20_000 });
};

const compareReady = async (page: Page) => {
  await expect(page.locator('.compare')).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
  await expect(page.locator('[data-view]').first()).toBeVisible({ timeout: 20_000 });
};

/**
 * Every page of the site, each in both themes. Every lesson is checked the same way, in
 * both themes, by its walk in lessons.spec.ts (the page it loads anyway), not here.
 */
const SITE: PageCase[] = [
  { name: 'lab', path: '/#/lab', ready: labReady },
  { name: 'compare', path: '/#/compare?a=testbed-classic&b=testbed-scalable', ready: compareReady },
  { name: 'lessons index', path: '/#/lessons', ready: headingReady },
  { name: 'embedded lab', path: '/#/embed', ready: labReady },
  { name: 'embedded lesson', path: `/#/embed?lesson=${lessons[0]}`, ready: lessonReady },
  { name: 'presenter index', path: '/#/present', ready: headingReady },
  { name: 'page not found', path: '/#/no-such-page', ready: headingReady },
];

const PAGES: PageCase[] = [
  ...SITE.map((entry) => ({ ...entry, name: `${entry.name} (normal theme)` })),
  // Embeds follow their own link, not the site's remembered theme: a link asks for projector.
  ...SITE.filter((entry) => !entry.name.startsWith('embedded')).map((entry) => ({
    ...entry,
    name: `${entry.name} (projector theme)`,
    projector: true,
  })),
  { name: 'embedded lab (projector theme, from its link)', path: labLink({}, { th: 'projector' }, 'embed'), ready: labReady },
  { name: 'lab (projector theme, from its link)', path: labLink({}, { th: 'projector' }), ready: labReady },
  { name: 'presenter (projector theme)', path: '/#/present/why-one-lock-stops-scaling', ready: presenterReady },
];

for (const entry of PAGES) {
  test(`${entry.name}: axe finds nothing serious, targets are 24 px or more, focus is visible`, async ({ page }) => {
    test.setTimeout(90_000); // axe, a target walk and 25 tab stops, on a shared machine
    await page.setViewportSize({ width: 1280, height: 900 });
    if (entry.projector) await page.addInitScript(() => localStorage.setItem('stacklab.theme', 'projector'));
    await page.goto(entry.path);
    await entry.ready(page);
    if (entry.name.includes('projector')) {
      if (!entry.path.includes('#/present/')) await expect(page.locator('html')).toHaveClass(/site-projector/);
      if (await page.locator('[data-view]').count()) await expect(page.locator('[data-view]').first()).toHaveClass(/slv-theme-projector/);
    } else {
      await expect(page.locator('html')).not.toHaveClass(/site-projector/);
    }
    await expectAccessible(page, entry.name);
    expect(await smallTargets(page), `${entry.name}: controls under 24 by 24 px`).toEqual([]);
    expect(await stopsWithoutRing(page, 25), `${entry.name}: tab stops with no visible focus ring`).toEqual([]);
  });
}

test('the narration region says what happens while a run plays, and stops when turned off', async ({ page }) => {
  test.setTimeout(60_000);
  await openLab(page);
  const narration = page.getByTestId('narration');
  await expect(narration).toHaveAttribute('role', 'status');
  await expect(narration).toHaveAttribute('aria-live', 'polite');
  const toggle = page.getByRole('checkbox', { name: 'Narrate events' });
  await expect(toggle).toBeChecked();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  // The default lab is 16 CPUs on the classic kernel: CPUs spin for I/O lock 8, and say so.
  await expect(narration).toHaveText(
    /CPU \d+ spun \d+ (nanoseconds|microseconds|milliseconds) for I\/O lock 8|Spinning now takes \d+% of all CPU time/,
    { timeout: 20_000 },
  );
  // Throttled: one message, then nothing new for a few seconds.
  const first = await narration.textContent();
  await page.waitForTimeout(1500);
  expect(await narration.textContent()).toBe(first);
  // Pausing is said at once.
  await page.getByTestId('play').click();
  await expect(narration).toHaveText(/^Paused at /);
  await toggle.uncheck();
  await expect(narration).toHaveText('');
  await page.getByTestId('play').click();
  await page.waitForTimeout(2500);
  await expect(narration).toHaveText('');
});

test('the narration reports the KRP queue of the Scalable Kernel', async ({ page }) => {
  test.setTimeout(60_000);
  await openLab(page, labLink({ kernel: { kind: 'scalable' } }));
  await expect(page.getByTestId('narration')).toHaveText(/KRP queue reached \d+|CPU \d+ spun|Spinning now takes/, { timeout: 25_000 });
});

/**
 * Presses `key` until focus comes back to a stop already seen (at most 600 times), adding
 * each stop the sticky bar covers to `covered`; returns how many stops it went through.
 */
async function walkTabStops(page: Page, key: 'Tab' | 'Shift+Tab', covered: string[]): Promise<number> {
  const seen = new Set<string>();
  for (let i = 0; i < 600; i++) {
    await page.keyboard.press(key);
    const at = await focusUnderBar(page);
    if (!at) continue;
    if (seen.has(at.key)) break;
    seen.add(at.key);
    if (at.covered) covered.push(`${key}: ${at.name}`);
  }
  return seen.size;
}

/** Where focus is, and whether the lab's sticky bar covers any of it (WCAG 2.4.11): null when nothing has focus. */
async function focusUnderBar(page: Page): Promise<{ name: string; covered: boolean; key: string } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el.tagName === 'MAIN') return null;
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).type || '').trim().slice(0, 40)}"`;
    // Each element's own number, so a walk knows when it comes round again.
    const w = window as unknown as { walkIds?: WeakMap<Element, number>; walkNext?: number };
    w.walkIds ??= new WeakMap();
    if (!w.walkIds.has(el)) w.walkIds.set(el, (w.walkNext = (w.walkNext ?? 0) + 1));
    const key = String(w.walkIds.get(el));
    const bar = document.querySelector<HTMLElement>('.lab-bar');
    if (!bar || bar.contains(el)) return { name, covered: false, key };
    const b = bar.getBoundingClientRect();
    // What a sighted user would see of the focused element: its box, or its label's for a hidden input.
    const shown = (el.offsetWidth < 4 || el.offsetHeight < 4) && el.closest('label') ? el.closest('label')! : el;
    const r = shown.getBoundingClientRect();
    const overlaps = r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right;
    // and at its centre the page shows it, not the bar
    const hit = document.elementFromPoint(
      Math.min(window.innerWidth - 1, Math.max(0, r.left + r.width / 2)),
      Math.min(window.innerHeight - 1, Math.max(0, r.top + r.height / 2)),
    );
    return { name, covered: overlaps || (hit !== null && bar.contains(hit)), key };
  });
}

test('no focused element hides under the sticky transport bar: Tab down and Shift+Tab up through the whole lab at 1280x720', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  await page.getByTestId('play').click(); // paused: the page is still, so each step is measured on the page as it stays
  await expect(page.getByTestId('play')).toHaveText(/^.?Play$/);
  // Every control of the page: the folded parameters too.
  await page.getByText(/All parameters/).click();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const covered: string[] = [];
  // Down the page to its end (focus leaves the document or comes back to the top).
  const stops = await walkTabStops(page, 'Tab', covered);
  expect(stops, 'the walk went through many tab stops').toBeGreaterThan(100);
  // And back up, from the page's last tab stop to its first.
  await page.locator('footer').last().scrollIntoViewIfNeeded();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const up = await walkTabStops(page, 'Shift+Tab', covered);
  expect(up, 'Shift+Tab went through as many stops as Tab').toBeGreaterThanOrEqual(stops - 2);
  expect(covered, 'focused elements under the sticky bar').toEqual([]);
  // What is in the bar is on screen wherever the page is: focusing it does not scroll the page.
  await page.locator('[data-slot="timeline"]').scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(300);
  await page.getByTestId('scrubber').focus();
  await page.getByRole('button', { name: 'Step 1 ms' }).focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => window.scrollY)).toBe(y);
});
