/*
 * lab.spec.ts -- the lab in Chromium: it loads and animates; CPUs and kernel change
 * the views and the numbers the way the source says (MP synchronization drops when 16
 * CPUs switch from the classic kernel to the Scalable Kernel, transmit packets rise);
 * stepping one event and 1 ms; the whole lab by keyboard alone; axe finds nothing
 * serious. Screenshots go to /tmp/shots.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, figure, framesShown, lab, openLab, runToEnd, shot, simNowNs, test } from './fixtures.js';

/**
 * The built page shows what is loading before any script runs: its entry script is held
 * back (a slow link), and the static state in index.html is drawn, styled by the site's
 * stylesheet under the site's CSP (no violation); React replaces it once the script runs.
 */
async function loadingStateFirst(page: Page): Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entry = /\/assets\/index-[^/]*\.js$/;
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'StackLab is loading' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/Loading the lab's scripts; then the simulator/);
  // the site's stylesheet applies (the header's colour), before any script
  await expect(page.locator('.boot-header')).toHaveCSS('background-color', 'rgb(13, 47, 79)');
  expect(await page.evaluate(() => document.querySelectorAll('#root .lab').length)).toBe(0);
  await shot(page, 'lab-loading-static');
  release();
  await expect(page.locator('.boot')).toHaveCount(0, { timeout: 20_000 });
  expect(violations).toEqual([]);
}

const cpuGrid = (page: Page) => page.locator('[data-view="cpu-grid"]');

