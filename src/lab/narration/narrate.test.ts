/*
 * The narrator reads real runs: the testbed's classic kernel at 16 CPUs and the Scalable
 * Kernel, run in the core with tracing on; what it says comes from their trace records,
 * snapshots and reports, and it says it no more often than its gap allows.
 */
import { describe, expect, it } from 'vitest';
import { checkScenario, nestScenario, readSchema, Simulation, type Report, type ScenarioValues } from '../../core/index.js';
import { loadCoreFromDisk } from '../../core/node.js';
import { readPreset } from '../../core/presets.js';
import { flattenScenario } from '../../core/scenario-values.js';
import { TraceHistory } from '../../core/trace.js';
import type { LabState } from '../store.js';
import { Narrator, spokenNs } from './narrate.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

/** LabStates of a run, one per `stepNs` of simulated time, as the store would publish them while playing. */
function* playedStates(preset: string, set: ScenarioValues, steps: number, stepNs = 500_000): Generator<LabState> {
  const checked = checkScenario(schema, nestScenario({ ...flattenScenario(readPreset(preset)), ...set, 'sim.trace_capacity': 262_144 }));
  if (!checked.ok) throw new Error(checked.problems.map((p) => p.message).join(' '));
  const sim = Simulation.create(core, checked.values);
  const warmup = Number(checked.values['sim.warmup_ns']);
  sim.runUntil(warmup);
  sim.readTrace();
  const history = new TraceHistory(131_072, schema, sim.cpus);
  history.reset(warmup);
  const base = {
    status: 'ready',
    schema,
    scenario: checked.values,
    problems: [],
    loading: false,
    playing: true,
    done: false,
    speed: 2e6,
    startNs: warmup,
    durationNs: Number(checked.values['sim.duration_ns']),
    warmupNs: warmup,
    events: 0,
    frames: 0,
    lastStep: [],
    sweep: { status: 'idle' },
    sweepNotes: [],
    variants: {},
  } as unknown as LabState;
  try {
    for (let i = 1; i <= steps; i++) {
      sim.runUntil(warmup + i * stepNs);
      history.append(sim.readTrace());
      yield { ...base, snapshot: sim.snapshot(), trace: history.view(), report: sim.report() as Report, nowNs: warmup + i * stepNs };
    }
  } finally {
    sim.free();
  }
}

describe('spokenNs', () => {
  it('says durations in words a speech synthesizer reads well', () => {
    expect(spokenNs(640)).toBe('640 nanoseconds');
    expect(spokenNs(40_400)).toBe('40 microseconds');
    expect(spokenNs(2_500_000)).toBe('2.5 milliseconds');
  });
});

