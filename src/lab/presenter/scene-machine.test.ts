// scene-machine.test.ts -- a scene's steps (scene-machine.ts), path by path: each row is
// an event, the state it leaves and the commands it gives.
import { describe, expect, it } from 'vitest';
import { START, step, type AskTiming, type RunView, type SceneCommand, type SceneEvent, type SceneState } from './scene-machine.js';
import { WATCH_LIMIT_NS, WATCH_STEP_NS } from './watch.js';

const MS = 1e6;
const START_NS = 40 * MS; // the end of the warm-up
const run = (ms: number, more: Partial<RunView> = {}): RunView => ({
  kind: 'playing',
  playing: true,
  loading: false,
  done: false,
  nowNs: START_NS + ms * MS,
  startNs: START_NS,
  ...more,
});
const paused = (ms: number, more: Partial<RunView> = {}) => run(ms, { kind: 'paused', playing: false, ...more });

interface Row {
  event: SceneEvent;
  phase: SceneState['phase'];
  commands: SceneCommand[];
  askedAtMs?: number;
  watchMet?: boolean;
}

/** Plays the rows from the scene's start, checking each. */
function walk(question: AskTiming | undefined, rows: readonly Row[]): SceneState {
  let state = START;
  rows.forEach((row, i) => {
    const [next, commands] = step(state, row.event, question);
    expect([next.phase, commands], `row ${i + 1}: ${row.event.type}`).toEqual([row.phase, row.commands]);
    if (row.askedAtMs !== undefined) expect(next.askedAtNs / MS, `row ${i + 1}`).toBeCloseTo(row.askedAtMs, 6);
    if ('watchMet' in row) expect(next.watchMet, `row ${i + 1}`).toBe(row.watchMet);
    state = next;
  });
  return state;
}

describe('a scene without a question', () => {
  it('runs, and Next goes to the next scene', () => {
    walk(undefined, [
      { event: { type: 'run', run: run(1) }, phase: 'running', commands: [] },
      { event: { type: 'run', run: run(500) }, phase: 'running', commands: [] },
      { event: { type: 'next', run: run(501) }, phase: 'running', commands: [{ type: 'next-scene' }] },
    ]);
  });
});

describe('a question at 4 ms', () => {
  const q: AskTiming = { at_ms: 4 };
  it('freezes when the run reaches it, follows the frames still landing, reveals and plays on', () => {
    walk(q, [
      { event: { type: 'run', run: run(3.9) }, phase: 'running', commands: [] },
      { event: { type: 'run', run: run(4.05) }, phase: 'asking', commands: [{ type: 'pause' }], askedAtMs: 4.05, watchMet: undefined },
      // a frame sent before the worker heard the pause: the caption follows it
      { event: { type: 'run', run: paused(4.08) }, phase: 'asking', commands: [], askedAtMs: 4.08 },
      { event: { type: 'next', run: paused(4.08) }, phase: 'revealed', commands: [{ type: 'play' }] },
      { event: { type: 'run', run: run(6) }, phase: 'revealed', commands: [] },
      { event: { type: 'next', run: run(7) }, phase: 'revealed', commands: [{ type: 'next-scene' }] },
    ]);
  });

  it('asks at once when Next comes first; R before a question does nothing; a run at its end reveals without playing', () => {
    walk(q, [
      { event: { type: 'reveal', run: run(1) }, phase: 'running', commands: [] },
      { event: { type: 'next', run: run(1.5) }, phase: 'asking', commands: [{ type: 'pause' }], askedAtMs: 1.5 },
      { event: { type: 'reveal', run: paused(1.5, { kind: 'ended', done: true }) }, phase: 'revealed', commands: [] },
    ]);
  });

  it('waits while the scenario loads, however far the clock reads', () => {
    walk(q, [{ event: { type: 'run', run: run(9, { loading: true }) }, phase: 'running', commands: [] }]);
  });

  it('starts over on a new scene', () => {
    const asked = walk(q, [{ event: { type: 'run', run: run(5) }, phase: 'asking', commands: [{ type: 'pause' }] }]);
    expect(step(asked, { type: 'scene' }, q)).toEqual([START, []]);
  });
});

describe('a question that names what to watch', () => {
  const q: AskTiming = { at_ms: 4, until: 'cpus-spinning' };
  const stepCmd: SceneCommand[] = [{ type: 'step', ns: WATCH_STEP_NS }];

  it("pauses at its time, steps, judges only a step's own frame, and freezes once the state is on screen", () => {
    walk(q, [
      { event: { type: 'run', run: run(4.01, { watched: true }) }, phase: 'running', commands: [{ type: 'pause' }] },
      // the store paused at once: a first step, so the state is judged on the worker's last word
      { event: { type: 'run', run: paused(4.01, { watched: true }) }, phase: 'running', commands: stepCmd },
      // a late frame of the play, then the step's own (the run is stepping meanwhile)
      { event: { type: 'run', run: paused(4.03, { kind: 'stepping', watched: true }) }, phase: 'running', commands: [] },
      { event: { type: 'run', run: paused(4.032, { watched: false }) }, phase: 'running', commands: stepCmd },
      { event: { type: 'run', run: paused(4.034, { watched: true }) }, phase: 'asking', commands: [], askedAtMs: 4.034, watchMet: true },
    ]);
  });

  it('freezes anyway, saying so, after WATCH_LIMIT_NS without it', () => {
    const limit = 4 + WATCH_LIMIT_NS / MS;
    walk(q, [
      { event: { type: 'run', run: run(4) }, phase: 'running', commands: [{ type: 'pause' }] },
      { event: { type: 'run', run: paused(4) }, phase: 'running', commands: stepCmd },
      { event: { type: 'run', run: paused(limit - 0.001, { watched: false }) }, phase: 'running', commands: stepCmd },
      { event: { type: 'run', run: paused(limit + 0.001, { watched: false }) }, phase: 'asking', commands: [], watchMet: false },
    ]);
  });

  it('looks for it too when Next comes first, and gives up if the run ends', () => {
    walk(q, [
      { event: { type: 'next', run: run(1) }, phase: 'running', commands: [{ type: 'pause' }] },
      { event: { type: 'next', run: paused(1) }, phase: 'running', commands: [] }, // already looking
      { event: { type: 'run', run: paused(1) }, phase: 'running', commands: stepCmd },
      { event: { type: 'run', run: paused(1.002, { kind: 'ended', done: true }) }, phase: 'asking', commands: [], watchMet: false },
    ]);
  });

  it('stops looking when the instructor plays on, and asks again at its time', () => {
    walk(q, [
      { event: { type: 'next', run: run(1) }, phase: 'running', commands: [{ type: 'pause' }] },
      { event: { type: 'run', run: run(1.1) }, phase: 'running', commands: [] },
      { event: { type: 'run', run: run(4.2) }, phase: 'running', commands: [{ type: 'pause' }] },
    ]);
  });
});
