/*
 * The compare page's logic: which scenarios pair up and how a link carries them
 * (pairing.ts), the figures and their differences in words (metrics.ts, on real runs
 * of the core), and the locked clock (clock.ts) driving two fake sides.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, validateScenario, Simulation, type ScenarioValues } from '../../core/index.js';
import { loadCoreFromDisk } from '../../core/node.js';
import { listPresets, readPreset } from '../../core/presets.js';
import { flattenScenario } from '../../core/scenario-values.js';
import { encodeLabState, DEFAULT_VIEW_STATE } from '../url.js';
import { LockedClock, type ClockSide, type SideClockState } from './clock.js';
import { cpuRows, describeDiff, formatValue, metricRows, type MetricRow } from './metrics.js';
import { compareQuery, compareSides, counterpart, counterpartPreset, pairField, planComparison, type PresetLookup } from './pairing.js';
import { scenarioDifferences, sideTitle } from './words.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

const presetNames = listPresets().map((p) => p.name);
const presets: PresetLookup = {
  names: presetNames,
  values: (name) => (presetNames.includes(name) ? (flattenScenario(readPreset(name)) as ScenarioValues) : undefined),
  title: (name) => name,
};

describe('pairing', () => {
  it('pairs classic with scalable, lockl with simple, home RAD with CPU affinity', () => {
    expect(counterpart({ 'kernel.kind': 'classic', 'machine.cpus': 16 })).toEqual({ 'kernel.kind': 'scalable', 'machine.cpus': 16 });
    expect(counterpart({ 'kernel.kind': 'scalable' })['kernel.kind']).toBe('classic');
    expect(counterpart({ 'kernel.kind': 'sna', 'sna.lock_kind': 'lockl' })['sna.lock_kind']).toBe('simple');
    expect(counterpart({ 'kernel.kind': 'sna', 'sna.lock_kind': 'simple' })['sna.lock_kind']).toBe('lockl');
    expect(counterpart({ 'kernel.kind': 'numa', 'numa.placement': 'home_rad' })['numa.placement']).toBe('cpu_affinity');
    expect(counterpart({ 'kernel.kind': 'numa', 'numa.placement': 'cpu_affinity' })['numa.placement']).toBe('home_rad');
    expect(pairField({}).path).toBe('kernel.kind');
  });

  it('keeps the baseline on side A and the remedy on B, whichever the lab runs', () => {
    const sides = (values: ScenarioValues) => {
      const { a, b } = compareSides(values);
      return [a, b];
    };
    expect(sides({ 'kernel.kind': 'scalable', 'machine.cpus': 16 }).map((v) => v['kernel.kind'])).toEqual(['classic', 'scalable']);
    expect(sides({ 'kernel.kind': 'classic', 'machine.cpus': 16 }).map((v) => v['kernel.kind'])).toEqual(['classic', 'scalable']);
    expect(sides({ 'kernel.kind': 'scalable', 'machine.cpus': 16 })[0]!['machine.cpus']).toBe(16);
    expect(sides({ 'kernel.kind': 'sna', 'sna.lock_kind': 'simple' }).map((v) => v['sna.lock_kind'])).toEqual(['lockl', 'simple']);
    expect(sides({ 'kernel.kind': 'sna', 'sna.lock_kind': 'lockl' }).map((v) => v['sna.lock_kind'])).toEqual(['lockl', 'simple']);
    expect(sides({ 'kernel.kind': 'numa', 'numa.placement': 'cpu_affinity' }).map((v) => v['numa.placement'])).toEqual([
      'home_rad',
      'cpu_affinity',
    ]);
    expect(sides({ 'kernel.kind': 'service', 'service.discipline': 'mcs' }).map((v) => v['service.discipline'])).toEqual(['ticket', 'mcs']);
    expect(sides({ 'kernel.kind': 'service', 'service.discipline': 'tas' }).map((v) => v['service.discipline'])).toEqual(['tas', 'mcs']);
    expect(sides({ 'kernel.kind': 'service', 'service.discipline': 'partition' }).map((v) => v['service.discipline'])).toEqual([
      'delegate',
      'partition',
    ]);
  });

  it("finds the preset that is exactly a preset's counterpart", () => {
    expect(counterpartPreset('testbed-classic', presets)).toBe('testbed-scalable');
    expect(counterpartPreset('testbed-scalable', presets)).toBe('testbed-classic');
    expect(counterpartPreset('gs160', presets)).toBeUndefined();
  });

  it('reads presets and lab encodings on either side', () => {
    const lab = encodeLabState(
      schema,
      { ...(flattenScenario(readPreset('testbed-classic')) as ScenarioValues), 'machine.cpus': 8 },
      { ...DEFAULT_VIEW_STATE, theme: 'projector' },
    );
    const plan = planComparison(compareQuery(lab, 'testbed-scalable'), presets);
    expect(plan.problems).toEqual([]);
    expect(plan.a.source.kind).toBe('link');
    expect(plan.a.values['machine.cpus']).toBe(8);
    expect(plan.b.source).toEqual({ kind: 'preset', name: 'testbed-scalable' });
    expect(plan.view?.theme).toBe('projector');
  });

  it("fills a missing side: A the classic testbed, B A's counterpart (a preset when one matches)", () => {
    const none = planComparison('', presets);
    expect(none.problems).toEqual([]);
    expect(none.a.source).toEqual({ kind: 'preset', name: 'testbed-classic' });
    expect(none.b.source).toEqual({ kind: 'preset', name: 'testbed-scalable' });
    const gs = planComparison('a=gs160', presets);
    expect(gs.b.source).toEqual({ kind: 'counterpart' });
    expect(gs.b.values['numa.placement']).toBe('cpu_affinity');
  });

  it('says what is wrong with a malformed link, side by side, and still gives two scenarios', () => {
    const plan = planComparison('a=testbed-clasic&b=N4Ig!!broken&zoom=2', presets);
    expect(plan.problems).toHaveLength(3);
    expect(plan.problems[0]).toMatch(/zoom=/);
    expect(plan.problems[1]).toMatch(/^Side A of this link could not be read: there is no preset named "testbed-clasic"/);
    expect(plan.problems[1]).toMatch(/Side A shows the preset testbed-classic instead\.$/);
    expect(plan.problems[2]).toMatch(/^Side B of this link could not be read: the b= part contains characters a StackLab link never has/);
    expect(plan.problems[2]).toMatch(/Side B shows side A's scenario on the Scalable Kernel instead\.$/);
    expect(plan.a.values['kernel.kind']).toBe('classic');
    expect(plan.b.values['kernel.kind']).toBe('scalable');
    expect(planComparison('a=&b=testbed-scalable', presets).problems[0]).toMatch(/Side A .*: it is empty\./);
  });

  it("names the sides and lists what differs in the panel's words", () => {
    const a = validateScenario(schema, readPreset('testbed-classic')).values;
    const b = validateScenario(schema, readPreset('testbed-scalable')).values;
    expect(sideTitle(a)).toBe('Classic kernel · 16 CPUs');
    expect(sideTitle(b)).toBe('Scalable Kernel · 16 CPUs');
    expect(scenarioDifferences(schema, a, b)).toEqual([
      { path: 'kernel.kind', label: 'Kernel', a: 'Classic: one global lock', b: 'Scalable: KRPs to one CPU' },
    ]);
    expect(scenarioDifferences(schema, a, a)).toEqual([]);
  });
});

describe('differences in words', () => {
  const row = (over: Partial<MetricRow>): MetricRow => ({ id: 'x', label: 'X', detail: '', unit: 'pct', a: 30, b: 2, ...over });

  it('writes B − A with its sign, its unit and what it means', () => {
    expect(describeDiff(row({ better: 'lower' }))).toMatchObject({
      text: '\u221228.0 points',
      words: 'B is lower (better)',
      verdict: 'better',
      value: -28,
    });
    expect(describeDiff(row({ unit: 'rate', a: 41000, b: 55350, better: 'higher' }))).toMatchObject({
      text: '+14,350/s (+35%)',
      verdict: 'better',
    });
    expect(describeDiff(row({ unit: 'rate', a: 55350, b: 41000, better: 'higher' }))).toMatchObject({
      text: '\u221214,350/s (\u221226%)',
      words: 'B is lower (worse)',
      verdict: 'worse',
    });
    expect(describeDiff(row({ unit: 'ns', a: 2000, b: 3500 }))).toMatchObject({
      text: '+1.5 µs (+75%)',
      words: 'B is higher',
      verdict: 'neutral',
    });
    expect(describeDiff(row({ a: 50, b: 50.1 }))).toMatchObject({ text: '±0.1 points', words: 'about the same', verdict: 'same' });
    expect(describeDiff(row({ a: NaN, b: 10.6 }))).toMatchObject({ text: '–', words: 'not comparable: only B has it', verdict: 'none' });
    expect(formatValue('pct', 27.44)).toBe('27.4%');
    expect(formatValue('rate', 41038.9)).toBe('41,039/s');
    expect(formatValue('ns', NaN)).toBe('–');
  });

  it('on the 16-CPU testbed, the Scalable Kernel shows lower MP synchronization and more throughput than classic', () => {
    const sample = (name: string) => {
      const sim = Simulation.create(core, validateScenario(schema, readPreset(name)).values);
      try {
        sim.runUntil(100e6);
        return { snapshot: sim.snapshot(), report: sim.report(), modes: schema.modes };
      } finally {
        sim.free();
      }
    };
    const a = sample('testbed-classic');
    const b = sample('testbed-scalable');
    const rows = metricRows(a, b);
    const by = (id: string) => rows.find((r) => r.id === id)!;
    expect(rows.map((r) => r.id)).toEqual(['mpsynch', 'tx', 'hold', 'spin', 'iolock8', 'locks', 'krp-wait', 'designated', 'busy']);
    expect(by('mpsynch').a).toBeGreaterThan(15);
    expect(by('mpsynch').b).toBeLessThan(by('mpsynch').a / 4);
    expect(describeDiff(by('mpsynch'))).toMatchObject({ verdict: 'better' });
    expect(describeDiff(by('mpsynch')).text).toMatch(/^\u2212\d+\.\d points$/);
    expect(describeDiff(by('tx')).text).toMatch(/^\+[\d,]+\/s \(\+\d+%\)$/);
    expect(by('krp-wait').a).toBeNaN();
    expect(by('krp-wait').b).toBeGreaterThan(0);
    const cpus = cpuRows(a, b);
    expect(cpus).toHaveLength(16);
    expect(cpus.every((c) => c.aBusy >= c.aSpin && c.aBusy <= 100.0001)).toBe(true);
    // The SNA pair shows the SNA measures, the NUMA pair the RAD measures.
    const sna = metricRows({ ...a, snapshot: { ...a.snapshot, kernel: 'sna' } }, b).map((r) => r.id);
    expect(sna).toContain('round-trip');
    expect(sna).toContain('futile');
  });
});

// ---- the locked clock ------------------------------------------------------------------

/** A side that steps like a worker would: its frame arrives (arrive()), then is shown (deliver()). */
class FakeSide implements ClockSide {
  state: SideClockState = { status: 'ready', loading: false, nowNs: 1000, startNs: 1000, durationNs: 10_000, done: false, frames: 1 };
  transit: { nowNs: number; done: boolean } | undefined;
  pending: { nowNs: number; done: boolean } | undefined;
  steps: number[] = [];
  resets = 0;