test('the lab loads (a static loading state first), animates 16 CPUs and keeps its state in the URL', async ({ page }) => {
  await loadingStateFirst(page); // the same page load goes on into the lab
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(() => framesShown(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/StackLab/);
  await expect(page.getByRole('heading', { level: 1, name: 'The lab' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Lab' })).toHaveAttribute('aria-current', 'page');
  // Playing: simulated time and frames advance, the CPU grid shows 16 CPUs.
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  // (how many frames a second is a benchmark's question, `npm run bench`, not a test's)
  const [t0, f0] = [await simNowNs(page), await framesShown(page)];
  await expect.poll(() => framesShown(page)).toBeGreaterThan(f0 + 20);
  expect(await simNowNs(page)).toBeGreaterThan(t0);
  await expect(cpuGrid(page)).toContainText('CPUs (16)');
  await expect(page.locator('[data-view="timeline"] canvas')).toBeVisible();
  // MP synchronization of the classic kernel at 16 CPUs is about a quarter to a third of the machine.
  await expect.poll(() => figure(page, 'mpsynch'), { timeout: 10_000 }).toBeGreaterThan(10);
  expect(page.url()).toMatch(/#\/lab\?s=[A-Za-z0-9+\-$]+$/);
  // The views out of sight agree with the headline (issue 38: at 1280x720 the Modes view,
  // below the fold, kept the load frame's "0 of 1,600 over 0 ns"): paused, within a
  // second, its MP Synchronization is the headline's share times the 16 CPUs.
  await expect(page.locator('[data-view="modes"]')).not.toBeInViewport();
  await page.getByTestId('play').click(); // pause
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  const modesSpin = async () => {
    const text = await page.locator('[data-view="modes"]').innerText();
    const m = /MP Synchronization ([\d,]+) of 1,600/.exec(text);
    return m ? Number(m[1]!.replace(/,/g, '')) : NaN;
  };
  await expect(page.locator('[data-view="modes"]')).not.toContainText('over 0 ns');
  await expect.poll(async () => Math.abs((await modesSpin()) - 16 * (await figure(page, 'mpsynch'))), { timeout: 5_000 }).toBeLessThan(2);
  await page.getByTestId('play').click(); // and on
  await shot(page, 'lab-playing');
  await shot(page, 'lab-playing-full', true);
  await expectAccessible(page, 'lab while playing');
});

test('16 CPUs: the Scalable Kernel cuts MP synchronization and moves more packets; fewer CPUs spin less', async ({ page }) => {
  await openLab(page);
  await runToEnd(page);
  const classic16 = await figure(page, 'mpsynch');
  const classicTx = await figure(page, 'tx');
  expect(classic16).toBeGreaterThan(20);
  expect(classic16).toBeLessThan(40);
  await expect(page.getByTestId('fig-krp')).toHaveCount(0); // the classic kernel has no KRP queue

  await page.getByRole('radio', { name: /Scalable/ }).check();
  await expect(page.getByTestId('play')).toHaveText(/^.?Play$/); // a new scenario starts paused after a finished run
  await runToEnd(page);
  const scalable16 = await figure(page, 'mpsynch');
  const scalableTx = await figure(page, 'tx');
  expect(scalable16).toBeLessThan(5);
  expect(scalable16).toBeLessThan(classic16 / 4);
  expect(scalableTx).toBeGreaterThan(classicTx * 1.15); // the paper: 30% or more
  await expect(page.getByTestId('fig-krp')).toBeVisible();
  await expect(page.getByTestId('fig-designated')).toContainText(/Designated CPU 15/);
  await expect(page.locator('[data-view="krp-queue"]')).toContainText(/designated/i);
  await shot(page, 'lab-scalable-16');

  await page.getByRole('radio', { name: /Classic/ }).check();
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.fill('4');
  await cpus.press('Enter');
  await expect(cpuGrid(page)).toContainText('CPUs (4)');
  await runToEnd(page);
  const classic4 = await figure(page, 'mpsynch');
  expect(classic4).toBeLessThan(classic16 / 2);
  await expect(page.getByRole('slider', { name: 'CPUs' })).toHaveValue('4');
});

test('step one event and step 1 ms say what happened, and reset goes back to the start', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  const before = await simNowNs(page);
  await page.getByRole('button', { name: 'Step one event' }).click();
  const said = page.getByRole('status').filter({ hasText: 'What the step did' });
  await expect(said).toBeVisible();
  // One event either changed something (named) or was the core's own bookkeeping (a
  // preempted phase's stale end, say), which the lab says in words too.
  await expect(said.locator('li').first()).toContainText(/CPU \d+|process \d+|thread \d+|internal bookkeeping/);
  const afterEvent = await simNowNs(page);
  expect(afterEvent).toBeGreaterThanOrEqual(before);
  await page.getByRole('button', { name: 'Step 1 ms' }).click();
  await expect.poll(() => simNowNs(page)).toBe(afterEvent + 1_000_000);
  await expect(said.locator('li').last()).toContainText(/CPU \d+|process \d+|thread \d+/); // a millisecond always does something
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => simNowNs(page)).toBe(40_000_000); // the end of the warm-up
  await shot(page, 'lab-stepped');
});

test('the slowest speed shows single lock handoffs; the fastest runs far ahead', async ({ page }) => {
  await openLab(page);
  const speed = page.getByRole('slider', { name: 'Speed' });
  await speed.focus();
  await speed.press('Home');
  await expect(page.locator('.speed-value')).toContainText('1 µs per second');
  // Frames the worker ran ahead at the previous speed may still arrive: let them land first.
  await page.waitForTimeout(500);
  const t0 = await simNowNs(page);
  await page.waitForTimeout(1000);
  const slow = (await simNowNs(page)) - t0;
  expect(slow).toBeLessThan(3_000); // about 1 µs of simulated time in a second
  // Tens of ms of simulated time, where the slowest speed moved a few µs in a second. How
  // soon depends on the machine (the benchmark measures speed), so poll rather than time it;
  // measured from before the switch, since at top speed the whole run can end in a blink.
  const t1 = await simNowNs(page);
  await speed.press('End');
  await expect(page.locator('.speed-value')).toContainText('as fast as the core runs');
  await expect.poll(async () => (await simNowNs(page)) - t1, { timeout: 15_000 }).toBeGreaterThan(10_000_000);
});

test('keyboard alone: play, pause, step, change CPUs and kernel, open all parameters, with visible focus', async ({ page }) => {
  await openLab(page);
  // Reach the play button by Tab, as a keyboard user would.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByTestId('play').evaluate((el) => el === document.activeElement)) break;
  }
  await expect(page.getByTestId('play')).toBeFocused();
  const outline = await page.getByTestId('play').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  await page.keyboard.press('.');
  await expect(page.getByText('What the step did')).toBeVisible();
  const before = await simNowNs(page);
  await page.keyboard.press('m');
  await expect.poll(() => simNowNs(page)).toBe(before + 1_000_000);

  // Tab on to the CPUs slider and raise it by two.
  const slider = page.getByRole('slider', { name: 'CPUs' });
  for (let i = 0; i < 40 && !(await slider.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(slider).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cpuGrid(page)).toContainText('CPUs (18)');
  // The field's meaning in the real system shows while it has focus.
  await expect(page.locator('.field:focus-within .field-doc')).toBeVisible();
  await expect(page.locator('.field:focus-within .field-doc')).toContainText('GS160');

  // The kernel radios: Tab into the group, arrow to the Scalable Kernel.
  const classic = page.getByRole('radio', { name: /Classic/ });
  for (let i = 0; i < 10 && !(await classic.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(classic).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /Scalable/ })).toBeChecked();
  await expect(page.getByTestId('fig-krp')).toBeVisible();

  // All parameters open with Enter on their summary.
  const more = page.getByText(/All parameters/);
  for (let i = 0; i < 40 && !(await more.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('spinbutton', { name: /Cache line transfer/ })).toBeVisible();
  await shot(page, 'lab-keyboard');
});

test('a wrong number is explained at the field and not applied', async ({ page }) => {
  await openLab(page);
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.fill('257');
  await expect(page.getByText('CPUs must be from 1 to 256 CPUs.')).toBeVisible();
  await expect(cpus).toHaveAttribute('aria-invalid', 'true');
  await cpus.press('Enter');
  await expect(cpuGrid(page)).toContainText('CPUs (16)');
  await cpus.fill('8');
  await cpus.press('Enter');
  await expect(cpuGrid(page)).toContainText('CPUs (8)');
  await expect(lab(page)).toHaveAttribute('data-status', 'ready');
});

test('projector mode enlarges the lab and the views, and the presets menu loads a preset', async ({ page }) => {
  await openLab(page);
  await page.getByLabel('Projector mode').check();
  await expect(lab(page)).toHaveClass(/lab-projector/);
  await expect(page.locator('[data-view="cpu-grid"]')).toHaveClass(/slv-theme-projector/);
  await page.getByLabel('Preset').selectOption({ label: '16-CPU GS160 testbed, Scalable Kernel (KRPs to the designated CPU)' });
  await expect(page.getByRole('radio', { name: /Scalable/ })).toBeChecked();
  await expect(page.getByTestId('fig-krp')).toBeVisible();
  await page.waitForTimeout(1500);
  await shot(page, 'lab-projector');
  await expectAccessible(page, 'lab in projector mode');
});

test('the SNA Server/6000 presets load from the presets menu and run, with the SNA fields in the panel', async ({ page }) => {
  await openLab(page);
  await page.getByLabel('Preset').selectOption({ label: 'SNA Server/6000 on a 4-way AIX SMP, as first ported' });
  await expect(page.getByRole('radio', { name: /SNA Server\/6000/ })).toBeChecked();
  await expect(page.getByLabel('SNA locks')).toBeVisible();
  await expect(page.getByLabel('Application processes (load)')).not.toBeVisible();
  // The source's measures, not OpenVMS's: the transfer, the round trip, what the herd wastes.
  await expect(page.getByTestId('fig-iolock8')).toHaveCount(0);
  await expect(page.getByTestId('fig-futile')).toBeVisible();
  // The transfer's first acknowledged RUs come a few hundred ms of simulated time after the
  // warm-up (the as-ported 4-way moves it at about 70 KB/s): run at top speed to reach them.
  await page.getByRole('slider', { name: 'Speed' }).press('End');
  await expect(page.getByTestId('fig-transfer')).toContainText(/KB\/s/, { timeout: 15_000 });
  await page.waitForTimeout(1500);
  await shot(page, 'lab-sna');
  await expectAccessible(page, 'lab running the SNA kernel');
});

test('the keys work on arrival: Space plays and pauses without scrolling, and fields, checkboxes and buttons keep theirs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  const play = page.getByTestId('play');
  await expect(play).toHaveText(/Pause/); // it opens playing
  // Nothing clicked or tabbed to: focus is on the page, not in the lab.
  expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.tagName === 'MAIN')).toBe(true);
  await page.keyboard.press('Space');
  await expect(play).toHaveText(/^.?Play$/);
  expect(await page.evaluate(() => window.scrollY), 'Space did not scroll the page').toBe(0);
  await page.keyboard.press('Space');
  await expect(play).toHaveText(/Pause/);
  await page.keyboard.press('Space');
  await expect(play).toHaveText(/^.?Play$/);
  // "." steps one event, "m" 1 ms, "r" resets: all from the page, still with nothing focused.
  await page.keyboard.press('.');
  await expect(page.getByText('What the step did')).toBeVisible();
  const before = await simNowNs(page);
  await page.keyboard.press('m');
  await expect.poll(() => simNowNs(page)).toBe(before + 1_000_000);
  await page.keyboard.press('r');
  await expect.poll(() => simNowNs(page)).toBe(40_000_000);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Typing in a field types: "m", "r", "." and Space are the field's, not the lab's.
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.click();
  await cpus.press('End');
  await page.keyboard.type('.5');
  await expect(cpus).toHaveValue('16.5');
  await expect(page.getByText('CPUs: type a whole number.')).toBeVisible();
  await cpus.press('Escape');
  await expect(cpus).toHaveValue('16');
  await expect(play).toHaveText(/^.?Play$/);
  expect(await simNowNs(page)).toBe(40_000_000);
  // A checkbox takes Space for itself: the view toggle changes, the run does not start.
  const toggle = page.getByRole('checkbox', { name: 'Timeline' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect(play).toHaveText(/^.?Play$/);
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  // A button takes Space for itself: Space on Step 1 ms steps, once, and does not play.
  const stepMs = page.getByRole('button', { name: 'Step 1 ms' });
  await stepMs.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => simNowNs(page)).toBe(41_000_000);
  await expect(play).toHaveText(/^.?Play$/);
  // The select of presets keeps its letters (typing selects an option) and Space.
  const preset = page.getByLabel('Preset');
  await preset.focus();
  await page.keyboard.press('r');
  await expect(play).toHaveText(/^.?Play$/);
  expect(await simNowNs(page)).toBe(41_000_000);
  // The switch turns the single-key shortcuts off (WCAG 2.1.4), and the choice is kept.
  const keys = page.getByRole('checkbox', { name: 'Single-key shortcuts' });
  await expect(keys).toBeChecked();
  await expect(page.getByTestId('lab-subtitle')).toContainText('(or Space)');
  await keys.uncheck();
  // the subtitle no longer offers Space
  await expect(page.getByTestId('lab-subtitle')).not.toContainText('Space');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('m');
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  expect(await simNowNs(page)).toBe(41_000_000);
  await expect(play).toHaveText(/^.?Play$/);
  await page.reload();
  await expect(lab(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page.getByRole('checkbox', { name: 'Single-key shortcuts' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Single-key shortcuts' }).check();
});

test('the kernel tooltip closes after a choice, on Escape and when focus leaves, and speaks in words, not field paths', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  const kernel = page.locator('fieldset.field-choice').filter({ has: page.getByRole('radio', { name: /Scalable/ }) });
  const tip = kernel.locator('.field-doc');
  // Pointing at a choice says what that kernel is, under the panel's words for it.
  await page.getByRole('radio', { name: /Scalable/ }).hover();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Scalable: KRPs to one CPU');
  await expect(tip).toContainText('kernel request packets');
  await expect(tip).not.toContainText(/hpux|\b[a-z]+\.(\*|[a-z_]+)/);
  await shot(page, 'lab-kernel-tooltip');
  // Choosing closes it, though the pointer is still on the choice and the radio has focus.
  await page.getByRole('radio', { name: /Scalable/ }).click();
  await expect(page.getByRole('radio', { name: /Scalable/ })).toBeChecked();
  await expect(tip).toBeHidden();
  await expect(page.getByTestId('fig-krp')).toBeVisible();
  const box = (await cpuGrid(page).boundingBox())!;
  // Away and back with the pointer: it shows on hover again, and goes when the pointer goes.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(tip).toBeHidden();
  await page.getByRole('radio', { name: /HP-UX/ }).hover();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/HP-UX 9\.0 on HP 9000/);
  await expect(tip).toContainText('the “HP-UX 9.0” parameters');
  await expect(tip).not.toContainText(/\b[a-z]+\.(\*|[a-z_]+)/);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(tip).toBeHidden();

  // By keyboard: focus coming in shows it; Escape closes it; an arrow's choice closes it; Tab away and back shows it.
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: /Scalable/ })).toBeFocused();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('kernel request packets');
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await page.keyboard.press('Shift+Tab');
  await expect(cpus).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tip).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: /Classic/ })).toBeChecked();
  await expect(tip).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(tip).toBeHidden();
});

