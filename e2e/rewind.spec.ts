/*
 * rewind.spec.ts -- rewinding a run and asking why a CPU waited, as a learner does:
 * step a run, scrub back with the keyboard (the clock, the figures and the timeline go
 * back), go forward again to the same numbers, then choose a spin in the timeline (by
 * keyboard: a lane, its next segments, Enter) and read who held the lock; a CPU tile
 * opens the same panel. No console errors, axe clean with the panel open.
 */
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, expectAccessible, labLink, openLab, presetScenario, seeView, simNowNs, tabTo, test } from './fixtures.js';

const SHOTS = '/tmp/shots-rewind';

/** The numbers the lab shows: clock, events, headline figures. */
async function numbers(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = { now: String(await simNowNs(page)) };
  out.events = (await page.locator('.clock .small').first().textContent()) ?? '';
  for (const id of await page.locator('[data-testid^="fig-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!))) {
    out[id] = (await page.getByTestId(id).first().getAttribute('data-value')) ?? '';
  }
  return out;
}

async function stepMs(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const before = await simNowNs(page);
    await page.getByRole('button', { name: 'Step 1 ms' }).click();
    await expect.poll(() => simNowNs(page)).toBe(before + 1e6);
  }
}

/** The timeline's visible window end in ms, from its canvas's accessible name. */
async function timelineEndMs(page: Page): Promise<number> {
  const label = (await page.locator('[data-view="timeline"] canvas').getAttribute('aria-label')) ?? '';
  const match = label.match(/to ([\d.,]+) ms/);
  expect(match, `timeline label "${label}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

// a shared machine: the steps, seeks and two axe runs need more than the default 30 s
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // no autoplay: the run starts paused at the end of the warm-up, so every step is exact
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('scrub back with the keyboard: the clock, figures and timeline go back; forward again gives the same numbers', async ({ page }) => {
  await openLab(page);
  const start = await simNowNs(page);
  await stepMs(page, 4);
  const reached = await numbers(page);
  expect(Number(reached.now)).toBe(start + 4e6);
  await seeView(page, 'timeline');
  // a view scrolled into sight draws the newest frame on its next paint, so poll
  await expect.poll(() => timelineEndMs(page)).toBeCloseTo((start + 4e6) / 1e6, 2);

  // keyboard only: Tab to the scrubber, which says where it is in simulated time
  const scrubber = page.getByTestId('scrubber');
  await tabTo(page, scrubber, 40);
  expect(await scrubber.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await expect(scrubber).toHaveAttribute(
    'aria-valuetext',
    `${((start + 4e6) / 1e6).toFixed(3)} ms simulated time, of ${((start + 4e6) / 1e6).toFixed(3)} ms reached`,
  );
  await expect(scrubber).toHaveAccessibleName('Rewind');

  // PageDown: ten steps back (a step is a nice 1-2-5 value near 1 % of the 4 ms reached: 50 µs)
  await page.keyboard.press('PageDown');
  await expect.poll(() => simNowNs(page)).toBe(start + 3.5e6);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => simNowNs(page)).toBe(start + 3.45e6);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => simNowNs(page)).toBe(start + 3.5e6);
  await expect(page.getByTestId('scrub-time')).toContainText(`${((start + 3.5e6) / 1e6).toFixed(3)} ms`);
  // Home: back to the start of the run; the figures and the timeline go back too
  await page.keyboard.press('Home');
  await expect.poll(() => simNowNs(page)).toBe(start);
  await expect.poll(() => timelineEndMs(page)).toBeCloseTo(start / 1e6, 2);
  expect((await numbers(page)).events).not.toBe(reached.events);

  // End: forward to the furthest time reached, with the same numbers as before
  await page.keyboard.press('End');
  await expect.poll(() => simNowNs(page)).toBe(start + 4e6);
  await expect.poll(() => numbers(page)).toEqual(reached);

  // back to 2 ms and run forward by steps: the same numbers again
  await page.keyboard.press('Home');
  await expect.poll(() => simNowNs(page)).toBe(start);
  await stepMs(page, 4);
  await expect.poll(() => numbers(page)).toEqual(reached);
  // and further: the scrubber's reach grows with the run
  await stepMs(page, 1);
  await expect(scrubber).toHaveAttribute('max', String(start + 5e6));
  await expectAccessible(page, 'lab with the rewind scrubber');

  // while playing, a click on the scrubber pauses and rewinds there
  await page.getByTestId('play').click();
  await expect.poll(() => simNowNs(page), { timeout: 20_000 }).toBeGreaterThan(start + 6e6);
  const box = (await scrubber.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  const max = Number(await scrubber.getAttribute('max'));
  await expect.poll(() => simNowNs(page)).toBeLessThan(start + (max - start) * 0.5);
  expect(Number(await scrubber.getAttribute('value'))).toBe(await simNowNs(page));
});

test('choose a spin in the timeline: the Why panel names the holder; a CPU tile opens it too', async ({ page }) => {
  await openLab(page);
  await stepMs(page, 2);
  const timeline = await seeView(page, 'timeline');
  // a view off screen is drawn when it comes on screen: wait until the timeline shows the
  // steps just taken (the keyboard cursor pins the window it is in; on a loaded machine
  // the cursor could otherwise land in the warm-up's window before it catches up)
  const nowMs = (await simNowNs(page)) / 1e6;
  await expect.poll(() => timelineEndMs(page)).toBeCloseTo(nowMs, 1);
  const canvas = timeline.locator('canvas');
  await canvas.focus();
  const announced = timeline.locator('[aria-live="polite"]');
  // pick lanes and walk their segments until one is a spin whose whole wait is in the trace
  let found = false;
  for (let lane = 0; lane < 16 && !found; lane++) {
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 30 && !found; i++) {
      await page.keyboard.press(']');
      const text = (await announced.textContent()) ?? '';
      if (!/Spinning/.test(text) || /so far/.test(text)) continue;
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('why-panel');
      await expect(panel).toBeVisible();
      const sentences = (await panel.getByTestId('why-sentences').textContent()) ?? '';
      if (/CPU \d+ spun .* for \w+: CPU \d+ held it \(.*acquired at [\d.]+ ms\)/.test(sentences)) found = true;
      else await page.keyboard.press('Escape');
      if (!found) await canvas.focus();
    }
  }
  expect(found, 'a spin whose holder is in the trace').toBe(true);
  const panel = page.getByTestId('why-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(/^Why CPU \d+ spun for \w+/);
  await expect(panel.getByTestId('why-sentences')).toContainText(/in line|CPU spinning for it|was free/);
  await expectAccessible(page, 'the Why panel');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/why-panel.png` });
  await panel.screenshot({ path: `${SHOTS}/why-panel-only.png` });
  // Escape closes it and gives focus back to the timeline
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(canvas).toBeFocused();

  // a CPU tile: Tab to the tiles (one tab stop), arrows to CPU 3, Enter
  const grid = await seeView(page, 'cpu-grid');
  await tabTo(page, grid.locator('[data-cpu-button="0"]'), 200, 'Shift+Tab');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const tile = grid.locator('[data-cpu-button="3"]');
  await expect(tile).toBeFocused();
  expect(await tile.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('why-panel')).toBeVisible();
  await expect(page.getByTestId('why-panel').getByRole('heading', { level: 2 })).toContainText(/CPU 3|process|thread/);
  await expect(page.getByTestId('why-panel')).toContainText(/CPU 3/);
  await page.getByTestId('why-panel').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('why-panel')).toHaveCount(0);
  await expect(tile).toBeFocused();
  // and by pointer: clicking a tile opens it
  await grid.locator('[data-cpu-button="5"]').click();
  await expect(page.getByTestId('why-panel')).toContainText(/CPU 5/);
  await page.screenshot({ path: `${SHOTS}/why-tile.png` });
});

