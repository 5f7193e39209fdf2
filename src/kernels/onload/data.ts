/*
 * data.ts -- what the network stack views (kernel "onload": OpenOnload's user-level
 * stack against the Linux kernel stack, two hosts back to back) read from the report
 * (report.net, report.scenario.net), their words for the stacks, the receive modes and
 * the stages of a one-way trip, their colours (Okabe-Ito, as palette.ts), and how they
 * write microseconds, bits per second, packets per second and message sizes.
 */
import type { NetBreakdown, NetReport, Report } from '../../core/report.js';
import { formatCount } from '../../views/format.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { Theme } from '../../views/palette.js';
import type { SeriesStyle } from '../../views/common/series-style.js';

export type NetStack = NetReport['stack'];
export type NetTest = NetReport['test'];

/** The props the two network curves share (net-size-curve, net-livelock); each adds its points. */
export interface NetCurveViewProps {
  /** Fraction of the curve run done, 0..1 (default 1); below 1 the view says it is partial. */
  progress?: number;
  /** Not needed; accepted so every view takes the same props. */
  report?: Report;
  snapshot?: Snapshot;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 760). */
  width?: number;
  height?: number;
  title?: string;
}

export function netOf(report: Report | undefined): NetReport | undefined {
  return report?.net;
}

/** A field of the report's scenario section `net` (the resolved scenario), if there. */
export function netScenario(report: Report | undefined, field: string): unknown {
  const net = (report?.scenario as Record<string, unknown> | undefined)?.net;
  return net && typeof net === 'object' ? (net as Record<string, unknown>)[field] : undefined;
}

// ---- the stacks -----------------------------------------------------------------------

const STACK_WORDS: Record<string, { label: string; short: string; overhead: string }> = {
  kernel: { label: 'Linux kernel stack', short: 'kernel', overhead: 'kernel software overhead' },
  onload: { label: 'OpenOnload (user-level stack)', short: 'Onload', overhead: 'user-level software overhead' },
  vnic: { label: 'Virtual NIC (guest kernel)', short: 'vNIC', overhead: 'software overhead (guest and host)' },
};

export function stackLabel(stack: string): string {
  return STACK_WORDS[stack]?.label ?? stack;
}

export function stackShort(stack: string): string {
  return STACK_WORDS[stack]?.short ?? stack;
}

/** "kernel software overhead", "user-level software overhead". */
export function overheadWords(stack: string): string {
  return STACK_WORDS[stack]?.overhead ?? 'software overhead';
}

const STACK_COLOURS: Record<Theme, Record<string, string>> = {
  light: { kernel: '#B86200', onload: '#0072B2', vnic: '#A8447F' },
  projector: { kernel: '#A85400', onload: '#00589A', vnic: '#93306C' },
};

const STACK_SHAPES: Record<string, Pick<SeriesStyle, 'dash' | 'marker'>> = {
  kernel: { dash: '7 5', marker: 'square' },
  onload: { dash: '', marker: 'circle' },
  vnic: { dash: '2 4', marker: 'diamond' },
};

export const STACK_ORDER: readonly string[] = ['kernel', 'onload', 'vnic'];

export function stackStyle(stack: string, theme: Theme = 'light'): SeriesStyle {
  const colours = STACK_COLOURS[theme] ?? STACK_COLOURS.light;
  return {
    colour: colours[stack] ?? (theme === 'projector' ? '#1f2328' : '#4a525c'),
    ...(STACK_SHAPES[stack] ?? { dash: '4 2 1 2', marker: 'triangle' }),
    label: stackLabel(stack),
    short: stackShort(stack),
  };
}

// ---- receive modes (the livelock curve) ------------------------------------------------

const MODE_WORDS: Record<string, { label: string; short: string }> = {
  interrupts: { label: 'An interrupt per packet (kernel stack)', short: 'interrupts' },
  moderation: { label: 'Interrupt moderation, 60 µs (kernel stack)', short: 'moderation' },
  polling: { label: 'Polling (OpenOnload)', short: 'polling' },
  napi: { label: 'NAPI: interrupt, then polls of a budget (kernel stack, moderation 60 µs)', short: 'NAPI' },
};

const MODE_COLOURS: Record<Theme, Record<string, string>> = {
  light: { interrupts: '#D55E00', moderation: '#8E5BA6', polling: '#0072B2', napi: '#007A5A' },
  projector: { interrupts: '#C04A00', moderation: '#7A4792', polling: '#00589A', napi: '#00664B' },
};

const MODE_SHAPES: Record<string, Pick<SeriesStyle, 'dash' | 'marker'>> = {
  interrupts: { dash: '7 5', marker: 'square' },
  moderation: { dash: '2 4', marker: 'diamond' },
  polling: { dash: '', marker: 'circle' },
  napi: { dash: '4 2 1 2', marker: 'triangle' },
};

export const RECEIVE_MODE_ORDER: readonly string[] = ['interrupts', 'moderation', 'polling', 'napi'];

