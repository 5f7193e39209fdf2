/*
 * export.spec.ts -- the lab's Export menu in Chromium: metrics as CSV and JSON, the
 * trace as a Perfetto JSON trace that passes the Trace Event Format validator, views as
 * PNG (2x) and SVG (standalone, styles inlined), all checked by their content; the
 * scenario exported and imported again gives a byte-identical report; a bad file gets
 * a clear message; the menu works by keyboard alone, with visible focus; axe finds
 * nothing serious and no console error happens (fixtures.ts). Screenshots go to
 * /tmp/shots-export.
 */
import type { Download, Locator, Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { validateChromeTrace } from '../src/lab/export/trace-validate.js';
import {
  expect,
  expectAccessible,
  figure,
  labLink,
  openLab,
  presetScenario,
  runToEnd,
  seeView,
  simNowNs,
  tabTo,
  test,
} from './fixtures.js';

const SHOTS = '/tmp/shots-export';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const exportButton = (page: Page) => page.getByRole('button', { name: /^Export/ });
const panel = (page: Page) => page.getByRole('group', { name: 'Export and import' });

async function openMenu(page: Page) {
  if ((await exportButton(page).getAttribute('aria-expanded')) !== 'true') await exportButton(page).click();
  await expect(panel(page)).toBeVisible();
}

/**
 * Chromium drops a download now and then when a page starts more than about ten within a
 * second or so (its guard against sites flooding the downloads folder; a person is asked
 * first). A learner does not click that fast; the test waits as long between downloads.
 */
const DOWNLOAD_GAP_MS = 1000;
const lastDownload = new WeakMap<Page, number>();

/** Clicks (or presses Enter on) a control and gives the file it downloads. */
async function downloaded(page: Page, control: Locator, how: 'click' | 'Enter' = 'click'): Promise<{ name: string; bytes: Buffer }> {
  const since = Date.now() - (lastDownload.get(page) ?? 0);
  if (since < DOWNLOAD_GAP_MS) await page.waitForTimeout(DOWNLOAD_GAP_MS - since);
  lastDownload.set(page, Date.now());
  const [file] = await Promise.all([
    page.waitForEvent('download') as Promise<Download>,
    how === 'click' ? control.click() : control.press('Enter'),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe.configure({ timeout: 120_000 });

test('metrics, trace and views download with the right content; axe finds nothing with the menu open', async ({ page }) => {
  await openLab(page);
  await runToEnd(page);
  await expect(exportButton(page)).toBeVisible({ timeout: 10_000 });
  await openMenu(page);
  await expect(panel(page)).toContainText('Metrics of the finished run.');
  await shot(page, 'menu-open');
  await expectAccessible(page, 'export menu open');

  const mpsynch = await figure(page, 'mpsynch');
  const csv = await downloaded(page, page.getByRole('button', { name: 'Metrics (CSV)' }));
  expect(csv.name).toMatch(/^stacklab-classic-16cpu-seed\d+-metrics\.csv$/);
  const lines = csv.bytes.toString('utf8').split('\r\n');
  expect(lines[0]).toBe('metric,value');
  expect(lines).toContain('scenario.machine.cpus,16');
  const mpsynchRow = lines.find((line) => line.startsWith('mpsynch_pct,'));
  expect(Number(mpsynchRow!.split(',')[1])).toBeCloseTo(mpsynch, 0);
  expect(lines.some((line) => /^locks\.IOLOCK8\.hold_pct,\d/.test(line))).toBe(true);

  const json = await downloaded(page, page.getByRole('button', { name: 'Metrics (JSON)' }));
  const report = JSON.parse(json.bytes.toString('utf8'));
  expect(report.kernel).toBe('classic');
  expect(report.cpus).toHaveLength(16);
  expect(report.mpsynch_pct).toBeCloseTo(mpsynch, 0);
  expect(report.scenario.machine.cpus).toBe(16);

  // The trace: its span is stated, and the file passes the Trace Event Format validator.
  const spanNote = panel(page).getByText(/^Covers simulated time/);
  await expect(spanNote).toContainText(/the lab keeps only the newest records/);
  const trace = await downloaded(page, page.getByRole('button', { name: 'Trace for Perfetto (JSON)' }));
  expect(trace.name).toMatch(/-trace\.json$/);
  const parsed = JSON.parse(trace.bytes.toString('utf8'));
  const check = validateChromeTrace(parsed);
  expect(check.errors).toEqual([]);
  expect(check.phases.X).toBeGreaterThan(100);
  expect(check.phases.M).toBeGreaterThan(16);
  const names = parsed.traceEvents
    .filter((e: { ph: string; name: string }) => e.ph === 'M' && e.name === 'thread_name')
    .map((e: { args: { name: string } }) => e.args.name);
  for (let cpu = 0; cpu < 16; cpu++) expect(names).toContain(`CPU ${cpu}`);
  expect(names).toContain('lock IOLOCK8');
  expect(parsed.otherData.span_end_ns).toBeGreaterThan(parsed.otherData.span_start_ns);
  expect(parsed.otherData.span_end_ns).toBe(report.simulated_ns);

  // An SVG view as SVG: standalone, styles inlined, no classes left to depend on.
  const svg = await downloaded(page, page.getByRole('button', { name: 'CPUs as SVG' }));
  const svgText = svg.bytes.toString('utf8');
  expect(svgText).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svgText).toContain('<title>StackLab: CPUs</title>');
  expect(svgText).toMatch(/style="fill: ?rgb\(/);
  expect(svgText).not.toContain('class=');
  // It renders on its own (no page styles): draw it in a blank page and look at it.
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/cpu-grid.svg`, svgText);
  // A canvas view (the timeline) as PNG, at twice its size on screen.
  const canvas = (await seeView(page, 'timeline')).locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  await openMenu(page);
  await expect(page.getByRole('button', { name: 'Timeline as SVG' })).toHaveCount(0);
  await expect(panel(page).getByText('drawn on canvas: PNG only')).toBeVisible();
  const png = await downloaded(page, page.getByRole('button', { name: 'Timeline as PNG' }));
  const size = pngSize(png.bytes);
  expect(Math.abs(size.width - 2 * box.width)).toBeLessThanOrEqual(4);
  expect(size.height).toBeGreaterThanOrEqual(Math.floor(2 * box.height) - 2);
  writeFileSync(`${SHOTS}/timeline.png`, png.bytes);
  const svgPng = await downloaded(page, page.getByRole('button', { name: 'CPUs as PNG' }));
  writeFileSync(`${SHOTS}/cpu-grid.png`, svgPng.bytes);
  expect(pngSize(svgPng.bytes).width).toBeGreaterThan(200);
});

test('the exported scenario imports to the identical run: a byte-identical report', async ({ page }) => {
  await openLab(page);
  await runToEnd(page);
  await openMenu(page);
  const scenario = await downloaded(page, page.getByRole('button', { name: 'Scenario (JSON)' }));
  expect(scenario.name).toMatch(/-scenario\.json$/);
  const before = await downloaded(page, page.getByRole('button', { name: 'Metrics (JSON)' }));

  // Change the lab, then import the file.
  await page.keyboard.press('Escape');
  const cpus = page.getByRole('spinbutton', { name: /CPUs, as a number/ });
  await cpus.fill('4');
  await cpus.press('Enter');
  await expect(page.getByRole('slider', { name: 'CPUs' })).toHaveValue('4');
  await openMenu(page);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import scenario…' }).click()]);
  await chooser.setFiles({ name: 'lab.json', mimeType: 'application/json', buffer: scenario.bytes });
  await expect(page.getByRole('status').filter({ hasText: 'Imported "lab.json"' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'CPUs' })).toHaveValue('16');
  await runToEnd(page);
  await openMenu(page);
  await expect(panel(page)).toContainText('Metrics of the finished run.');
  const after = await downloaded(page, page.getByRole('button', { name: 'Metrics (JSON)' }));
  expect(after.bytes.equals(before.bytes)).toBe(true);
});

test('a bad file gets a clear message and the lab keeps its scenario', async ({ page }) => {
  await openLab(page);
  await openMenu(page);
  const importFile = async (name: string, text: string) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import scenario…' }).click()]);
    await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  };
  await importFile('broken.json', '{ "machine": { "cpus": 4, } }');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not import the scenario.' });
  await expect(alert).toContainText('"broken.json" is not JSON (line 1, column');
  await expect(alert).toContainText('The lab keeps running its current scenario.');
  await shot(page, 'import-error');
  await expectAccessible(page, 'import error');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);

  await openMenu(page);
  await importFile('typo.json', JSON.stringify({ machine: { cpu: 4 }, kernel: { kind: 'scalabel' } }));
  await expect(alert).toContainText('"typo.json" is not a StackLab scenario the lab can run (2 problems)');
  await expect(alert).toContainText('machine.cpus');
  await expect(alert).toContainText('Did you mean "scalable"?');
  await expect(page.getByRole('slider', { name: 'CPUs' })).toHaveValue('16');
  await shot(page, 'import-error-fields');
});

test('by keyboard alone: open the menu, export, close with Escape; focus is visible', async ({ page }) => {
  await openLab(page);
  await page.getByTestId('play').press('Enter'); // pause, so the page is calm
  const toggle = exportButton(page);
  await expect(toggle).toBeVisible({ timeout: 10_000 });
  await tabTo(page, toggle, 60, 'Shift+Tab');
  expect(await toggle.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const csvButton = page.getByRole('button', { name: 'Metrics (CSV)' });
  await tabTo(page, csvButton, 10);
  expect(await csvButton.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  const box = (await csvButton.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  await shot(page, 'menu-keyboard');
  const csv = await downloaded(page, csvButton, 'Enter');
  expect(csv.bytes.toString('utf8')).toMatch(/^metric,value\r\nscenario\./);
  // Every view on screen is offered, each button reachable by Tab.
  const png = page.getByRole('button', { name: 'CPUs as PNG' });
  await tabTo(page, png, 20);
  const file = await downloaded(page, png, 'Enter');
  expect(pngSize(file.bytes).width).toBeGreaterThan(100);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('every view on screen exports: a NUMA lab (canvas and SVG layers) as PNG, its SVG views as SVG', async ({ page }) => {
  await openLab(page, labLink(presetScenario('gs160')));
  // Play a little (the NUMA figures come with the first report), then pause: the pictures hold still.
  await expect.poll(() => simNowNs(page), { timeout: 20_000 }).toBeGreaterThan(45e6);
  await page.getByTestId('play').press('Enter');
  // Bring every view into sight once, so each has drawn.
  for (const slot of await page.locator('[data-slot]').all()) {
    await slot.scrollIntoViewIfNeeded();
    await expect(slot.locator('[data-view]')).toBeVisible({ timeout: 10_000 });
  }
  const slots = await page.locator('[data-slot] [data-view]').count();
  expect(slots).toBeGreaterThanOrEqual(8);
  await page.evaluate(() => window.scrollTo(0, 0));
  await openMenu(page);
  const items = panel(page).locator('.export-views li');
  await expect(items).toHaveCount(slots);
  await expect(items.filter({ hasText: 'RADs (topology)' })).toContainText('drawn on canvas: PNG only');
  await shot(page, 'menu-numa');
  for (const item of await items.all()) {
    const title = (await item.locator('.export-view-name').textContent())!;
    const pngButton = item.getByRole('button', { name: `${title} as PNG` });
    if ((await pngButton.count()) === 0) {
      await expect(item).toContainText('no picture drawn (yet)');
      continue;
    }
    const png = await downloaded(page, pngButton);
    const size = pngSize(png.bytes);
    expect(size.width, `${title} PNG`).toBeGreaterThan(100);
    if (title === 'RADs (topology)') writeFileSync(`${SHOTS}/numa-topology.png`, png.bytes);
    const svgButton = item.getByRole('button', { name: `${title} as SVG` });
    if (await svgButton.count()) {
      const svg = (await downloaded(page, svgButton)).bytes.toString('utf8');
      expect(svg, `${title} SVG`).toContain(`<title>StackLab: ${title}</title>`);
      expect(svg).toMatch(/<svg[^>]*width="\d+"/);
    }
  }
});
