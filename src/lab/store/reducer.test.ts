/*
 * The lab's transport, transition by transition: for each run state and each event,
 * the run state it leads to and the commands it gives the worker. One table; each row
 * is a case a learner (or the worker) can produce.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEED } from '../../core/playback.js';
import type { Report } from '../../core/report.js';
import type { Schema } from '../../core/schema.js';
import type { Snapshot } from '../../core/snapshot.js';
import { idleSweep } from '../../core/sweep.js';
import { project, reduce, type FramesApplied, type LabCommand, type LabEvent, type RunState, type StoreState } from './reducer.js';

const schema = { fields: [], modes: [] } as unknown as Schema;
const snapshot = { cpus: [] } as unknown as Snapshot;
const report = (events: number) => ({ events }) as unknown as Report;
const scenario = { 'machine.cpus': 4 };
const accepted = { 'machine.cpus': 4, 'kernel.kind': 'classic' };

function state(run: RunState, extra: Partial<StoreState> = {}): StoreState {
  return {
    lab: {
      ...project(run),
      schema,
      scenario,
      problems: [],
      speed: DEFAULT_SPEED,
      nowNs: 0,
      startNs: 0,
      durationNs: 0,
      warmupNs: 0,
      events: 0,
      frames: 0,
      lastStep: [],
      sweep: idleSweep,
      sweepNotes: [],
      variants: {},
    },
    accepted,
    autoplay: false,
    source: 'lab',
    ...extra,
  };
}

function frames(reason: FramesApplied['reason'], more: Partial<FramesApplied> = {}): LabEvent {
  return { type: 'frames', frames: { snapshot, nowNs: 1, events: 1, reason, done: false, seeking: false, deferReports: true, ...more } };
}

const starting: RunState = { kind: 'loading', worker: false, playing: false };
const loading: RunState = { kind: 'loading', worker: true, playing: false };
const loadingToPlay: RunState = { kind: 'loading', worker: true, playing: true };
const paused: RunState = { kind: 'paused' };
const playing: RunState = { kind: 'playing' };
const stepping: RunState = { kind: 'stepping' };
const seeking: RunState = { kind: 'seeking', targetNs: 5e6 };
const ended: RunState = { kind: 'ended' };
const failed: RunState = { kind: 'failed', message: 'The core trapped.' };

const play: LabCommand = { kind: 'play', speed: DEFAULT_SPEED };
const load: LabCommand = { kind: 'load', values: scenario };

/** [from, event, to (run kind, or a run), commands, extra state before] */
const TABLE: [string, RunState, LabEvent, RunState['kind'] | RunState, LabCommand[], Partial<StoreState>?][] = [
  ['the worker comes up: the scenario loads', starting, { type: 'ready', schema }, loading, [{ kind: 'load', values: accepted }]],
  [
    'the first scenario loads when the worker comes up (none accepted yet)',
    starting,
    { type: 'ready', schema },
    loading,
    [load],
    { accepted: undefined },
  ],
  ['a scenario before the worker is up waits for it', starting, { type: 'set-scenario', values: scenario }, starting, []],
  ['a scenario while paused loads', paused, { type: 'set-scenario', values: scenario }, loading, [load]],
  ['a scenario while playing loads and plays on', playing, { type: 'set-scenario', values: scenario }, loadingToPlay, [load]],
  ['a scenario after a fault waits for a restart', failed, { type: 'set-scenario', values: scenario }, 'failed', []],
  ['the load frame: paused', loading, frames('load'), 'paused', [{ kind: 'drop-deferred-report' }]],
  ['the load frame with autoplay: plays', loading, frames('load'), 'playing', [{ kind: 'drop-deferred-report' }, play], { autoplay: true }],
  [
    'a refused scenario: back to the accepted one, paused',
    loading,
    { type: 'refused', problems: [] },
    'paused',
    [{ kind: 'load', values: accepted }],
  ],
  [
    'a refused first scenario: the defaults load',
    starting,
    { type: 'refused', problems: [] },
    loading,
    [{ kind: 'load', values: {} }],
    { accepted: undefined, lab: { ...state(loading).lab } },
  ],
  ['play from paused', paused, { type: 'play' }, 'playing', [play]],
  ['play from ended starts again', ended, { type: 'play' }, 'playing', [{ kind: 'reset' }, play]],
  ['play before the worker is up: nothing', starting, { type: 'play' }, starting, []],
  ['play while loading: plays once loaded', loading, { type: 'play' }, loadingToPlay, [play]],
  ['play after a fault: nothing', failed, { type: 'play' }, 'failed', []],
  ['pause while playing', playing, { type: 'pause' }, 'paused', [{ kind: 'pause' }]],
  ['pause while loading to play: it will not play', loadingToPlay, { type: 'pause' }, loading, [{ kind: 'pause' }]],
  ['the Play button while playing pauses', playing, { type: 'toggle-play' }, 'paused', [{ kind: 'pause' }]],
  ['the Play button while paused plays', paused, { type: 'toggle-play' }, 'playing', [play]],
  ['the Play button while loading: nothing', loading, { type: 'toggle-play' }, loading, []],
  ['the Play button at the end starts again', ended, { type: 'toggle-play' }, 'playing', [{ kind: 'reset' }, play]],
  ['speed while playing goes to the worker', playing, { type: 'set-speed', speed: 2e6 }, 'playing', [{ kind: 'set-speed', speed: 2e6 }]],
  ['speed while paused waits for play', paused, { type: 'set-speed', speed: 2e6 }, 'paused', []],
  ['step one event from paused', paused, { type: 'step-event' }, 'stepping', [{ kind: 'step-events', count: 1 }]],
  ['step one event while playing pauses', playing, { type: 'step-event' }, 'stepping', [{ kind: 'step-events', count: 1 }]],
  ['step 1 ms', paused, { type: 'step-time', ns: 1e6 }, 'stepping', [{ kind: 'step-time', ns: 1e6 }]],
  ['no step at the end', ended, { type: 'step-event' }, 'ended', []],
  ['no step after a fault', failed, { type: 'step-time', ns: 1e6 }, 'failed', []],
  ['the step frame: paused', stepping, frames('step', { lastStep: ['CPU 1 takes IOLOCK8'] }), 'paused', []],
  ['run to the end', paused, { type: 'run-to-end' }, 'playing', [{ kind: 'run-to-end' }]],
  ['run to the end at the end: nothing', ended, { type: 'run-to-end' }, 'ended', []],
  [
    'the end frame',
    playing,
    frames('end', { ended: { report: report(9) }, done: true, report: report(9) }),
    'ended',
    [{ kind: 'report-ended', report: report(9) }],
  ],
  ['reset from the end', ended, { type: 'reset' }, 'paused', [{ kind: 'reset' }]],
  ['reset while playing', playing, { type: 'reset' }, 'paused', [{ kind: 'reset' }]],
  ['reset after a fault restarts the worker', failed, { type: 'reset' }, starting, [{ kind: 'start-worker' }]],
  ['reset before the worker is up: nothing', starting, { type: 'reset' }, starting, []],
  ['the reset frame', paused, frames('reset'), 'paused', [{ kind: 'drop-deferred-report' }]],
  ['seek from paused', paused, { type: 'seek', ns: 5e6 }, seeking, [{ kind: 'seek', ns: 5e6 }]],
  ['seek while playing pauses', playing, { type: 'seek', ns: 5e6 }, seeking, [{ kind: 'seek', ns: 5e6 }]],
  ['seek while loading: nothing', loading, { type: 'seek', ns: 5e6 }, loading, []],
  ['seek to nowhere: nothing', paused, { type: 'seek', ns: NaN }, 'paused', []],
  ['the seek frame: paused there', seeking, frames('seek'), 'paused', []],
  ['the seek frame at the end: ended', seeking, frames('seek', { done: true }), 'ended', []],
  ['a seek frame with another seek on its way: still seeking', seeking, frames('seek', { seeking: true }), seeking, []],
  [
    'a play frame reports in a task of its own',
    playing,
    frames('play', { report: report(3) }),
    'playing',
    [{ kind: 'defer-report', report: report(3) }],
  ],
  [
    'a play frame in compare mode reports with its frame',
    playing,
    frames('play', { report: report(3), deferReports: false }),
    'playing',
    [],
  ],
  ['a fault', playing, { type: 'fault', message: 'The core trapped.' }, failed, [{ kind: 'clear-trace' }]],
  ['restart after a fault', failed, { type: 'restart' }, starting, [{ kind: 'start-worker' }]],
  ['dispose', playing, { type: 'dispose' }, starting, [{ kind: 'dispose' }]],
];

