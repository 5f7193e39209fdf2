/*
 * stacklab.ts -- the headless runner: runs scenarios and sweeps over the same wasm
 * core the browser lab uses, prints the core's report or a summary of it.
 *
 * `stacklab locks` (locks.ts) runs real locks on this machine's cores instead.
 *
 * Exit codes: 0 done, 2 the input was wrong (the message says how to fix it),
 * 1 something else failed (for example the core is not built), 130 stopped by Ctrl-C.
 *
 * Runs go in steps of simulated time (progress.ts): on a terminal a progress line on
 * stderr, a warning in words when a run or sweep will take over a minute, and Ctrl-C
 * stops cleanly. stdout holds only the result.
 */
import { parseArgs } from 'node:util';
import { loadCoreFromDisk } from '../core/node.js';
import { listPresets, readScenarioSource, ScenarioFileError } from '../core/presets.js';
import {
  checkScenario,
  closest,
  encodeScenario,
  fieldsByPath,
  parseFieldText,
  readSchema,
  ScenarioError,
  unknownField,
  withOverrides,
  type Core,
  type FlatScenario,
  type Report,
  type Schema,
  type ScenarioDocument,
  type ScenarioMeta,
  type ScenarioValues,
} from '../core/index.js';
import { formatFields, formatRunSummary, formatSweepTable } from './summary.js';
import { FIT_PATH, formatSweepFit, sweepFit } from './sweep-fit.js';
import { Interrupted, percentText, runInSteps, simulatedText, Watch } from './progress.js';
import { runProgressiveSweep } from './progressive-sweep.js';
import { LOCKS_OPTIONS, runLocks } from './locks.js';
import { UsageError } from './usage-error.js';

export { UsageError };

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

export const usage = `stacklab -- run StackLab scenarios headless, over the same core as the lab

Usage:
  stacklab run <preset | scenario.json> [--set path=value ...] [--json]
  stacklab sweep <preset | scenario.json> [--vary path=FROM..TO[:STEP]] [--set path=value ...] [--json [--fit]] [--progress]
  stacklab locks [--workers 1,2,4] [--algorithms tas,ticket,mcs] [--duration-ms 300] [--repeats 3]
                 [--critical-lines 2] [--critical-spins 0] [--think-spins 0] [--json | --csv]
  stacklab presets
  stacklab fields
  stacklab --help

Commands:
  run       run one scenario to its end and print its metrics
  sweep     run the scenario once for each value of one field (STEP defaults to 1);
            without --vary, the sweep the scenario's meta names (as scaling-sweep does);
            over machine.cpus it also fits the main throughput by Amdahl's law and the
            Universal Scalability Law (s; sigma, kappa, N_max and the peak; R^2) and
            says whether each fit is good or poor (its peak beside the sweep's own), and why
  locks     run real lock algorithms on this machine's cores (Node worker_threads over
            shared memory): tas, ttas (test-and-test-and-set with back-off), ticket, mcs,
            futex (wakes one sleeper) and wake_all (wakes every sleeper: the herd), each
            at each worker count, and print acquisitions/s (median of the repeats, min-max),
            Jain's fairness, the hand-off time and whether the lock held (a shared counter
            ends exact), under this machine's measured line transfer and uncontended
            acquire; the service kernel's service.discipline models the same locks
  presets   list the named scenarios in lessons/scenarios (name, title)
  fields    list every scenario field with its range and default (docs/scenario.md explains them)

Options:
  --set path=value   change one field, e.g. --set machine.cpus=8 --set kernel.kind=scalable
  --vary path=A..B:S sweep a number field from A to B in steps of S, e.g. --vary machine.cpus=1..32
  --json             print the core's report JSON unchanged (sweep: a JSON array of reports;
                     locks: {"machine", "plan", "points"}, every run in its point)
  --fit              with sweep --json over machine.cpus: print {"reports": [...], "fit": {...}},
                     the reports and their Amdahl and USL fit (with quality and clamped),
                     instead of the bare array
  --progress         with sweep: print the provisional curve on stderr first (every run's
                     figure over a short window, coarse points first, with its 95% interval),
                     then go on with each run to its end; stdout is the same as without it
  --workers N,N,...  locks: the thread counts (default 1, 2, 4, ..., the cores and twice the cores)
  --algorithms A,... locks: which algorithms (default all six)
  --duration-ms MS   locks: how long each run lasts (default 300)
  --repeats N        locks: runs of each algorithm at each thread count (default 3)
  --critical-lines N locks: shared cache lines each critical section writes (default 2)
  --critical-spins N locks: busy-loop iterations inside the critical section (default 0)
  --think-spins N    locks: busy-loop iterations between acquisitions (default 0)
  --csv              locks: print CSV (a row per algorithm and thread count) instead of the table
  -h, --help         show this help

Limits:
  A scenario file is a regular file of at most 1 MiB, in UTF-8, with JSON nested at most
  64 levels deep; a sweep is at most 10,000 runs. On a terminal a long run shows its
  progress on stderr; Ctrl-C stops it (exit status 130).

Examples:
  stacklab run testbed-classic
  stacklab run testbed-classic --set kernel.kind=scalable --json
  stacklab sweep testbed-scalable --vary machine.cpus=1..32:1
  stacklab sweep scaling-sweep
  stacklab sweep testbed-classic --vary machine.cpus=1..16 --json --fit
  stacklab sweep testbed-scalable --vary machine.cpus=1..32 --progress
  stacklab locks --workers 1,2,4 --algorithms tas,ticket,mcs --json
`;

