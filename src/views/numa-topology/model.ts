/*
 * model.ts (numa-topology) -- where everything sits on the topology map of an
 * AlphaServer GS: one box per RAD (QBB) with its CPUs, its memory (and the RAM disks
 * the scenario put there) and its devices, in two rows facing each other across a
 * band that stands for the switch between QBBs; the traffic between RADs drawn as arcs
 * through that band, one per ordered pair, from the RAD where the data was to the RAD
 * of the CPU that needed it.
 *
 * The geometry depends only on the machine (RADs, CPUs per RAD), the width and the type
 * size, so the view computes it once (useMemo) and only the CPU fills and the arcs'
 * widths change from frame to frame: a GS320 (8 RADs, 32 CPUs) is 8 boxes, 32 tiles
 * and at most 56 arcs.
 *
 * Arcs leave a box from the left half of its inner edge and enter one on the right
 * half, one slot per partner RAD, so A -> B and B -> A never share a path.
 */
import { scaleLinear } from 'd3';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MODE_INFO, type ModeName } from '../palette.js';
import { formatPct, listWords } from '../format.js';
import { cpuListWords } from '../monitor-modes/model.js';
import { cpusByRad, formatBytesRate, numaOf, placementWords, radName, ramDisksOfRad, type NumaLayout } from '../numa-data.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CpuSlot extends Box {
  cpu: number;
}

export interface RadBox extends Box {
  rad: number;
  /** 0: the top row (inner edge at the bottom), 1: the bottom row (inner edge at the top). */
  row: 0 | 1;
  header: Box;
  cpus: CpuSlot[];
  memory: Box;
  devices: Box;
}

export interface ArcPath {
  from: number;
  to: number;
  d: string;
  /** Where a label goes: the curve's midpoint. */
  mid: [number, number];
  /** Points along the curve at equal steps of its parameter, start to end: the moving packets' keyframes. */
  points: [number, number][];
}

/** Points a packet's path is drawn through (its keyframes). */
const PACKET_POINTS = 12;

export interface TopologyGeometry {
  width: number;
  height: number;
  boxes: RadBox[];
  /** The band between the rows (the switch between QBBs). */
  band: { y0: number; y1: number };
  arcs: ArcPath[];
  /** Widest an arc may be drawn. */
  maxArcWidth: number;
}

/** How many CPU tiles go in a row of a RAD box. */
export function tileColumns(cpusInRad: number): number {
  return Math.max(1, Math.min(4, cpusInRad));
}

