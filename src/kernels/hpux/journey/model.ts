/*
 * model.ts (hpux-journey) -- one send's bytes from the sending application's buffer to
 * the receiving application's, stage by stage, as HP-UX 9.0 moves them (source 003;
 * the rules are wasm-core/src/copyavoid.c's):
 *   1 the application writes its buffer (dirty cache lines),
 *   2 the kernel copies it, or borrows the pages copy-on-write (a write into a page the
 *     transport still holds faults and copies it),
 *   3 the checksum: by the CPU, or by the card (NIO FDDI) or not at all (lo0),
 *   4 the dirty lines flushed to memory before the card reads them by DMA,
 *   5 the card and the wire (loopback: memory),
 *   6 the receiver's cache purged of what the card wrote,
 *   7 the checksum on receive,
 *   8 a copy to the application, or its pages remapped.
 * Which of these touch the bytes for each combination of features (the rules table), the
 * current run's measured ns per stage (report.hpux.per_send_ns, per_recv_ns), and where
 * the byte token is at a moment of its looping trip.
 */
import type { HpuxReport, HpuxTouch, Report } from '../../../core/report.js';
import { boldWidthEm, formatNs, formatPct, listWords, plural, wrapBoldWords } from '../../../views/format.js';
import {
  formatSize,
  hpuxOf,
  interfaceShort,
  NO_SEND_YET,
  num,
  scenarioField,
  sendsMeasured,
  type HpuxInterface,
  type TouchGroup,
} from '../data.js';

export type StageId = 'write' | 'into-kernel' | 'checksum-out' | 'flush' | 'wire' | 'purge' | 'checksum-in' | 'to-app';
export type Side = 'send' | 'wire' | 'recv';

export interface StageInfo {
  id: StageId;
  title: string;
  /** A word or two for the rules table's column. */
  column: string;
  side: Side;
  /** The report's touches measured in this stage, and on which side (per send or per receive). */
  touches: readonly HpuxTouch[];
}

export const STAGES: readonly StageInfo[] = [
  { id: 'write', title: 'Application writes', column: 'write', side: 'send', touches: ['app_write'] },
  { id: 'into-kernel', title: 'Into the kernel', column: 'into kernel', side: 'send', touches: ['cow_fault', 'copy', 'cow'] },
  { id: 'checksum-out', title: 'Checksum (send)', column: 'checksum', side: 'send', touches: ['checksum'] },
  { id: 'flush', title: 'Cache flush', column: 'flush', side: 'send', touches: ['flush'] },
  { id: 'wire', title: 'Card and wire', column: 'card, wire', side: 'wire', touches: [] },
  { id: 'purge', title: 'Cache purge', column: 'purge', side: 'recv', touches: ['purge'] },
  { id: 'checksum-in', title: 'Checksum (receive)', column: 'checksum', side: 'recv', touches: ['checksum'] },
  { id: 'to-app', title: 'To the application', column: 'to app', side: 'recv', touches: ['copy', 'remap'] },
];

/** The features that decide which stages touch the bytes. */
export interface JourneyConfig {
  interface: HpuxInterface;
  /** Sends lent copy-on-write (asked for, NIO FDDI, send(2), whole aligned pages). */
  sendCopyAvoid: boolean;
  /** Received pages remapped (asked for, NIO FDDI, whole aligned pages). */
  recvRemap: boolean;
  /** The application writes a buffer the transport still holds: a copy is forced. */
  forced: boolean;
  /** Bytes the sending application writes into each buffer. */
  dirtyBytes: number;
  /** Bytes the receiving application writes into its buffer before each receive. */
  recvDirtyBytes: number;
  sendBytes: number;
}

export interface StageRule {
  group: TouchGroup;
  /** For the rules table: a word or two. */
  short: string;
  /** For the picture and the words: what happens, in a phrase. */
  long: string;
}

function offloads(itf: HpuxInterface): boolean {
  return itf === 'nio_fddi' || itf === 'lo0';
}

function dmaOf(itf: HpuxInterface): boolean {
  return itf === 'nio_fddi' || itf === 'eisa_fddi';
}

