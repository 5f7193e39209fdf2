/*
 * net-livelock.test.ts -- receive livelock from the HAND-MADE view fixtures: a series
 * per receive mode sorted by offered load, each mode's peak, what it delivers at the
 * highest load and its fall from the peak; the diagonal within both axes; the view
 * renders its lines, peaks and key numbers.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { netViewFixture } from '../../../views/fixtures/index.js';
import {
  deliveredScale,
  diagonal,
  livelockHighlights,
  livelockSeries,
  livelockSummary,
  millions,
  offeredScale,
  OFFERED_MAX,
} from './model.js';

const points = netViewFixture().livelock;

describe('livelock model', () => {
  it('makes a series per mode in the usual order, sorted by offered load', () => {
    const series = livelockSeries([...points].reverse());
    expect(series.map((s) => s.mode)).toEqual(['interrupts', 'moderation', 'polling']);
    for (const s of series) {
      const offered = s.points.map((p) => p.offeredPerS);
      expect(offered).toEqual([...offered].sort((a, b) => a - b));
      expect(offered).toHaveLength(8);
    }
  });

  it("finds each mode's peak, its delivery at the highest load and its fall", () => {
    const [interrupts, moderation, polling] = livelockSeries(points);
    expect(interrupts!.peak).toMatchObject({ offeredPerS: 750e3, deliveredPerS: 560e3 });
    expect(interrupts!.last).toMatchObject({ offeredPerS: 3e6, deliveredPerS: 80e3 });
    expect(interrupts!.fallPct).toBeCloseTo((100 * (560 - 80)) / 560, 6);
    expect(moderation!.peak.deliveredPerS).toBe(1.05e6);
    expect(moderation!.fallPct).toBeCloseTo((100 * (1.05 - 0.91)) / 1.05, 6);
    expect(polling!.fallPct).toBe(0);
    const { worst, best } = livelockHighlights(livelockSeries(points));
    expect(worst!.mode).toBe('interrupts');
    expect(best!.mode).toBe('polling');
    expect(livelockHighlights([])).toEqual({ worst: null, best: null });
  });

  it('scales offered 0 .. 3.2 M and delivered from 0; the diagonal stays inside both', () => {
    const series = livelockSeries(points);
    const x = offeredScale(series, 0, 320);
    expect(x.domain()).toEqual([0, OFFERED_MAX]);
    const y = deliveredScale(series, 200, 0);
    expect(y.domain()[0]).toBe(0);
    expect(y.domain()[1]).toBeGreaterThanOrEqual(1.94e6);
    const [[a, b], [c, d]] = diagonal(x, y);
    expect([a, b]).toEqual([0, 0]);
    expect(c).toBe(d);
    expect(c).toBeLessThanOrEqual(Math.min(x.domain()[1]!, y.domain()[1]!));
    expect(millions(1.5e6)).toBe('1.5 M');
    expect(millions(0)).toBe('0');
  });

  it('says it in words and renders', async () => {
    const series = livelockSeries(points);
    const text = livelockSummary(series);
    expect(text).toContain('An interrupt per packet (kernel stack): peak 560 k/s delivered at 750 k/s offered');
    expect(text).toContain('86% below its peak');
    expect(text).toContain('Polling (OpenOnload)');
    expect(livelockSummary(series, { polling: 'Busy polling' })).toContain('Busy polling: peak');
    expect(livelockSummary([])).toMatch(/No curve yet/);
    const { NetLivelock } = (await import(/* @vite-ignore */ String('./NetLivelock.tsx'))) as Record<
      string,
      FunctionComponent<Record<string, unknown>>
    >;
    for (const theme of ['light', 'projector']) {
      const html = renderToStaticMarkup(createElement(NetLivelock!, { points, theme, width: 800 }));
      expect(html).toContain('data-view="net-livelock"');
      expect(html.match(/data-mode="/g)).toHaveLength(3);
      expect(html.match(/data-peak=""/g)).toHaveLength(3);
      expect(html.match(/data-key-mode="/g)).toHaveLength(3);
      expect(html).toContain('data-diagonal');
      expect(html).toContain('data-worst="interrupts"');
      expect(html).toContain('−86%');
      expect(html).not.toMatch(/NaN|undefined|Infinity/);
      const labelled = renderToStaticMarkup(createElement(NetLivelock!, { points, theme, modeLabels: { polling: 'Busy polling' } }));
      expect(labelled).toContain('Busy polling');
    }
  });
});