const MAX_SWEEP_POINTS = 10000;

/** Runs the command line; returns the exit code. Never throws for bad input. */
export async function main(argv: string[], io: Io = process): Promise<number> {
  try {
    await dispatch(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) {
      io.stderr.write(`stacklab: ${error.message}\n`);
      return 130;
    }
    if (error instanceof UsageError || error instanceof ScenarioFileError || error instanceof ScenarioError) {
      io.stderr.write(`stacklab: ${error.message.split('\n').join('\nstacklab: ')}\n`);
      if (error instanceof UsageError) io.stderr.write('Run `stacklab --help` for usage.\n');
      return 2;
    }
    io.stderr.write(`stacklab: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  }
}

async function dispatch(argv: string[], io: Io): Promise<void> {
  const args = parseCommandLine(argv);
  const [command, source, ...extra] = args.positionals;
  if (args.values.help || command === 'help') {
    io.stdout.write(usage);
    return;
  }
  if (command === undefined) throw new UsageError('no command given; say run, sweep, locks, presets or fields.');
  if (command === 'locks') {
    const { set, vary, fit, progress } = args.values;
    if (source !== undefined || set || vary || fit || progress) {
      throw new UsageError(
        `locks takes no scenario, --set, --vary, --fit or --progress; it runs real locks: \`stacklab locks --workers 1,2 --algorithms tas,mcs\`.`,
      );
    }
    await runLocks(args.values, io);
    return;
  }
  const lockOption = (Object.keys(LOCKS_OPTIONS) as Array<keyof typeof LOCKS_OPTIONS>).find((name) => args.values[name] !== undefined);
  if (lockOption) throw new UsageError(`--${lockOption} belongs to locks; use \`stacklab locks --${lockOption} ...\`.`);
  if (command === 'presets') {
    noScenarioArgs(command, args);
    for (const preset of listPresets()) io.stdout.write(`${preset.name}\t${preset.title}\n`);
    return;
  }
  if (command === 'fields') {
    noScenarioArgs(command, args);
    io.stdout.write(formatFields(readSchema(await loadCoreFromDisk())));
    return;
  }
  if (command !== 'run' && command !== 'sweep') {
    const suggestion = closest(command, ['run', 'sweep', 'locks', 'presets', 'fields']);
    throw new UsageError(
      `unknown command "${command}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} Commands: run, sweep, locks, presets, fields.`,
    );
  }
  if (source === undefined)
    throw new UsageError(`${command} needs a preset name or a scenario .json file, e.g. \`stacklab ${command} testbed-classic\`.`);
  if (extra.length > 0)
    throw new UsageError(`unexpected argument "${extra[0]}"; give one scenario, and change fields with --set path=value.`);

  const document = readScenarioSource(source);
  const overrides = parseSets(args.values.set ?? []);
  const core = await loadCoreFromDisk();
  const schema = readSchema(core);

  if (command === 'run') {
    if (args.values.vary) throw new UsageError('--vary belongs to sweep; use `stacklab sweep ... --vary path=FROM..TO`.');
    if (args.values.fit) throw new UsageError('--fit belongs to sweep; use `stacklab sweep ... --vary machine.cpus=1..16 --json --fit`.');
    if (args.values.progress)
      throw new UsageError('--progress belongs to sweep; use `stacklab sweep ... --vary machine.cpus=1..32 --progress`.');
    const values = checkOrThrow(schema, withOverrides(document, overrides));
    const report = await runOne(core, values, io);
    io.stdout.write(args.values.json ? report + '\n' : await formatRunSummary(schema, JSON.parse(report)));
    return;
  }

  const varies = args.values.vary ?? presetSweep(document);
  if (varies.length !== 1) {
    throw new UsageError(
      varies.length === 0
        ? 'sweep needs --vary path=FROM..TO[:STEP], e.g. --vary machine.cpus=1..32.'
        : 'give one --vary; a sweep varies one field (fix others with --set).',
    );
  }
  const vary = parseVary(schema, varies[0]!);
  if (args.values.fit && !args.values.json) {
    throw new UsageError('--fit changes what --json prints; add --json (without it the sweep table is followed by the fit anyway).');
  }
  if (args.values.fit && vary.path !== FIT_PATH) {
    throw new UsageError(`--fit fits throughput against ${FIT_PATH}, and this sweep varies ${vary.path}; vary ${FIT_PATH} instead.`);
  }
  // Every point is checked, by the core too, before any runs: a sweep fails at once or not at all.
  const scenarios = vary.values.map((value) => {
    const values = checkOrThrow(schema, withOverrides(document, { ...overrides, [vary.path]: value }));
    encodeScenario(core, schema, values).free();
    return values;
  });
  const reports = args.values.progress ? await runProgressiveSweep(core, scenarios, io, vary) : await runSweep(core, scenarios, io, vary);
  const array = '[\n' + reports.join(',\n') + '\n]';
  // Without --fit, --json stays the bare array of reports its readers expect.
  if (args.values.json && !args.values.fit) {
    io.stdout.write(array + '\n');
    return;
  }
  const parsed = reports.map((text) => JSON.parse(text) as Report);
  const fit = vary.path === FIT_PATH ? sweepFit(vary.values, parsed) : undefined;
  if (args.values.json) io.stdout.write(`{\n"reports": ${array},\n"fit": ${JSON.stringify(fit, null, 2)}\n}\n`);
  else io.stdout.write((await formatSweepTable(vary.path, vary.values, parsed)) + (fit ? '\n' + formatSweepFit(fit) : ''));
}

