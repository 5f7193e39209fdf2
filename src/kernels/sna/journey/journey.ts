/*
 * journey.ts -- the porting journey of SNA Server/6000 to AIX SMP, as pure logic: the
 * source's remedies in its order, each a scenario switch (sna.*); the two runs that
 * measure a setting (the scenario on 1 CPU and on 4, to the end, tracing off); the TP
 * response time (the sessions' round trip) and the measured transfer's response time
 * from each report; the comparison in the source's
 * words ("10× slower on 4 CPUs", "scaling 3.3 of 4"); and the history of the steps a
 * learner took.
 *
 * Source: "SNA Server/6000 Performance on SMP", Bulka, Hermanson, Selvaggi, Sime (IBM
 * AIXpert). Nothing here holds a measured number: every figure comes from the core's
 * reports.
 */
import type { Report } from '../../../core/report.js';
import { transferResponseNs } from '../transfer.js';
import type { ScenarioValues } from '../../../core/scenario-values.js';
import { withCpus, type Variant, type VariantRun } from '../../../core/sweep.js';
import { formatCount, formatOne, listWords, plural } from '../../../views/format.js';

export type RemedyId =
  | 'simple-locks'
  | 'data-locks'
  | 'copy-outside'
  | 'hash-table'
  | 'pass-snaipcm'
  | 'separate-lines'
  | 'post-after-unlock'
  | 'memory-pools'
  | 'bucket-locks';

export interface Remedy {
  id: RemedyId;
  /** The scenario field the remedy switches. */
  field: string;
  /** Its value as first ported, and with the remedy. */
  off: string;
  on: string;
  /** The checkbox's name. */
  title: string;
  /** A few words for the history ("Simple locks on"). */
  short: string;
  /** What the remedy changes, in one plain line. */
  explain: string;
  /** The source deferred it (it was not part of the port). */
  deferred?: boolean;
  /** Another remedy without which this one changes nothing in the model, and why. */
  needs?: { remedy: RemedyId; words: string };
}

/** The remedies in the source's order; the deferred one last. */
export const REMEDIES: readonly Remedy[] = [
  {
    id: 'simple-locks',
    field: 'sna.lock_kind',
    off: 'lockl',
    on: 'simple',
    title: 'Simple locks instead of lockl',
    short: 'Simple locks',
    explain: 'A waiting thread spins briefly on its CPU instead of sleeping and being woken together with every other waiter.',
  },
  {
    id: 'data-locks',
    field: 'sna.granularity',
    off: 'region',
    on: 'data',
    title: 'Data locks instead of the region lock',
    short: 'Data locks',
    explain: 'Each session’s data has its own lock, so threads working for different sessions stop waiting for each other.',
  },
  {
    id: 'copy-outside',
    field: 'sna.copy',
    off: 'inside_lock',
    on: 'outside_lock',
    title: 'Copy outside the critical section',
    short: 'Copy outside the lock',
    explain: 'The user’s data is copied before the lock is taken, so the lock is held for less time.',
  },
  {
    id: 'hash-table',
    field: 'sna.search',
    off: 'list',
    on: 'hash',
    title: 'Hash table instead of a list',
    short: 'Hash table',
    explain: 'Finding a session under the lock takes one hash lookup instead of walking half the sessions in a list.',
  },
  {
    id: 'pass-snaipcm',
    field: 'sna.snaipcm',
    off: 'hash_table',
    on: 'passed',
    title: 'Pass the snaipcm along',
    short: 'snaipcm passed along',
    explain: 'The mbuf-to-snaipcm mapping is made once when the mbuf arrives and travels with it: no more locked lookups.',
  },
  {
    id: 'separate-lines',
    field: 'sna.lock_lines',
    off: 'shared',
    on: 'separate',
    title: 'Separate cache lines for hot locks',
    short: 'Separate cache lines',
    explain: 'Busy locks no longer share one 32-byte cache line, so CPUs stop stealing the line from each other.',
    needs: { remedy: 'memory-pools', words: 'Changes nothing until memory pools are on: the hot locks are the pools’.' },
  },
  {
    id: 'post-after-unlock',
    field: 'sna.post',
    off: 'under_lock',
    on: 'after_unlock',
    title: 'Post after unlock',
    short: 'Post after unlock',
    explain: 'The next thread is woken after the lock is released, so it can run at once instead of waiting for that lock.',
  },
  {
    id: 'memory-pools',
    field: 'sna.alloc',
    off: 'xmalloc',
    on: 'pool',
    title: 'Memory pools',
    short: 'Memory pools',
    explain: 'Buffers come from SNA’s own per-CPU pools of same-size chunks, not from xmalloc behind one system-wide lock.',
  },
  {
    id: 'bucket-locks',
    field: 'sna.table_lock',
    off: 'table',
    on: 'buckets',
    title: 'Bucket locks',
    short: 'Bucket locks',
    deferred: true,
    explain: 'A lock for each hash bucket instead of one for the whole connection table, so lookups in different buckets run together.',
    needs: {
      remedy: 'data-locks',
      words: 'Changes nothing until data locks are on: with the region lock there is no table lock to split.',
    },
  },
];

