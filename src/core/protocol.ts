/*
 * protocol.ts -- the messages between the main thread and the simulation worker.
 * The simulation never runs on the main thread; the main thread only posts requests
 * and renders what comes back.
 */

/** Run the core's default scenario up to a simulated time and report on it. */
export interface PreviewRequest {
  type: 'preview';
  untilNs: number;
}

export interface PreviewResult {
  type: 'preview';
  fieldCount: number;
  simulatedNs: number;
  events: number;
  mpsynchPct: number;
  cpus: number;
  kernel: string;
}

export interface WorkerFailure {
  type: 'error';
  message: string;
}

export type WorkerRequest = PreviewRequest;
export type WorkerReply = PreviewResult | WorkerFailure;