test("the status line says the clock's time and the kernel running now, and nothing in the bar moves when it changes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  const run = page.getByTestId('lab-status-run');
  const setup = page.getByTestId('lab-status-setup');
  const speed = page.getByRole('slider', { name: 'Speed' });
  const speedX = async () => (await speed.boundingBox())!.x;
  const x0 = await speedX();
  const xs: number[] = [];
  await expect(run).toHaveText('Playing');
  await expect(setup).toHaveText('16 CPUs, classic kernel');
  xs.push(await speedX());
  // Paused: the status says the clock's own time, digit for digit.
  await page.getByTestId('play').click();
  await expect(run).toHaveText(/^Paused at /);
  const clock = page.getByTestId('sim-now');
  // (the pause lands on the frame the worker had under way: both follow it)
  const agree = async () => `Paused at ${await clock.textContent()}` === (await run.textContent());
  await expect.poll(agree).toBe(true);
  xs.push(await speedX());
  await page.keyboard.press('m');
  await expect.poll(agree).toBe(true);
  expect(await run.textContent()).toMatch(/^Paused at \d+(\.\d+)? ms$/);
  xs.push(await speedX());
  // Another kernel and machine: the status names them as soon as they are chosen.
  await page.getByRole('radio', { name: /Scalable/ }).check();
  await expect(setup).toHaveText('16 CPUs, Scalable Kernel');
  xs.push(await speedX());
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.fill('1');
  await cpus.press('Enter');
  await expect(setup).toHaveText('1 CPU, Scalable Kernel');
  await expect(lab(page)).toHaveAttribute('data-status', 'ready');
  xs.push(await speedX());
  await page.getByTestId('play').click();
  await expect(run).toHaveText('Playing');
  xs.push(await speedX());
  await runToEnd(page);
  await expect(run).toHaveText('Run complete');
  xs.push(await speedX());
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(run).toHaveText(/^Ready at 40 ms$/);
  xs.push(await speedX());
  for (const x of xs) expect(Math.abs(x - x0), 'the Speed slider does not move').toBeLessThan(0.5);
  // One CPU says so: "0 of 1 CPU", never "1 CPUs".
  await expect(page.getByTestId('fig-spinning')).not.toContainText('CPUs');
  await expect(cpuGrid(page)).toContainText(/of 1 CPU\b/);
  await expect(page.locator('.lab')).not.toContainText(/\b1 CPUs\b/);
});

test('the subtitle says "Press Play" only while the lab is not playing', async ({ page }) => {
  await openLab(page);
  const subtitle = page.getByTestId('lab-subtitle');
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  await expect(subtitle).not.toContainText('Press Play');
  await expect(subtitle).toContainText('Pause');
  await page.getByTestId('play').click();
  await expect(subtitle).toContainText('Press Play');
  await runToEnd(page);
  await expect(subtitle).not.toContainText('Press Play');
  await expect(subtitle).toContainText('complete');
});
