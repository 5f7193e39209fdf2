/*
 * numa-data.ts -- what the NUMA views (topology, traffic, spinlock, MONITOR MODES per
 * RAD) read beyond the snapshot: the report's per-RAD figures (report.numa), the batch
 * run's (report.numa_run) and where the scenario put things (report.scenario: the RAM
 * disks' data, the dedicated lock manager's CPU, the CPU that takes the devices'
 * interrupts), in the source's words (RAD, QBB, LCKMGR_SERVER, RAM disk).
 *
 * A RAD is a resource affinity domain: on an AlphaServer GS one quad building block
 * (QBB) with its CPUs, memory and I/O hoses. The core divides the CPUs among the RADs in
 * order; the report says which CPU is in which (rad_of_cpu), and without a report
 * radOfCpu() gives the same split.
 */
import type { NumaReport, NumaRunReport, RadReport, Report } from '../core/report.js';
import type { Snapshot } from '../core/snapshot.js';
import { MODES, type ModeName } from './palette.js';
import { isKernelName, kernelInfo } from '../kernels/index.js';

export type DataPlacement = 'one_rad' | 'per_rad' | 'striped';

/** Where the scenario put things (report.scenario), with the core's defaults. */
export interface NumaLayout {
  rads: number;
  cpus: number;
  /** RAD of each CPU. */
  radOfCpu: number[];
  /** The CPU that takes the adapters' interrupts (their preferred CPU), machine.interrupt_cpu. */
  interruptCpu: number;
  roData: DataPlacement;
  rwData: DataPlacement;
  /** The RAD whose memory holds data kept in one RAD. */
  dataRad: number;
  lockManager: 'ordinary' | 'dedicated';
  /** The dedicated lock manager's CPU (LCKMGR_CPUID), -1 for the ordinary one. */
  lckmgrCpu: number;
  /** The reporter's CPU (hard affinity), -1 when it has none or there is no reporter. */
  reporterCpu: number;
  placement: string;
}

/** The RAD of a CPU when the machine's CPUs are divided among its RADs in order. */
export function radOfCpu(cpu: number, cpus: number, rads: number): number {
  if (rads <= 1 || cpus <= 0) return 0;
  return Math.min(rads - 1, Math.floor((cpu * rads) / cpus));
}

type Doc = Record<string, Record<string, unknown> | undefined>;

function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** Where things live, from the report (its scenario and numa figures) and the snapshot's CPU count. */
export function numaLayout(report: Report | undefined, cpuCount?: number): NumaLayout {
  const doc = (report?.scenario ?? {}) as unknown as Doc;
  const machine = doc.machine ?? {};
  const numa = doc.numa ?? {};
  const cpus = cpuCount ?? num(machine.cpus, report?.cpus.length ?? 1);
  const rads = Math.max(1, report?.numa?.rads ?? num(machine.rads, 1));
  const fromReport = report?.numa?.rad_of_cpu;
  const map = fromReport && fromReport.length === cpus ? [...fromReport] : Array.from({ length: cpus }, (_, i) => radOfCpu(i, cpus, rads));
  const dataRad = Math.min(rads - 1, Math.max(0, num(numa.data_rad, 0)));
  const dedicated = numa.lock_manager === 'dedicated';
  const runCpu = report?.numa_run?.lckmgr_cpu;
  let lckmgrCpu = -1;
  if (dedicated) {
    lckmgrCpu = typeof runCpu === 'number' && runCpu >= 0 ? runCpu : num(numa.lckmgr_cpu, -1);
    // -1 means the last CPU of numa.data_rad
    if (lckmgrCpu < 0) lckmgrCpu = map.lastIndexOf(dataRad);
  }
  const reporter = num(numa.reporter_records, 0) > 0 ? num(numa.reporter_cpu, -1) : -1;
  const placementOf = (v: unknown): DataPlacement => (v === 'per_rad' || v === 'striped' ? v : 'one_rad');
  return {
    rads,
    cpus,
    radOfCpu: map,
    interruptCpu: Math.min(cpus - 1, Math.max(0, num(machine.interrupt_cpu, 0))),
    roData: placementOf(numa.ro_data),
    rwData: placementOf(numa.rw_data),
    dataRad,
    lockManager: dedicated ? 'dedicated' : 'ordinary',
    lckmgrCpu,
    reporterCpu: reporter >= 0 && reporter < cpus ? reporter : -1,
    placement: typeof numa.placement === 'string' ? numa.placement : 'home_rad',
  };
}

