/*
 * numa-traffic.test.ts -- the traffic matrix from real NUMA runs: cells are the report's
 * bytes per second (rows: where the data was; columns: the CPU's RAD), the cross-RAD
 * share is the off-diagonal share of the bytes, colours grow darker with the rate and
 * stay ordered for every colour vision, text on each cell is readable; the view renders.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { runFixture } from '../fixtures/index.js';
import { contrastRatio, labSeen, VISIONS } from '../color.js';
import { trafficFill, trafficMatrix, trafficSummary, trafficText } from './model.js';

const gs160 = runFixture('numa-gs160-example3-before');
const gs320 = runFixture('numa-gs320');

describe('traffic matrix', () => {
  it("holds the report's bytes per second, and its off-diagonal share is cross_rad_pct", () => {
    for (const f of [gs160, gs320]) {
      const m = trafficMatrix(f.report)!;
      const numa = f.report.numa!;
      expect(m.rads).toBe(numa.rads);
      for (let i = 0; i < m.rads; i++)
        for (let j = 0; j < m.rads; j++) {
          expect(m.cells[i]![j]!.bytesPerS).toBe(numa.traffic_bytes_per_s[i]![j]);
          expect(m.cells[i]![j]!.local).toBe(i === j);
        }
      const cross = m.cells
        .flat()
        .filter((c) => !c.local)
        .reduce((s, c) => s + c.bytesPerS, 0);
      expect((100 * cross) / m.totalBytesPerS).toBeCloseTo(numa.cross_rad_pct, 1);
      expect(m.crossPct).toBe(numa.cross_rad_pct);
      expect(m.cells.flat().reduce((s, c) => s + c.sharePct, 0)).toBeCloseTo(100, 6);
    }
    // Example 3 before tuning: all data on one RAM disk in RAD 0, so RAD 0's row carries the cross traffic
    const m = trafficMatrix(gs160.report)!;
    expect(m.largestCross!.from).toBe(0);
    expect(m.ramdiskCrossPct).toBeGreaterThan(60);
  });

  it('has no matrix without NUMA figures', () => {
    expect(trafficMatrix(undefined)).toBeNull();
    expect(trafficMatrix(runFixture('classic-16').report)).toBeNull();
    expect(trafficSummary(null)).toMatch(/has not come/);
  });

  it('colours: blank at zero, darker with the rate for every colour vision, readable text', () => {
    expect(trafficFill(0, 100, '#ffffff')).toBe('#ffffff');
    const steps = [1, 5, 20, 50, 100].map((v) => trafficFill(v, 100, '#ffffff'));
    for (const vision of VISIONS) {
      const lightness = steps.map((c) => labSeen(c, vision)[0]);
      for (let i = 1; i < lightness.length; i++) expect(lightness[i]!, `${vision} step ${i}`).toBeLessThan(lightness[i - 1]!);
    }
    for (const c of steps) expect(contrastRatio(c, trafficText(c))).toBeGreaterThanOrEqual(4.5);
  });

  it('says it in words and renders', async () => {
    const text = trafficSummary(trafficMatrix(gs160.report));
    expect(text).toMatch(/67\.3% of [\d.]+ [KMG]B\/s crosses RADs/);
    expect(text).not.toMatch(/NaN|undefined/);
    const { NumaTraffic } = (await import(/* @vite-ignore */ String('./NumaTraffic.tsx'))) as Record<string, FunctionComponent<unknown>>;
    for (const theme of ['light', 'projector']) {
      for (const f of [gs160, gs320]) {
        const html = renderToStaticMarkup(
          createElement(NumaTraffic as FunctionComponent<Record<string, unknown>>, {
            snapshot: f.snapshot,
            report: f.report,
            theme,
            width: 700,
          }),
        );
        expect(html).toContain('data-view="numa-traffic"');
        expect(html.match(/data-from="/g)).toHaveLength(f.report.numa!.rads ** 2);
        expect(html).toMatch(/data-summary="">[^<]{40,}</);
        expect(html).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });
});
