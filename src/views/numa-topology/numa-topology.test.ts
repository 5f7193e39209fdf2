/*
 * numa-topology.test.ts -- the topology map from real NUMA runs: where the scenario put
 * the RAM disks, the adapters' CPU and the lock manager; a box per RAD holding its CPUs,
 * boxes that do not overlap and fit the width; an arc per ordered pair of RADs, no two
 * alike; arc widths linear in the rate; few elements for a GS320; the view renders.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Report } from '../../core/report.js';
import { runFixture } from '../fixtures/index.js';
import { formatBytesRate, numaLayout, radOfCpu, ramDisksOfRad } from '../numa-data.js';
import { arcFlows, cpuRoles, memoryWords, packetBounds, topologyGeometry, topologySummary } from './model.js';

const gs160 = runFixture('numa-gs160-example3-before');
const gs320 = runFixture('numa-gs320');

const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('layout of a machine', () => {
  it("reads the scenario: RAM disks, adapters' CPU, RADs of the CPUs", () => {
    const l = numaLayout(gs160.report, 12);
    expect(l.rads).toBe(3);
    expect(l.radOfCpu).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    expect(l.radOfCpu).toEqual(Array.from({ length: 12 }, (_, i) => radOfCpu(i, 12, 3)));
    expect(ramDisksOfRad(l, 0)).toEqual(['read-only', 'read-write']);
    expect(ramDisksOfRad(l, 1)).toEqual([]);
    expect(memoryWords(l, 0)).toBe('Memory: RO+RW RAM disk');
    expect(cpuRoles(l, 0)).toEqual(['interrupts']);
    expect(l.lckmgrCpu).toBe(-1);
    const striped = numaLayout(gs320.report, 32);
    expect(ramDisksOfRad(striped, 5)).toEqual(['read-only', 'read-write']);
    expect(memoryWords(striped, 5)).toBe('Memory: RO+RW stripe');
    // a dedicated lock manager with lckmgr_cpu -1 runs on the last CPU of the data RAD
    const dedicated = structuredClone(gs160.report) as Report;
    (dedicated.scenario as unknown as { numa: Record<string, unknown> }).numa.lock_manager = 'dedicated';
    dedicated.numa_run!.lckmgr_cpu = -1;
    expect(numaLayout(dedicated, 12).lckmgrCpu).toBe(3);
    expect(cpuRoles(numaLayout(dedicated, 12), 3)).toEqual(['lock-manager']);
  });

  it("puts every CPU in its RAD's box, boxes apart and inside the width, for GS160 and GS320", () => {
    for (const [f, width] of [
      [gs160, 600],
      [gs160, 1200],
      [gs320, 600],
      [gs320, 1240],
    ] as const) {
      const l = numaLayout(f.report, f.snapshot.cpus.length);
      const g = topologyGeometry(l, width, 15);
      expect(g.boxes).toHaveLength(l.rads);
      for (const b of g.boxes) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.w).toBeLessThanOrEqual(width + 1e-6);
        for (const c of b.cpus) {
          expect(l.radOfCpu[c.cpu]).toBe(b.rad);
          expect(c.x >= b.x && c.x + c.w <= b.x + b.w && c.y >= b.y && c.y + c.h <= b.y + b.h).toBe(true);
        }
        for (const o of g.boxes) if (o !== b) expect(overlap(b, o)).toBe(false);
      }
      expect(g.boxes.flatMap((b) => b.cpus)).toHaveLength(l.cpus);
      // one arc per ordered pair, each its own path
      expect(g.arcs).toHaveLength(l.rads * (l.rads - 1));
      expect(new Set(g.arcs.map((a) => a.d)).size).toBe(g.arcs.length);
    }
  });

  it('draws arcs as wide as their rate, the largest at the widest, the largest labelled', () => {
    const flows = arcFlows(gs160.report, 3, 12);
    const max = Math.max(...flows.map((f) => f.bytesPerS));
    const top = flows.find((f) => f.bytesPerS === max)!;
    expect(top.width).toBeCloseTo(12, 6);
    expect(top.labelled).toBe(true);
    for (const f of flows) {
      expect(f.from).not.toBe(f.to);
      if (f.bytesPerS > 0) expect(f.width).toBeCloseTo(Math.max(1.5, (12 * f.bytesPerS) / max), 6);
      else expect(f.width).toBe(0);
    }
    expect(flows.filter((f) => f.labelled).length).toBeLessThanOrEqual(4);
    expect(arcFlows(undefined, 3, 12)).toEqual([]);
    // the view pairs arcs and flows by index: the same order of (from, to)
    const geo = topologyGeometry(numaLayout(gs160.report, 12), 900, 15);
    expect(geo.arcs.map((a) => [a.from, a.to])).toEqual(flows.map((f) => [f.from, f.to]));
    // striped data: every flow about the same, so none is singled out by a label
    expect(arcFlows(gs320.report, 8, 12).filter((f) => f.labelled)).toEqual([]);
  });

  it('says it in words and stays light for a GS320', async () => {
    const text = topologySummary(gs160.snapshot, numaLayout(gs160.report, 12), gs160.report);
    expect(text).toContain('Topology of 3 RADs (QBBs) with 12 CPUs');
    expect(text).toContain("the adapters' interrupts on CPU 0");
    expect(text).toContain('RAD 0: CPUs 0–3');
    expect(text).not.toMatch(/NaN|undefined/);
    expect(formatBytesRate(92_052_622)).toBe('92 MB/s');
    expect(formatBytesRate(1_500)).toBe('1.5 KB/s');
    const { NumaTopology } = (await import(/* @vite-ignore */ String('./NumaTopology.tsx'))) as Record<string, FunctionComponent<unknown>>;
    for (const theme of ['light', 'projector']) {
      for (const f of [gs160, gs320]) {
        const html = renderToStaticMarkup(
          createElement(NumaTopology as FunctionComponent<Record<string, unknown>>, {
            snapshot: f.snapshot,
            report: f.report,
            theme,
            width: 1240,
          }),
        );
        expect(html).toContain('data-view="numa-topology"');
        expect(html.match(/data-cpu="/g)).toHaveLength(f.snapshot.cpus.length);
        expect(html.match(/data-arc="/g)!.length).toBeGreaterThan(0);
        expect(html).toMatch(/data-summary="">[^<]{40,}</);
        expect(html).not.toMatch(/NaN|undefined|Infinity/);
        // few elements: a GS320's map stays in the hundreds
        expect((html.match(/<(rect|path|text|line|g)\b/g) ?? []).length).toBeLessThan(f === gs320 ? 700 : 400);
      }
    }
    // without a report yet: the CPUs and boxes, no arcs
    const bare = renderToStaticMarkup(
      createElement(NumaTopology as FunctionComponent<Record<string, unknown>>, { snapshot: gs160.snapshot }),
    );
    expect(bare).not.toMatch(/data-arc="/);
    expect(bare).not.toMatch(/NaN|undefined|Infinity/);
  });
});

describe('where packets move', () => {
  it("the packets' canvas covers every arc point with its radius, and no more than the band on a GS320", () => {
    const layout = numaLayout(undefined, 32);
    const geo = topologyGeometry({ ...layout, rads: 8, radOfCpu: Array.from({ length: 32 }, (_, c) => Math.floor(c / 4)) }, 1100, 14);
    const moving = geo.arcs.map((arc) => ({ points: arc.points, r: 4 }));
    const box = packetBounds(moving)!;
    for (const { points } of moving) {
      for (const [x, y] of points) {
        expect(x - 4).toBeGreaterThanOrEqual(box.x);
        expect(y - 4).toBeGreaterThanOrEqual(box.y);
        expect(x + 4).toBeLessThanOrEqual(box.x + box.w);
        expect(y + 4).toBeLessThanOrEqual(box.y + box.h);
      }
    }
    expect(box.h).toBeLessThan(geo.height / 2);
    expect(packetBounds([])).toBeNull();
  });
});
