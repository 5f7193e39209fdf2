// journey.test.ts -- the porting journey's logic: the remedies and the fields they
// set (checked against the core's own schema and the two SNA presets), the runs that
// measure a setting, the response derived when no transfer finished, the comparison
// in words, and the history of steps.
import { describe, expect, it } from 'vitest';
import { readSchema } from '../../../core/index.js';
import { loadCoreFromDisk } from '../../../core/node.js';
import { readPreset } from '../../../core/presets.js';
import type { Report, SnaReport } from '../../../core/report.js';
import { flattenScenario, type ScenarioValues } from '../../../core/scenario-values.js';
import { startVariantRun, variantFinished, type VariantRun } from '../../../core/sweep.js';
import {
  addStep,
  asPorted,
  HISTORY_LIMIT,
  journeyResult,
  journeyVariants,
  ratioWords,
  REMEDIES,
  remediesOn,
  remedyById,
  remedyNote,
  responseOf,
  scalingNumber,
  scalingWords,
  stepChange,
  stepSentence,
  withAllRemedies,
  withRemedy,
  type JourneyStep,
} from './journey.js';

const schema = readSchema(await loadCoreFromDisk());
const preset = (name: string) => flattenScenario(readPreset(name)) as ScenarioValues;
const asPortedPreset = preset('sna-as-ported');
const afterPortPreset = preset('sna-after-port');

function snaReport(sna: Partial<SnaReport>): Report {
  return {
    scenario: { sna: { transfer_bytes: 1_048_576 } },
    sna: { transfers_completed: 0, transfer_response_ns: 0, transfer_bytes_per_s: 0, round_trips_per_s: 0, round_trip_ns: 0, ...sna },
  } as unknown as Report;
}

/** A finished journey run of `values` whose 1-way and 4-way TP round trips took these times (the transfers twice as long). */
function finishedRun(seq: number, values: ScenarioValues, oneWayNs: number, fourWayNs: number): VariantRun {
  let run = startVariantRun(seq, journeyVariants(values));
  run = variantFinished(run, 0, {
    report: snaReport({ round_trip_ns: oneWayNs, transfers_completed: 1, transfer_response_ns: 2 * oneWayNs }),
  });
  run = variantFinished(run, 1, {
    report: snaReport({ round_trip_ns: fourWayNs, transfers_completed: 1, transfer_response_ns: 2 * fourWayNs }),
  });
  return { ...run, status: 'done' };
}

