/*
 * palette.ts -- the one palette every view uses for CPU modes, kernels and chrome, in a
 * light theme and a projector (high-contrast, large type) theme, plus the modes' names
 * in the source's words.
 *
 * Invariants (palette.test.ts checks them):
 *  - mode colours come from the Okabe-Ito set, and every pair stays clearly different
 *    (CIEDE2000 >= 10) with normal vision, protanopia, deuteranopia and tritanopia;
 *  - colour never carries meaning alone: every mark that shows a mode also has a text
 *    label nearby, and spinning (the state the lessons are about) is also hatched,
 *    interrupts dotted;
 *  - text drawn on a mode fill uses modeText, which has at least 4.5:1 contrast.
 */
import type { ModeName } from '../core/report.js';
import { textOn } from './color.js';

export type { ModeName };
export type Theme = 'light' | 'projector';

/** The CPU modes in the core's order (schema.modes); views look colours up by name. */
export const MODES: readonly ModeName[] = ['user', 'kernel', 'fork', 'spin', 'interrupt', 'cswitch', 'idle'];

/** MONITOR MODES lists modes top to bottom in this order (interrupt first, idle last). */
export const MONITOR_ORDER: readonly ModeName[] = ['interrupt', 'spin', 'kernel', 'fork', 'cswitch', 'user', 'idle'];

export type ModePattern = 'none' | 'hatch' | 'dots';

export interface ModeInfo {
  /** The mode in plain words, as the legend says it. */
  label: string;
  /** A word or two that fits on a CPU tile. */
  short: string;
  /** The row label OpenVMS MONITOR MODES uses (or the nearest, for modes it lacks). */
  monitor: string;
  /** What the CPU is doing, in the paper's terms, for tooltips and text equivalents. */
  meaning: string;
  pattern: ModePattern;
}

export const MODE_INFO: Readonly<Record<ModeName, ModeInfo>> = {
  user: {
    label: 'User mode',
    short: 'user',
    monitor: 'User Mode',
    meaning: 'running the application: the useful work',
    pattern: 'none',
  },
  kernel: {
    label: 'Kernel (process context)',
    short: 'kernel',
    monitor: 'Kernel Mode',
    meaning: 'TCP/IP work in process context (system call, cradle, copy)',
    pattern: 'none',
  },
  fork: {
    label: 'Kernel fork (IPL 8)',
    short: 'fork',
    monitor: 'Kernel fork (IPL 8)',
    meaning: 'an IPL 8 fork thread in kernel context, holding the TCP/IP global spin lock',
    pattern: 'none',
  },
  spin: {
    label: 'Spinning (MP synchronization)',
    short: 'spin',
    monitor: 'MP Synchronization',
    meaning: 'spinning for a spin lock, "doing nothing constructive"',
    pattern: 'hatch',
  },
  interrupt: {
    label: 'Interrupt',
    short: 'intr',
    monitor: 'Interrupt State',
    meaning: 'taking a device interrupt (received packet, timer, disk completion)',
    pattern: 'dots',
  },
  cswitch: {
    label: 'Context switch',
    short: 'cswitch',
    monitor: 'Context switch',
    meaning: 'switching from one process to another',
    pattern: 'none',
  },
  idle: {
    label: 'Idle',
    short: 'idle',
    monitor: 'Idle Time',
    meaning: 'nothing to run',
    pattern: 'none',
  },
};

/**
 * Whose words a kernel's CPU modes are named in. OpenVMS's MONITOR MODES has rows of its
 * own (MP Synchronization, Interrupt State, IPL 8 fork threads); AIX, Linux and HP-UX
 * have none of them, so their runs are described in plain UNIX words.
 */
export type ModeVocabulary = 'openvms' | 'unix';

const UNIX_MODE_INFO: Readonly<Record<ModeName, Partial<ModeInfo>>> = {
  user: { monitor: 'User' },
  kernel: { label: 'Kernel', monitor: 'Kernel', meaning: 'kernel work for a process: system calls, protocol code, copies' },
  fork: { label: 'Deferred kernel work', monitor: 'Deferred kernel work', meaning: 'kernel work deferred from an interrupt' },
  spin: { label: 'Spinning for a lock', monitor: 'Spinning', meaning: 'spinning for a lock another CPU holds: busy, doing nothing useful' },
  interrupt: { monitor: 'Interrupt' },
  cswitch: {},
  idle: { monitor: 'Idle' },
};

/** The modes a kernel's runs show, in the order given: OpenVMS's IPL 8 fork threads
 * only where there are any (the other systems have no such mode). */
export function modesFor<M extends string = ModeName>(
  vocabulary: ModeVocabulary = 'openvms',
  modes: readonly M[] = MODES as readonly M[],
): M[] {
  return modes.filter((mode) => vocabulary === 'openvms' || mode !== 'fork');
}

/** Spinning, in running text: OpenVMS's name for it, or plain words. */
export function spinningWords(vocabulary: ModeVocabulary = 'openvms'): string {
  return vocabulary === 'openvms' ? 'MP synchronization' : 'Spinning for locks';
}

/** A mode's words in a kernel's vocabulary (OpenVMS's by default: the source of the first lessons). */
export function modeInfo(mode: ModeName, vocabulary: ModeVocabulary = 'openvms'): ModeInfo {
  return vocabulary === 'openvms' ? MODE_INFO[mode] : { ...MODE_INFO[mode], ...UNIX_MODE_INFO[mode] };
}