describe('the lab store reducer', () => {
  it.each(TABLE)('%s', (_, from, event, to, commands, extra) => {
    const [next, given] = reduce(state(from, extra), event);
    if (typeof to === 'string') expect(next.lab.run.kind).toBe(to);
    else expect(next.lab.run).toEqual(to);
    expect(given).toEqual(commands);
  });

  it('the flags the pages read always agree with the run state', () => {
    for (const [, from, event, , , extra] of TABLE) {
      const [next] = reduce(state(from, extra), event);
      expect(next.lab).toMatchObject(project(next.lab.run));
    }
  });

  it('is pure: the same state and event give the same result, and the state passed in is not changed', () => {
    const before = state(playing);
    const copy = structuredClone(before);
    const a = reduce(before, { type: 'set-scenario', values: scenario });
    const b = reduce(before, { type: 'set-scenario', values: scenario });
    expect(a).toEqual(b);
    expect(before).toEqual(copy);
  });

  it('settings chosen after a fault are what Reset loads, not the scenario that stopped the run', () => {
    const chosen = { 'machine.cpus': 16, 'kernel.kind': 'classic' };
    const [waiting] = reduce(state(failed), { type: 'set-scenario', values: chosen });
    const [restarted] = reduce(waiting, { type: 'reset' });
    const [, commands] = reduce(restarted, { type: 'ready', schema });
    expect(commands).toEqual([{ kind: 'load', values: chosen }]);
  });

  it('a refused first scenario says so and runs the defaults', () => {
    const [next] = reduce(state(starting, { accepted: undefined }), {
      type: 'refused',
      problems: [{ path: 'machine.cpus', message: 'too many' }] as never,
    });
    expect(next.lab.notice).toBeTruthy();
  });

  it('a step frame says what happened in words; the end frame keeps the final report', () => {
    const [stepped] = reduce(state(stepping), frames('step', { lastStep: ['CPU 1 takes IOLOCK8'] }));
    expect(stepped.lab.lastStep).toEqual(['CPU 1 takes IOLOCK8']);
    const [end] = reduce(state(playing), frames('end', { ended: { report: report(9) }, done: true }));
    expect(end.lab.finalReport).toEqual(report(9));
    expect(end.lab.done).toBe(true);
  });
});