describe('the remedies', () => {
  it('are the source’s, in its order, each switching one field between two values the core knows', () => {
    expect(REMEDIES.map((remedy) => remedy.field)).toEqual([
      'sna.lock_kind',
      'sna.granularity',
      'sna.copy',
      'sna.search',
      'sna.snaipcm',
      'sna.lock_lines',
      'sna.post',
      'sna.alloc',
      'sna.table_lock',
    ]);
    expect(REMEDIES.map((remedy) => remedy.on)).toEqual([
      'simple',
      'data',
      'outside_lock',
      'hash',
      'passed',
      'separate',
      'after_unlock',
      'pool',
      'buckets',
    ]);
    for (const remedy of REMEDIES) {
      const field = schema.fields.find((f) => f.path === remedy.field);
      expect(field?.values, remedy.field).toEqual(expect.arrayContaining([remedy.on, remedy.off]));
      expect(remedy.explain.length, remedy.id).toBeLessThan(130); // one line, in plain words
    }
    expect(REMEDIES.filter((remedy) => remedy.deferred).map((remedy) => remedy.id)).toEqual(['bucket-locks']);
  });

  it('as ported and after the port are the two presets', () => {
    expect(remediesOn(asPortedPreset).every((on) => !on)).toBe(true);
    expect(remediesOn(afterPortPreset)).toEqual(REMEDIES.map((remedy) => !remedy.deferred));
    const fields = REMEDIES.map((remedy) => remedy.field);
    expect(asPorted(afterPortPreset)).toEqual({ ...afterPortPreset, ...pick(asPortedPreset, fields) });
    expect(withAllRemedies(asPortedPreset)).toEqual({ ...asPortedPreset, ...pick(afterPortPreset, fields) });
  });

  it('switch one field and nothing else', () => {
    const on = withRemedy(asPortedPreset, remedyById('hash-table'), true);
    expect(on).toEqual({ ...asPortedPreset, 'sna.search': 'hash' });
    expect(withRemedy(on, remedyById('hash-table'), false)).toEqual(asPortedPreset);
    // Apply all leaves the deferred remedy as it is.
    const buckets = withRemedy(asPortedPreset, remedyById('bucket-locks'), true);
    expect(withAllRemedies(buckets)['sna.table_lock']).toBe('buckets');
    expect(asPorted(buckets)['sna.table_lock']).toBe('table');
  });

  it('say when they change nothing without another, or when the field holds another value', () => {
    const buckets = withRemedy(asPortedPreset, remedyById('bucket-locks'), true);
    expect(remedyNote(buckets, remedyById('bucket-locks'))).toMatch(/until data locks are on/);
    expect(remedyNote(withRemedy(buckets, remedyById('data-locks'), true), remedyById('bucket-locks'))).toBeUndefined();
    expect(remedyNote(asPortedPreset, remedyById('bucket-locks'))).toBeUndefined(); // off: nothing to say
    const lines = withRemedy(asPortedPreset, remedyById('separate-lines'), true);
    expect(remedyNote(lines, remedyById('separate-lines'))).toMatch(/until memory pools are on/);
    expect(remedyNote({ ...asPortedPreset, 'sna.lock_kind': 'handoff' }, remedyById('simple-locks'))).toMatch(/“handoff”/);
  });
});

function pick(values: ScenarioValues, fields: string[]): ScenarioValues {
  return Object.fromEntries(fields.map((field) => [field, values[field]!]));
}

describe('measuring a setting', () => {
  it('runs the scenario on 1 CPU and on 4, moving an interrupt CPU the small machine lacks', () => {
    const variants = journeyVariants({ ...asPortedPreset, 'machine.cpus': 8, 'machine.interrupt_cpu': 2 });
    expect(variants.map((v) => v.label)).toEqual(['1-way (1 CPU)', '4-way (4 CPUs)']);
    expect(variants.map((v) => v.values['machine.cpus'])).toEqual([1, 4]);
    expect(variants.map((v) => v.values['machine.interrupt_cpu'])).toEqual([0, 2]);
    expect(variants[0]!.values['sna.lock_kind']).toBe('lockl');
  });

  it('takes the response the core measured when a transfer finished, else derives it from throughput', () => {
    expect(responseOf(snaReport({ transfers_completed: 2, transfer_response_ns: 7.5e8, transfer_bytes_per_s: 1e6 }))).toEqual({
      ns: 7.5e8,
      derived: false,
    });
    // 1 MiB at 262,144 bytes/s: 4 s.
    expect(responseOf(snaReport({ transfer_bytes_per_s: 262_144 }))).toEqual({ ns: 4e9, derived: true });
    expect(responseOf(snaReport({})).ns).toBeNaN();
    expect(responseOf({} as Report).ns).toBeNaN(); // not the SNA kernel
  });

  it('compares 4-way with 1-way: the ratio, the scaling factor and their words', () => {
    const result = journeyResult(finishedRun(1, asPortedPreset, 1e8, 1e9))!;
    expect(result.oneWay).toEqual({ ns: 1e8, derived: false });
    expect(result.transfer).toEqual({ oneWay: { ns: 2e8, derived: false }, nWay: { ns: 2e9, derived: false } });
    expect(result.ratio).toBeCloseTo(10);
    expect(result.scaling).toBeCloseTo(0.1);
    expect(ratioWords(result.ratio)).toBe('10× slower on 4 CPUs');
    expect(scalingWords(result.scaling)).toBe('0.1 of 4');
    expect(ratioWords(1 / 3.3)).toBe('3.3× faster on 4 CPUs');
    expect(scalingWords(3.3)).toBe('3.3 of 4');
    expect(ratioWords(1.03)).toBe('about as fast on 4 CPUs as on 1');
    expect(ratioWords(0.97)).toBe('about as fast on 4 CPUs as on 1');
    expect(ratioWords(23.4)).toBe('23× slower on 4 CPUs');
    expect(ratioWords(NaN)).toMatch(/no comparison/);
    expect(scalingNumber(0.043)).toBe('0.04');
    expect(scalingNumber(NaN)).toBe('–');
  });

  it('has no result until both runs have reports (a refused run leaves a reason instead)', () => {
    let run = startVariantRun(1, journeyVariants(asPortedPreset));
    run = variantFinished(run, 1, { report: snaReport({ transfers_completed: 1, transfer_response_ns: 1e9 }) });
    run = variantFinished(run, 0, { problems: [{ path: 'machine.cpus', message: 'No.' }] });
    expect(journeyResult(run)).toBeUndefined();
    expect(run.refusals[0]).toBe('1-way (1 CPU): the simulator did not accept this run: No.');
    expect(addStep([], { ...run, status: 'done' })).toEqual([]);
  });
});

