/*
 * render.test.ts -- every view rendered to markup (react-dom/server) from real runs of
 * the core, in both themes: each has its title, legend and text equivalent, draws the
 * marks its data calls for, and never prints NaN, undefined or Infinity.
 *
 * The components are .tsx and tsconfig.test.json has no JSX setting, so they are
 * imported at run time (Vitest compiles them) rather than with a static import.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { runFixture, sweepFixture } from './fixtures/index.js';
import { sliceWindow } from './timeline/feed.js';
import { buildSegments } from './timeline/segments.js';
import { THEMES, type Theme } from './palette.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view takes props of its own; the test gives each its fixture's
type Views = Record<string, FunctionComponent<any>>;
const load = (path: string) => import(/* @vite-ignore */ path) as Promise<Views>;
// The views index.ts exports, and those the lab loads lazily from their own files (the SNA and OpenVMS kernels' from their folders).
const views = async () => ({
  ...(await load('./index.ts')),
  ...(await load('../kernels/sna/herd/HerdView.tsx')),
  ...(await load('./lock-table/LockTable.tsx')),
  ...(await load('../kernels/sna/cache-lines/CacheLineView.tsx')),
  ...(await load('../kernels/openvms/krp-queue/KrpQueue.tsx')),
});

const classic = runFixture('classic-16');
const scalable = runFixture('scalable-16');
const classic64 = runFixture('classic-64');
const sweep = sweepFixture();
const snaAsPorted = runFixture('sna-as-ported-4');
const snaAfterPort = runFixture('sna-after-port-4');
const snaFalseSharing = runFixture('sna-false-sharing-4');

function render(view: FunctionComponent<unknown>, props: Record<string, unknown>): string {
  return renderToStaticMarkup(createElement(view as FunctionComponent<Record<string, unknown>>, props));
}

function common(html: string, view: string, theme: Theme) {
  expect(html).toContain(`data-view="${view}"`);
  expect(html).toContain('class="slv-title"');
  expect(html).toContain('class="slv-legend"');
  expect(html).toMatch(/data-summary="">[^<]{40,}</);
  expect(html).not.toMatch(/NaN|undefined|Infinity/);
  expect(html).toContain(`--slv-fs:${THEMES[theme].fontSize}px`);
}

