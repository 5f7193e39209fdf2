// store.test.ts -- the lab store's variant runs with fake workers: a named run's state
// lands in state.variants, and the companion run (the lab's scenario with a few fields
// changed, run to its end) lands in state.companion with its report, or with the
// core's reason when it refused the scenario.
import { describe, expect, it } from 'vitest';
import { fakeWorkers, type FakeWorker } from '../core/fake-worker.js';
import type { WorkerRequest } from '../core/protocol.js';
import type { Report } from '../core/report.js';
import { LabStore } from './store.js';

const scenario = { 'kernel.kind': 'sna', 'machine.cpus': 4, 'sna.lock_kind': 'lockl' };
const report = (n: number) => ({ events: n }) as unknown as Report;

function setup() {
  const { workers, create } = fakeWorkers();
  const store = new LabStore({ createWorker: create, scenario, autoplay: false, sweepWorkers: 2 });
  return { store, workers };
}

function sweepOf(worker: FakeWorker) {
  return worker.sent.find((request) => request.type === 'sweep') as Extract<WorkerRequest, { type: 'sweep' }>;
}

describe('LabStore variant runs', () => {
  it('keeps a named run in state.variants, from running to done', async () => {
    const { store, workers } = setup();
    const finished = store.runVariants('journey', [{ label: 'one', values: { ...scenario, 'machine.cpus': 1 } }]);
    expect(store.getState().variants.journey).toMatchObject({ status: 'running', done: 0 });
    const sweep = sweepOf(workers[0]!);
    workers[0]!.reply({ type: 'sweep-point', id: sweep.id, index: 0, report: report(1) });
    workers[0]!.reply({ type: 'sweep-done', id: sweep.id, cancelled: false });
    expect(await finished).toBe(store.getState().variants.journey);
    expect(store.getState().variants.journey).toMatchObject({ status: 'done', reports: [report(1)] });
    store.cancelVariants('journey'); // finished: nothing to stop
    expect(store.getState().variants.journey?.status).toBe('done');
  });

  it('runs a companion: the lab scenario with overrides, recorded with its label and report', async () => {
    const { store, workers } = setup();
    const finished = store.runCompanion({ 'sna.lock_kind': 'simple' }, 'with simple locks');
    expect(store.getState().companion).toMatchObject({
      label: 'with simple locks',
      status: 'running',
      overrides: { 'sna.lock_kind': 'simple' },
    });
    const sweep = sweepOf(workers[0]!);
    expect(sweep.points).toEqual([{ index: 0, cpus: 4, values: { ...scenario, 'sna.lock_kind': 'simple', 'sim.trace_capacity': 0 } }]);
    workers[0]!.reply({ type: 'sweep-point', id: sweep.id, index: 0, report: report(7) });
    workers[0]!.reply({ type: 'sweep-done', id: sweep.id, cancelled: false });
    const companion = await finished;
    expect(companion).toEqual({
      label: 'with simple locks',
      overrides: { 'sna.lock_kind': 'simple' },
      scenario: { ...scenario, 'sna.lock_kind': 'simple' },
      status: 'done',
      report: report(7),
    });
    expect(store.getState().companion).toEqual(companion);
    expect(store.getState().variants).toEqual({}); // the companion is not a named run
  });

  it('says why the core refused a companion; a new companion replaces a running one; clear forgets it', async () => {
    const { store, workers } = setup();
    const first = store.runCompanion({ 'sna.lock_kind': 'handoff' }, 'with hand-off locks');
    const second = store.runCompanion({ 'sna.lock_kind': 'nonsense' }, 'with nonsense locks');
    expect((await first).status).toBe('cancelled');
    expect(workers[0]!.terminated).toBe(true);
    const sweep = sweepOf(workers[1]!);
    workers[1]!.reply({
      type: 'sweep-refused',
      id: sweep.id,
      index: 0,
      problems: [{ path: 'sna.lock_kind', message: 'sna.lock_kind must be lockl, handoff or simple.' }],
    });
    workers[1]!.reply({ type: 'sweep-done', id: sweep.id, cancelled: false });
    expect(await second).toMatchObject({
      status: 'refused',
      message: 'with nonsense locks: the simulator did not accept this run: sna.lock_kind must be lockl, handoff or simple.',
    });
    expect(store.getState().companion?.report).toBeUndefined();
    store.clearCompanion();
    expect(store.getState().companion).toBeUndefined();
  });

  it('stops every variant run when the lab is disposed', async () => {
    const { store, workers } = setup();
    const journey = store.runVariants('journey', [{ label: 'one', values: scenario }]);
    const companion = store.runCompanion({}, 'same');
    store.dispose();
    expect((await journey).status).toBe('cancelled');
    expect((await companion).status).toBe('cancelled');
    expect(workers.every((w) => w.terminated)).toBe(true);
  });
});
