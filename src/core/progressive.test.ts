// progressive.test.ts -- the progressive sweep's pure parts (core/progressive.ts): the
// coarse-to-fine order, the dealing between workers, the batch-means interval; and,
// over the real core, that the interval is what it claims to be: an estimate of how far
// a run this short lands from another seed's.
import { describe, expect, it } from 'vitest';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';
import {
  batchEnds,
  batchMeans,
  coarseOrder,
  dealProgressive,
  progressiveOrder,
  provisionalFigure,
  PROVISIONAL,
  tQuantile95,
} from './progressive.js';
import { readSchema } from './schema.js';
import { validateScenario, type ScenarioValues } from './scenario.js';
import { Simulation } from './sim.js';
import type { Report, ReportMetricPath } from './report.js';

describe('the coarse-to-fine order', () => {
  it('over 1..32 CPUs: both ends, the middle, then the middles of each half (issue 40: 1, 32, 16, 8, 24, ...)', () => {
    const cpus = coarseOrder(32).map((i) => i + 1);
    expect(cpus.slice(0, 9)).toEqual([1, 32, 16, 8, 24, 4, 12, 20, 28]);
    expect(cpus.slice(9, 17)).toEqual([2, 6, 10, 14, 18, 22, 26, 30]);
  });

  it('is a permutation of 0..n-1 for every n', () => {
    for (let n = 0; n <= 130; n++) {
      const order = coarseOrder(n);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });

  it('puts the kernels side by side at each CPU count, in the order given', () => {
    const points = [1, 2, 3, 4].flatMap((cpus) => ['classic', 'scalable'].map((kernel) => ({ cpus, kernel })));
    expect(progressiveOrder(points).map((p) => `${p.kernel[0]}${p.cpus}`)).toEqual(['c1', 's1', 'c4', 's4', 'c2', 's2', 'c3', 's3']);
  });

  it('deals back and forth, so that neither of two workers gets one kernel only, each share in order', () => {
    const order = progressiveOrder([1, 2, 3, 4].flatMap((cpus) => ['classic', 'scalable'].map((kernel) => ({ cpus, kernel }))));
    const [a, b] = dealProgressive(order, 2);
    expect(a!.map((p) => `${p.kernel[0]}${p.cpus}`)).toEqual(['c1', 's4', 'c2', 's3']);
    expect(b!.map((p) => `${p.kernel[0]}${p.cpus}`)).toEqual(['s1', 'c4', 's2', 'c3']);
    expect(dealProgressive([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      [1, 6, 7],
      [2, 5],
      [3, 4],
    ]);
    expect(dealProgressive([1, 2], 0)).toEqual([[1, 2]]);
  });
});

describe('the provisional interval (batch means)', () => {
  it("is Student's t times the batches' standard error, the batches' rates read off cumulative rates", () => {
    // batches of 10 ns with rates 1, 3, 2, 2: cumulative rates over 10, 20, 30, 40 ns
    const { value, halfWidth } = batchMeans([10, 20, 30, 40], [1, 2, 2, 2]);
    expect(value).toBe(2);
    const sd = Math.sqrt(((1 - 2) ** 2 + (3 - 2) ** 2) / 3);
    expect(halfWidth).toBeCloseTo(3.182 * (sd / 2), 12);
  });

  it('has no width without two batches or with a figure missing', () => {
    expect(batchMeans([10], [5])).toEqual({ value: 5, halfWidth: NaN });
    expect(batchMeans([], [])).toEqual({ value: NaN, halfWidth: NaN });
    expect(batchMeans([10, 20], [5, NaN]).value).toBeNaN();
    expect(provisionalFigure([{ window_ns: 10 } as Report], undefined).value).toBeNaN();
  });

  it("Student's t: 12.706 at one degree of freedom, 2.365 at seven, the normal's 1.96 past thirty", () => {
    expect(tQuantile95(1)).toBe(12.706);
    expect(tQuantile95(7)).toBe(2.365);
    expect(tQuantile95(31)).toBe(1.96);
  });

  it('ends its batches evenly over the first fraction of the measurement window', () => {
    expect(batchEnds({ 'sim.warmup_ns': 40e6, 'sim.duration_ns': 400e6 }, { fraction: 1 / 16, batches: 8 })).toEqual(
      Array.from({ length: 8 }, (_, i) => 40e6 + 2.8125e6 * (i + 1)),
    );
  });
});

describe('the interval over the real core', async () => {
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);
  const preset = (name: string, overrides: ScenarioValues) => ({
    ...validateScenario(schema, readPreset(name)).values,
    ...overrides,
    'sim.trace_capacity': 0,
  });
  function provisional(values: ScenarioValues, path: ReportMetricPath) {
    const sim = Simulation.create(core, values);
    const reports: Report[] = [];
    for (const end of batchEnds(values)) {
      sim.runUntil(end);
      reports.push(sim.report());
    }
    sim.free();
    return provisionalFigure(reports, path);
  }

  // The interval claims to estimate the seed spread of a run this short: compare it with
  // the spread of the same short window over twelve seeds. Batch means of a correlated
  // run underestimate a little (lock convoys), so the check allows a factor of two either way.
  it.each([
    ['testbed-classic', 8, 'throughput.transmit_packets_per_s'],
    ['testbed-scalable', 24, 'throughput.transmit_packets_per_s'],
    ['service-tas', 16, 'service.requests_per_s'],
  ] as const)('%s at %i CPUs: the 95%% interval is about 1.96 of the seeds\u2019 standard deviations', (name, cpus, path) => {
    const figures = Array.from({ length: 12 }, (_, seed) =>
      provisional(preset(name, { 'machine.cpus': cpus, 'sim.seed': seed + 1 }), path),
    );
    const values = figures.map((f) => f.value);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const seedsSd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
    const claimedSd = figures.reduce((a, f) => a + f.halfWidth / tQuantile95(PROVISIONAL.batches - 1), 0) / figures.length;
    expect(claimedSd / seedsSd).toBeGreaterThan(0.5);
    expect(claimedSd / seedsSd).toBeLessThan(2);
  });
});