describe('the history', () => {
  it('names each step by what changed since the last', () => {
    const none = REMEDIES.map(() => false);
    const port = REMEDIES.map((remedy) => !remedy.deferred);
    const simple = none.map((_, i) => i === 0);
    expect(stepChange(undefined, none)).toBe('As ported');
    expect(stepChange(undefined, port)).toBe('After the port');
    expect(stepChange(undefined, simple)).toBe('Start: Simple locks');
    expect(stepChange(none, simple)).toBe('Simple locks on');
    expect(stepChange(simple, none)).toBe('Simple locks off');
    expect(
      stepChange(
        simple,
        simple.map((on, i) => on || i === 3),
      ),
    ).toBe('Hash table on');
    expect(
      stepChange(
        none,
        none.map((_, i) => i < 2),
      ),
    ).toBe('Simple locks on and Data locks on');
    expect(stepChange(none, port)).toBe('Applied all remedies');
    expect(stepChange(port, none)).toBe('Reset to as ported');
    expect(stepChange(simple, simple)).toBe('Other settings changed');
  });

  it('grows by one step per finished run of a new setting, and keeps the newest', () => {
    let history: readonly JourneyStep[] = [];
    history = addStep(history, finishedRun(1, asPortedPreset, 1e8, 1e9));
    const simple = withRemedy(asPortedPreset, remedyById('simple-locks'), true);
    history = addStep(history, { ...finishedRun(2, simple, 1e8, 5e8), status: 'running' }); // not finished: not a step
    history = addStep(history, finishedRun(2, simple, 1e8, 5e8));
    history = addStep(history, finishedRun(2, simple, 1e8, 5e8)); // the same run again
    history = addStep(history, finishedRun(3, simple, 1e8, 5e8)); // the same setting again
    expect(history.map((step) => step.change)).toEqual(['As ported', 'Simple locks on']);
    expect(history.map((step) => stepSentence(step))).toEqual([
      'As ported: 10× slower on 4 CPUs, scaling 0.1 of 4.',
      'Simple locks on: 5.0× slower on 4 CPUs, scaling 0.2 of 4.',
    ]);
    history = addStep(history, finishedRun(4, withAllRemedies(asPortedPreset), 3.3e8, 1e8));
    expect(history.at(-1)!.change).toBe('Applied all remedies');
    expect(stepSentence(history.at(-1)!)).toBe('Applied all remedies: 3.3× faster on 4 CPUs, scaling 3.3 of 4.');
    let long = history;
    for (let seq = 5; seq < 5 + HISTORY_LIMIT + 3; seq++) {
      long = addStep(long, finishedRun(seq, { ...asPortedPreset, 'sim.seed': seq }, 1e8, 1e9));
    }
    expect(long).toHaveLength(HISTORY_LIMIT);
    expect(long.at(-1)!.seq).toBe(HISTORY_LIMIT + 7);
  });
});
