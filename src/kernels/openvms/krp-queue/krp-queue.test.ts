/*
 * krp-queue.test.ts -- KRP events read from a real Scalable Kernel trace, tokens in
 * flight as a function of simulated time, and the designated CPU's busy share.
 */
import { describe, expect, it } from 'vitest';
import { runFixture } from '../../../views/fixtures/index.js';
import { countKrpEvents, designatedBusy, krpEventsFromTrace, krpQueue, tokensAt } from './flow.js';
import { krpSummary } from './summary.js';

const scalable = runFixture('scalable-16');
const kindCount = (name: string) => Array.from(scalable.slice.kind).filter((k) => scalable.names.kinds[k] === name).length;

describe('KRP events', () => {
  it('picks every krp_queue, krp_start and fork_create record out of the trace, in order', () => {
    const events = krpEventsFromTrace(scalable.slice, scalable.names.kinds);
    expect(events.filter((e) => e.kind === 'queue').length).toBe(kindCount('krp_queue'));
    expect(events.filter((e) => e.kind === 'start').length).toBe(kindCount('krp_start'));
    expect(events.filter((e) => e.kind === 'fork').length).toBe(kindCount('fork_create'));
    expect(events.length).toBeGreaterThan(50);
    for (let i = 1; i < events.length; i++) expect(events[i]!.t).toBeGreaterThanOrEqual(events[i - 1]!.t);
    expect(new Set(events.map((e) => e.key)).size).toBe(events.length);
    // krp_start and fork_create happen on the designated CPU
    for (const e of events) if (e.kind !== 'queue') expect(e.cpu).toBe(scalable.snapshot.roleCpus.designated_cpu!);
  });

  it('keeps keys stable when the window moves', () => {
    const all = krpEventsFromTrace(scalable.slice, scalable.names.kinds);
    const mid = all[Math.floor(all.length / 2)]!;
    const later = krpEventsFromTrace(scalable.slice, scalable.names.kinds, mid.t - 1);
    expect(later.find((e) => e.t === mid.t && e.kind === mid.kind)!.key).toBe(mid.key);
    expect(later.every((e) => e.t > mid.t - 1)).toBe(true);
  });

  it('places tokens by their age in simulated time', () => {
    const events = krpEventsFromTrace(scalable.slice, scalable.names.kinds);
    const now = events[events.length - 1]!.t + 5_000;
    const tokens = tokensAt(events, now, 20_000);
    for (const tk of tokens) {
      expect(tk.progress).toBeGreaterThanOrEqual(0);
      expect(tk.progress).toBeLessThan(1);
    }
    const expected = events.filter((e) => now - e.t >= 0 && now - e.t < 20_000).length;
    expect(tokens.length).toBe(Math.min(48, expected));
    expect(tokensAt(events, now, 20_000, 3).length).toBe(Math.min(3, expected));
    expect(tokensAt(events, now, 0)).toEqual([]);
    const c = countKrpEvents(events, -Infinity, Infinity);
    expect(c.queued).toBe(kindCount('krp_queue'));
    expect(c.meanWaitNs).toBeGreaterThan(0);
  });
});

describe('designated CPU and queue', () => {
  it('reads the busy % from the snapshot kernel-context time, as the report does, and estimates it without', () => {
    const exact = designatedBusy(scalable.snapshot, undefined, scalable.names.modes);
    expect(exact.estimated).toBe(false);
    expect(exact.pct).toBeCloseTo(scalable.report.designated_cpu_busy_pct, 2);
    const saturated = runFixture('scalable-64');
    expect(designatedBusy(saturated.snapshot, undefined, saturated.names.modes).pct).toBeCloseTo(
      saturated.report.designated_cpu_busy_pct,
      2,
    );
    const cpus = scalable.snapshot.cpus.map(({ kctxNs: _, ...rest }) => rest) as unknown as typeof scalable.snapshot.cpus;
    const estimate = designatedBusy({ ...scalable.snapshot, cpus }, undefined, scalable.names.modes);
    expect(estimate.estimated).toBe(true);
    expect(Math.abs(estimate.pct - scalable.report.designated_cpu_busy_pct)).toBeLessThan(2);
  });

  it('reports the queue length and says what happened in words', () => {
    const big = runFixture('scalable-64');
    expect(krpQueue(big.snapshot).len).toBeGreaterThan(100);
    const events = krpEventsFromTrace(big.slice, big.names.kinds);
    const text = krpSummary(big.snapshot, events, 20_000, 100, false);
    expect(text).toContain(`holds ${krpQueue(big.snapshot).len} KRPs`);
    expect(text).toContain('saturated');
    expect(text).not.toMatch(/NaN|undefined/);
    const classic = runFixture('classic-16');
    expect(krpSummary(classic.snapshot, [], 20_000, 0, true)).toContain('no KRP work queue');
  });
});
