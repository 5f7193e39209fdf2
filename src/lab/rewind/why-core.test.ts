// why-core.test.ts -- the Why sentences over real traces from the core: every spin in
// a contended classic run is explained with its lock and a holder (or says what is
// missing), and in SNA's as-ported herd a context switch after a wake-all release says
// who released the lock, how many it woke, and what the woken thread found.
import { describe, expect, it } from 'vitest';
import { Simulation, decodeSnapshot, readSchema, validateScenario, type Snapshot, type TraceSlice } from '../../core/index.js';
import { loadCoreFromDisk } from '../../core/node.js';
import { readPreset } from '../../core/presets.js';
import { threadName } from '../../views/sna-data.js';
import { explainWait, type WhyContext } from './why.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function run(preset: string, fromNs: number, toNs: number): { slice: TraceSlice; snapshot: Snapshot; scenario: Record<string, unknown> } {
  const scenario = { ...validateScenario(schema, readPreset(preset)).values, 'sim.trace_capacity': 1 << 20 };
  const sim = Simulation.create(core, scenario);
  try {
    sim.runUntil(fromNs);
    sim.readTrace(0);
    sim.runUntil(toNs);
    return { slice: sim.readTrace(), snapshot: decodeSnapshot(schema, sim.snapshotDoubles()), scenario };
  } finally {
    sim.free();
  }
}

function context(snapshot: Snapshot, scenario: Record<string, unknown>): WhyContext {
  return {
    kinds: schema.trace.kinds, modes: schema.modes, lockNames: snapshot.locks.map((l) => l.name),
    lockKinds: snapshot.locks.map((l) => l.kind), spinAlgorithm: String(scenario['kernel.lock_kind']), nowNs: snapshot.nowNs,
    threadName: snapshot.kernel === 'sna' ? (t) => threadName(snapshot, t) : (t) => `process ${t}`,
  };
}

describe('why, over real traces', () => {
  it('explains the spins of a contended classic run: the lock, how long, and who held it', () => {
    const { slice, snapshot, scenario } = run('testbed-classic', 40e6, 42e6);
    const ctx = context(snapshot, scenario);
    const spin = schema.modes.indexOf('spin');
    const modeKind = schema.trace.kinds.indexOf('mode');
    let explained = 0;
    for (let i = 0; i < slice.t.length && explained < 200; i++) {
      if (slice.kind[i] !== modeKind || slice.object[i] !== spin || slice.t[i]! < 40.1e6) continue;
      const answer = explainWait({ slice, startNs: 40e6 }, ctx, { cpu: slice.cpu[i]!, t: slice.t[i]! });
      expect(answer.kind).toBe('spin');
      expect(answer.sentences[0]).toMatch(/^CPU \d+ (has )?spun [\d.]+ [nµm]?s (so far )?for \w+/);
      // a holder, or a free lock whose line was elsewhere; nothing missing this far into the window
      expect(answer.sentences[0]).toMatch(/held it \(.*acquired at|the lock was free/);
      expect(answer.missing).toEqual([]);
      explained++;
    }
    expect(explained).toBe(200);
  });

  it('explains a thundering-herd wake in SNA as ported: who released, how many woke, what the woken thread found', () => {
    const { slice, snapshot, scenario } = run('sna-as-ported', 1000e6, 1002e6);
    const ctx = context(snapshot, scenario);
    const k = (name: string) => schema.trace.kinds.indexOf(name);
    let herd = 0;
    let futile = 0;
    for (let i = 0; i < slice.t.length; i++) {
      if (slice.kind[i] !== k('dispatch') || slice.t[i]! < 1000.2e6) continue;
      const answer = explainWait({ slice, startNs: 1000e6 }, ctx, { cpu: slice.cpu[i]!, t: slice.t[i]! });
      expect(answer.kind).toBe('blocking');
      if (!answer.title.includes('waited for')) continue;
      herd++;
      const text = answer.sentences.join(' ');
      expect(text).toMatch(/(TP|HS|DLC) \d+ released \w+ on CPU \d, which woke (all \d+ sleepers?|the one that had waited longest)/);
      expect(text).toMatch(/was the \d+(st|nd|rd|th) woken/);
      if (/futile wake-up/.test(text)) futile++;
    }
    expect(herd).toBeGreaterThan(5);
    expect(futile).toBeGreaterThan(0);
  });
});