/** What each stage does to the bytes under these features (copyavoid.c's rules). */
export function stageRules(c: JourneyConfig): Record<StageId, StageRule> {
  const dma = dmaOf(c.interface);
  const offload = offloads(c.interface);
  const lo0 = c.interface === 'lo0';
  const size = formatSize(c.sendBytes);
  const card = (short: string, long: string): StageRule => ({ group: 'card', short, long });
  const checksum = (side: string): StageRule =>
    offload
      ? card(lo0 ? 'lo0: none' : 'card', lo0 ? 'lo0 needs no checksum: none computed' : `the card computes it ${side}`)
      : { group: 'checksum', short: 'CPU', long: `the CPU reads all ${size} to checksum them` };
  return {
    write:
      c.dirtyBytes > 0
        ? { group: 'write', short: formatSize(c.dirtyBytes), long: `writes ${formatSize(c.dirtyBytes)} of its buffer: dirty cache lines` }
        : card('none', 'writes nothing: the buffer stays clean'),
    'into-kernel': c.sendCopyAvoid
      ? c.forced
        ? { group: 'copy', short: 'fault + copy', long: `the write hit a page the transport still holds: a fault, and the page copied` }
        : { group: 'map', short: 'lend (COW)', long: 'the pages lent to the transport copy-on-write: no byte copied' }
      : { group: 'copy', short: 'copy', long: `the kernel copies all ${size} into its socket buffer` },
    'checksum-out': checksum('as it sends'),
    flush: !dma
      ? card('no DMA', 'no card reads it: nothing to flush')
      : c.sendCopyAvoid && !c.forced
        ? {
            group: 'cache',
            short: 'dirty lines',
            long: `only the application's dirty lines go to memory (${c.dirtyBytes > 0 ? 'its write' : 'none'})`,
          }
        : { group: 'cache', short: 'whole copy', long: `the whole ${size} copy is dirty: flushed to memory for the card's DMA` },
    wire: dma
      ? card('FDDI (DMA)', 'the card reads it by DMA and puts it on the FDDI ring')
      : card('memory', 'loopback: it stays in memory, no card'),
    purge: !dma
      ? card('no DMA', 'no card wrote it: nothing to purge')
      : c.recvRemap
        ? c.recvDirtyBytes > 0
          ? {
              group: 'cache',
              short: 'dirty lines',
              long: 'only the receiving buffer\u2019s dirty lines are purged (they will be replaced)',
            }
          : card('none', 'fresh pages: nothing in the cache to purge')
        : { group: 'cache', short: 'whole packet', long: `the ${size} the card wrote are purged from the cache before the CPU reads them` },
    'checksum-in': checksum('as it receives'),
    'to-app': c.recvRemap
      ? { group: 'map', short: 'remap', long: 'the pages are swapped into the application\u2019s buffer: no byte copied' }
      : { group: 'copy', short: 'copy', long: `the kernel copies all ${size} to the application\u2019s buffer` },
  };
}

/** Times the CPU reads or writes every byte of a send (copies and checksums), sending and receiving. */
export function cpuPasses(rules: Record<StageId, StageRule>): { send: number; recv: number } {
  const passes = (side: Side) =>
    STAGES.filter((s) => s.side === side && (rules[s.id].group === 'copy' || rules[s.id].group === 'checksum')).length;
  return { send: passes('send'), recv: passes('recv') };
}

// ---- the rules table: combinations of features --------------------------------------------

export interface FeatureRow {
  key: string;
  label: string;
  /** The preset that runs it (lessons/scenarios). */
  preset: string;
  config: JourneyConfig;
}

const base = { dirtyBytes: 4, recvDirtyBytes: 0, sendBytes: 4096, forced: false, sendCopyAvoid: false, recvRemap: false };

export const FEATURE_ROWS: readonly FeatureRow[] = [
  {
    key: 'classic',
    label: 'Classic: copies, checksums by the host (EISA FDDI)',
    preset: 'hpux-fddi-host-checksum',
    config: { ...base, interface: 'eisa_fddi' },
  },
  { key: 'offload', label: 'Checksum offload (NIO FDDI), copies', preset: 'hpux-fddi-copies', config: { ...base, interface: 'nio_fddi' } },
  {
    key: 'cow-forced',
    label: '+ send copy avoidance, too few buffers: a copy forced',
    preset: 'hpux-cow-8-buffers',
    config: { ...base, interface: 'nio_fddi', sendCopyAvoid: true, forced: true },
  },
  {
    key: 'cow',
    label: '+ send copy avoidance, SO_SNDBUF/send + 1 buffers',
    preset: 'hpux-cow-9-buffers',
    config: { ...base, interface: 'nio_fddi', sendCopyAvoid: true },
  },
  {
    key: 'remap',
    label: '+ receive page remapping',
    preset: 'hpux-fddi-copy-avoidance',
    config: { ...base, interface: 'nio_fddi', sendCopyAvoid: true, recvRemap: true },
  },
  {
    key: 'lan0',
    label: 'Loopback through lan0: checksums by the host',
    preset: 'hpux-loopback-lan0',
    config: { ...base, interface: 'lan0_loopback' },
  },
  { key: 'lo0', label: 'Loopback lo0 (host route to 127.0.0.1)', preset: 'hpux-loopback-lo0', config: { ...base, interface: 'lo0' } },
];