type CommandLine = ReturnType<typeof parseCommandLine>;

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        set: { type: 'string', multiple: true, short: 's' },
        vary: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        fit: { type: 'boolean' },
        progress: { type: 'boolean' },
        ...LOCKS_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new UsageError(message.charAt(0).toLowerCase() + message.slice(1));
  }
}

function noScenarioArgs(command: string, args: CommandLine): void {
  const { set, vary, json, fit, progress } = args.values;
  if (args.positionals.length > 1 || set || vary || json || fit || progress) {
    throw new UsageError(`${command} takes no scenario, --set, --vary, --json, --fit or --progress.`);
  }
}

/** --set path=value, ... -> flat overrides (values typed as JSON would type them). */
export function parseSets(sets: string[]): FlatScenario {
  const overrides: FlatScenario = {};
  for (const set of sets) {
    const match = /^([^=\s]+)=(.+)$/s.exec(set);
    if (!match) throw new UsageError(`--set "${set}" is not path=value; write it like --set machine.cpus=8.`);
    const value = parseFieldText(match[2]!);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new UsageError(
        `--set ${match[1]}: ${match[2]} is not a finite number (it is beyond ±1.8e308); \`stacklab fields\` lists each field's range.`,
      );
    }
    overrides[match[1]!] = value;
  }
  return overrides;
}

export interface Vary {
  path: string;
  values: number[];
}