describe.each(['light', 'projector'] as Theme[])('views rendered in the %s theme', (theme) => {
  it('CPU grid: one tile per CPU, the designated CPU marked for the Scalable Kernel', async () => {
    const { CpuGrid } = await views();
    for (const f of [classic, scalable, classic64]) {
      const html = render(CpuGrid!, { snapshot: f.snapshot, theme, interruptCpu: 0 });
      common(html, 'cpu-grid', theme);
      expect(html.match(/data-cpu="/g)!.length).toBe(f.snapshot.cpus.length);
      expect(html.includes('designated TCP/IP CPU')).toBe(f.snapshot.kernel === 'scalable');
    }
  });

  it('CPU grid at 256 CPUs: one focusable canvas read by keyboard, every CPU in the data table', async () => {
    const { CpuGrid } = await views();
    for (const f of [runFixture('classic-256'), runFixture('scalable-256')]) {
      const html = render(CpuGrid!, { snapshot: f.snapshot, theme, interruptCpu: 0, onCpuActivate: () => {} });
      common(html, 'cpu-grid', theme);
      expect(html).toContain('CPUs (256)');
      expect(html).not.toContain('data-cpu=');
      expect(html).not.toContain('data-cpu-button=');
      expect(html.match(/<canvas/g)).toHaveLength(1);
      expect(html).toMatch(
        /<canvas[^>]*tabindex="0"[^>]*aria-label="256 CPUs, one square each: arrow keys move between them, Enter explains why a CPU waits"/,
      );
      expect(html).toContain('aria-live="polite"');
      expect(html).toContain('Dark corner: CPU 0 takes the network interrupts');
      expect(html.includes(`Thick outline: CPU ${f.snapshot.roleCpus.designated_cpu!}, the designated TCP/IP CPU`)).toBe(
        f.snapshot.kernel === 'scalable',
      );
    }
  });

  it('lock view: the owner and every spinner as chips, the hot lock first', async () => {
    const { LockView } = await views();
    const html = render(LockView!, { snapshot: classic64.snapshot, theme });
    common(html, 'lock', theme);
    const lock = classic64.snapshot.locks.find((l) => l.name === 'IOLOCK8')!;
    for (const cpu of [lock.holder, ...lock.waiters]) expect(html).toContain(`data-chip="${cpu}"`);
    expect(html.indexOf('data-lock="IOLOCK8"')).toBeLessThan(html.indexOf('data-lock="SCHED"'));
    expect(html).toContain('1st');
  });

  it('KRP queue: the designated CPU and queue for the Scalable Kernel, an explanation for the classic kernel', async () => {
    const { KrpQueue } = await views();
    const big = runFixture('scalable-64');
    const html = render(KrpQueue!, { snapshot: big.snapshot, trace: big.slice, names: big.names, theme });
    common(html, 'krp-queue', theme);
    expect(html).toContain(`data-designated="${big.snapshot.roleCpus.designated_cpu!}"`);
    expect(html).toContain('saturated');
    const plain = render(KrpQueue!, { snapshot: classic.snapshot, theme });
    expect(plain).toContain('The classic kernel has no KRP queue');
  });

  it('mode bars: seven MONITOR rows, and outlined bars for a comparison run', async () => {
    const { ModeBars } = await views();
    const html = render(ModeBars!, { snapshot: classic.snapshot, theme, compare: { label: 'Scalable Kernel', report: scalable.report } });
    common(html, 'modes', theme);
    expect(html.match(/data-mode="/g)!.length).toBe(7);
    expect(html).toContain('MP Synchronization');
    expect(html).toContain('1,600');
  });

  it('timeline: a focusable canvas with keys explained, from a trace window or from segments', async () => {
    const { Timeline } = await views();
    const modeAt = Int32Array.from(scalable.snapshotBefore.cpus, (c) => scalable.names.modes.indexOf(c.mode));
    const html = render(Timeline!, {
      snapshot: scalable.snapshot,
      trace: sliceWindow(scalable.slice, scalable.snapshotBefore.nowNs, modeAt),
      names: scalable.names,
      theme,
      liveSpanNs: 400_000,
    });
    common(html, 'timeline', theme);
    expect(html).toContain('<canvas');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('follow live');
    const segments = buildSegments(classic.slice, 16, classic.names, classic.snapshotBefore);
    const again = render(Timeline!, { snapshot: classic.snapshot, segments, theme });
    expect(again).toContain(`${segments.total} segments`);
  });

  it('timeline at 256 CPUs: 64 lanes at a time, the group named and chosen above the canvas', async () => {
    const { Timeline } = await views();
    const big = runFixture('classic-256');
    const segments = buildSegments(big.slice, 256, big.names, big.snapshotBefore);
    const html = render(Timeline!, { snapshot: big.snapshot, segments, theme });
    common(html, 'timeline', theme);
    expect(html).toContain('CPUs 0–63</b> of 256');
    expect(html.match(/<option /g)).toHaveLength(4);
    expect(html).toContain('192–255 of 256');
    expect(html).toMatch(/aria-label="Per-CPU timeline of CPUs 0–63 \(of 256\)/);
    expect(html).toContain('previous/next 64 CPUs');
    expect(html).toContain('CPUs 0–63 on screen, in groups of 64');
    // 16 CPUs: one group, no chooser
    const small = render(Timeline!, {
      snapshot: classic.snapshot,
      segments: buildSegments(classic.slice, 16, classic.names, classic.snapshotBefore),
      theme,
    });
    expect(small).not.toContain('<select');
  });

  it("lock table: both kernels beside the paper's numbers", async () => {
    const { LockTable } = await views();
    const html = render(LockTable!, { reports: [scalable.report, classic.report], theme });
    common(html, 'lock-table', theme);
    for (const published of ['54.8%', '35.2%', '24.1%', '4.4%', '204,153', '162,033', '31.4%', '&lt;5%']) expect(html).toContain(published);
    expect(html.indexOf('Classic kernel (model)')).toBeLessThan(html.indexOf('Scalable Kernel (model)'));
  });

  it('lock table on another kernel: its own name, no OpenVMS paper columns, no I/O lock 8 row', async () => {
    const { LockTable } = await views();
    const sna = runFixture('sna-as-ported-4');
    const html = render(LockTable!, { report: sna.report, theme });
    common(html, 'lock-table', theme);
    expect(html).toContain('SNA Server/6000');
    expect(html).not.toContain('Classic kernel (model)');
    for (const published of ['54.8%', '204,153', 'Paper: traditional kernel']) expect(html).not.toContain(published);
    expect(html).not.toContain('data-measure="lockHold"');
    expect(html).toContain('several held at once pass 100%');
    // only the locks the run took get a row; the rest are counted
    expect(html).toContain('data-lock="hs_region"');
    expect(html).not.toContain('data-lock="bucket[0]"');
    expect(html).toMatch(/\d+ more locks were not taken in this run/);
  });

  it('scaling chart: two panels, the saturation mark, the current run, the fits (a poor one labelled, no N_max), a partial sweep', async () => {
    const { ScalingChart } = await load('./scaling/ScalingChart.tsx');
    const current = sweep.reports.find((r) => r.kernel === 'scalable')!;
    const html = render(ScalingChart!, { points: sweep.reports, report: current, theme, width: 1100 });
    common(html, 'scaling', theme);
    expect(html.match(/data-panel="/g)!.length).toBe(2);
    expect(html).toContain('data-saturation=');
    expect(html).toContain('data-current');
    // the fits: a dashed curve per kernel in the tx panel only, the words, the switch; the classic kernel levels off
    // and its USL fit peaks, a poor fit: sparser dashes, labelled by the axis, no N_max marked
    expect(html.match(/data-fit-curve="/g)!.length).toBe(2);
    expect(html).toContain('data-fit-curve="classic" data-fit-quality="poor"');
    expect(html).toContain('data-fit-curve="scalable" data-fit-quality="good"');
    expect(html).toMatch(/stroke-dasharray="2 7"/);
    const label = /<text data-poor-fit="classic"[^>]*>(.*?)<\/text>/s
      .exec(html)![1]!
      .split(/<[^>]+>/)
      .filter(Boolean)
      .join('');
    expect(label).toMatch(/^Classic: poor fit: peak at \d+\.\d CPUs, the sweep does not fall$/);
    expect(html).toContain('Poor USL fit (sparse dashes): its peak is no prediction');
    expect(html).not.toContain('data-nmax=');
    expect(html).toContain('aria-pressed="true" data-fit-model="usl"');
    expect(html).toContain('data-fit-kernel="classic"');
    expect(html).toContain('not the source\u2019s measurements');
    const amdahl = render(ScalingChart!, { points: sweep.reports, theme, width: 1100, fitModel: 'amdahl' });
    expect(amdahl).toContain('aria-pressed="true" data-fit-model="amdahl"');
    expect(amdahl).toContain('data-fit-curves="amdahl"');
    expect(amdahl).not.toContain('data-nmax=');
    const partial = render(ScalingChart!, { points: sweep.reports.slice(0, 5), progress: 0.2, cpuRange: [1, 40], theme });
    expect(partial).toContain('Sweep <strong>20%</strong>');
    const empty = render(ScalingChart!, { points: [], theme });
    expect(empty).toContain('No sweep yet');
  });

  it('thundering herd: the sleepers, run queue and CPUs for lockl; the other lock kind side by side; spinners; an explanation elsewhere', async () => {
    const { HerdView } = await views();
    const { snapshot, report } = snaAsPorted;
    const html = render(HerdView!, {
      snapshot,
      report,
      theme,
      width: 1100,
      compare: { label: 'Simple locks (after the port)', report: snaAfterPort.report },
    });
    common(html, 'herd', theme);
    expect(html).toContain('data-herd-lock="hs_region"');
    expect(html).toContain('Asleep on hs_region');
    const hs = snapshot.locks.find((l) => l.name === 'hs_region')!;
    for (const id of hs.waiters) expect(html).toContain(`data-thread="${id}"`);
    for (const c of snapshot.cpus) if (c.thread >= 0) expect(html).toContain(`data-thread="${c.thread}"`);
    expect(html).toContain(`data-futile="${snapshot.futile}"`);
    expect(html).toContain('data-compare=""');
    expect(html.match(/data-figure="/g)!.length).toBe(5);
    expect(html).toContain('Simple locks (after the port)');
    const spin = render(HerdView!, { snapshot: snaAfterPort.snapshot, report: snaAfterPort.report, theme, width: 600 });
    common(spin, 'herd', theme);
    expect(spin).toContain('Spinning for');
    expect(spin).toContain('no herd to wake');
    const none = render(HerdView!, { snapshot: classic.snapshot, theme });
    common(none, 'herd', theme);
    expect(none).toContain('data-no-herd');
    expect(none).toContain('sna-as-ported');
  });

  it('cache lines: a row per active line with its owner, false sharing marked, the rest counted', async () => {
    const { CacheLineView } = await views();
    const html = render(CacheLineView!, { snapshot: snaFalseSharing.snapshot, theme, width: 900, max: 30 });
    common(html, 'cache-lines', theme);
    expect(html).toContain('false sharing: 4 locks in one line');
    expect(html).toContain('data-false-sharing="4"');
    const pools = snaFalseSharing.snapshot.locks.find((l) => l.name === 'pool[0]')!;
    expect(html).toContain(`data-line="${pools.line}" data-owner="${pools.lineOwner}"`);
    const capped = render(CacheLineView!, { snapshot: snaAfterPort.snapshot, theme, width: 520, max: 5 });
    common(capped, 'cache-lines', theme);
    expect(capped.match(/data-line="/g)!.length).toBe(5);
    expect(capped).toMatch(/data-more-lines="\d+"/);
    const first = render(CacheLineView!, { snapshot: snaAsPorted.snapshot, theme });
    expect(first.indexOf('data-line="0"')).toBeGreaterThan(0);
    expect(first).toContain('no false sharing');
  });
});
