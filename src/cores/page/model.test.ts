// The "Your own cores" page's pure part (model.ts): the worker counts offered, the
// simulator's scenario for each lock (the mapping to the service kernel's disciplines,
// the measured costs turned into ns) and the lab link that opens it, the chart's series
// and their fits, and the words and table rows.
import { describe, expect, it } from 'vitest';
import { decodeLabState } from '../../lab/url.js';
import { LOCK_ALGORITHMS, type MachineCosts, type PointResult, type RunResult } from '../types.js';
import { defaultWorkers } from '../runner.js';
import { pointSummary } from '../stats.js';
import {
  algorithmStyle,
  benchTimesNs,
  formatHandoff,
  formatNsShort,
  threadsWords,
  labHash,
  measuredSeries,
  nestValues,
  niceTop,
  oneThreadLoopNs,
  noSimulatorWords,
  simScenario,
  simulatedSeries,
  simVariants,
  summaryWords,
  tableRows,
  workerChoices,
  yTicks,
  SIM_DISCIPLINE,
} from './model.js';

const costs: MachineCosts = { lineTransferNs: 42.5, uncontendedNs: 18, spinNs: 0.5, cores: 4, settled: true };
const params = { criticalLines: 2, criticalSpins: 200, thinkSpins: 2000 };

function run(acq: number, workers: number): RunResult {
  return {
    params: { algorithm: 'tas', workers, criticalLines: 2, criticalSpins: 200, thinkSpins: 2000, durationMs: 150 },
    acquisitionsPerS: acq,
    perWorker: Array.from({ length: workers }, () => 100),
    fairness: 0.9,
    handoffNs: workers > 1 ? 250 : NaN,
    clockErrorNs: workers > 1 ? 120 : 0,
    counterExact: true,
  };
}