function sameFeatures(a: JourneyConfig, b: JourneyConfig): boolean {
  return (
    a.interface === b.interface &&
    a.sendCopyAvoid === b.sendCopyAvoid &&
    a.recvRemap === b.recvRemap &&
    (a.forced && a.sendCopyAvoid) === (b.forced && b.sendCopyAvoid)
  );
}

/** The row of the table this run's features match, or null. */
export function matchingRow(config: JourneyConfig): FeatureRow | null {
  return FEATURE_ROWS.find((row) => sameFeatures(row.config, config)) ?? null;
}

// ---- the current run ------------------------------------------------------------------------

export interface MeasuredStage extends StageInfo {
  rule: StageRule;
  /** CPU ns this stage costs per send (sending stages) or per receive (receiving ones). */
  ns: number;
  /** Bytes the stage touched, per send or receive. */
  bytes: number;
}

export interface JourneyModel {
  hp: HpuxReport;
  config: JourneyConfig;
  stages: MeasuredStage[];
  /** All the sender's work on the bytes per send, and the receiver's per receive (report totals, every touch). */
  perSendNs: number;
  perRecvNs: number;
  /** Bytes read or written per send by the CPU and the cache (application writes, copies, checksums, flushes). */
  bytesTouchedPerSend: number;
  passes: { send: number; recv: number };
  /** The rules table's row for this run, or null (then the table adds a row for it). */
  row: FeatureRow | null;
  oneHost: boolean;
}

/** 'none': no report with the HP-UX figures yet; 'no-send': one, but no send has finished in it yet (sendsMeasured). */
export type JourneyView = { kind: 'none' } | { kind: 'no-send' } | { kind: 'journey'; model: JourneyModel };

const sum = (r: Record<string, number> | undefined, keys: readonly string[]) => keys.reduce((a, k) => a + Math.max(0, num(r?.[k])), 0);
const total = (r: Record<string, number> | undefined) => sum(r, Object.keys(r ?? {}));

/** The features of this run, as the report says they were in effect. */
export function runConfig(report: Report, hp: HpuxReport): JourneyConfig {
  return {
    interface: hp.interface,
    sendCopyAvoid: hp.send_copy_avoidance,
    recvRemap: hp.recv_copy_avoidance,
    forced: hp.send_copy_avoidance && hp.forced_copies_pct > 0,
    dirtyBytes: num(scenarioField(report, 'hpux', 'dirty_bytes'), num(hp.per_send_bytes?.app_write)),
    recvDirtyBytes: num(scenarioField(report, 'hpux', 'recv_dirty_bytes'), 0),
    sendBytes: hp.send_bytes,
  };
}

export function journeyView(report: Report | undefined): JourneyView {
  const hp = hpuxOf(report);
  if (!report || !hp) return { kind: 'none' };
  if (!sendsMeasured(hp)) return { kind: 'no-send' };
  const config = runConfig(report, hp);
  const rules = stageRules(config);
  const stages = STAGES.map((s): MeasuredStage => {
    const ns = s.side === 'send' ? hp.per_send_ns : hp.per_recv_ns;
    const bytes = s.side === 'send' ? hp.per_send_bytes : hp.per_recv_bytes;
    return {
      ...s,
      rule: rules[s.id],
      ns: sum(ns, s.touches),
      bytes: sum(
        bytes,
        s.touches.filter((t) => t !== 'cow_fault'),
      ),
    };
  });
  return {
    kind: 'journey',
    model: {
      hp,
      config,
      stages,
      perSendNs: total(hp.per_send_ns),
      perRecvNs: total(hp.per_recv_ns),
      bytesTouchedPerSend: total(hp.per_send_bytes),
      passes: cpuPasses(rules),
      row: matchingRow(config),
      oneHost: hp.hosts === 1,
    },
  };
}

// ---- the byte token ---------------------------------------------------------------------------

/** Wall ms the token stays at a stage that costs nothing, and the most extra for the costliest. */
export const DWELL_MS = 700;
export const DWELL_SPAN_MS = 1800;
/** The last part of a stage's time, in which the token glides to the next. */
export const GLIDE_MS = 320;
export const PAUSE_MS = 900;

/** Wall ms at each stage: longer where the CPU spends more on the bytes. */
export function stageDwellsMs(stages: readonly { ns: number }[]): number[] {
  const most = Math.max(1, ...stages.map((s) => s.ns));
  return stages.map((s) => DWELL_MS + (DWELL_SPAN_MS * Math.max(0, s.ns)) / most);
}

