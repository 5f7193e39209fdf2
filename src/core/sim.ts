/*
 * sim.ts -- one simulation in the core (a lab_Sim handle) behind a small class.
 *
 * A Simulation owns its lab_Scenario as well as its lab_Sim and frees both; the core
 * may keep referring to the scenario it was built from, so the scenario lives as long
 * as the simulation does. It also owns two scratch buffers in wasm memory (snapshot
 * doubles, trace records), allocated on first use and freed with it.
 */
import { encodeScenario, ScenarioError, type EncodedScenario, type ScenarioValues } from './scenario.js';
import { readSchema, type Schema } from './schema.js';
import { decodeSnapshot, snapshotCounts, snapshotLength, type Snapshot, type TraceSlice } from './snapshot.js';
import { allocateTrace, decodeTraceInto, traceRange } from './trace.js';
import type { Core, Ptr } from './wasm.js';
import type { Report } from './report.js';

/** Trace records copied out of the ring per call into the core. */
const TRACE_READ_BATCH = 8192;

/**
 * The core found that the run cannot go on (a deadlock between spinning CPUs, a thread
 * asleep holding a spinlock, a loop that takes no simulated time): its words, which say
 * which CPU, which lock, who holds it and what it waits for. The run stopped where it
 * was found; it is never reported as a result.
 */
export class SimulationStalled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulationStalled';
  }
}

export class Simulation {
  private freed = false;
  private snapshotBuf: Ptr = 0;
  private snapshotCap = 0;
  private traceBuf: Ptr = 0;
  /** Records readTrace skipped because they were beyond its limit (cumulative). */
  private traceSkipped = 0;
  readonly schema: Schema;

  private constructor(
    readonly core: Core,
    private readonly scenario: EncodedScenario,
    private readonly sim: Ptr,
    /** The number of CPUs the simulation was built with. */
    readonly cpus: number,
  ) {
    this.schema = readSchema(core);
  }

  /** Builds a simulation at time 0 from checked scenario values (see checkScenario). */
  static create(core: Core, values: ScenarioValues): Simulation {
    const scenario = encodeScenario(core, readSchema(core), values);
    const statusPtr = core.alloc(4);
    try {
      const sim = core.exports.lab_sim_new(scenario.ptr, statusPtr);
      if (sim === 0) {
        const status = core.readInt32(statusPtr);
        const message = scenario.error() || core.statusMessage(status);
        scenario.free();
        throw new ScenarioError([{ path: '', message }]);
      }
      const cpusField = readSchema(core).fields.find((field) => field.path === 'machine.cpus');
      const cpus = cpusField ? scenario.get(cpusField) : Number(values['machine.cpus']);
      return new Simulation(core, scenario, sim, cpus);
    } finally {
      core.free(statusPtr);
    }
  }

  private get handle(): Ptr {
    if (this.freed) throw new Error('this simulation has been freed');
    return this.sim;
  }

  /** Runs events up to and including simulated time tNs; returns how many ran. Throws SimulationStalled when the run cannot go on. */
  runUntil(tNs: number): number {
    if (Number.isNaN(tNs)) throw new RangeError('runUntil needs a time in ns, not NaN');
    const ran = this.core.exports.lab_sim_run_until(this.handle, tNs);
    this.throwIfStalled();
    return ran;
  }

  /** Runs to the scenario's duration; returns how many events ran. */
  runToEnd(): number {
    const ran = this.runUntil(Number.MAX_SAFE_INTEGER);
    if (!this.done) throw new Error(`the core stopped at ${this.now} ns before the end of the scenario`);
    return ran;
  }

  /** Runs the next n events; returns how many ran. Throws SimulationStalled when the run cannot go on. */
  step(n = 1): number {
    const ran = this.core.exports.lab_sim_step(this.handle, n);
    this.throwIfStalled();
    return ran;
  }

  /** Why the run cannot go on, in the core's words, or '' while it can. */
  get error(): string {
    return this.core.readString(this.core.exports.lab_sim_error(this.handle));
  }

  private throwIfStalled(): void {
    const error = this.error;
    if (error) throw new SimulationStalled(error);
  }

  get now(): number {
    return this.core.exports.lab_sim_now(this.handle);
  }

  get events(): number {
    return this.core.exports.lab_sim_events(this.handle);
  }

  get done(): boolean {
    return this.core.exports.lab_sim_done(this.handle) !== 0;
  }

  /** The metrics report exactly as the core writes it. */
  reportText(): string {
    return this.core.readString(this.core.exports.lab_sim_report_json(this.handle));
  }

  report(): Report {
    return JSON.parse(this.reportText()) as Report;
  }