/** A receive mode's style; `labels` (the view's prop) wins over the built-in words. */
export function receiveModeStyle(mode: string, theme: Theme = 'light', labels?: Readonly<Record<string, string>>): SeriesStyle {
  const colours = MODE_COLOURS[theme] ?? MODE_COLOURS.light;
  const extra = ['#009E73', '#B86200', '#4a525c'];
  const index = Math.max(0, RECEIVE_MODE_ORDER.indexOf(mode));
  return {
    colour: colours[mode] ?? extra[index % extra.length]!,
    ...(MODE_SHAPES[mode] ?? { dash: '4 2 1 2', marker: 'triangle' }),
    label: labels?.[mode] ?? MODE_WORDS[mode]?.label ?? mode,
    short: MODE_WORDS[mode]?.short ?? labels?.[mode] ?? mode,
  };
}

// ---- the stages of a one-way trip --------------------------------------------------------

export type StageKey = keyof NetBreakdown;

/** In the order the packet goes through them; the parts of half_rtt_ns. */
export const STAGES: readonly StageKey[] = ['send', 'wire', 'notify', 'stack', 'wake', 'receive'];

export interface StageInfo {
  label: string;
  /** What happens, in a sentence's words. */
  what: string;
  hardware: boolean;
}

export const STAGE_INFO: Readonly<Record<StageKey, StageInfo>> = {
  send: { label: 'send', what: 'the send call, until the packet is on the transmit ring', hardware: false },
  wire: { label: 'wire', what: 'NICs, PCIe and the link, to the other receive ring', hardware: true },
  notify: { label: 'notify', what: 'in the receive ring until an interrupt or a poll sees it', hardware: false },
  stack: { label: 'stack', what: 'protocol processing, until the packet is on the socket', hardware: false },
  wake: { label: 'wake', what: 'on the socket until the receiving thread takes it (wake-up, context switch)', hardware: false },
  receive: { label: 'receive', what: 'the receive call, copy included', hardware: false },
};

const STAGE_COLOURS: Record<Theme, Record<StageKey, string>> = {
  // the hues of the CPU modes where they mean the same: notify waits for an interrupt
  // (yellow), wake is a context switch (reddish purple), protocol work sky blue
  light: { send: '#0072B2', wire: '#9A9A9A', notify: '#F0E442', stack: '#56B4E9', wake: '#CC79A7', receive: '#009E73' },
  projector: { send: '#00589A', wire: '#8A8A8A', notify: '#F5E000', stack: '#3FA6E6', wake: '#C8609F', receive: '#008A66' },
};

/** A packet drawn as it travels (sky blue, as protocol work). */
export function packetColour(theme: Theme = 'light'): string {
  return theme === 'projector' ? '#3FA6E6' : '#56B4E9';
}

export function stageColour(stage: StageKey, theme: Theme = 'light'): string {
  return (STAGE_COLOURS[theme] ?? STAGE_COLOURS.light)[stage];
}

// ---- numbers in words ---------------------------------------------------------------------

/** Nanoseconds as microseconds: 5300 -> "5.3 µs", 350 -> "0.35 µs", 42_000 -> "42.0 µs". */
export function formatUs(ns: number): string {
  if (!Number.isFinite(ns)) return '–';
  const us = ns / 1000;
  const digits = Math.abs(us) >= 1 || us === 0 ? 1 : 2;
  return `${us.toFixed(digits)} µs`;
}

/** Bits per second as Gb/s: 9.41e9 -> "9.41 Gb/s", 3.2e8 -> "0.32 Gb/s". */
export function formatGbps(bitsPerS: number): string {
  if (!Number.isFinite(bitsPerS)) return '–';
  const g = bitsPerS / 1e9;
  return `${g.toFixed(g >= 10 ? 1 : 2)} Gb/s`;
}

/** A rate per second, compact: 1_412_000 -> "1.41 M/s", 250_000 -> "250 k/s", 950 -> "950/s". */
export function formatPerS(perS: number, unit = '/s'): string {
  if (!Number.isFinite(perS)) return '–';
  const abs = Math.abs(perS);
  if (abs >= 1e6) return `${Number((perS / 1e6).toFixed(abs >= 1e7 ? 1 : 2))} M${unit}`;
  if (abs >= 1e4) return `${Math.round(perS / 1e3)} k${unit}`;
  if (abs >= 1e3) return `${Number((perS / 1e3).toFixed(1))} k${unit}`;
  return `${formatCount(perS)}${unit}`;
}

/** A message size: 16 -> "16 B", 1024 -> "1 KiB", 65536 -> "64 KiB", 1500 -> "1,500 B". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '–';
  if (bytes >= 1024 && bytes % 1024 === 0) {
    const k = bytes / 1024;
    return k >= 1024 && k % 1024 === 0 ? `${k / 1024} MiB` : `${k} KiB`;
  }
  return `${formatCount(bytes)} B`;
}

/** "1.5" for a ratio, "12" once it is 10 or more. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '–';
  return ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1);
}