function point(algorithm: PointResult['algorithm'], workers: number, values: number[]): PointResult {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    algorithm,
    workers,
    runs: values.map((v) => run(v, workers)),
    median: sorted[sorted.length >> 1]!,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

describe('cores page model', () => {
  it('offers 1 to twice the cores, always the cores and twice them, and picks powers of two at first', () => {
    expect(workerChoices(2)).toEqual([1, 2, 3, 4]);
    expect(workerChoices(8)).toEqual([1, 2, 3, 4, 6, 8, 12, 16]);
    for (const cores of [1, 3, 6, 12, 64]) {
      const choices = workerChoices(cores);
      expect(choices[0]).toBe(1);
      expect(choices).toContain(cores);
      expect(choices[choices.length - 1]).toBe(Math.max(2, 2 * cores));
      expect(new Set(choices).size).toBe(choices.length);
      for (const n of defaultWorkers(cores)) expect(choices).toContain(n);
    }
    expect(defaultWorkers(6)).toEqual([1, 2, 4, 6, 8, 12]);
  });

  it('maps each lock to the simulator discipline that models it (ttas has none, and says so)', () => {
    expect(SIM_DISCIPLINE).toEqual({ tas: 'tas', ttas: null, ticket: 'ticket', mcs: 'mcs', futex: 'wake_one', wake_all: 'wake_all' });
    expect(simScenario('ttas', 4, params, costs)).toBeNull();
    expect(noSimulatorWords('ttas')).toMatch(/no discipline in the simulator/);
    expect(noSimulatorWords('mcs')).toBeNull();
  });

  it('builds the service scenario from the measured line cost and the bench times in ns', () => {
    expect(benchTimesNs(params, costs)).toEqual({ criticalNs: 200 * 0.5 + 18, thinkNs: 1000, calibrated: false });
    // calibrated from the 1-thread run: the loop's own cost counted in the critical section
    expect(benchTimesNs(params, costs, 1500)).toEqual({ criticalNs: 500, thinkNs: 1000, calibrated: true });
    expect(benchTimesNs(params, costs, 1050).calibrated).toBe(false); // faster than the parts: not believed
    expect(oneThreadLoopNs([point('tas', 1, [2e6]), point('tas', 2, [3e6]), point('mcs', 1, [1e6])])).toEqual({ tas: 500, mcs: 1000 });
    expect(simVariants(['mcs'], [2], params, costs, { mcs: 2000 })[0]!.values['service.critical.mean_ns']).toBe(1000);
    const values = simScenario('futex', 6, params, costs)!;
    expect(values).toMatchObject({
      'kernel.kind': 'service',
      'machine.cpus': 6,
      'machine.cache_transfer_ns': 42.5,
      'service.discipline': 'wake_one',
      'service.critical.dist': 'const',
      'service.critical.mean_ns': 118,
      'service.think.mean_ns': 1000,
      'service.state_lines': 2,
    });
    expect(values['sim.duration_ns']).toBeGreaterThanOrEqual(2e6);
    expect(values['sim.duration_ns']).toBeLessThanOrEqual(20e6);
    // one core: no line to pass, so the modern presets' 100 ns
    expect(simScenario('tas', 2, params, { ...costs, lineTransferNs: NaN })!['machine.cache_transfer_ns']).toBe(100);
    const variants = simVariants(LOCK_ALGORITHMS, [1, 2, 4], params, costs);
    expect(variants).toHaveLength(5 * 3);
    expect(variants.every((v) => v.label.includes('simulated'))).toBe(true);
  });

  it('links to the lab on the service kernel, in the format the lab reads', () => {
    const hash = labHash('ticket', 4, params, costs);
    expect(hash.startsWith('#/lab?s=')).toBe(true);
    const decoded = decodeLabState(hash.slice('#/lab?s='.length));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.shared.scenario).toMatchObject({
      kernel: { kind: 'service' },
      machine: { cpus: 4, cache_transfer_ns: 42.5 },
      service: { discipline: 'ticket', critical: { dist: 'const', mean_ns: 118 }, think: { mean_ns: 1000 } },
    });
    expect(JSON.stringify(decoded.shared.scenario)).not.toContain('duration_ns');
    // ttas opens the nearest: test-and-set
    const ttas = decodeLabState(labHash('ttas', 2, params, costs).slice(8));
    expect(ttas.ok && (ttas.shared.scenario as { service: { discipline: string } }).service.discipline).toBe('tas');
    expect(nestValues({ 'a.b': 1, 'a.c.d': 'x' })).toEqual({ a: { b: 1, c: { d: 'x' } } });
  });

  it('makes series with spread and fits, a round axis, rows and words', () => {
    const points = [
      point('tas', 1, [10e6, 11e6]),
      point('tas', 2, [14e6, 16e6]),
      point('tas', 4, [9e6, 12e6]),
      point('ttas', 1, [12e6, 12e6]),
    ];
    const measured = measuredSeries(points);
    expect(measured.map((s) => s.algorithm)).toEqual(['tas', 'ttas']);
    expect(measured[0]!.points.map((p) => [p.workers, p.min, p.max])).toEqual([
      [1, 10e6, 11e6],
      [2, 14e6, 16e6],
      [4, 9e6, 12e6],
    ]);
    expect(measured[0]!.fit.usl.ok).toBe(true);
    const simulated = simulatedSeries([
      { algorithm: 'tas', workers: 1, value: 9e6 },
      { algorithm: 'tas', workers: 2, value: 12e6 },
      { algorithm: 'tas', workers: 4, value: NaN },
    ]);
    expect(simulated[0]!.points).toHaveLength(2);
    const top = niceTop([...measured, ...simulated]);
    expect(top).toBeGreaterThanOrEqual(16e6);
    expect(top).toBeLessThan(25e6);
    const ticks = yTicks(top);
    expect(ticks[0]).toBe(0);
    expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(top);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    const rows = tableRows(points, [{ algorithm: 'tas', workers: 2, value: 12e6 }]);
    expect(rows[1]).toEqual(['test-and-set, 2 threads', '16 M/s', '14 M/s – 16 M/s', '0.900', '250 ns', 'every thread', '12 M/s']);
    expect(rows[3]![6]).toBe('no discipline');
    const starving = point('tas', 4, [5e6, 6e6]);
    starving.runs[1]!.perWorker = [10, 0, 0, 7];
    expect(pointSummary(starving).starved).toBe(2);
    expect(tableRows([starving], [])[0]![5]).toBe('2 threads got none');
    expect(pointSummary({ ...point('mcs', 1, [1e6]), runs: [{ ...run(1e6, 1), handoffNs: NaN }] }).handoff).toBeUndefined();
    expect(threadsWords(1)).toBe('1 thread');
    expect(threadsWords(4)).toBe('4 threads');
    expect(threadsWords(1.23)).toBe('1.2 threads');
    expect(formatHandoff({ ns: 250, atMost: false })).toBe(formatNsShort(250));
    expect(formatHandoff({ ns: 5_000, atMost: true })).toBe(`at most ${formatNsShort(5_000)}`);
    expect(formatHandoff({ ns: 0, atMost: true })).toMatch(/clock/);
    const words = summaryWords(measured, simulated, 4);
    expect(words).toMatch(/measured on this machine/);
    expect(words).toMatch(/test-and-set: measured best 16 M\/s at 2 threads.*simulated best 12 M\/s at 2/);
    expect(words).toMatch(/test-and-test-and-set.*not simulated/);
    expect(summaryWords([], [], 4)).toMatch(/press Start/);
  });

  it('gives every lock its own colour and marker, in both themes', () => {
    for (const theme of ['light', 'projector'] as const) {
      const styles = LOCK_ALGORITHMS.map((a) => algorithmStyle(a, theme));
      expect(new Set(styles.map((s) => s.colour)).size).toBe(6);
      expect(new Set(styles.map((s) => `${s.marker}${s.hollow}`)).size).toBe(6);
    }
  });
});
