// silence-watch.test.ts -- a worker that goes quiet while the lab plays is noticed within
// the limit, once; a worker held back by frames the page has not taken (a hidden tab,
// compare mode) is not blamed; pausing stops the watch. Then the store end to end with a
// fake worker: a quiet worker becomes a fault that offers to restart where the run was,
// and the restart loads the same scenario and steps forward to that simulated time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkers } from '../../core/fake-worker.js';
import type { WorkerRequest } from '../../core/protocol.js';
import { LabStore } from '../store.js';
import { SILENCE_CHECK_MS, SILENCE_LIMIT_MS, SilenceWatch, workerSilent, type SilenceWatchEnv } from './silence-watch.js';

function fakeClock() {
  let now = 0;
  let run: (() => void) | undefined;
  let every = 0;
  let next = 0;
  const env: SilenceWatchEnv = {
    now: () => now,
    setInterval: (fn, ms) => {
      run = fn;
      every = ms;
      next = now + ms;
      return 1;
    },
    clearInterval: () => {
      run = undefined;
    },
  };
  /** Moves the clock on, firing the interval as a browser would. */
  const advance = (ms: number) => {
    const end = now + ms;
    while (run && next <= end) {
      now = next;
      next += every;
      run();
    }
    now = end;
  };
  return {
    env,
    advance,
    get armed() {
      return run !== undefined;
    },
  };
}

describe('workerSilent', () => {
  it('is silent only after the limit, and never while frames wait for the page', () => {
    expect(workerSilent(SILENCE_LIMIT_MS - 1, 0, 0)).toBe(false);
    expect(workerSilent(SILENCE_LIMIT_MS, 0, 0)).toBe(true);
    expect(workerSilent(60_000, 0, 3)).toBe(false);
  });
});

describe('SilenceWatch', () => {
  it('reports a quiet worker once, within the limit plus one check', () => {
    const clock = fakeClock();
    const onSilent = vi.fn();
    const watch = new SilenceWatch(() => 0, onSilent, clock.env);
    watch.expect(true);
    clock.advance(SILENCE_LIMIT_MS - 1);
    expect(onSilent).not.toHaveBeenCalled();
    clock.advance(SILENCE_CHECK_MS + 1);
    expect(onSilent).toHaveBeenCalledTimes(1);
    expect(onSilent.mock.calls[0]![0]).toBeGreaterThanOrEqual(SILENCE_LIMIT_MS);
    expect(watch.watching).toBe(false);
    clock.advance(10_000);
    expect(onSilent).toHaveBeenCalledTimes(1);
    expect(SILENCE_LIMIT_MS + SILENCE_CHECK_MS).toBeLessThanOrEqual(5_000); // the promise: within 5 s
  });

  it('a worker that keeps sending frames is never reported', () => {
    const clock = fakeClock();
    const onSilent = vi.fn();
    const watch = new SilenceWatch(() => 0, onSilent, clock.env);
    watch.expect(true);
    for (let i = 0; i < 600; i++) {
      clock.advance(16);
      watch.heard();
    }
    expect(onSilent).not.toHaveBeenCalled();
  });

  it('does not blame the worker while frames wait for the page, and starts counting again when they are taken', () => {
    const clock = fakeClock();
    const onSilent = vi.fn();
    let waiting = 5;
    const watch = new SilenceWatch(() => waiting, onSilent, clock.env);
    watch.expect(true);
    clock.advance(60_000); // a hidden tab: no animation frames, the queue holds the worker
    expect(onSilent).not.toHaveBeenCalled();
    waiting = 0;
    clock.advance(SILENCE_LIMIT_MS - SILENCE_CHECK_MS);
    expect(onSilent).not.toHaveBeenCalled();
    clock.advance(SILENCE_CHECK_MS * 2);
    expect(onSilent).toHaveBeenCalledTimes(1);
  });

  it('a page that was not running itself (the computer asleep) does not blame the worker for the gap', () => {
    let now = 0;
    let tick: (() => void) | undefined;
    const env: SilenceWatchEnv = {
      now: () => now,
      setInterval: (fn) => {
        tick = fn;
        return 1;
      },
      clearInterval: () => {
        tick = undefined;
      },
    };
    const onSilent = vi.fn();
    const watch = new SilenceWatch(() => 0, onSilent, env);
    watch.expect(true);
    now = 600_000; // ten minutes with no timer firing
    tick!();
    expect(onSilent).not.toHaveBeenCalled();
    for (let i = 0; i < 5; i++) {
      now += SILENCE_CHECK_MS;
      tick!();
    } // and then the worker is silent while the page runs
    expect(onSilent).not.toHaveBeenCalled();
    for (let i = 0; i < 2; i++) {
      now += SILENCE_CHECK_MS;
      tick?.();
    }
    expect(onSilent).toHaveBeenCalledTimes(1);
  });

  it('stops watching on pause, and starts a fresh clock on play', () => {
    const clock = fakeClock();
    const onSilent = vi.fn();
    const watch = new SilenceWatch(() => 0, onSilent, clock.env);
    watch.expect(true);
    clock.advance(SILENCE_LIMIT_MS - 100);
    watch.expect(false);
    expect(clock.armed).toBe(false);
    clock.advance(60_000);
    watch.expect(true);
    clock.advance(SILENCE_LIMIT_MS - 100);
    expect(onSilent).not.toHaveBeenCalled();
  });
});

