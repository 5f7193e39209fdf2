/*
 * why-log.spec.ts -- issue 24's steps: Pause, Reset, Step 1 ms twice, then a click on a
 * CPU the event log ("What the step did") shows starting to spin. The Why panel must
 * agree with the log: the same start, a holder that had not already let go, every CPU
 * the log shows spinning before it counted as spinning, every CPU the log shows taking
 * the lock after it named as having gone first.
 */
import { mkdirSync } from 'node:fs';
import { expect, openLab, simNowNs, test } from './fixtures.js';

/** "41.9971 ms" -> ns. */
function parseTime(text: string): number {
  const match = text.match(/^([\d.]+) (ns|µs|ms|s)$/);
  if (!match) throw new Error(`not a time: ${text}`);
  return Number(match[1]) * { ns: 1, µs: 1e3, ms: 1e6, s: 1e9 }[match[2] as 'ns' | 'µs' | 'ms' | 's'];
}

interface LogLine {
  t: number;
  cpu: number;
  verb: 'spins' | 'takes' | 'releases' | 'other';
  lock: string;
  ahead: number;
}

function parseLine(line: string): LogLine {
  const [time, rest = ''] = line.split(/: (.*)/s);
  const t = parseTime(time!.trim());
  const m = rest.match(/^CPU (\d+)(?: \(process \d+\))? (starts spinning for|takes|releases) (\S+)(?: \((\d+) ahead of it\))?/);
  if (!m) return { t, cpu: -1, verb: 'other', lock: '', ahead: 0 };
  const verb = m[2] === 'starts spinning for' ? 'spins' : m[2] === 'takes' ? 'takes' : 'releases';
  return { t, cpu: Number(m[1]), verb, lock: m[3]!, ahead: Number(m[4] ?? 0) };
}

test('after Pause, Reset and Step 1 ms twice, Why on a CPU the log shows spinning agrees with the log', async ({ page }) => {
  test.setTimeout(90_000);
  await openLab(page);
  const pause = page.getByRole('button', { name: 'Pause' });
  if (await pause.isVisible()) await pause.click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('button', { name: /^(▶ )?Play/ })).toBeVisible();
  // the reset has landed when the clock reads the end of the warm-up (a clock read before
  // then is the paused run's, and the steps then count from the reset, not from it)
  await expect.poll(() => simNowNs(page)).toBe(40_000_000);
  const start = await simNowNs(page);
  for (let i = 1; i <= 2; i++) {
    await page.getByRole('button', { name: 'Step 1 ms' }).click();
    await expect.poll(() => simNowNs(page)).toBe(start + i * 1e6);
  }
  const log = (await page.locator('.last-step li').allTextContents()).map(parseLine);
  const spinAt = log.map((l) => l.verb).lastIndexOf('spins');
  expect(spinAt, `the log shows a CPU starting to spin: ${JSON.stringify(log)}`).toBeGreaterThanOrEqual(0);
  const spin = log[spinAt]!;

  const grid = page.locator('[data-view="cpu-grid"]');
  await grid.scrollIntoViewIfNeeded();
  await grid.getByRole('button', { name: new RegExp(`^CPU ${spin.cpu}, spinning`) }).click();
  const why = page.getByTestId('why-panel');
  await expect(why).toBeVisible();
  await expect(why.getByRole('heading')).toHaveText(`Why CPU ${spin.cpu} spun for ${spin.lock}`);
  const data = async (name: string) => (await why.getAttribute(`data-${name}`)) ?? '';
  const list = async (name: string) => (await data(name)).split(' ').filter(Boolean).map(Number);

  // the same start (the log prints six significant digits: 100 ns at 41 ms)
  expect(Math.abs(Number(await data('spin-start')) - spin.t)).toBeLessThanOrEqual(100);
  // every CPU the core counted ahead of it, and more while the lock is on its way to one
  const spinning = await list('spinning-at-start');
  expect(spinning.length).toBeGreaterThanOrEqual(spin.ahead);
  // the log's records before the spin: the latest take or release of the lock says who held it
  const before = log.slice(0, spinAt).filter((l) => l.lock === spin.lock);
  const latest = [...before].reverse().find((l) => l.verb === 'takes' || l.verb === 'releases');
  const holder = await data('holder-at-start');
  if (latest?.verb === 'takes') expect(holder).toBe(String(latest.cpu));
  if (latest?.verb === 'releases') expect(holder).toBe('free');
  // a CPU the log shows starting to spin before it, and not taking the lock since, was spinning
  for (const l of before.filter((b) => b.verb === 'spins')) {
    if (!before.some((b) => b.verb === 'takes' && b.cpu === l.cpu && b.t >= l.t)) expect(spinning).toContain(l.cpu);
  }
  // a CPU the log shows taking the lock after it began went first
  const took = await list('took-before');
  for (const l of log.slice(spinAt + 1).filter((a) => a.verb === 'takes' && a.lock === spin.lock && a.cpu !== spin.cpu))
    expect(took).toContain(l.cpu);
  // and the sentences say it: no holder that released before the spin began
  const text = (await why.getByTestId('why-sentences').textContent()) ?? '';
  if (holder === 'free') expect(text).toMatch(/it was between holders|it was free/);
  else expect(text).toContain(`CPU ${holder} held it`);
  expect(text).toContain(spinning.length === 0 ? 'No other CPU was spinning for it' : `${spinning.length} other CPU`);
  mkdirSync('/tmp/views-shots', { recursive: true });
  await why.screenshot({ path: '/tmp/views-shots/why-panel.png' });
});
