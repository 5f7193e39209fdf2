/*
 * Sketch the curve: the verdict compares shape (each step's direction, the peak), a
 * sketch reads from and into saved progress, and the parser explains a sketch that
 * cannot be compared with the lab's runs.
 */
import { describe, expect, it } from 'vitest';
import { presetNames, readPreset } from '../core/presets.js';
import type { PredictSketch } from './components.js';
import { LessonParseError, parseLesson } from './parse.js';
import { loadProgress, type ProgressStorage } from './progress.js';
import { lesson } from './testing/tiny-lesson.js';
import { directions, peakIndex, sketchFit, sketchVerdict, snap, startValues } from './sketch.js';

const sketch: PredictSketch = { field: 'machine.cpus', at: [2, 4, 8, 16, 32], label: 'CPUs', unit: 'packets/s', max: 60000, step: 1000 };

describe('the sketch verdict', () => {
  it('reads each step as up, down or level (within 5% of the top)', () => {
    expect(directions([10, 20, 20.5, 5])).toEqual(['up', 'flat', 'down']);
    expect(peakIndex([3, 9, 9, 1])).toBe(1);
  });
  it("says when the sketch has the runs' shape", () => {
    const verdict = sketchVerdict(sketch, [5000, 10000, 20000, 40000, 20000], [7000, 14000, 27000, 41000, 18600]);
    expect(verdict).toMatchObject({ sameSteps: 4, steps: 4 });
    expect(verdict.text).toBe('Your sketch has the shape the runs measured: every step goes the way it went. Both are highest at 16 CPUs.');
  });
  it('names the first step it got wrong, and where each curve peaks', () => {
    const verdict = sketchVerdict(sketch, [5000, 10000, 20000, 40000, 60000], [7000, 14000, 27000, 41000, 18600]);
    expect(verdict.sameSteps).toBe(3);
    expect(verdict.text).toBe(
      'Your sketch goes the way the runs went on 3 of 4 steps. From 16 CPUs to 32 CPUs the runs went down; your sketch went up. The runs are highest at 16 CPUs; your sketch at 32 CPUs.',
    );
  });
  it("keeps a dragged value on the axis's grid", () => {
    expect(snap(sketch, 12345)).toBe(12000);
    expect(snap(sketch, -5)).toBe(0);
    expect(snap(sketch, 1e9)).toBe(60000);
    expect(startValues(sketch)).toEqual([30000, 30000, 30000, 30000, 30000]);
  });
});

function memory(text: string): ProgressStorage {
  return { getItem: () => text, setItem: () => {}, removeItem: () => {} };
}

describe('a sketch in saved progress', () => {
  it('is read back, and a damaged one is dropped', () => {
    const saved = (values: unknown) =>
      JSON.stringify({
        version: 1,
        seed: 7,
        lessons: { l: { predictions: { s: { kind: 'sketch', values, at: '2026-11-25T00:00:00Z' } }, labs: {}, checks: {} } },
      });
    expect(loadProgress(memory(saved([1, 2, 3]))).data.lessons.l?.predictions.s).toEqual({
      kind: 'sketch',
      values: [1, 2, 3],
      at: '2026-11-25T00:00:00Z',
    });
    expect(loadProgress(memory(saved([1, 'x']))).data.lessons.l?.predictions.s).toBeUndefined();
    expect(loadProgress(memory(saved([]))).data.lessons.l?.predictions.s).toBeUndefined();
  });
});

const presets = Object.fromEntries(presetNames().map((name) => [name, readPreset(name)]));
const sketchLesson = (at: string, compareRun = '') =>
  lesson({
    predict: `id: guess
question: Sketch it.
sketch: { field: machine.cpus, at: ${at}, label: CPUs, unit: packets/s, max: 60000, step: 1000 }`,
    lab: `id: run-it
scenario: testbed
controls: [machine.cpus]
views: [cpu-grid]
task:
  text: Run it.
  runs:
    - { machine.cpus: 2 }
    - { machine.cpus: 4 }
    - { machine.cpus: 8 }
  record: [transmit_packets_per_s]`,
    compare: `predict: guess
lab: run-it
metric: transmit_packets_per_s${compareRun}`,
  });

function problems(text: string): string[] {
  try {
    parseLesson('lessons/tiny.md', text, { presets });
    return [];
  } catch (error) {
    if (error instanceof LessonParseError) return error.problems.map((p) => `${p.line}: ${p.message}`);
    throw error;
  }
}

describe('the parser and a sketch', () => {
  it("takes a sketch whose every point is one of the lab's runs", () => {
    expect(problems(sketchLesson('[2, 4, 8]'))).toEqual([]);
  });
  it('explains a point with no run, points out of order, and a compare that names a run', () => {
    expect(problems(sketchLesson('[2, 4, 16]')).join('\n')).toMatch(
      /has a point at machine\.cpus = 16, but lab "run-it"'s task has no run with that value alone/,
    );
    expect(problems(sketchLesson('[4, 2, 8]')).join('\n')).toMatch(/are not in increasing order/);
    expect(problems(sketchLesson('[2, 4, 8]', '\nrun: { machine.cpus: 2 }')).join('\n')).toMatch(/it takes no run/);
  });
});

