/*
 * extra-runs.ts -- the runs a lab keeps beside its own, each in workers of its own with
 * tracing off: the scaling sweep (SweepRunner: the lab's kernel, and its sweep partner if
 * it has one, at each CPU count of a range), named variant
 * runs (the porting journey's 1-way and 4-way runs) and the companion run (the lab's
 * scenario with a few fields changed, for a side-by-side view). Their state lands in
 * the lab's state (sweep, variants, companion) through `publish`.
 */
import { SweepRunner, VariantRunner, type WorkerFactory } from '../../core/client.js';
import type { ScenarioValues } from '../../core/scenario-values.js';
import { dealProgressive, PROVISIONAL, progressiveOrder } from '../../core/progressive.js';
import {
  addSweepPoint,
  planSweep,
  withoutSweepPoint,
  type KernelKind,
  type ProvisionalSweepPoint,
  type SweepCpus,
  type SweepPlanPoint,
  type Variant,
  type VariantRun,
} from '../../core/sweep.js';
import { capitalised, kernelInfo } from '../../kernels/index.js';
import { plural } from '../../views/format.js';
import { companionOf, type CompanionRun, type LabState } from './state.js';

/** Provisional points arriving within this long of the last ones drawn are drawn together. */
const PROVISIONAL_BATCH_MS = 100;

/** The companion run's key among the variant runners. */
const COMPANION = Symbol('companion');

export class ExtraRuns {
  private sweepRunner: SweepRunner | undefined;
  private sweepPlan: SweepPlanPoint[] = [];
  /** Provisional points not yet published, and the timer that publishes them. */
  private provisionalBatch: ProvisionalSweepPoint[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Variant runners by name; the companion's under a key no name can take. */
  private variantRunners = new Map<string | typeof COMPANION, VariantRunner>();

  constructor(
    private readonly createWorker: WorkerFactory,
    private readonly workers: number,
    private readonly state: () => LabState,
    private readonly publish: (patch: Partial<LabState>) => void,
  ) {}

  /**
   * Runs the scaling sweep of the scenario: each kernel at each CPU count, progressively
   * (core/progressive.ts): every point's provisional figure first, coarse CPU counts
   * first, then each run on to its end, its final report replacing the provisional one.
   */
  runSweep(base: ScenarioValues, cpus: SweepCpus, kernels: readonly KernelKind[]): void {
    this.sweepRunner?.dispose();
    this.provisionalBatch = [];
    const plan = planSweep(base, { cpus, kernels });
    this.sweepPlan = plan.points;
    const runner = new SweepRunner(this.createWorker, this.workers, {
      provisional: (index, report, figure) => {
        const point = this.sweepPlan[index];
        if (!point || runner !== this.sweepRunner) return;
        this.provisionalBatch.push({ cpus: point.cpus, kernel: point.kernel, report, figure });
        const sweep = this.state().sweep;
        const complete = sweep.done + (sweep.provisional?.length ?? 0) + this.provisionalBatch.length >= sweep.total;
        if (complete || this.batchTimer === undefined) this.flushProvisional();
      },
      point: (index, report) => {
        const point = this.sweepPlan[index];
        if (!point || runner !== this.sweepRunner) return;
        this.flushProvisional();
        const sweep = this.state().sweep;
        this.publish({
          sweep: {
            ...sweep,
            done: sweep.done + 1,
            points: addSweepPoint(sweep.points, { cpus: point.cpus, kernel: point.kernel, report }),
            provisional: withoutSweepPoint(sweep.provisional ?? [], point),
          },
        });
      },
      refused: (index, problems) => {
        if (runner !== this.sweepRunner) return;
        const point = this.sweepPlan[index];
        const sweep = this.state().sweep;
        const which = point ? `${capitalised(kernelInfo(point.kernel).title)}, ${plural(point.cpus, 'CPU')}: ` : '';
        this.publish({ sweep: { ...sweep, done: sweep.done + 1, message: `${which}${problems.map((p) => p.message).join(' ')}` } });
      },
      done: (cancelled) => {
        if (runner !== this.sweepRunner) return;
        this.publish({ sweep: { ...this.state().sweep, status: cancelled ? 'cancelled' : 'done' } });
      },
      fault: (message) => {
        if (runner !== this.sweepRunner) return;
        this.publish({ sweep: { ...this.state().sweep, status: 'failed', message } });
      },
    });
    this.sweepRunner = runner;
    this.publish({
      sweep: { status: 'running', done: 0, total: plan.points.length, points: [], provisional: [], base, kernels, cpus },
      sweepNotes: plan.notes,
    });
    const specs = plan.points.map((point) => ({ ...point, measure: kernelInfo(point.kernel).throughput.path }));
    runner.run(dealProgressive(progressiveOrder(specs), this.workers), PROVISIONAL);
  }

  cancelSweep(): void {
    this.sweepRunner?.cancel();
  }

  /**
   * Publishes the provisional points waiting, then holds the next ones for
   * PROVISIONAL_BATCH_MS: 64 points arrive within half a second, and one chart drawing
   * per point would take the cores the sweep's workers need.
   */
  private flushProvisional(): void {
    if (this.batchTimer !== undefined) clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.provisionalBatch.length === 0) return;
    const sweep = this.state().sweep;
    const provisional = this.provisionalBatch.reduce((points, point) => addSweepPoint(points, point), sweep.provisional ?? []);
    this.provisionalBatch = [];
    this.publish({ sweep: { ...sweep, provisional } });
    this.batchTimer = setTimeout(() => {
      this.batchTimer = undefined;
      if (this.provisionalBatch.length > 0) this.flushProvisional();
    }, PROVISIONAL_BATCH_MS);
  }

  /** Runs labelled scenarios to their end; a new run of the same name stops the one still going. */
  runVariants(name: string, variants: readonly Variant[]): Promise<VariantRun> {
    return this.variantRunner(name, (run) => ({ variants: { ...this.state().variants, [name]: run } })).start(variants);
  }

  cancelVariants(name: string): void {
    this.variantRunners.get(name)?.cancel();
  }

  /** Runs `values` (the lab's scenario with `overrides`) as the companion; a new one replaces the one still going. */
  async runCompanion(values: ScenarioValues, overrides: ScenarioValues, label: string): Promise<CompanionRun> {
    const publish = (run: VariantRun) => ({ companion: companionOf(label, overrides, run) });
    return companionOf(label, overrides, await this.variantRunner(COMPANION, publish).start([{ label, values }]));
  }

  clearCompanion(): void {
    this.variantRunners.get(COMPANION)?.cancel();
    this.publish({ companion: undefined });
  }

  dispose(): void {
    if (this.batchTimer !== undefined) clearTimeout(this.batchTimer);
    this.sweepRunner?.dispose();
    this.sweepRunner = undefined;
    for (const runner of this.variantRunners.values()) runner.dispose();
  }

  private variantRunner(name: string | typeof COMPANION, publish: (run: VariantRun) => Partial<LabState>): VariantRunner {
    let runner = this.variantRunners.get(name);
    if (!runner) {
      runner = new VariantRunner(this.createWorker, this.workers, (run) => this.publish(publish(run)));
      this.variantRunners.set(name, runner);
    }
    return runner;
  }
}
