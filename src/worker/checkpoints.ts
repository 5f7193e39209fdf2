/*
 * checkpoints.ts -- the checkpoints of one run, for rewinding it (seek in host.ts).
 *
 * A checkpoint is the core's whole simulation state at a simulated time
 * (Simulation.checkpoint(), a few hundred KB). The worker offers one after every
 * frame; the store keeps it when at least `intervalNs` of simulated time passed since
 * the newest one. Memory is bounded by `budgetBytes`: when the checkpoints exceed it,
 * every second one is dropped (the first, the run's start, and the newest always
 * stay) and the interval doubles, so checkpoints stay evenly spread over the run at
 * any length, and seeking costs at most one interval of re-simulation.
 *
 * Invariants: times strictly increase; the bytes held never exceed the budget after
 * add() returns (a checkpoint bigger than the whole budget is refused; two that alone
 * exceed it are both kept, the start and the newest).
 * The run is deterministic, so a checkpoint stays valid after a seek back: replaying
 * from it reaches the very state the first run reached. Only a new scenario (a load)
 * invalidates them: clear().
 */

export interface Checkpoint {
  /** Simulated time the state was taken at (ns). */
  tNs: number;
  bytes: Uint8Array;
}

export interface CheckpointOptions {
  /** Bytes all checkpoints may take together. */
  budgetBytes: number;
  /** Simulated ns between checkpoints at first (doubles at each thinning). */
  intervalNs: number;
}

export const DEFAULT_CHECKPOINTS: CheckpointOptions = { budgetBytes: 48 * 1024 * 1024, intervalNs: 1e6 };

export class CheckpointStore {
  private list: Checkpoint[] = [];
  private held = 0;
  private interval: number;
  /** Times thinned since the last clear(). */
  private thinnings = 0;

  constructor(private readonly options: CheckpointOptions = DEFAULT_CHECKPOINTS) {
    if (!(options.budgetBytes > 0)) throw new RangeError('a checkpoint budget must be above 0 bytes');
    if (!(options.intervalNs > 0)) throw new RangeError('the checkpoint interval must be above 0 ns');
    this.interval = options.intervalNs;
  }

  get count(): number {
    return this.list.length;
  }

  get bytes(): number {
    return this.held;
  }

  /** Simulated ns wanted between two checkpoints now. */
  get intervalNs(): number {
    return this.interval;
  }

  get thinned(): number {
    return this.thinnings;
  }

  /** The checkpoint times, oldest first (for tests and the page). */
  get times(): number[] {
    return this.list.map((c) => c.tNs);
  }

  /** Forgets every checkpoint (a new scenario) and starts over at the first interval. */
  clear(): void {
    this.list = [];
    this.held = 0;
    this.interval = this.options.intervalNs;
    this.thinnings = 0;
  }

  /** Whether a checkpoint at tNs would be kept (so the caller copies the state only then). */
  wants(tNs: number): boolean {
    const newest = this.list[this.list.length - 1];
    return !newest || tNs >= newest.tNs + this.interval;
  }

  /**
   * Adds a checkpoint taken at tNs. Always kept when it is the first (force also keeps
   * one taken sooner than the interval, but never one at or before the newest). Returns
   * whether it was kept.
   */
  add(tNs: number, bytes: Uint8Array, force = false): boolean {
    const newest = this.list[this.list.length - 1];
    if (newest && tNs <= newest.tNs) return false;
    if (!force && !this.wants(tNs)) return false;
    if (bytes.byteLength > this.options.budgetBytes) return false;
    this.list.push({ tNs, bytes });
    this.held += bytes.byteLength;
    while (this.held > this.options.budgetBytes && this.list.length > 2) this.thin();
    return true;
  }

  /** The newest checkpoint at or before tNs, or undefined when there is none. */
  atOrBefore(tNs: number): Checkpoint | undefined {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.list[mid]!.tNs <= tNs) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? this.list[lo - 1] : undefined;
  }

  /** Drops every second checkpoint between the first and the newest; doubles the interval. */
  private thin(): void {
    const last = this.list.length - 1;
    const kept = this.list.filter((_, i) => i === 0 || i === last || i % 2 === 0);
    this.held = kept.reduce((sum, c) => sum + c.bytes.byteLength, 0);
    this.list = kept;
    this.interval *= 2;
    this.thinnings++;
  }
}
