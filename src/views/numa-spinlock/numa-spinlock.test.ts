/*
 * numa-spinlock.test.ts -- spinlock wins per RAD from real NUMA runs: every CPU's wins
 * against its fair share (they average 1), grouped by the report's RADs, with each
 * RAD's mean acquire time and Jain's index as the report gives them; the dedicated lock
 * manager's run says why no CPU takes the lock; the view renders.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Report } from '../../core/report.js';
import { runFixture } from '../fixtures/index.js';
import { jainWords, noWinsText, spinlockFigures, spinlockSummary } from './model.js';

const gs160 = runFixture('numa-gs160-example3-before');
const gs320 = runFixture('numa-gs320');

describe('spinlock wins per RAD', () => {
  it('normalise each CPU to its fair share and group the CPUs as the report does', () => {
    for (const f of [gs160, gs320]) {
      const s = spinlockFigures(f.report, f.snapshot.cpus.length)!;
      const numa = f.report.numa!;
      expect(s.lock).toBe(numa.watched_lock);
      expect(s.jain).toBe(numa.fairness_jain);
      const cpus = s.rads.flatMap((r) => r.cpus);
      expect(cpus).toHaveLength(f.snapshot.cpus.length);
      expect(cpus.reduce((sum, c) => sum + c.share, 0) / cpus.length).toBeCloseTo(1, 9);
      for (const r of s.rads) {
        expect(r.cpus.map((c) => numa.rad_of_cpu[c.cpu])).toEqual(r.cpus.map(() => r.rad));
        expect(r.meanAcquireNs).toBe(numa.by_rad[r.rad]!.mean_acquire_ns);
        expect(r.winsPerS).toBe(numa.by_rad[r.rad]!.lock_wins_per_s);
      }
      expect(noWinsText(s)).toBeNull();
      const text = spinlockSummary(s);
      expect(text).toContain(`Jain's fairness index ${numa.fairness_jain.toFixed(3)}`);
      expect(text).not.toMatch(/NaN|undefined/);
    }
  });

  it('says the fairness in words', () => {
    expect(jainWords(1, 32)).toBe('every CPU wins about equally');
    expect(jainWords(0.95, 32)).toBe('nearly fair');
    expect(jainWords(1 / 32, 32)).toBe('a few CPUs win nearly everything');
    expect(jainWords(0.6, 32)).toMatch(/unfair/);
  });

  it('explains a dedicated lock manager: no CPU takes the lock manager spinlock', () => {
    const report = structuredClone(gs160.report) as Report;
    report.numa!.lock_wins_by_cpu = report.numa!.lock_wins_by_cpu.map(() => 0);
    report.numa_run!.lckmgr_cpu = 3;
    (report.scenario as unknown as { numa: Record<string, unknown> }).numa.lock_manager = 'dedicated';
    const s = spinlockFigures(report, 12)!;
    expect(s.lckmgrCpu).toBe(3);
    expect(noWinsText(s)).toMatch(/dedicated lock manager \(LCKMGR_SERVER on CPU 3\)/);
  });

  it('renders a group per RAD and a bar per CPU', async () => {
    const { NumaSpinlock } = (await import(/* @vite-ignore */ String('./NumaSpinlock.tsx'))) as Record<string, FunctionComponent<unknown>>;
    for (const theme of ['light', 'projector']) {
      for (const f of [gs160, gs320]) {
        const html = renderToStaticMarkup(
          createElement(NumaSpinlock as FunctionComponent<Record<string, unknown>>, {
            snapshot: f.snapshot,
            report: f.report,
            theme,
            width: 800,
          }),
        );
        expect(html).toContain('data-view="numa-spinlock"');
        expect(html.match(/data-rad="/g)).toHaveLength(f.report.numa!.rads);
        expect(html.match(/data-cpu="/g)).toHaveLength(f.snapshot.cpus.length);
        expect(html).toMatch(/data-summary="">[^<]{40,}</);
        expect(html).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });
});
