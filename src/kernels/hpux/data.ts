/*
 * data.ts -- what the HP-UX 9.0 views (kernel "hpux": checksum offload and copy
 * avoidance, source 003) read from the report (report.hpux, report.scenario.hpux and
 * .net), their words for the interfaces and the byte touches, the colours of the touches
 * (Okabe-Ito, as palette.ts: the application's writes yellow, copies vermillion,
 * checksums reddish purple, cache flushes and purges sky blue, page lending and
 * remapping bluish green), the colours of copy avoidance on and off in the curves, and
 * the rule the paper gives for the number of send buffers.
 */
import type { HpuxReport, HpuxTouch, Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { formatCount } from '../../views/format.js';
import type { Theme } from '../../views/palette.js';
import type { SeriesStyle } from '../../views/common/series-style.js';

export type HpuxInterface = HpuxReport['interface'];

/** The props every HP-UX view takes (the curves add their points). */
export interface HpuxViewProps {
  /** The run's report (report.hpux, and report.scenario for the fields it resolved). */
  report?: Report;
  /** Not needed: the views read the report. Accepted so every view takes the same props. */
  snapshot?: Snapshot;
  theme?: Theme;
  /** Width of the whole view in CSS px. */
  width?: number;
  /** Drawn on the presenter's stage (one view to a screen, projected): shorter words where a view has them. */
  stage?: boolean;
  title?: string;
}

export function hpuxOf(report: Report | undefined): HpuxReport | undefined {
  return report?.hpux;
}

/**
 * Whether a send has finished since the warm-up. Before one has, the per-send figures
 * and the throughput are 0 for want of a send, not measured as 0: the lab says it is
 * still measuring rather than show them.
 */
export function sendsMeasured(hp: HpuxReport): boolean {
  return hp.sends_per_s > 0;
}

/** What an HP-UX view says while `sendsMeasured` is false. */
export const NO_SEND_YET = 'No send has finished since the warm-up yet: the figures per send come with the first.';

/** A field of the report's resolved scenario, `section.field` (hpux.dirty_bytes, net.link_bits_per_s), if there. */
export function scenarioField(report: Report | undefined, section: string, field: string): unknown {
  const part = (report?.scenario as Record<string, unknown> | undefined)?.[section];
  return part && typeof part === 'object' ? (part as Record<string, unknown>)[field] : undefined;
}

/** A finite number or the fallback. */
export function num(v: unknown, fallback = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

// ---- interfaces -------------------------------------------------------------------------

export const INTERFACE_WORDS: Readonly<Record<HpuxInterface, { label: string; short: string }>> = {
  nio_fddi: { label: 'NIO FDDI card (J2157A): checksums on the card, copy avoidance both ways', short: 'NIO FDDI' },
  eisa_fddi: { label: 'EISA FDDI card (J2156A): no checksum offload, no copy avoidance', short: 'EISA FDDI' },
  lo0: { label: 'loopback lo0 (127.0.0.1): checksum offload, no card', short: 'loopback lo0' },
  lan0_loopback: { label: 'loopback through lan0\u2019s address: no checksum offload, no card', short: 'loopback via lan0' },
};

export function interfaceShort(itf: string): string {
  return INTERFACE_WORDS[itf as HpuxInterface]?.short ?? itf;
}

// ---- byte touches -----------------------------------------------------------------------

/** The kinds of work on a send's bytes, as the report names them (copyavoid.c TOUCH_NAMES). */
export const TOUCHES: readonly HpuxTouch[] = ['app_write', 'cow_fault', 'copy', 'checksum', 'flush', 'cow', 'purge', 'remap'];

export const TOUCH_WORDS: Readonly<Record<HpuxTouch, string>> = {
  app_write: 'application writes',
  cow_fault: 'copy-on-write fault',
  copy: 'copy',
  checksum: 'checksum',
  flush: 'cache flush',
  cow: 'lend / give back pages',
  purge: 'cache purge',
  remap: 'page remap',
};

/** What a touch costs the CPU, in groups that share a colour. */
export type TouchGroup = 'write' | 'copy' | 'checksum' | 'cache' | 'map' | 'card';

export const TOUCH_GROUP: Readonly<Record<HpuxTouch, TouchGroup>> = {
  app_write: 'write',
  cow_fault: 'copy',
  copy: 'copy',
  checksum: 'checksum',
  flush: 'cache',
  cow: 'map',
  purge: 'cache',
  remap: 'map',
};

export const GROUP_WORDS: Readonly<Record<TouchGroup, string>> = {
  write: 'the application writes its buffer (dirty cache lines)',
  copy: 'the CPU copies every byte',
  checksum: 'the CPU reads every byte for the checksum',
  cache: 'cache lines flushed to memory or purged',
  map: 'pages lent or swapped: no byte touched',
  card: 'done by the card or not needed: no CPU time',
};

const GROUP_COLOURS: Record<Theme, Record<TouchGroup, string>> = {
  light: { write: '#F0E442', copy: '#D55E00', checksum: '#CC79A7', cache: '#56B4E9', map: '#009E73', card: '#FFFFFF' },
  projector: { write: '#F5E000', copy: '#D14800', checksum: '#C8609F', cache: '#3FA6E6', map: '#008A66', card: '#FFFFFF' },
};

export function groupColour(group: TouchGroup, theme: Theme = 'light'): string {
  return (GROUP_COLOURS[theme] ?? GROUP_COLOURS.light)[group];
}

/** The byte token drawn on its way (the application's data: yellow, as its writes). */
export function byteTokenColour(theme: Theme = 'light'): string {
  return groupColour('write', theme);
}

// ---- copy avoidance on and off (the curves) -------------------------------------------

const CA_COLOURS: Record<Theme, { on: string; off: string }> = {
  light: { on: '#0072B2', off: '#B86200' },
  projector: { on: '#00589A', off: '#A85400' },
};

export function copyAvoidStyle(on: boolean, theme: Theme = 'light'): SeriesStyle {
  const colours = CA_COLOURS[theme] ?? CA_COLOURS.light;
  return on
    ? { colour: colours.on, dash: '', marker: 'circle', label: 'Copy avoidance (SO_SND_COPYAVOID: copy-on-write)', short: 'copy avoidance' }
    : { colour: colours.off, dash: '7 5', marker: 'square', label: 'Copies (no copy avoidance)', short: 'copies' };
}

// ---- the buffer rule ----------------------------------------------------------------------

export { buffersNeeded } from './rules.js';

// ---- numbers in words ---------------------------------------------------------------------

/** Mb/s as the paper writes it: 65.536 -> "65.5 Mb/s". */
export function formatMbps(mbps: number): string {
  if (!Number.isFinite(mbps)) return '–';
  return `${mbps.toFixed(mbps >= 100 ? 0 : 1)} Mb/s`;
}

/** Bytes: 4 -> "4 B", 4096 -> "4 KiB", 36864 -> "36 KiB", 1500 -> "1,500 B". */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '–';
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${formatCount(bytes)} B`;
}