describe('Narrator', () => {
  it('classic kernel at 16 CPUs: says it loaded, then CPUs spinning for I/O lock 8 and the share of time spinning, throttled', () => {
    const narrator = new Narrator(6_000, 1_000);
    const said: [number, string][] = [];
    let wall = 0;
    for (const state of playedStates('testbed-classic', { 'machine.cpus': 16 }, 40)) {
      wall += 500; // half a wall second per frame here
      const words = narrator.observe(state, wall);
      if (words) said.push([wall, words]);
    }
    expect(said[0]![1]).toBe('Loaded: 16 CPUs, classic kernel.');
    const spins = said.filter(([, words]) => /^CPU \d+ spun \d+ (microseconds|milliseconds) for I\/O lock 8\.$/.test(words));
    const share = said.filter(([, words]) => /^Spinning now takes \d+% of all CPU time\.$/.test(words));
    expect(spins.length + share.length).toBeGreaterThan(0);
    // Never more than one message per gap while running.
    for (let i = 2; i < said.length; i++) expect(said[i]![0] - said[i - 1]![0]).toBeGreaterThanOrEqual(6_000);
    expect(said.length).toBeLessThanOrEqual(1 + Math.ceil(20_000 / 6_000));
  });

  it('Scalable Kernel: says how long the KRP queue got', () => {
    const narrator = new Narrator(0, 0);
    const said: string[] = [];
    let wall = 0;
    for (const state of playedStates('testbed-scalable', {}, 20)) {
      const words = narrator.observe(state, (wall += 100));
      if (words) said.push(words);
    }
    expect(said[0]).toBe('Loaded: 16 CPUs, Scalable Kernel.');
    const queue = said
      .map((words) => /^KRP queue reached (\d+)\.$/.exec(words))
      .filter((m) => m !== null)
      .map((m) => Number(m![1]));
    expect(queue.length).toBeGreaterThan(0);
    // Each time a new high, never the same length twice.
    for (let i = 1; i < queue.length; i++) expect(queue[i]).toBeGreaterThan(queue[i - 1]!);
  });

  it('a change of state within the gap is said once the gap has passed, in words of the state then', () => {
    const narrator = new Narrator(60_000, 1_000);
    const states = [...playedStates('testbed-classic', { 'machine.cpus': 1 }, 2)];
    const last = states[states.length - 1]!;
    expect(narrator.observe(states[0]!, 0)).toBe('Loaded: 1 CPU, classic kernel.');
    expect(narrator.observe({ ...last, playing: false }, 300)).toBeUndefined(); // too soon: held back
    expect(narrator.dueAt()).toBe(1_000);
    // by then the learner stepped 1 ms: it says where the lab is now, not where it was
    expect(narrator.observe({ ...last, playing: false, nowNs: last.nowNs + 1e6 }, 1_000)).toBe('Paused at 42 ms: 1 CPU, classic kernel.');
    expect(narrator.dueAt()).toBeUndefined();
  });

  it("says pause and the end of the run at once, with the run's own numbers", () => {
    const narrator = new Narrator(60_000, 1_000);
    const states = [...playedStates('testbed-classic', { 'machine.cpus': 4 }, 2)];
    const last = states[states.length - 1]!;
    expect(narrator.observe(states[0]!, 0)).toMatch(/^Loaded: 4 CPUs/);
    // the clock's time (the warm-up's 40 ms and the 1 ms played), as the clock shows it
    expect(narrator.observe({ ...last, playing: false }, 2_000)).toBe('Paused at 41 ms of simulated time.');
    const report = last.report!;
    expect(narrator.observe({ ...last, playing: false, done: true, finalReport: report }, 4_000)).toBe(
      `Run complete: ${Math.round(report.throughput.transmit_packets_per_s).toLocaleString('en')} transmit packets per second; ${report.mpsynch_pct.toFixed(1)}% of all CPU time spent spinning.`,
    );
  });

  it("counts from the run's start where the page's clock does (the presenter)", () => {
    const narrator = new Narrator(60_000, 1_000, true);
    const states = [...playedStates('testbed-classic', { 'machine.cpus': 4 }, 2)];
    const last = states[states.length - 1]!;
    expect(narrator.observe(states[0]!, 0)).toMatch(/^Loaded: 4 CPUs/);
    // the warm-up's 40 ms are not counted: the presenter's clock says 1 ms
    expect(last.startNs).toBe(40e6);
    expect(narrator.observe({ ...last, playing: false }, 2_000)).toBe('Paused at 1 ms of simulated time.');
  });

  it('a run that ends within the gap after another change is said with its figures when the gap has passed', () => {
    const narrator = new Narrator(60_000, 1_000);
    const states = [...playedStates('testbed-classic', { 'machine.cpus': 4 }, 2)];
    const last = states[states.length - 1]!;
    const report = last.report!;
    expect(narrator.observe(states[0]!, 0)).toMatch(/^Loaded/);
    // End pressed half a second after loading: held back by the gap
    expect(narrator.observe({ ...last, playing: false, done: true, finalReport: report }, 500)).toBeUndefined();
    expect(narrator.observe({ ...last, playing: false, done: true, finalReport: report }, 1_100)).toBe(
      `Run complete: ${Math.round(report.throughput.transmit_packets_per_s).toLocaleString('en')} transmit packets per second; ${report.mpsynch_pct.toFixed(1)}% of all CPU time spent spinning.`,
    );
  });
});
