/*
 * hpux-curves.test.ts -- the sender's CPU and throughput against send buffers and bytes
 * written, from the REAL curve the lab runs for hpux-cow-8-buffers (fixtures/hpux-runs.json,
 * made with src/kernels/hpux/curve-runs.ts): the series, the step exactly at SO_SNDBUF / send + 1
 * = 9 buffers, the dirtiness raising the CPU, the scales, the words, the view rendered
 * with the step marked, and partial or empty curves.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { hpuxFixture } from '../../../views/fixtures/index.js';
import { bufferStep, curveSeries, curvesSummary, DIRTY_STEPS, xScale, yScale, type HpuxCurvePoint } from './model.js';

const { points, setup } = hpuxFixture().curve;

describe('curve model', () => {
  it('one series per setting of copy avoidance, on first, sorted; a later point for an x wins', () => {
    const series = curveSeries([...points].reverse(), 'buffers');
    expect(series.map((s) => s.copyAvoid)).toEqual([true, false]);
    for (const s of series) expect(s.points.map((p) => p.x)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const again: HpuxCurvePoint = { sweep: 'buffers', copyAvoid: true, x: 3, cpuPct: 12, mbps: 1, forcedPct: 0 };
    expect(curveSeries([...points, again], 'buffers')[0]!.points[2]!.cpuPct).toBe(12);
    expect(curveSeries(points, 'dirty')[0]!.points.map((p) => p.x)).toEqual(DIRTY_STEPS);
    expect(curveSeries([], 'dirty')).toEqual([]);
  });

  it("the step: the forced copies stop, and the sender's CPU falls, exactly at SO_SNDBUF / send + 1 = 9", () => {
    const step = bufferStep(curveSeries(points, 'buffers'), setup);
    expect(step.needed).toBe(9);
    expect(step.measuredAt).toBe(9);
    expect(step.before!.forcedPct).toBe(100);
    expect(step.after!.forcedPct).toBe(0);
    expect(step.before!.cpuPct - step.after!.cpuPct).toBeGreaterThan(40);
    // copies do not care how many buffers there are
    const copies = curveSeries(points, 'buffers')[1]!.points.map((p) => p.cpuPct);
    expect(Math.max(...copies) - Math.min(...copies)).toBeLessThan(1);
    // no fall: the rule's count is still reported, no measured step
    const flat = points.map((p) => ({ ...p, cpuPct: 50 }));
    expect(bufferStep(curveSeries(flat, 'buffers'), setup)).toMatchObject({ needed: 9, measuredAt: null });
  });

  it('dirtier buffers cost copy avoidance more CPU; copy avoidance stays under the copies', () => {
    const [on, off] = curveSeries(points, 'dirty');
    const cpu = on!.points.map((p) => p.cpuPct);
    for (let i = 1; i < cpu.length; i++) expect(cpu[i]!).toBeGreaterThanOrEqual(cpu[i - 1]!);
    expect(cpu[cpu.length - 1]! - cpu[0]!).toBeGreaterThan(10);
    on!.points.forEach((p, i) => expect(p.cpuPct).toBeLessThan(off!.points[i]!.cpuPct));
  });

  it('scales: buffers 1..16 linear, bytes written in even steps, CPU 0..100', () => {
    const xb = xScale('buffers', setup, 0, 150);
    expect(xb(1)).toBe(0);
    expect(xb(16)).toBe(150);
    expect(xb.ticks).toHaveLength(16);
    const xd = xScale('dirty', setup, 0, 100);
    expect(DIRTY_STEPS.map((v) => xd(v))).toEqual([0, 20, 40, 60, 80, 100]);
    expect(yScale('cpu', [], 200, 0).domain()).toEqual([0, 100]);
    const y = yScale('mbps', curveSeries(points, 'buffers'), 200, 0);
    expect(y.domain()[1]).toBeGreaterThan(65.5);
  });

  it('says it in words', () => {
    const text = curvesSummary(points, setup);
    expect(text).toContain('SO_SNDBUF / send size + 1 = 9 buffers');
    expect(text).toMatch(
      /falls from 96% at 8 buffers to 37% at 9, exactly SO_SNDBUF \/ send size \+ 1: forced copies 100% before, 0% from there on/,
    );
    expect(text).toMatch(/Against the bytes written into each buffer before its send \(9 buffers\)/);
    // the card's packet rate limits the stream, not the CPU: the paper's "other bottlenecks"
    expect(text).toContain('The throughput is the same throughout (65.5 Mb/s)');
    expect(curvesSummary([], setup)).toMatch(/No curve yet/);
    expect(curvesSummary(points.slice(0, 4), setup, 0.1)).toMatch(/^Curve 10% measured/);
  });

  it('renders both charts with the rule marked, the dirtiness panel, partial and empty curves', async () => {
    const { HpuxCurves } = (await import(/* @vite-ignore */ String('./HpuxCurves.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    for (const theme of ['light', 'projector']) {
      const html = renderToStaticMarkup(createElement(HpuxCurves!, { points, setup, theme, width: 1100 }));
      // both charts, the rule's line on each, the step labelled, the buffers shown first
      for (const mark of [
        'data-chart="buffers-cpu"',
        'data-chart="buffers-mbps"',
        'data-step="9"',
        'data-step-at="9"',
        'aria-pressed="true" data-sweep="buffers"',
        'Show data table',
      ])
        expect(html).toContain(mark);
      expect(html.match(/data-rule="9"/g)).toHaveLength(2);
      expect(html).not.toMatch(/NaN|undefined|Infinity/);
      const dirty = renderToStaticMarkup(createElement(HpuxCurves!, { points, setup, theme, initialSweep: 'dirty', width: 600 }));
      expect(dirty).toContain('data-chart="dirty-cpu"');
      expect(dirty).not.toContain('data-rule=');
      expect(dirty).toContain('4 KiB');
      const partial = renderToStaticMarkup(createElement(HpuxCurves!, { points: points.slice(0, 5), setup, progress: 5 / 44, theme }));
      expect(partial).toContain('Curve <strong>11%</strong>');
      const empty = renderToStaticMarkup(createElement(HpuxCurves!, { points: [], setup, theme }));
      expect(empty).toContain('No curve yet');
    }
  });
});