/** The CPUs of each RAD, in order. */
export function cpusByRad(layout: NumaLayout): number[][] {
  const out: number[][] = Array.from({ length: layout.rads }, () => []);
  layout.radOfCpu.forEach((rad, cpu) => out[rad]?.push(cpu));
  return out;
}

/** Whether the NUMA views have something to show: a kernel that lists them (src/kernels: views), or a machine of several RADs. */
export function isNuma(report: Report | undefined, snapshot?: Snapshot): boolean {
  const aboutRads = (kernel: unknown) => isKernelName(kernel) && kernelInfo(kernel).views.includes('numa-topology');
  return aboutRads(snapshot?.kernel) || aboutRads(report?.kernel) || (report?.numa?.rads ?? 1) > 1;
}

/** The report's NUMA figures, when it has them. */
export function numaOf(report: Report | undefined): NumaReport | undefined {
  return report?.numa && Array.isArray(report.numa.traffic_bytes_per_s) ? report.numa : undefined;
}

export function numaRunOf(report: Report | undefined): NumaRunReport | undefined {
  return report?.numa_run;
}

/** Per-RAD modes in percent of the RAD (sum 100), zero-filled for modes the core left out. */
export function radModesPct(rad: RadReport): Record<ModeName, number> {
  const out = {} as Record<ModeName, number>;
  for (const m of MODES) out[m] = rad.modes_pct?.[m] ?? 0;
  return out;
}

/** "RAD 2 (QBB 2)". */
export function radName(rad: number): string {
  return `RAD ${rad}`;
}

/** Bytes per second in words that fit a label: "87 MB/s", "1.2 GB/s", "640 KB/s", "0". */
export function formatBytesRate(bytesPerS: number, unit = '/s'): string {
  if (!Number.isFinite(bytesPerS) || bytesPerS <= 0) return `0${unit === '/s' ? ' B/s' : ''}`;
  const steps: [number, string][] = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
    [1, 'B'],
  ];
  for (const [size, name] of steps) {
    if (bytesPerS >= size) {
      const v = bytesPerS / size;
      const text = v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(0) : v.toFixed(1);
      return `${text} ${name}${unit}`;
    }
  }
  return `0 B${unit}`;
}

/** One unit for a set of rates (the largest's): its divisor and name, "MB/s". */
export function bytesRateUnit(maxBytesPerS: number): { size: number; name: string } {
  for (const [size, name] of [
    [1e9, 'GB/s'],
    [1e6, 'MB/s'],
    [1e3, 'KB/s'],
  ] as const)
    if (maxBytesPerS >= size) return { size, name };
  return { size: 1, name: 'B/s' };
}

/** A rate in a given unit, without the unit: 3 significant digits at most ("92", "5.3", "0.4"). */
export function formatInUnit(bytesPerS: number, unit: { size: number }): string {
  const v = bytesPerS / unit.size;
  if (!(v > 0)) return '0';
  return v >= 10 ? v.toFixed(0) : v >= 0.05 ? v.toFixed(1) : '<0.1';
}

/** Words for where a kind of data lives: "one RAM disk in RAD 0", "a RAM disk per RAD", "striped over all RADs". */
export function placementWords(p: DataPlacement, dataRad: number): string {
  if (p === 'per_rad') return 'a RAM disk in every RAD';
  if (p === 'striped') return 'striped over every RAD';
  return `one RAM disk in ${radName(dataRad)}`;
}

/** Which RADs' memory hold the RAM disks' data, with what kinds. */
export function ramDisksOfRad(layout: NumaLayout, rad: number): ('read-only' | 'read-write')[] {
  const has = (p: DataPlacement) => p !== 'one_rad' || rad === layout.dataRad;
  const out: ('read-only' | 'read-write')[] = [];
  if (has(layout.roData)) out.push('read-only');
  if (has(layout.rwData)) out.push('read-write');
  return out;
}