describe('sketchFit', () => {
  const cpus = { field: 'machine.cpus', at: [8, 16, 32, 64, 128], label: 'CPUs', unit: 'requests/s', max: 1e6, step: 1000 };
  it('recovers a USL curve and says where it peaks', () => {
    const truth = { x1: 50000, sigma: 0.02, kappa: 0.0005 };
    const curve = cpus.at.map((n) => (truth.x1 * n) / (1 + truth.sigma * (n - 1) + truth.kappa * n * (n - 1)));
    const fit = sketchFit(cpus, curve, 'requests/s')!;
    fit.fitted.forEach((value, i) => expect(value).toBeCloseTo(curve[i]!, -1));
    expect(fit.text).toContain('σ = 0.02');
    expect(fit.text).toContain('κ = 0.0005');
    expect(fit.text).toMatch(/peaks at about 44 CPUs \(about [\d,]+ requests\/s\) and falls after it/);
    // the runs peak at 32 (between 16 and 64, where the fit puts its peak): a good fit, its X1 fitted
    expect(fit.verdict).toBe('good');
    expect(fit.text).toMatch(
      /^The Universal Scalability Law fitted to your runs \(the simulator's, not a source's\) is a good fit: the fit's peak/,
    );
    expect(fit.text).toContain("one CPU's throughput is fitted too, as there is no run at 1 CPU");
  });
  it('says a poor fit is one, and that its peak is no prediction', () => {
    // linear to 32 CPUs, then a collapse sharper than the law's curve can follow
    const fit = sketchFit(cpus, [400000, 800000, 1600000, 500000, 250000], 'requests/s')!;
    expect(fit.verdict).toBe('poor');
    expect(fit.fitted).toHaveLength(5);
    expect(fit.text).toMatch(
      /^The Universal Scalability Law fitted to your runs \(the simulator's, not a source's\) is a POOR FIT: the fit's peak/,
    );
    expect(fit.text).toMatch(
      /its curve peaks at about \d+ CPUs \(about [\d,]+ requests\/s\), but a poor fit's peak is not a prediction\.$/,
    );
    expect(fit.text).not.toMatch(/NaN|undefined|Infinity/);
  });
  it("says so first when the fitted curve stays below the runs' highest point, even when its peak is in the right place", () => {
    // One lock for every CPU's sweep in the shape the issue saw: the runs peak sharply at
    // 16 CPUs; the law's curve peaks there too, but a fifth lower than the run.
    const at = { ...cpus, at: [2, 4, 8, 16, 32], unit: 'packets/s' };
    const runs = [6900, 13600, 26000, 40753, 26000];
    const fit = sketchFit(at, runs, 'packets/s')!;
    expect(fit.verdict).toBe('good');
    expect(fit.missesTop).toBe(true);
    expect(Math.max(...fit.fitted)).toBeLessThan(0.95 * 40753);
    expect(fit.text).toMatch(
      /^The Universal Scalability Law fitted to your runs \(the simulator's, not a source's\) is a fit of their shape, not of their top: /,
    );
    expect(fit.text).toMatch(
      /It does not describe the top of your runs: your runs are highest at 16 CPUs \(40,753 packets\/s\), and the fitted curve never gets that high: its peak, about [\d,]+ at about 16 CPUs, is 19% lower\. .* where this machine peaks is what your runs show, not what the fit says\./,
    );
    expect(fit.text).toMatch(/but a curve that misses the runs' top has a peak that is not a prediction\.$/);
    expect(fit.text).not.toContain('and falls after it');
    // A poor fit that misses the top says where the runs peak, once.
    const poor = sketchFit(at, [7060, 13830, 26900, 40753, 18600], 'packets/s')!;
    expect(poor.verdict).toBe('poor');
    expect(poor.text).toContain(
      'So it does not describe the top of your runs: where this machine peaks is what your runs show (16 CPUs, 40,753 packets/s), not what the fit says.',
    );
    // A curve that reaches the runs' top says nothing of the kind.
    const truth = cpus.at.map((n) => (50000 * n) / (1 + 0.02 * (n - 1) + 0.0005 * n * (n - 1)));
    expect(sketchFit(cpus, truth, 'requests/s')!.missesTop).toBe(false);
  });

  it('fits nothing along another field, and says why it cannot fit too few points', () => {
    expect(sketchFit({ ...cpus, field: 'net.offered_pps' }, [1, 2, 3, 4, 5], 'x')).toBeUndefined();
    const few = sketchFit({ ...cpus, at: [8, 16] }, [1, 2], 'x')!;
    expect(few.fitted).toEqual([]);
    expect(few.text).toMatch(/^No scalability fit of these runs: /);
  });
});
