/*
 * sim.worker.ts -- the simulation Web Worker: loads the core once and answers
 * requests from the main thread (see core/protocol.ts).
 */
import wasmUrl from '../../wasm-core/build/stacklab.wasm?url';
import { defaultValues, loadCore, readSchema, Simulation, type Core } from '../core/index.js';
import type { PreviewResult, WorkerReply, WorkerRequest } from '../core/protocol.js';

let corePromise: Promise<Core> | undefined;

function preview(core: Core, untilNs: number): PreviewResult {
  const schema = readSchema(core);
  const values = defaultValues(schema);
  const simulation = Simulation.create(core, values);
  try {
    simulation.runUntil(untilNs);
    const report = simulation.report();
    return {
      type: 'preview',
      fieldCount: schema.fields.length,
      simulatedNs: simulation.now,
      events: simulation.events,
      mpsynchPct: report.mpsynch_pct,
      cpus: Number(values['machine.cpus']),
      kernel: String(values['kernel.kind']),
    };
  } finally {
    simulation.free();
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  let reply: WorkerReply;
  try {
    corePromise ??= loadCore(new URL(wasmUrl, self.location.href));
    reply = preview(await corePromise, event.data.untilNs);
  } catch (error) {
    reply = { type: 'error', message: (error as Error).message };
  }
  self.postMessage(reply);
};