/** The map's layout for a machine, a width and a type size. */
export function topologyGeometry(layout: Pick<NumaLayout, 'rads' | 'radOfCpu'>, width: number, fontSize: number): TopologyGeometry {
  const rads = Math.max(1, layout.rads);
  const byRad = cpusByRad({ ...layout, cpus: layout.radOfCpu.length } as NumaLayout);
  const topCount = Math.ceil(rads / 2);
  const gap = Math.round(fontSize * 0.8);
  const boxW = (width - gap * (topCount - 1)) / topCount;
  const pad = Math.round(fontSize * 0.45);
  const headerH = Math.round(fontSize * 1.5);
  const maxCpus = Math.max(1, ...byRad.map((c) => c.length));
  const cols = tileColumns(maxCpus);
  const tileRows = Math.ceil(maxCpus / cols);
  const tileGap = 3;
  const tileW = (boxW - 2 * pad - tileGap * (cols - 1)) / cols;
  const tileH = Math.round(Math.max(fontSize * 2.1, Math.min(tileW * 0.75, fontSize * 3)));
  const memoryH = Math.round(fontSize * 2.5);
  const devicesH = Math.round(fontSize * 1.5);
  const boxH = pad + headerH + tileRows * tileH + (tileRows - 1) * tileGap + pad + memoryH + pad + devicesH + pad;
  const bandH = rads > 1 ? Math.round(Math.max(fontSize * 6, fontSize * (3 + rads * 0.8))) : 0;

  const boxes: RadBox[] = [];
  for (let rad = 0; rad < rads; rad++) {
    const row: 0 | 1 = rad < topCount ? 0 : 1;
    const index = row === 0 ? rad : rad - topCount;
    const inRow = row === 0 ? topCount : rads - topCount;
    const offset = (width - (inRow * boxW + (inRow - 1) * gap)) / 2;
    const x = offset + index * (boxW + gap);
    const y = row === 0 ? 0 : boxH + bandH;
    const header = { x: x + pad, y: y + pad, w: boxW - 2 * pad, h: headerH };
    const cpus = (byRad[rad] ?? []).map((cpu, k) => ({
      cpu,
      x: x + pad + (k % cols) * (tileW + tileGap),
      y: header.y + headerH + Math.floor(k / cols) * (tileH + tileGap),
      w: tileW,
      h: tileH,
    }));
    const memory = { x: x + pad, y: header.y + headerH + tileRows * tileH + (tileRows - 1) * tileGap + pad, w: boxW - 2 * pad, h: memoryH };
    const devices = { x: x + pad, y: memory.y + memoryH + pad, w: boxW - 2 * pad, h: devicesH };
    boxes.push({ rad, row, x, y, w: boxW, h: boxH, header, cpus, memory, devices });
  }

  // one slot per partner on each half of the inner edge
  const slots = Math.max(1, rads - 1);
  const slotX = (box: RadBox, partner: number, outgoing: boolean) => {
    const k = partner < box.rad ? partner : partner - 1;
    const u = (k + 0.5) / slots;
    return box.x + box.w * (outgoing ? 0.05 + 0.42 * u : 0.53 + 0.42 * u);
  };
  const edgeY = (box: RadBox) => (box.row === 0 ? box.y + box.h : box.y);
  const inward = (box: RadBox) => (box.row === 0 ? 1 : -1);
  const arcs: ArcPath[] = [];
  for (const a of boxes)
    for (const b of boxes) {
      if (a.rad === b.rad) continue;
      const x0 = slotX(a, b.rad, true);
      const y0 = edgeY(a);
      const x3 = slotX(b, a.rad, false);
      const y3 = edgeY(b);
      let y1: number;
      let y2: number;
      if (a.row === b.row) {
        const depth = Math.min(bandH * 0.85, fontSize * 1.2 + Math.abs(x3 - x0) * 0.22);
        y1 = y0 + inward(a) * depth * 1.3;
        y2 = y3 + inward(b) * depth * 1.3;
      } else {
        y1 = y0 + inward(a) * bandH * 0.55;
        y2 = y3 + inward(b) * bandH * 0.55;
      }
      const d = `M${r1(x0)},${r1(y0)}C${r1(x0)},${r1(y1)} ${r1(x3)},${r1(y2)} ${r1(x3)},${r1(y3)}`;
      // the cubic's control points are (x0, y0), (x0, y1), (x3, y2), (x3, y3)
      const at = (t: number): [number, number] => {
        const u = 1 - t;
        return [
          r1((u * u * u + 3 * u * u * t) * x0 + (3 * u * t * t + t * t * t) * x3),
          r1(u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3),
        ];
      };
      const points = Array.from({ length: PACKET_POINTS + 1 }, (_, i) => at(i / PACKET_POINTS));
      arcs.push({ from: a.rad, to: b.rad, d, mid: at(0.5), points });
    }
  const slotSpacing = (boxW * 0.42) / slots;
  return {
    width,
    height: rads > 1 ? 2 * boxH + bandH : boxH,
    boxes,
    band: { y0: boxH, y1: boxH + bandH },
    arcs,
    maxArcWidth: Math.max(3, Math.min(fontSize * 0.8, slotSpacing * 0.7)),
  };
}

function r1(v: number): number {
  return Math.round(v * 10) / 10;
}

export interface ArcFlow {
  from: number;
  to: number;
  bytesPerS: number;
  /** Stroke width, px; 0 when there is no traffic. */
  width: number;
  /** Whether its rate is written beside it (the largest flows). */
  labelled: boolean;
}

/**
 * The arcs' widths from the traffic matrix: linear in the rate, the largest cross-RAD
 * flow at maxWidth, any flow at least 1.5 px. The few flows that stand out (at least
 * 35 % of the largest and 1.5 times the median flow, at most `labels`) get their rate
 * written beside them; when every flow is about the same (data striped), none does.
 */
export function arcFlows(report: Report | undefined, rads: number, maxWidth: number, labels = 4): ArcFlow[] {
  const m = numaOf(report)?.traffic_bytes_per_s;
  const out: ArcFlow[] = [];
  if (!m) return out;
  let max = 0;
  for (let i = 0; i < rads; i++) for (let j = 0; j < rads; j++) if (i !== j) max = Math.max(max, m[i]?.[j] ?? 0);
  const width = scaleLinear()
    .domain([0, max || 1])
    .range([0, maxWidth]);
  for (let i = 0; i < rads; i++)
    for (let j = 0; j < rads; j++) {
      if (i === j) continue;
      const v = Math.max(0, m[i]?.[j] ?? 0);
      out.push({ from: i, to: j, bytesPerS: v, width: v > 0 ? Math.max(1.5, width(v)) : 0, labelled: false });
    }
  const sorted = out
    .map((f) => f.bytesPerS)
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
  [...out]
    .filter((f) => f.bytesPerS >= 0.35 * max && f.bytesPerS > 0 && f.bytesPerS >= 1.5 * median)
    .sort((a, b) => b.bytesPerS - a.bytesPerS)
    .slice(0, labels)
    .forEach((f) => {
      f.labelled = true;
    });
  return out;
}

/** Local traffic per RAD (the matrix's diagonal), bytes per second. */
export function localTraffic(report: Report | undefined, rads: number): number[] {
  const m = numaOf(report)?.traffic_bytes_per_s;
  return Array.from({ length: rads }, (_, i) => Math.max(0, m?.[i]?.[i] ?? 0));
}