/** The machines the journey compares, as the source did: 1-way and 4-way. */
export const JOURNEY_CPUS = [1, 4] as const;
const [ONE_WAY, N_WAY] = JOURNEY_CPUS;

export function remedyById(id: RemedyId): Remedy {
  return REMEDIES.find((remedy) => remedy.id === id)!;
}

export function remedyOn(values: ScenarioValues, remedy: Remedy): boolean {
  return values[remedy.field] === remedy.on;
}

/** Which remedies are on, in REMEDIES order. */
export function remediesOn(values: ScenarioValues): boolean[] {
  return REMEDIES.map((remedy) => remedyOn(values, remedy));
}

/** The scenario with a remedy switched on or off (nothing else changes). */
export function withRemedy(values: ScenarioValues, remedy: Remedy, on: boolean): ScenarioValues {
  return { ...values, [remedy.field]: on ? remedy.on : remedy.off };
}

/** The scenario as first ported: every remedy off. */
export function asPorted(values: ScenarioValues): ScenarioValues {
  return REMEDIES.reduce((next, remedy) => withRemedy(next, remedy, false), values);
}

/** Every remedy the source made switched on; the deferred one stays as it is. */
export function withAllRemedies(values: ScenarioValues): ScenarioValues {
  return REMEDIES.reduce((next, remedy) => (remedy.deferred ? next : withRemedy(next, remedy, true)), values);
}

/**
 * A note for a remedy's checkbox, if it needs one: it changes nothing without another
 * remedy, or its field holds a value that is neither setting (hand-off locks, say).
 */
export function remedyNote(values: ScenarioValues, remedy: Remedy): string | undefined {
  const value = values[remedy.field];
  if (value !== undefined && value !== remedy.on && value !== remedy.off) {
    return `Now set to “${String(value)}” (${remedy.field}); switching it sets “${remedy.on}” or “${remedy.off}”.`;
  }
  if (remedy.needs && remedyOn(values, remedy) && !remedyOn(values, remedyById(remedy.needs.remedy))) return remedy.needs.words;
  return undefined;
}

/** The runs that measure a setting: the scenario on 1 CPU and on 4, each to its end. */
export function journeyVariants(values: ScenarioValues): Variant[] {
  return JOURNEY_CPUS.map((cpus) => ({ label: `${cpus}-way (${plural(cpus, 'CPU')})`, values: withCpus(values, cpus) }));
}

// ---- measuring -----------------------------------------------------------------------

export interface Response {
  /** Response time of the measured transfer in ns (NaN: nothing moved). */
  ns: number;
  /** No transfer finished in the run: the time is its size over the bytes moved per second. */
  derived: boolean;
}

/**
 * The measured transfer's response time: the report's own when a transfer finished,
 * otherwise the transfer's size divided by the bytes it moved per second.
 */
export function responseOf(report: Report): Response {
  const sna = report.sna;
  if (!sna) return { ns: NaN, derived: false };
  if (sna.transfers_completed > 0 && sna.transfer_response_ns > 0) return { ns: sna.transfer_response_ns, derived: false };
  return { ns: transferResponseNs(report), derived: true };
}

/** The TP response time: the sessions' mean round trip, as the TPs see it. */
export function tpResponseOf(report: Report): Response {
  const ns = report.sna?.round_trip_ns ?? NaN;
  return { ns: ns > 0 ? ns : NaN, derived: false };
}

export interface JourneyResult {
  /** TP response time (the sessions' round trip), which the comparison is made on. */
  oneWay: Response;
  nWay: Response;
  /** The measured 1 MB transfer's response time, shown beside it. */
  transfer: { oneWay: Response; nWay: Response };
  /** 4-way TP response / 1-way TP response: above 1, the bigger machine is slower. */
  ratio: number;
  /** 1-way response / 4-way response: the scaling factor, at most 4 for perfect scaling. */
  scaling: number;
}