test('in the thundering herd, a context switch says who woke the thread, how many with it, and what it found', async ({ page }) => {
  await openLab(page, labLink(presetScenario('sna-as-ported')));
  await stepMs(page, 2);
  const timeline = await seeView(page, 'timeline');
  const canvas = timeline.locator('canvas');
  await canvas.focus();
  const announced = timeline.locator('[aria-live="polite"]');
  const panel = page.getByTestId('why-panel');
  let found = false;
  for (let lane = 0; lane < 4 && !found; lane++) {
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 60 && !found; i++) {
      await page.keyboard.press(']');
      if (!/Context switch/.test((await announced.textContent()) ?? '')) continue;
      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      const text = (await panel.getByTestId('why-sentences').textContent()) ?? '';
      if (/released hs_region on CPU \d, which woke all \d+ sleepers/.test(text)) found = true;
      else {
        await page.keyboard.press('Escape');
        await canvas.focus();
      }
    }
  }
  expect(found, 'a context switch after a wake-all release of hs_region').toBe(true);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(/^Why (TP|HS|DLC) \d+ waited for hs_region$/);
  await expect(panel.getByTestId('why-sentences')).toContainText(/was the \d+(st|nd|rd|th) woken/);
  await expectAccessible(page, 'the Why panel on a herd wake');
  mkdirSync(SHOTS, { recursive: true });
  await panel.screenshot({ path: `${SHOTS}/why-herd.png` });
});
