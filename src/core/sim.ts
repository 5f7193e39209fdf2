/*
 * sim.ts -- one simulation in the core (a lab_Sim handle) behind a small class.
 *
 * A Simulation owns its lab_Scenario as well as its lab_Sim and frees both; the core
 * may keep referring to the scenario it was built from, so the scenario lives as long
 * as the simulation does.
 */
import { encodeScenario, ScenarioError, type EncodedScenario, type ScenarioValues } from './scenario.js';
import { readSchema } from './schema.js';
import type { Core, Ptr } from './wasm.js';
import type { Report } from './report.js';

export class Simulation {
  private freed = false;

  private constructor(
    readonly core: Core,
    private readonly scenario: EncodedScenario,
    private readonly sim: Ptr,
  ) {}

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
      return new Simulation(core, scenario, sim);
    } finally {
      core.free(statusPtr);
    }
  }

  private get handle(): Ptr {
    if (this.freed) throw new Error('this simulation has been freed');
    return this.sim;
  }

  /** Runs events up to and including simulated time tNs; returns how many ran. */
  runUntil(tNs: number): number {
    if (Number.isNaN(tNs)) throw new RangeError('runUntil needs a time in ns, not NaN');
    return this.core.exports.lab_sim_run_until(this.handle, tNs);
  }

  /** Runs to the scenario's duration; returns how many events ran. */
  runToEnd(): number {
    const ran = this.runUntil(Number.MAX_SAFE_INTEGER);
    if (!this.done) throw new Error(`the core stopped at ${this.now} ns before the end of the scenario`);
    return ran;
  }

  /** Runs the next n events; returns how many ran. */
  step(n = 1): number {
    return this.core.exports.lab_sim_step(this.handle, n);
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
