/*
 * types.ts -- what the app knows of a kernel, in one record per kernel (src/kernels/
 * <name>.ts, listed in index.ts). Pages, views, compare, the CLI and lessons look a
 * kernel up here by its name (the scenario's kernel.kind, the snapshot's and the
 * report's `kernel`) and read what they need; no file outside src/kernels/ compares a
 * kernel's name (src/kernels/no-kernel-branches.test.ts). The core is the other half:
 * its registry (wasm-core/src/kernels/registry.c) lists the same kernels in the same
 * order, and its schema gives their locks, fields and report metrics.
 */
import type { ComponentType } from 'react';
import type { Report, ReportMetricPath } from '../core/report.js';
import type { ScenarioValues } from '../core/scenario-values.js';
import type { Schema } from '../core/schema.js';
import type { Snapshot } from '../core/snapshot.js';
import type { SweepCpus } from '../core/sweep.js';
import type { ControlSpec } from './controls.js';
import type { Variant } from '../core/sweep.js';
import type { Metric } from '../shared/metric-kit.js';
import type { KernelCli } from './summary.js';
import type { ModeVocabulary, SeriesName } from '../views/palette.js';

/** A kernel's names for its threads (KernelInfo.threads). */
export interface ThreadNames {
  /** Short: "TP 12". */
  name(threadCount: number, id: number): string;
  /** For text equivalents: "TP 150 (the measured transfer's Transaction Program)". */
  words(threadCount: number, id: number): string;
}

/**
 * A kernel's column of the OpenVMS TCP/IP paper's lock table for the 16-CPU GS160
 * testbed (source 000, "Comparing the Traditional Kernel to the Scalable Kernel"), with
 * the paper's comments beside its figures.
 */
export interface PaperLockColumn {
  /** The paper's name for the kernel: "traditional kernel", "Scalable Kernel". */
  paperName: string;
  /** Held, all locks (%); spinning, all locks (%); lock acquisitions a second. */
  hold: number;
  spin: number;
  locksPerS: number;
  /** The one lock the table gives a row of its own (the core's name: I/O lock 8 is "IOLOCK8"), its hold time (%) and the hold time as the paper writes it ("<5%"). */
  lock: { name: string; hold: number; text: string };
  /** The paper's comments beside these figures, by measure ('lockHold': the lock's row). */
  notes?: Readonly<Partial<Record<'hold' | 'spin' | 'locksPerS' | 'lockHold', string>>>;
  /** Where the model's figures for this kernel part from the paper's, and why, for the lock table's caption. */
  modelNote?: string;
}

/** A lock of a kernel's, in its source's words (KernelInfo.lockWords; the lock view and the lock table name it so). */
export interface LockWords {
  /** The lock's name in the source's words. */
  label: string;
  /** What it protects, for the learner. */
  role: string;
  /**
   * How to name it in a run that never takes it because it is another kernel's lock:
   * the classic kernel's own TCP/IP global spin lock is I/O lock 8 (source 000), so its
   * lab must not list "TCP/IP global spin lock" as never taken.
   */
  elsewhere?: string;
}

/**
 * A kernel's request queue in its own words (KernelInfo.queueWords): the transport's
 * step line and the narration name the queue's records so ("CPU 3 queues a KRP for the
 * designated CPU"). Without them, "a request" and "its server".
 */
export interface QueueWords {
  /** One request, after "a": "KRP". */
  request: string;
  /** What serves the queue, as a sentence's subject: "the designated CPU". */
  server: string;
}

/** What a kernel's key figures are drawn from. */
export interface FiguresProps {
  schema: Schema;
  snapshot: Snapshot;
  report?: Report;
  /** The snapshot's kernel's record: a figures component reads its traits here, not from
   * the registry, which loads the component (importing the registry back is a cycle). */
  kernel: KernelInfo;
}

/** The field a comparison of this kernel's scenario sets differently on side B. */
export interface KernelPair {
  path: string;
  from: string;
  to: string;
  /** Side B in words: "on the Scalable Kernel", "with spinning simple locks". */
  words: string;
  /**
   * Which of the two is the baseline, the configuration as the source first had it
   * (the classic kernel, lockl(), a home RAD, a test-and-set lock): 'from' (this
   * scenario) or 'to' (its counterpart). Compare keeps the baseline on side A and the
   * remedy on side B, so B − A reads as what the remedy changes. Without it, 'from'.
   */
  baseline?: 'from' | 'to';
}

/** A run kept beside the lab's own for a side-by-side view (LabStore.runCompanion). */
export interface Companion {
  overrides: ScenarioValues;
  label: string;
}