  /**
   * The snapshot as the core writes it: doubles in the schema's snapshot layout (a
   * copy, safe to transfer). The length is checked against the schema's layout.
   */
  snapshotDoubles(): Float64Array {
    const { exports } = this.core;
    const needed = exports.lab_sim_snapshot(this.handle, 0, 0);
    if (needed > this.snapshotCap) {
      if (this.snapshotBuf) this.core.free(this.snapshotBuf);
      this.snapshotBuf = this.core.alloc(needed * 8);
      this.snapshotCap = needed;
    }
    exports.lab_sim_snapshot(this.handle, this.snapshotBuf, this.snapshotCap);
    const doubles = this.core.copyDoubles(this.snapshotBuf, needed);
    const counts = snapshotCounts(this.schema, doubles);
    const expected = snapshotLength(this.schema, counts);
    if (needed !== expected || counts.cpus !== this.cpus) {
      throw new Error(`the core's snapshot has ${needed} doubles but its schema describes ${expected}; the core and its schema disagree`);
    }
    return doubles;
  }

  /** The live state for the views, decoded by the schema's layout. */
  snapshot(): Snapshot {
    return decodeSnapshot(this.schema, this.snapshotDoubles());
  }

  /** Trace records waiting in the ring. */
  get tracePending(): number {
    return this.core.exports.lab_trace_pending(this.handle);
  }

  /** Records lost so far: dropped by the ring when full, or skipped by readTrace's limit. */
  get traceDropped(): number {
    return this.core.exports.lab_trace_dropped(this.handle) + this.traceSkipped;
  }

  /**
   * Empties the trace ring into columns (oldest first). With a limit, only the newest
   * `limit` records are kept; the older ones are read, skipped and counted in
   * `dropped`, so a caller that falls behind sees the present, not a stale past.
   */
  readTrace(limit = Number.POSITIVE_INFINITY): TraceSlice {
    const { exports } = this.core;
    const recordBytes = this.schema.trace.record_bytes;
    const pending = exports.lab_trace_pending(this.handle);
    const keep = Math.max(0, Math.min(pending, Math.floor(limit)));
    let skip = pending - keep;
    const out = allocateTrace(keep);
    if (pending > 0 && this.traceBuf === 0) this.traceBuf = this.core.alloc(TRACE_READ_BATCH * recordBytes);
    let at = 0;
    while (at < keep || skip > 0) {
      const want = skip > 0 ? Math.min(skip, TRACE_READ_BATCH) : Math.min(keep - at, TRACE_READ_BATCH);
      const got = exports.lab_trace_read(this.handle, this.traceBuf, want);
      if (got <= 0) break;
      if (skip > 0) {
        skip -= got;
        this.traceSkipped += got;
      } else {
        decodeTraceInto(this.schema, this.core.exports.memory.buffer, this.traceBuf, got, out, at);
        at += got;
      }
    }
    const slice = at === keep ? out : traceRange(out, 0, at);
    slice.dropped = this.traceDropped;
    return slice;
  }

  /** The whole simulation state (not the trace ring) as bytes. */
  checkpoint(): Uint8Array {
    const { exports } = this.core;
    const size = exports.lab_sim_checkpoint_size(this.handle);
    const buf = this.core.alloc(size);
    try {
      this.check(exports.lab_sim_checkpoint(this.handle, buf, size), 'checkpoint');
      return this.core.copyBytes(buf, size);
    } finally {
      this.core.free(buf);
    }
  }

  /** Returns this simulation to a checkpoint taken from one built from the same scenario. */
  restore(checkpoint: Uint8Array): void {
    const buf = this.core.alloc(checkpoint.length);
    try {
      this.core.writeBytes(buf, checkpoint);
      this.check(this.core.exports.lab_sim_restore(this.handle, buf, checkpoint.length), 'restore');
    } finally {
      this.core.free(buf);
    }
  }

  free(): void {
    if (this.freed) return;
    this.freed = true;
    if (this.snapshotBuf) this.core.free(this.snapshotBuf);
    if (this.traceBuf) this.core.free(this.traceBuf);
    this.snapshotBuf = this.traceBuf = 0;
    this.core.exports.lab_sim_free(this.sim);
    this.scenario.free();
  }

  private check(status: number, what: string): void {
    if (status !== 0) throw new Error(`${what} failed: ${this.core.statusMessage(status)}`);
  }
}

/** Runs a scenario to its end and gives the report text; the simulation is freed. */
export function runScenario(core: Core, values: ScenarioValues): string {
  const simulation = Simulation.create(core, values);
  try {
    simulation.runToEnd();
    return simulation.reportText();
  } finally {
    simulation.free();
  }
}
