/*
 * progressive-sweep.ts -- `stacklab sweep --progress`: the sweep the lab runs
 * (core/progressive.ts). Every run first goes to the end of its provisional window,
 * coarse points first (both ends of the range, the middle, then the middles of each
 * half), and its provisional figure is printed on stderr at once, with its 95% interval;
 * then each run goes on from where it stopped to its end. The final reports, on stdout,
 * are byte for byte those of a sweep without --progress: no event runs twice, and a run
 * does not depend on where it pauses.
 *
 * Every run stays in memory between its two passes (a testbed run at 32 CPUs holds
 * about 30 KB of the core's memory).
 */
import {
  batchEnds,
  coarseOrder,
  PROVISIONAL,
  provisionalFigure,
  Simulation,
  type Core,
  type Report,
  type ScenarioValues,
} from '../core/index.js';
import { kernelInfo } from '../kernels/index.js';
import { formatCount } from '../views/format.js';
import { finishInSteps, percentText, Watch } from './progress.js';
import type { Io, Vary } from './stacklab.js';

/** The provisional pass's share of a run's cost: the warm-up and the window's first fraction. */
function provisionalShare(values: ScenarioValues): number {
  const duration = Number(values['sim.duration_ns']) || 1;
  const end = batchEnds(values).at(-1) ?? 0;
  return Math.min(1, end / duration);
}

export async function runProgressiveSweep(core: Core, scenarios: ScenarioValues[], io: Io, vary: Vary): Promise<string[]> {
  const total = scenarios.length;
  const order = coarseOrder(total);
  const watch = new Watch(io.stderr, `sweep of ${total} runs`);
  const weights = scenarios.map((values) => Number(values['sim.duration_ns']) * Math.max(1, Number(values['machine.cpus']) || 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const sims: Array<Simulation | undefined> = scenarios.map(() => undefined);
  const reports: string[] = scenarios.map(() => '');
  let before = 0;
  const point = (i: number) => `${vary.path}=${vary.values[i]}`;
  const width = Math.max(...scenarios.map((_, i) => point(i).length));
  try {
    io.stderr.write(
      `stacklab: the provisional curve, coarse points first: each run's figure over the first ` +
        `${Number((PROVISIONAL.fraction * 100).toFixed(2))}% of its measurement window, ± its 95% interval ` +
        `(batch means). The final table follows on stdout.\n`,
    );
    for (const [at, i] of order.entries()) {
      const values = scenarios[i]!;
      const sim = (sims[i] = Simulation.create(core, values));
      const reportsSoFar: Report[] = [];
      for (const end of batchEnds(values)) {
        if (sim.done) break;
        sim.runUntil(end);
        reportsSoFar.push(sim.report());
        await watch.update(
          (before + (weights[i]! * provisionalShare(values) * reportsSoFar.length) / PROVISIONAL.batches) / sum,
          () => `provisional ${at + 1}/${total} ${point(i)}`,
          () => `while drawing the provisional curve (run ${at + 1} of ${total}, ${point(i)})`,
        );
      }
      before += weights[i]! * provisionalShare(values);
      if (sim.done || reportsSoFar.length === 0) continue;
      const last = reportsSoFar.at(-1)!;
      const info = kernelInfo(last.kernel);
      const { value, halfWidth } = provisionalFigure(reportsSoFar, info.throughput.path);
      const interval = Number.isFinite(halfWidth) ? ` ± ${formatCount(halfWidth)}` : '';
      io.stderr.write(`  provisional  ${point(i).padEnd(width)}  ≈ ${formatCount(value)}${interval} ${info.throughput.unit}\n`);
    }
    for (const i of order) {
      const sim = sims[i]!;
      const end = Number(scenarios[i]!['sim.duration_ns']);
      const start = sim.now / end;
      const rest = weights[i]! * (1 - provisionalShare(scenarios[i]!));
      reports[i] = await finishInSteps(sim, end, (fraction) =>
        watch.update(
          (before + (rest * Math.max(0, fraction - start)) / Math.max(1e-9, 1 - start)) / sum,
          () => `final ${point(i)}`,
          () => `while making the curve exact (${point(i)}), ${percentText((before + rest * fraction) / sum)} of the sweep`,
        ),
      );
      before += rest;
      sim.free();
      sims[i] = undefined;
    }
    return reports;
  } finally {
    for (const sim of sims) sim?.free();
    watch.finish();
  }
}