/** The comparison, once both runs of a journey run have their reports. */
export function journeyResult(run: VariantRun): JourneyResult | undefined {
  const [oneReport, nReport] = run.reports;
  if (!oneReport || !nReport) return undefined;
  const oneWay = tpResponseOf(oneReport);
  const nWay = tpResponseOf(nReport);
  const transfer = { oneWay: responseOf(oneReport), nWay: responseOf(nReport) };
  return { oneWay, nWay, transfer, ratio: nWay.ns / oneWay.ns, scaling: oneWay.ns / nWay.ns };
}

/** A factor for "N×": 10 and above whole, below that one decimal ("3.3"). */
export function timesNumber(factor: number): string {
  return factor >= 9.95 ? formatCount(factor) : formatOne(factor);
}

/** The 4-way/1-way comparison in words: "10× slower on 4 CPUs", "3.3× faster on 4 CPUs". */
export function ratioWords(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio <= 0) return 'no comparison: a run moved no data';
  if (timesNumber(ratio) === '1.0' || timesNumber(1 / ratio) === '1.0') return `about as fast on ${N_WAY} CPUs as on ${ONE_WAY}`;
  return ratio > 1 ? `${timesNumber(ratio)}× slower on ${N_WAY} CPUs` : `${timesNumber(1 / ratio)}× faster on ${N_WAY} CPUs`;
}

/** The scaling factor "of 4": "3.3", "0.1", "0.04". */
export function scalingNumber(scaling: number): string {
  if (!Number.isFinite(scaling)) return '–';
  return scaling >= 0.095 ? formatOne(scaling) : String(Number(scaling.toPrecision(1)));
}

export function scalingWords(scaling: number): string {
  return `${scalingNumber(scaling)} of ${N_WAY}`;
}

// ---- the history ---------------------------------------------------------------------

export interface JourneyStep {
  /** The variant run it came from. */
  seq: number;
  /** The runs' key: a step is recorded once for the same scenario in a row. */
  key: string;
  /** Which remedies were on, in REMEDIES order. */
  remedies: boolean[];
  /** What changed since the step before, in words. */
  change: string;
  result: JourneyResult;
}

/** The most steps the history keeps (the oldest go first). */
export const HISTORY_LIMIT = 30;

const isPort = (on: readonly boolean[]) => REMEDIES.every((remedy, i) => on[i] === !remedy.deferred);

/** What changed from one step to the next, in words: "Simple locks on", "Reset to as ported". */
export function stepChange(before: readonly boolean[] | undefined, after: readonly boolean[]): string {
  const none = after.every((on) => !on);
  if (!before) {
    if (none) return 'As ported';
    if (isPort(after)) return 'After the port';
    return `Start: ${listWords(REMEDIES.filter((_, i) => after[i]).map((remedy) => remedy.short))}`;
  }
  const changed = REMEDIES.filter((_, i) => before[i] !== after[i]);
  if (changed.length === 0) return 'Other settings changed';
  if (changed.length > 1 && none) return 'Reset to as ported';
  if (changed.length > 1 && isPort(after)) return 'Applied all remedies';
  return listWords(changed.map((remedy) => `${remedy.short} ${after[REMEDIES.indexOf(remedy)] ? 'on' : 'off'}`));
}

/** The history with a finished run added (unless it measured what the last step did). */
export function addStep(history: readonly JourneyStep[], run: VariantRun): readonly JourneyStep[] {
  const result = journeyResult(run);
  const first = run.variants[0];
  if (run.status !== 'done' || !result || !first) return history;
  const last = history[history.length - 1];
  if (last && (last.seq === run.seq || last.key === run.key)) return history;
  const remedies = remediesOn(first.values);
  const step: JourneyStep = { seq: run.seq, key: run.key, remedies, change: stepChange(last?.remedies, remedies), result };
  return [...history, step].slice(-HISTORY_LIMIT);
}

/** One step in a sentence, for screen readers and the history list. */
export function stepSentence(step: Pick<JourneyStep, 'change' | 'result'>): string {
  return `${step.change}: ${ratioWords(step.result.ratio)}, scaling ${scalingWords(step.result.scaling)}.`;
}