describe('LabStore with a worker that goes quiet', () => {
  afterEach(() => vi.useRealTimers());

  it('says the simulation stopped, and restarts the same scenario at the time it had reached', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
    const { workers, create } = fakeWorkers();
    const scenario = { 'kernel.kind': 'sna', 'machine.cpus': 4 };
    const store = new LabStore({ createWorker: create, scenario, autoplay: false });
    store.start();
    const first = workers[0]!;
    // Drive the store's state as the worker's replies would, through its reducer's events.
    const dispatch = (event: unknown) => (store as unknown as { dispatch(e: unknown): void }).dispatch(event);
    dispatch({ type: 'ready', schema: { fields: [] } });
    const load = first.sent.find((r) => r.type === 'load') as Extract<WorkerRequest, { type: 'load' }>;
    expect(load.scenario).toEqual(scenario);
    dispatch({
      type: 'loaded',
      reply: { type: 'loaded', epoch: load.epoch, scenario, startNs: 1_000_000, durationNs: 50_000_000, warmupNs: 1_000_000 },
    });
    dispatch({
      type: 'frames',
      frames: { snapshot: {}, nowNs: 1_000_000, events: 0, reason: 'load', done: false, seeking: false, deferReports: true },
    });
    store.play();
    expect(store.getState().playing).toBe(true);
    dispatch({
      type: 'frames',
      frames: { snapshot: {}, nowNs: 4_100_000, events: 10, reason: 'play', done: false, seeking: false, deferReports: true },
    });
    // the worker now says nothing at all
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS + SILENCE_CHECK_MS);
    const failed = store.getState();
    expect(failed.status).toBe('failed');
    expect(failed.fault).toMatch(/stopped sending frames/);
    expect(failed.resumeNs).toBe(4_100_000);
    expect(first.terminated).toBe(true);

    store.restart(failed.resumeNs);
    const second = workers[1]!;
    expect(second).toBeDefined();
    dispatch({ type: 'ready', schema: { fields: [] } });
    const reload = second.sent.find((r) => r.type === 'load') as Extract<WorkerRequest, { type: 'load' }>;
    expect(reload.scenario).toEqual(scenario);
    dispatch({
      type: 'loaded',
      reply: { type: 'loaded', epoch: reload.epoch, scenario, startNs: 1_000_000, durationNs: 50_000_000, warmupNs: 1_000_000 },
    });
    dispatch({
      type: 'frames',
      frames: { snapshot: {}, nowNs: 1_000_000, events: 0, reason: 'load', done: false, seeking: false, deferReports: true },
    });
    expect(second.sent.filter((r) => r.type === 'step')).toEqual([{ type: 'step', unit: 'time', ns: 3_100_000 }]);
    dispatch({
      type: 'frames',
      frames: {
        snapshot: {},
        nowNs: 4_100_000,
        events: 10,
        reason: 'step',
        done: false,
        seeking: false,
        deferReports: true,
        lastStep: ['a record'],
      },
    });
    // paused where it was; the run forward is not a step the learner asked for, so no "What the step did"
    expect(store.getState()).toMatchObject({ status: 'ready', playing: false, nowNs: 4_100_000, fault: undefined, lastStep: [] });
    store.stepEvent();
    dispatch({
      type: 'frames',
      frames: {
        snapshot: {},
        nowNs: 4_100_100,
        events: 11,
        reason: 'step',
        done: false,
        seeking: false,
        deferReports: true,
        lastStep: ['the next record'],
      },
    });
    expect(store.getState().lastStep).toEqual(['the next record']);
    store.dispose();
  });
});