/** The Universal Scalability Law's two coefficients in a kernel's own words (after "here"). */
export interface ScalingTerms {
  /** The serialised part of each request: "the time a packet's kernel work holds IOLOCK8". */
  serial: string;
  /** The crosstalk between CPUs: "IOLOCK8's cache line travelling between the CPUs that want it". */
  crosstalk: string;
}

/** A kernel's main throughput: the report value its scaling chart plots and a sweep over
 * machine.cpus fits (the chart's Amdahl and USL fits, the CLI's `sweep --fit`). */
export interface Throughput {
  /** Where the report has it: "throughput.transmit_packets_per_s", "service.requests_per_s". */
  path: ReportMetricPath;
  /** As a chart's title: "TCP/IP transmit packets per second", "Requests per second". */
  label: string;
  /** In running text, after a number: "transmit packets per second", "requests per second". */
  words: string;
  /** After a number where room is short: "transmit packets/s", "requests/s". */
  unit: string;
}

/**
 * A curve a view draws from short runs of the lab's scenario with a few fields
 * overridden (store.runVariants, named by the view's id): the lab shows a Run curve
 * button above the view (CurveControls.tsx) and gives the view the run (ViewInputs.curve).
 */
export interface CurveSpec {
  /** Its name, for the controls' label: "Throughput against message size". */
  name: string;
  /** What a run of it runs, in words, for the lab's scenario. */
  what(scenario: ScenarioValues): string;
  /** The runs it makes for the lab's scenario. */
  variants(scenario: ScenarioValues): Variant[];
}

/**
 * A view a kernel adds to the lab's (the engine's views are src/lab/view-registry.tsx's):
 * its id (as lessons, links and embeds name it), its title and where it goes among the
 * lab's views. What draws it is the kernel folder's views.tsx, which exports VIEWS (by
 * view id: an adapter from the lab's state, ViewInputs, to the view), found by the lab
 * by its folder and loaded as a chunk of its own when a lab first shows one of them; the
 * CLI, which compiles this record, never loads it.
 */
export interface KernelView {
  id: string;
  /** On its tab and its checkbox: "Round-trip breakdown". */
  title: string;
  /** The view it follows in the lab's order (an engine view's id or one of the kernel's own). */
  after: string;
  /** Drawn across the lab's width. */
  wide?: boolean;
  /** Draws from the recent trace (ViewInputs.trace), which the lab selects only for the views that read it. */
  trace?: boolean;
  /** Draws its main graphic to a height it is given (ViewInputs.height), so a lab of fixed height (the presenter, an embed) fits it to the room. */
  fitted?: boolean;
  /** Draws from a curve run (above). */
  curve?: CurveSpec;
  /** Drawn with the kernel's companion run beside the lab's own (KernelInfo.companion). */
  withCompanion?: boolean;
  /** Among the views a comparison opens with (Compare, when its link names none). */
  inCompare?: boolean;
}

/**
 * A CPU with a role of its own in a kernel's runs (the Scalable Kernel's designated
 * TCP/IP CPU, which serves every other CPU's KRPs): the CPU grid outlines it and names
 * it, the scaling chart marks where it saturates, in the kernel's words.
 */
export interface RoleCpu {
  /** Which CPU it is in a run (from the run's snapshot). */
  cpu(snapshot: Snapshot): number;
  /** What it is, without an article: "designated TCP/IP CPU". */
  name: string;
  /** What it does, after its name: "that runs every IPL 8 fork thread". */
  does: string;
  /** Its badge on a CPU tile, where there is room for a word and where there is not: "TCP/IP", "D". */
  badge: string;
  letter: string;
  /** In a chart's few words, where it saturates: "designated CPU". */
  short: string;
}

/** How a Compare row's value is written (compare/metrics.ts: formatValue). */
export type CompareUnit = 'pct' | 'rate' | 'ns' | 'count' | 'minutes' | 'index';

/** A row of the Compare page a kernel brings (KernelInfo.compareMetrics). */
export interface CompareMetric {
  id: string;
  label: string;
  /** What the number is, in a few words ("mean wait for the designated CPU"). */
  detail: string;
  unit: CompareUnit;
  better?: 'lower' | 'higher';
  /** The row it follows on the page (an engine row's id, or one of the kernel's own). */
  after: string;
  /** Its value on one side (NaN where there is none yet). */
  read(side: { snapshot: Snapshot; report?: Report; modes: readonly string[] }): number;
}