/** --vary path=FROM..TO[:STEP] -> the field and its values, FROM and TO included. */
export function parseVary(schema: Schema, text: string): Vary {
  const match = /^([^=\s]+)=([^.:]+)\.\.([^:]+)(?::(.+))?$/.exec(text);
  const example = 'write it like --vary machine.cpus=1..32 or --vary network.background_rx_pps=0..50000:10000';
  if (!match) throw new UsageError(`--vary "${text}" is not path=FROM..TO[:STEP]; ${example}.`);
  const [, path, fromText, toText, stepText = '1'] = match as unknown as [string, string, string, string, string?];
  const field = fieldsByPath(schema).get(path);
  if (!field) throw new UsageError(`--vary: ${unknownField(schema, path)}`);
  if (field.type === 'enum') {
    throw new UsageError(
      `--vary: ${path} is a choice of names (${field.values!.join(', ')}), not a number; run each with --set ${path}=NAME.`,
    );
  }
  const [from, to, step] = [fromText, toText, stepText].map((part) => parseFieldText(part));
  for (const [name, value] of [
    ['FROM', from],
    ['TO', to],
    ['STEP', step],
  ] as const) {
    if (typeof value !== 'number') throw new UsageError(`--vary ${path}: ${name} "${value}" is not a number; ${example}.`);
  }
  const [a, b, s] = [from, to, step] as number[];
  const texts = { FROM: fromText, TO: toText, STEP: stepText };
  for (const [name, value] of [
    ['FROM', a],
    ['TO', b],
    ['STEP', s],
  ] as const) {
    if (!Number.isFinite(value))
      throw new UsageError(`--vary ${path}: ${name} ${texts[name]} is not a finite number (it is beyond ±1.8e308); ${example}.`);
  }
  if (!(s! > 0)) throw new UsageError(`--vary ${path}: STEP must be above 0 (it is ${s}).`);
  if (field.type === 'int' && [a, b, s].some((n) => !Number.isInteger(n))) {
    throw new UsageError(`--vary ${path}: ${path} is a whole number, so FROM, TO and STEP must be whole numbers.`);
  }
  const count = Math.floor(Math.abs(b! - a!) / s! + 1e-9) + 1;
  if (!(count <= MAX_SWEEP_POINTS)) {
    const runs = Number.isFinite(count) ? count.toLocaleString('en-US') : 'more than a number can hold';
    throw new UsageError(
      `--vary ${path}: ${fromText}..${toText}:${stepText} is ${runs} runs, too many (a sweep is at most ${MAX_SWEEP_POINTS.toLocaleString('en-US')} runs); use a larger STEP or a narrower range.`,
    );
  }
  const direction = b! >= a! ? 1 : -1;
  const values = Array.from({ length: count }, (_, i) => Number((a! + direction * i * s!).toPrecision(12)));
  if (new Set(values).size < values.length) {
    throw new UsageError(
      `--vary ${path}: STEP ${stepText} is too small for ${fromText}..${toText}: the values repeat at 12 significant digits; use a larger STEP.`,
    );
  }
  for (const value of [values[0]!, values[values.length - 1]!]) {
    if (value < field.min || value > field.max) {
      throw new UsageError(
        `--vary ${path}: ${value} is outside ${path}'s range, ${field.min} to ${field.max}${field.unit ? ' ' + field.unit : ''}.`,
      );
    }
  }
  return { path, values };
}

/** The sweep a scenario's meta names ({"sweep":{"path","from","to","step"?}}), as --vary text. */
function presetSweep(document: ScenarioDocument): string[] {
  const sweep = (document.meta as ScenarioMeta | undefined)?.sweep as Record<string, unknown> | undefined;
  if (!sweep || typeof sweep.path !== 'string') return [];
  return [`${sweep.path}=${sweep.from}..${sweep.to}:${sweep.step ?? 1}`];
}

function checkOrThrow(schema: Schema, document: ScenarioDocument): ScenarioValues {
  const checked = checkScenario(schema, document);
  if (!checked.ok) throw new ScenarioError(checked.problems);
  return checked.values;
}

async function runOne(core: Core, values: ScenarioValues, io: Io): Promise<string> {
  const end = Number(values['sim.duration_ns']);
  const watch = new Watch(io.stderr, `run (${simulatedText(end)} of simulated time)`);
  let done = 0;
  try {
    return await runInSteps(core, values, (fraction) => {
      done = fraction;
      const simulated = () => `${simulatedText(fraction * end, end)} of ${simulatedText(end)} simulated`;
      return watch.update(fraction, simulated, () => `at ${percentText(done)} of the run (${simulated()})`);
    });
  } finally {
    watch.finish();
  }
}

async function runSweep(core: Core, scenarios: ScenarioValues[], io: Io, vary: Vary): Promise<string[]> {
  const total = scenarios.length;
  const watch = new Watch(io.stderr, `sweep of ${total} runs`);
  const reports: string[] = [];
  // A run's cost grows with its simulated time and its CPUs: the sweep's fraction done
  // is weighed by both, so a sweep up to 32 CPUs is not judged by its 1-CPU run.
  const weights = scenarios.map((values) => Number(values['sim.duration_ns']) * Math.max(1, Number(values['machine.cpus']) || 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  let before = 0;
  try {
    for (const [i, values] of scenarios.entries()) {
      const point = `${vary.path}=${vary.values[i]}`;
      const share = (fraction: number) => (before + fraction * weights[i]!) / sum;
      reports.push(
        await runInSteps(core, values, (fraction) =>
          watch.update(
            share(fraction),
            () => `run ${i + 1}/${total} ${point}`,
            () => `during run ${i + 1} of ${total} (${point}), ${percentText(share(fraction))} of the sweep`,
          ),
        ),
      );
      before += weights[i]!;
    }
    return reports;
  } finally {
    watch.finish();
  }
}