export interface TokenAt {
  /** The stage the token is at (0..7). */
  stage: number;
  /** 0 while at the stage; rising to 1 as it glides to the next. */
  glide: number;
  /** Position along the stages, fractional while gliding. */
  position: number;
}

/** Where the token is `wallMs` into the looping trip (it rests at the last stage for the pause). */
export function tokenAt(dwells: readonly number[], wallMs: number): TokenAt {
  const cycle = dwells.reduce((a, b) => a + b, 0) + PAUSE_MS;
  let t = ((wallMs % cycle) + cycle) % cycle;
  for (let i = 0; i < dwells.length; i++) {
    const d = dwells[i]!;
    if (t < d || i === dwells.length - 1) {
      const glide = i < dwells.length - 1 ? Math.max(0, Math.min(1, (t - (d - GLIDE_MS)) / GLIDE_MS)) : 0;
      return { stage: i, glide, position: i + glide };
    }
    t -= d;
  }
  return { stage: 0, glide: 0, position: 0 };
}

// ---- words -------------------------------------------------------------------------------------

/**
 * A stage's title in its box, in lines of at most `maxEm` ems of bold text: "2 Into the
 * kernel", or where that takes more than two lines or a word of it would run out of the
 * box (a narrow box), the rules table's shorter words ("2 Into kernel").
 */
export function boxTitleLines(index: number, maxEm: number): string[] {
  const s = STAGES[index];
  if (!s) return [];
  const full = wrapBoldWords(`${index + 1} ${s.title}`, maxEm);
  if (full.length <= 2 && full.every((l) => boldWidthEm(l) <= maxEm)) return full;
  return wrapBoldWords(`${index + 1} ${s.column.charAt(0).toUpperCase()}${s.column.slice(1)}`, maxEm);
}

/**
 * The stage in a sentence: "Stage 2 of 8, into the kernel: … (270.8 µs per send)". Short
 * (the presenter's stage, where the boxes give each stage's number and cost beside it):
 * "Into the kernel: …".
 */
export function stageSentence(model: JourneyModel, index: number, short = false): string {
  const s = model.stages[index];
  if (!s) return '';
  const forced =
    s.id === 'into-kernel' && model.config.forced && model.hp.forced_copies_pct < 100
      ? ` (in ${formatPct(model.hp.forced_copies_pct)} of sends)`
      : '';
  if (short) return `${s.title}: ${s.rule.long}${forced}.`;
  const per = s.side === 'send' ? 'per send' : 'per receive';
  const cost = s.side === 'wire' ? 'no CPU time' : s.ns > 0 ? `${formatNs(s.ns)} of CPU ${per}` : 'no CPU time';
  return `Stage ${index + 1} of ${model.stages.length}, ${s.title.toLowerCase()}: ${s.rule.long}${forced}; ${cost}.`;
}

export function journeySummary(view: JourneyView): string {
  if (view.kind === 'none') return 'No HP-UX figures yet: the report of a hpux-kernel run has not come.';
  if (view.kind === 'no-send') return NO_SEND_YET;
  const m = view.model;
  const c = m.config;
  const features = [
    interfaceShort(c.interface),
    c.sendCopyAvoid ? (c.forced ? 'send copy avoidance with copies forced' : 'send copy avoidance') : 'copies on send',
    c.recvRemap ? 'receive page remapping' : 'copies on receive',
  ];
  const costly = m.stages.filter((s) => s.ns > 0).map((s) => `${s.title.toLowerCase()} ${formatNs(s.ns)}`);
  const recvWrite = num(m.hp.per_recv_ns?.app_write);
  return (
    `One send's ${formatSize(c.sendBytes)} from the sending application to the receiving one (${listWords(features)}). ` +
    m.stages.map((s, i) => `${i + 1}, ${s.title.toLowerCase()}: ${s.rule.long}.`).join(' ') +
    ` Measured in this run: ${formatNs(m.perSendNs)} of the sender's CPU per send and ${formatNs(m.perRecvNs)} of the receiver's per receive` +
    `${costly.length ? ` (${listWords(costly)})` : ''}; ${formatSize(m.bytesTouchedPerSend)} touched per send.` +
    (recvWrite > 0 ? ` The receiving application's own writes cost ${formatNs(recvWrite)} per receive.` : '') +
    ` The CPU passes over every byte ${plural(m.passes.send, 'time')} sending and ${plural(m.passes.recv, 'time')} receiving.` +
    (m.row ? ` This run is the row "${m.row.label}" of the table.` : ' This run\u2019s features are a row of their own in the table.')
  );
}
