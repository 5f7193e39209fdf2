/*
 * progress.ts -- long runs in the CLI. The core runs a scenario in one call if asked;
 * here a run goes in steps of simulated time instead (each about STEP_WALL_MS of wall
 * time, the same events in the same order, so the report is byte for byte the same),
 * and between steps a Watch can:
 *
 *  - draw progress on a terminal: one line on stderr, a few times a second, with the
 *    percent done and an estimate of the time left, cleared at the end. Nothing is
 *    drawn when stderr is not a terminal, and stdout is never touched.
 *  - warn once, in words on stderr, when the estimate says the whole job will take
 *    longer than a minute (judged after its first second).
 *  - stop on Ctrl-C: the event loop gets a turn every YIELD_EVERY_MS, so SIGINT is
 *    seen between steps; the run is freed and Interrupted says where it stopped.
 */
import { Simulation, type Core, type ScenarioValues } from '../core/index.js';

/** Timing of the watch, in wall milliseconds (tests may lower them). */
export const timing = {
  /** Draw nothing for runs shorter than this. */
  showAfterMs: 300,
  /** Redraw at most this often. */
  drawEveryMs: 200,
  /** Let the event loop see signals at least this often. */
  yieldEveryMs: 100,
  /** Estimate the total after this long... */
  warnAfterMs: 1000,
  /** ...and warn if it is over this. */
  warnOverMs: 60_000,
};

/** Aim for steps of about this much wall time each. */
const STEP_WALL_MS = 50;

/** Ctrl-C stopped the job; the message says where. Exit code 130. */
export class Interrupted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Interrupted';
  }
}

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Runs a scenario to its end in steps of simulated time; onStep gets the fraction done. */
export async function runInSteps(core: Core, values: ScenarioValues, onStep: (fraction: number) => Promise<void>): Promise<string> {
  const simulation = Simulation.create(core, values);
  try {
    return await finishInSteps(simulation, Number(values['sim.duration_ns']), onStep);
  } finally {
    simulation.free();
  }
}

/**
 * Runs a simulation on from where it is to `end` (its sim.duration_ns) in steps of about
 * STEP_WALL_MS, then returns its report; the caller frees it.
 */
export async function finishInSteps(simulation: Simulation, end: number, onStep: (fraction: number) => Promise<void>): Promise<string> {
  let span = Math.max(1000, Math.floor(end / 10_000));
  while (!simulation.done && simulation.now < end) {
    const started = performance.now();
    simulation.runUntil(Math.min(end, simulation.now + span));
    const took = performance.now() - started;
    span = Math.max(1000, Math.floor(span * Math.min(4, Math.max(0.25, STEP_WALL_MS / Math.max(took, 1)))));
    await onStep(Math.min(1, simulation.now / end));
  }
  simulation.runToEnd();
  return simulation.reportText();
}

/**
 * Watches one job (a run, or a sweep of runs): progress, the long-job warning and Ctrl-C.
 * `what` names the job in the warning ("run", "sweep of 16 runs").
 */
export class Watch {
  private readonly started = performance.now();
  private lastDraw = -Infinity;
  private lastYield = performance.now();
  private drawn = false;
  private warned = false;
  private interrupted = false;
  private readonly onSigint = () => {
    this.interrupted = true;
  };

  constructor(
    private readonly stderr: ProgressStream,
    private readonly what: string,
  ) {
    process.on('SIGINT', this.onSigint);
  }

  /**
   * After a step: fraction is of the whole job (0..1), line() the words to draw after
   * the bar, stopped() the words for Ctrl-C. Throws Interrupted after Ctrl-C.
   */
  async update(fraction: number, line: () => string, stopped: () => string): Promise<void> {
    let now = performance.now();
    if (now - this.lastYield >= timing.yieldEveryMs) {
      await new Promise((resolve) => setImmediate(resolve));
      now = this.lastYield = performance.now();
    }
    if (this.interrupted) {
      this.clear();
      throw new Interrupted(`stopped by Ctrl-C ${stopped()}; nothing was printed.`);
    }
    const elapsed = now - this.started;
    const left = fraction > 0 ? (elapsed * (1 - fraction)) / fraction : Infinity;
    if (!this.warned && elapsed >= timing.warnAfterMs && fraction > 0 && elapsed + left > timing.warnOverMs) {
      this.warned = true;
      this.clear();
      this.stderr.write(
        `stacklab: this ${this.what} will take about ${wallText(elapsed + left)} ` +
          `(${percentText(fraction)} done in its first ${wallText(elapsed)}); Ctrl-C stops it.\n`,
      );
    }
    if (this.stderr.isTTY && elapsed >= timing.showAfterMs && now - this.lastDraw >= timing.drawEveryMs) {
      this.lastDraw = now;
      const width = 24;
      const filled = Math.min(width, Math.floor(fraction * width));
      const text =
        `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percentText(fraction)}  ${line()}` +
        // the first moments of a run are no guide to its pace
        (Number.isFinite(left) && (elapsed >= timing.warnAfterMs || fraction >= 0.05) ? `  about ${wallText(left)} left` : '');
      const columns = Math.max(20, (this.stderr.columns || 80) - 1);
      this.stderr.write(`\r${text.slice(0, columns)}\x1b[K`);
      this.drawn = true;
    }
  }

  /** The job ended (or failed): clears the progress line and stops watching for Ctrl-C. */
  finish(): void {
    this.clear();
    process.off('SIGINT', this.onSigint);
  }

  private clear(): void {
    if (this.drawn) this.stderr.write('\r\x1b[K');
    this.drawn = false;
  }
}

/** "0.4%", "42%": a tenth of a percent below 10%, where a long run spends minutes. */
export function percentText(fraction: number): string {
  const percent = fraction * 100;
  return percent < 10 ? `${Math.floor(percent * 10) / 10}%` : `${Math.floor(percent)}%`;
}

/** Wall time in words: "under 1 s", "40 s", "3 min 10 s", "2 h 5 min". */
export function wallText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 1) return 'under 1 s';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** Simulated time in the unit of `scale` (the run's length): "270 s", "12.5 ms". */
export function simulatedText(ns: number, scale = ns): string {
  const [unit, per] = scale >= 1e9 ? ['s', 1e9] : scale >= 1e6 ? ['ms', 1e6] : scale >= 1e3 ? ['µs', 1e3] : ['ns', 1];
  return `${(ns / (per as number)).toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
}