  constructor(over: Partial<SideClockState> = {}) {
    this.state = { ...this.state, ...over };
  }

  getState = () => this.state;

  get framesWaiting(): number {
    return this.pending ? 1 : 0;
  }

  stepTime(ns: number): void {
    this.steps.push(ns);
    const to = Math.min(this.state.durationNs, this.state.nowNs + ns);
    this.transit = { nowNs: to, done: to >= this.state.durationNs };
  }

  reset(): void {
    this.resets++;
    this.transit = { nowNs: this.state.startNs, done: false };
  }

  arrive(): void {
    if (this.transit) this.pending = this.transit;
    this.transit = undefined;
  }

  deliver(): void {
    this.arrive();
    if (!this.pending) return;
    this.state = { ...this.state, ...this.pending, frames: this.state.frames + 1 };
    this.pending = undefined;
  }
}

describe('locked clock', () => {
  it('steps both sides to the same instant at the speed asked for, one round at a time', () => {
    const a = new FakeSide();
    const b = new FakeSide();
    const clock = new LockedClock([a, b], 1e6); // 1 ms of simulated time per wall second
    clock.pump(0);
    expect(clock.getView()).toMatchObject({ ready: true, aligned: true, nowNs: 1000 });
    clock.play(0);
    clock.pump(2); // 2 wall ms: 2 µs of simulated time
    expect(a.steps).toEqual([2000]);
    expect(b.steps).toEqual([2000]);
    // A's frame is in, B's is not: B is not held, A is held back until B's comes.
    a.arrive();
    expect(clock.holdsFramesOf(0)).toBe(true);
    expect(clock.holdsFramesOf(1)).toBe(false);
    clock.pump(3); // round still on its way: nothing new is sent
    expect(a.steps).toHaveLength(1);
    b.arrive();
    expect(clock.holdsFramesOf(0)).toBe(false);
    a.deliver();
    b.deliver();
    clock.pump(4);
    expect(clock.getView().nowNs).toBe(3000);
    expect(a.steps).toEqual([2000, 2000]);
    expect(b.steps).toEqual([2000, 2000]);
    a.deliver();
    b.deliver();
    clock.pump(4);
    expect(a.state.nowNs).toBe(b.state.nowNs);
    expect(clock.getView()).toMatchObject({ aligned: true, nowNs: 5000, mode: 'playing' });
  });

  it('counts at most 100 wall ms per round, so a slow page slips instead of bursting', () => {
    const a = new FakeSide({ durationNs: 1e9 });
    const b = new FakeSide({ durationNs: 1e9 });
    const clock = new LockedClock([a, b], 1e6);
    clock.pump(0);
    clock.play(0);
    clock.pump(5000);
    expect(a.steps).toEqual([100_000]);
  });

  it('aligns sides with different warm-ups at the later start, and carries on when one side ends early', () => {
    const a = new FakeSide({ nowNs: 1000, startNs: 1000, durationNs: 4000 });
    const b = new FakeSide({ nowNs: 3000, startNs: 3000, durationNs: 9000 });
    const clock = new LockedClock([a, b], 1e6);
    clock.pump(0);
    expect(a.steps).toEqual([2000]);
    expect(b.steps).toEqual([]);
    a.deliver();
    clock.pump(0);
    expect(clock.getView()).toMatchObject({ aligned: true, nowNs: 3000, startNs: 3000, endNs: 9000 });
    clock.step(5000, 0);
    expect(a.steps).toEqual([2000, 5000]);
    expect(b.steps).toEqual([5000]);
    a.deliver();
    b.deliver();
    expect(a.state).toMatchObject({ nowNs: 4000, done: true });
    clock.pump(0);
    expect(clock.getView()).toMatchObject({ nowNs: 8000, finished: false });
    clock.runToEnd(0);
    expect(b.steps).toEqual([5000, 1000]);
    expect(a.steps).toHaveLength(2); // a finished side is not stepped again
    b.deliver();
    clock.pump(10);
    expect(clock.getView()).toMatchObject({ finished: true, mode: 'paused', nowNs: 9000 });
  });

  it('resets both sides and aligns them again once both reset frames are shown', () => {
    const a = new FakeSide();
    const b = new FakeSide();
    const clock = new LockedClock([a, b], 1e6);
    clock.pump(0);
    clock.step(3000, 0);
    a.deliver();
    b.deliver();
    clock.reset();
    expect([a.resets, b.resets]).toEqual([1, 1]);
    clock.pump(1);
    expect(clock.getView().ready).toBe(false); // the reset frames have not come yet
    a.deliver();
    b.deliver();
    clock.pump(2);
    expect(clock.getView()).toMatchObject({ ready: true, aligned: true, nowNs: 1000, mode: 'paused' });
  });

  it('after a side loads a new scenario, aligns both again and plays on if it was playing', () => {
    const a = new FakeSide();
    const b = new FakeSide();
    const clock = new LockedClock([a, b], 1e6);
    clock.pump(0);
    clock.play(0);
    clock.reload();
    b.state = { ...b.state, loading: true };
    clock.pump(5);
    expect(clock.getView()).toMatchObject({ ready: false, mode: 'paused' });
    b.state = { ...b.state, loading: false, nowNs: 2000, startNs: 2000 };
    clock.pump(6);
    expect(a.steps).toEqual([1000]); // A brought to B's start
    expect(clock.getView().mode).toBe('playing');
    a.deliver();
    clock.pump(10);
    expect(a.steps).toHaveLength(2);
    expect(a.steps[1]).toBe(b.steps[0]);
  });

  it("at the top speed adapts the chunk to the rounds' wall time", () => {
    const a = new FakeSide({ durationNs: 1e12 });
    const b = new FakeSide({ durationNs: 1e12 });
    const clock = new LockedClock([a, b], Number.POSITIVE_INFINITY);
    clock.pump(0);
    clock.play(0);
    clock.pump(10); // quick round: the chunk doubles
    const first = a.steps[0]!;
    a.deliver();
    b.deliver();
    clock.pump(15);
    expect(a.steps[1]).toBeGreaterThan(first);
    expect(a.steps).toEqual(b.steps);
  });
});