/** Okabe-Ito colours (orange left out: it is too close to vermillion for deuteranopes). */
const LIGHT_MODES: Record<ModeName, string> = {
  user: '#009E73', // bluish green
  kernel: '#0072B2', // blue
  fork: '#56B4E9', // sky blue
  spin: '#D55E00', // vermillion
  interrupt: '#F0E442', // yellow
  cswitch: '#CC79A7', // reddish purple
  idle: '#DDDDDD', // light grey
};

/** The same hues, deeper, so they survive a washed-out projector. */
const PROJECTOR_MODES: Record<ModeName, string> = {
  user: '#008A66',
  kernel: '#00589A',
  fork: '#3FA6E6',
  spin: '#D14800',
  interrupt: '#F5E000',
  cswitch: '#C8609F',
  idle: '#BDBDBD',
};

/**
 * The two series styles a chart tells runs apart by (the scaling sweep, the lock
 * table): the baseline's (orange, dashed, squares) and the remedy's (purple, solid,
 * circles). Each kernel says which its runs take (KernelInfo.series): the OpenVMS
 * paper's classic kernel is the baseline, its Scalable Kernel the remedy.
 */
export type SeriesName = 'baseline' | 'remedy';

export interface SeriesStyle {
  colour: string;
  /** SVG stroke-dasharray; '' is solid. */
  dash: string;
  marker: 'square' | 'circle';
}

export interface ThemeTokens {
  name: Theme;
  background: string;
  surface: string;
  text: string;
  muted: string;
  grid: string;
  axis: string;
  focus: string;
  /** Base, small, large and headline type sizes in CSS px. */
  fontSize: number;
  smallSize: number;
  largeSize: number;
  headlineSize: number;
  strokeWidth: number;
  fontFamily: string;
  monoFamily: string;
  modes: Readonly<Record<ModeName, string>>;
  /** Text colour on each mode's fill (black or white, >= 4.5:1). */
  modeText: Readonly<Record<ModeName, string>>;
  /** Ink for hatching and dots drawn over a mode fill. */
  patternInk: string;
  series: Readonly<Record<SeriesName, SeriesStyle>>;
  /** The published numbers of the paper, drawn as reference marks. */
  published: string;
  /** Outline of the designated TCP/IP CPU. */
  designated: string;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace';

function modeTextFor(modes: Record<ModeName, string>): Record<ModeName, string> {
  const out = {} as Record<ModeName, string>;
  for (const mode of MODES) out[mode] = textOnFill(modes[mode]);
  return out;
}

/** Black or white text, whichever has the higher WCAG contrast on the fill. */
export function textOnFill(fill: string): string {
  return textOn(fill);
}

export const THEMES: Readonly<Record<Theme, ThemeTokens>> = {
  light: {
    name: 'light',
    background: '#ffffff',
    surface: '#f3f5f7',
    text: '#1b1f24',
    muted: '#4a525c',
    grid: '#d5dae0',
    axis: '#59616b',
    focus: '#1a5fb4',
    fontSize: 15,
    smallSize: 13,
    largeSize: 20,
    headlineSize: 28,
    strokeWidth: 2,
    fontFamily: FONT,
    monoFamily: MONO,
    modes: LIGHT_MODES,
    modeText: modeTextFor(LIGHT_MODES),
    patternInk: 'rgba(0,0,0,0.55)',
    series: {
      baseline: { colour: '#B86200', dash: '7 5', marker: 'square' },
      remedy: { colour: '#3D2B8C', dash: '', marker: 'circle' },
    },
    published: '#1b1f24',
    designated: '#1b1f24',
  },
  projector: {
    name: 'projector',
    background: '#ffffff',
    surface: '#ffffff',
    text: '#000000',
    muted: '#1f2328',
    grid: '#a3aab2',
    axis: '#000000',
    focus: '#0b3d91',
    fontSize: 20,
    smallSize: 17,
    largeSize: 26,
    headlineSize: 38,
    strokeWidth: 3,
    fontFamily: FONT,
    monoFamily: MONO,
    modes: PROJECTOR_MODES,
    modeText: modeTextFor(PROJECTOR_MODES),
    patternInk: 'rgba(0,0,0,0.7)',
    series: {
      baseline: { colour: '#A85400', dash: '9 6', marker: 'square' },
      remedy: { colour: '#2E1F7A', dash: '', marker: 'circle' },
    },
    published: '#000000',
    designated: '#000000',
  },
};

/**
 * The least size a view may shrink a word to, to make it fit: the projector theme's small
 * size (no word smaller than a lecture hall reads; a word that does not fit is shortened
 * or left out instead), and 0 (the view's own floor) in the light theme.
 */
export function leastWordSize(t: Pick<ThemeTokens, 'name' | 'smallSize'>): number {
  return t.name === 'projector' ? t.smallSize : 0;
}

export function themeTokens(theme: Theme = 'light'): ThemeTokens {
  return THEMES[theme] ?? THEMES.light;
}

export function modeColour(mode: ModeName, theme: Theme = 'light'): string {
  return themeTokens(theme).modes[mode];
}

/** The palette index of a mode name (for typed arrays); -1 if the core names one we lack. */
export function modeIndex(mode: string): number {
  return MODES.indexOf(mode as ModeName);
}