/** What a RAD's memory holds, in a few words for its strip: "RO + RW RAM disk", "RO stripe". */
export function memoryWords(layout: NumaLayout, rad: number): string {
  const kinds = ramDisksOfRad(layout, rad);
  if (kinds.length === 0) return 'Memory';
  const word = (p: string) => (p === 'striped' ? 'stripe' : 'RAM disk');
  const ro = kinds.includes('read-only');
  const rw = kinds.includes('read-write');
  if (ro && rw)
    return layout.roData === layout.rwData
      ? `Memory: RO+RW ${word(layout.roData)}`
      : `Memory: RO ${word(layout.roData)}, RW ${word(layout.rwData)}`;
  return ro ? `Memory: RO ${word(layout.roData)}` : `Memory: RW ${word(layout.rwData)}`;
}

/** A role a CPU plays on the map: the adapters' interrupts, the dedicated lock manager (LCKMGR_SERVER), the reporter. */
export type CpuRoleOnMap = 'interrupts' | 'lock-manager' | 'reporter';

/** The roles a CPU plays on the map. */
export function cpuRoles(layout: NumaLayout, cpu: number): CpuRoleOnMap[] {
  const out: CpuRoleOnMap[] = [];
  if (cpu === layout.interruptCpu) out.push('interrupts');
  if (cpu === layout.lckmgrCpu) out.push('lock-manager');
  if (cpu === layout.reporterCpu) out.push('reporter');
  return out;
}

export function topologySummary(snapshot: Snapshot, layout: NumaLayout, report: Report | undefined): string {
  const byRad = cpusByRad(layout);
  const numa = numaOf(report);
  const local = localTraffic(report, layout.rads);
  const mode = (cpu: number): ModeName => snapshot.cpus[cpu]?.mode ?? 'idle';
  const rads = byRad.map((cpus, rad) => {
    const counts = new Map<ModeName, number>();
    for (const c of cpus) counts.set(mode(c), (counts.get(mode(c)) ?? 0) + 1);
    const modes = [...counts].map(([m, n]) => `${n} ${MODE_INFO[m].short}`);
    const disks = ramDisksOfRad(layout, rad);
    const roles = cpus.flatMap((c) =>
      cpuRoles(layout, c).map((r) =>
        r === 'interrupts'
          ? `the adapters' interrupts on CPU ${c}`
          : r === 'lock-manager'
            ? `the dedicated lock manager on CPU ${c}`
            : `the reporter on CPU ${c}`,
      ),
    );
    return (
      `${radName(rad)}: ${cpuListWords(cpus)} (now ${listWords(modes)})` +
      `${disks.length ? `, its memory holds ${listWords(disks)} RAM disk data` : ''}` +
      `${roles.length ? `, ${listWords(roles)}` : ''}` +
      `${numa ? `, local traffic ${formatBytesRate(local[rad] ?? 0)}` : ''}`
    );
  });
  let traffic = 'The traffic between RADs comes with the first report.';
  if (numa) {
    const flows = arcFlows(report, layout.rads, 10)
      .filter((f) => f.bytesPerS > 0)
      .sort((a, b) => b.bytesPerS - a.bytesPerS);
    traffic =
      `${formatPct(numa.cross_rad_pct)} of the bytes moved cross RADs` +
      (flows.length
        ? `; the largest flows: ${listWords(flows.slice(0, 4).map((f) => `${radName(f.from)} to ${radName(f.to)} ${formatBytesRate(f.bytesPerS)}`))}.`
        : '; nothing crosses RADs.');
  }
  return (
    `Topology of ${layout.rads} RADs (QBBs) with ${layout.cpus} CPUs. Read-only data: ${placementWords(layout.roData, layout.dataRad)}; ` +
    `read-write data: ${placementWords(layout.rwData, layout.dataRad)}; lock manager ${layout.lockManager}` +
    `${layout.lckmgrCpu >= 0 ? ` on CPU ${layout.lckmgrCpu}` : ''}. ${rads.join('. ')}. ${traffic}`
  );
}

/**
 * The rectangle the packets move in (the arcs' points, padded by a packet's radius and its
 * outline), or null with nothing moving. The canvas covers only that: the whole canvas is
 * copied to the compositor on every frame it changes, and a GS320's arcs fill about a
 * third of the map, so a map-sized canvas cost three times the copying.
 */
export function packetBounds(
  moving: readonly { points: readonly [number, number][]; r: number }[],
): { x: number; y: number; w: number; h: number } | null {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const { points, r } of moving) {
    for (const [x, y] of points) {
      x0 = Math.min(x0, x - r);
      y0 = Math.min(y0, y - r);
      x1 = Math.max(x1, x + r);
      y1 = Math.max(y1, y + r);
    }
  }
  if (x0 > x1) return null;
  const x = Math.floor(x0 - 2),
    y = Math.floor(y0 - 2);
  return { x, y, w: Math.ceil(x1 + 2) - x, h: Math.ceil(y1 + 2) - y };
}