export interface KernelInfo {
  /** kernel.kind: the core's name for it. */
  name: string;
  /** Its folder under src/kernels/, where it is not its name (a family's: the classic kernel and the Scalable Kernel share openvms/); its views.tsx is there. */
  folder?: string;
  /** In running text: "classic kernel", "Scalable Kernel", "SNA Server/6000". */
  title: string;
  /** On a chart's legend or a button: "Classic", "Scalable". */
  short: string;
  /** The parameter panel's words for choosing it. */
  choice: string;
  /** Its own fields' group under "All parameters": the fields whose path starts with `prefix` ("sna"), under `words`. */
  fieldGroup?: { prefix: string; words: string };
  /** The controls the lab shows first while it runs, in order. */
  mainControls: readonly ControlSpec[];
  /** Its words for other fields of its own (under "All parameters"). */
  moreControls?: readonly ControlSpec[];
  /** The views the lab draws for it, its own and the engine's (the RAD views also on any machine of several RADs). */
  views: readonly string[];
  /** Views of its own, which the lab adds to its list (drawn for it and any other kernel that lists them). */
  ownViews?: readonly KernelView[];
  /** Measures of its own that lessons may record, compare or claim (shared/metrics.ts adds them to its table by id). */
  metrics?: Readonly<Record<string, Metric>>;
  /** Its key figures, loaded with the kernel (a chunk of its own). */
  figures: () => Promise<{ default: ComponentType<FiguresProps> }>;
  /** A CPU with a role of its own in its runs, which the views mark and name (the Scalable Kernel's designated TCP/IP CPU). */
  roleCpu?: RoleCpu;
  /** The lock its spin-lock view follows, if it has one ("IOLOCK8", "TCPIP_GLOBAL", "LCKMGR"). */
  mainLock?: string;
  /** Its request queue's records in its words (a kernel whose programs post to a request queue). */
  queueWords?: QueueWords;
  /** Its locks in its source's words, by the core's lock name (a lock without words is named as the core names it). */
  lockWords?: Readonly<Record<string, LockWords>>;
  /**
   * Its threads' names and words where they have roles the views name (SNA's TP 12,
   * HS 12, DLC 0 kprocs), from the run's thread count; without it a thread is "process
   * N" on a CPU tile and "thread N" elsewhere.
   */
  threads?: ThreadNames;
  /** The series style its runs are drawn in where runs are told apart (the scaling sweep, the lock table): the baseline's or the remedy's. */
  series: SeriesName;
  /** Its name on a chart's legend, where its title is not enough ("Classic kernel (I/O lock 8)"). */
  seriesLabel?: string;
  /** Whose words the views name its CPU modes in: OpenVMS's MONITOR MODES (MP
   * Synchronization, IPL 8 fork threads) or plain UNIX words (AIX, Linux, HP-UX). */
  vocabulary: ModeVocabulary;
  /** What the OpenVMS TCP/IP paper publishes for it, if it is one of the paper's kernels: its lock table then stands beside the published one. */
  paperLockTable?: PaperLockColumn;
  /** Its main throughput: what the scaling chart plots and a sweep over CPUs fits. */
  throughput: Throughput;
  /** The kernel the scaling sweep runs beside it, if any (without one, the sweep runs it alone). */
  sweepPartner?: string;
  /** The CPU counts its lab's scaling sweep offers first (default 1 to 32, every count). */
  sweepCpus?: SweepCpus;
  /** The scaling chart's fit in its terms: what serialises each request (the USL's sigma,
   * Amdahl's s) and what crosstalk grows with every pair of CPUs (the USL's kappa). */
  scalingTerms?: ScalingTerms;
  /** What Compare sets differently on side B for a scenario of this kernel. */
  pair(values: ScenarioValues): KernelPair;
  /** Words that tell two scenarios of this kernel apart in a side's title ("lockl (wake all)"). */
  sideWords(values: ScenarioValues): string[];
  /** The Compare page's rows (compare/metrics.ts ids, or its own compareMetrics' ids) shown when either side runs it; the headline ones. */
  compareRows: readonly string[];
  /** Compare rows of its own (read only from a side that runs a kernel contributing the row; the other side has none). */
  compareMetrics?: readonly CompareMetric[];
  /** Ready-made comparisons of its presets a class makes (Compare's buttons): side B a preset, or side A's counterpart (pair); `aCounterpart` takes A as the counterpart of its preset. */
  comparePairs?: readonly { id: string; label: string; a: string; b: string | 'counterpart'; aCounterpart?: boolean }[];
  headlineRows: readonly string[];
  /** Its part of the CLI's readable output (src/kernels/cli/), loaded only by the CLI. */
  cli(): Promise<KernelCli>;
  /** The CPU that takes the network interrupts, which the CPU grid marks, or undefined if
   * none does; without this hook it is machine.interrupt_cpu. */
  interruptCpu?(values: ScenarioValues): number | undefined;
  /** A companion run for the views shown, if one of them draws two runs side by side. */
  companion?(scenario: ScenarioValues, shown: readonly string[]): Companion | null;
}
