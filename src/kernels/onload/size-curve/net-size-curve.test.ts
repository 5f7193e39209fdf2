/*
 * net-size-curve.test.ts -- goodput against message size from the HAND-MADE view
 * fixtures: a series per stack sorted by size, a log2 size axis from 16 B to 64 KiB
 * with ticks at powers of 4, the limit on the y axis, Onload's ratio at the smallest
 * size and where each line first reaches 95% of the limit; the view renders.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { netViewFixture } from '../../../views/fixtures/index.js';
import { goodputScale, sizeKeyNumbers, sizePath, sizeScale, sizeSeries, sizeSummary, sizeTicks, type SizePoint } from './model.js';

const points = netViewFixture().sizeCurve;

describe('size curve model', () => {
  it('makes one series per stack, kernel first, sorted by size; a later point for a size wins', () => {
    const shuffled = [...points].reverse();
    const series = sizeSeries([...shuffled, { stack: 'kernel', messageBytes: 16, goodputBitsPerS: 0.25e9 }]);
    expect(series.map((s) => s.stack)).toEqual(['kernel', 'onload']);
    for (const s of series) {
      expect(s.points.map((p) => p.messageBytes)).toEqual([16, 64, 256, 1024, 4096, 16384, 65536]);
    }
    expect(series[0]!.points[0]!.goodputBitsPerS).toBe(0.25e9);
    expect(
      sizeSeries([
        { stack: 'onload', messageBytes: 0, goodputBitsPerS: 1 },
        { stack: 'x', messageBytes: 64, goodputBitsPerS: NaN },
      ]),
    ).toEqual([]);
  });

  it('finds where each line first reaches 95% of the limit, and Onload over the kernel at the smallest size', () => {
    const series = sizeSeries(points, 9.4);
    const keys = sizeKeyNumbers(series);
    expect(keys.reaches).toEqual([
      { stack: 'kernel', bytes: 4096 },
      { stack: 'onload', bytes: 1024 },
    ]);
    expect(keys.smallest!.bytes).toBe(16);
    expect(keys.smallest!.ratio).toBeCloseTo(0.62 / 0.21, 6);
    // a lower limit is reached sooner; an unreachable one never
    expect(sizeSeries(points, 7).find((s) => s.stack === 'kernel')!.reachesAt).toBe(1024);
    expect(sizeSeries(points, 20).every((s) => s.reachesAt === null)).toBe(true);
    // one stack alone: no ratio
    expect(sizeKeyNumbers(sizeSeries(points.filter((p) => p.stack === 'onload'))).smallest).toBeNull();
  });

  it('scales size by log2 from 16 B to 64 KiB, goodput from 0 to a little over the limit', () => {
    const series = sizeSeries(points);
    const x = sizeScale(series, 0, 120);
    expect(x(16)).toBeCloseTo(0, 6);
    expect(x(65536)).toBeCloseTo(120, 6);
    expect(x(256)).toBeCloseTo(40, 6); // 4 of 12 doublings
    const partial = sizeScale(sizeSeries(points.slice(0, 4)), 0, 120);
    expect(partial.domain()).toEqual([16, 65536]); // the axis does not jump while points arrive
    const y = goodputScale(series, 9.4, 300, 0);
    expect(y.domain()[0]).toBe(0);
    expect(y.domain()[1]).toBeGreaterThanOrEqual(9.4);
    expect(y.domain()[1]).toBeLessThanOrEqual(12);
    expect(sizeTicks(x.domain(), 7)).toEqual([16, 64, 256, 1024, 4096, 16384, 65536]);
    expect(sizeTicks(x.domain(), 4)).toEqual([16, 256, 4096, 65536]);
    expect(sizePath(series[0]!.points, x, y)).toMatch(/^M0,/);
  });

  it('says it in words and renders', async () => {
    const series = sizeSeries(points);
    const text = sizeSummary(series, 9.4);
    expect(text).toContain('At 16 B OpenOnload delivers 3.0 times');
    expect(text).toContain('Linux kernel stack first reaches 95% of the limit at 4 KiB');
    expect(sizeSummary([], 9.4)).toMatch(/No curve yet/);
    expect(sizeSummary(series, 9.4, 0.5)).toMatch(/^Curve 50% measured/);
    const { NetSizeCurve } = (await import(/* @vite-ignore */ String('./NetSizeCurve.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    for (const theme of ['light', 'projector']) {
      const html = renderToStaticMarkup(createElement(NetSizeCurve!, { points, theme, width: 800 }));
      expect(html).toContain('data-view="net-size-curve"');
      expect(html.match(/data-stack="/g)).toHaveLength(2);
      expect(html).toContain('data-limit="9.4"');
      expect(html.match(/data-reach="/g)).toHaveLength(2);
      expect(html).toContain('Show data table');
      expect(html).toContain('3.0×');
      expect(html).not.toMatch(/NaN|undefined|Infinity/);
      const empty = renderToStaticMarkup(createElement(NetSizeCurve!, { points: [] as SizePoint[], theme }));
      expect(empty).toContain('No curve yet');
      const partial = renderToStaticMarkup(
        createElement(NetSizeCurve!, { points: points.slice(0, 3), progress: 3 / 14, theme, linkLimitGbps: 9 }),
      );
      expect(partial).toContain('Curve <strong>21%</strong>');
      expect(partial).toContain('data-limit="9"');
    }
  });
});
