import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenScenario } from '../core/index.js';
import { nativePath, repoRoot } from '../core/node.js';
import { presetNames } from '../core/presets.js';

const SHORT = ['--set', 'sim.duration_ns=10000000', '--set', 'sim.warmup_ns=2000000'];

function stacklab(...args: string[]) {
  const result = spawnSync(process.execPath, [join(repoRoot, 'bin', 'stacklab.mjs'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Wrong input: exit 2, a message, never a stack trace. */
function refused(...args: string[]): string {
  const { code, stdout, stderr } = stacklab(...args);
  expect(code, stderr).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toMatch(/^stacklab: /);
  expect(stderr).not.toMatch(/\n\s+at /);
  return stderr;
}

const scratch = mkdtempSync(join(tmpdir(), 'stacklab-cli-'));

describe('stacklab CLI', () => {
  it("run --json prints the core's report", () => {
    const { code, stdout, stderr } = stacklab('run', 'testbed-classic', ...SHORT, '--json');
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout);
    for (const key of ['scenario', 'simulated_ns', 'events', 'cpus', 'locks', 'queues', 'throughput', 'mpsynch_pct']) {
      expect(report).toHaveProperty(key);
    }
    expect(report.scenario.kernel.kind).toBe('classic');
    expect(report.scenario.sim.duration_ns).toBe(10_000_000);
  });

  it('run --json is byte for byte what the native core prints', () => {
    const { stdout } = stacklab('run', 'testbed-scalable', ...SHORT, '--json');
    const scenario = JSON.parse(stdout).scenario as Record<string, unknown>;
    const args = Object.entries(flattenScenario(scenario)).map(([path, value]) => `${path}=${value}`);
    expect(stdout).toBe(execFileSync(nativePath, ['run', ...args], { encoding: 'utf8' }));
  });

  it('run prints a readable summary', () => {
    const { code, stdout } = stacklab('run', 'testbed-scalable', ...SHORT);
    expect(code).toBe(0);
    expect(stdout).toContain('MP synchronization');
    expect(stdout).toMatch(/IOLOCK8/);
  });

  it('a run of a kernel not on OpenVMS is told in its own words: no MP synchronization, no fork row', () => {
    const { code, stdout } = stacklab('run', 'onload-pingpong-kernel', ...SHORT);
    expect(code).toBe(0);
    expect(stdout).toContain('Spinning for locks');
    expect(stdout).not.toMatch(/MP synchronization|^fork /m);
  });

  it('a NUMA batch run says whether it finished, or that a steady-state run has no end', () => {
    const steady = stacklab('run', 'gs160', ...SHORT);
    expect(steady.code).toBe(0);
    expect(steady.stdout).toMatch(/runtime\s+none: a steady-state run/);
    const batch = stacklab('run', 'gs160-example3-after');
    expect(batch.code).toBe(0);
    expect(batch.stdout).toMatch(/runtime of the real run\s+\d+(\.\d)? minutes/);
  });

  it('runs a scenario file, with --set applied over it', () => {
    const file = join(scratch, 'two-cpus.json');
    writeFileSync(file, JSON.stringify({ meta: { title: 'two' }, machine: { cpus: 2 } }));
    const { code, stdout } = stacklab('run', file, ...SHORT, '--set', 'kernel.kind=scalable', '--set', 'kernel.designated_cpu=1', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.scenario.machine.cpus).toBe(2);
    expect(report.scenario.kernel.kind).toBe('scalable');
  });

  it('sweep --json prints one report per value', () => {
    const { code, stdout, stderr } = stacklab('sweep', 'testbed-classic', '--vary', 'machine.cpus=1..3', ...SHORT, '--json');
    expect(code, stderr).toBe(0);
    expect(stderr).toBe(''); // no progress bar without a terminal
    const reports = JSON.parse(stdout) as Array<{ scenario: { machine: { cpus: number } } }>;
    expect(reports.map((report) => report.scenario.machine.cpus)).toEqual([1, 2, 3]);
  });

  it("sweep without --vary runs the sweep the scenario's meta names", () => {
    const file = join(scratch, 'meta-sweep.json');
    writeFileSync(file, JSON.stringify({ meta: { sweep: { path: 'machine.cpus', from: 2, to: 4, step: 2 } } }));
    const { code, stdout, stderr } = stacklab('sweep', file, ...SHORT, '--json');
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout).map((report: { scenario: { machine: { cpus: number } } }) => report.scenario.machine.cpus)).toEqual([2, 4]);
  });

  it('sweep prints a table', () => {
    const { code, stdout } = stacklab('sweep', 'testbed-scalable', '--vary', 'machine.cpus=2..6:2', ...SHORT);
    expect(code).toBe(0);
    expect(stdout).toContain('machine.cpus');
    expect(stdout.trim().split('\n').length).toBeGreaterThanOrEqual(4);
  });

  describe("a sweep over machine.cpus is fitted by Amdahl's law and the USL", () => {
    // The classic kernel at its preset's full length: it peaks at 15 CPUs and falls at 16.
    const CLASSIC = ['sweep', 'testbed-classic', '--vary', 'machine.cpus=1..16'];

    it("the table is followed by X1, s, sigma, kappa, R^2 and the curve's peak, then each fit's verdict and reasons", () => {
      const { code, stdout, stderr } = stacklab(...CLASSIC);
      expect(code, stderr).toBe(0);
      expect(stdout).toContain('Scaling fit of Transmit packets/s against machine.cpus, 16 runs');
      expect(stdout).toContain("not the source's measurements");
      expect(stdout).toMatch(/^ {2}Amdahl +X1 [\d,]+ \(the 1-CPU run\) {2}s 0\.\d+ {2}R\^2 0\.\d{4} {2}no peak: approaches [\d,]+$/m);
      // sigma held at its bound, a high R^2, and a peak that is the curve's, not a prediction
      const usl =
        /^ {2}USL +X1 [\d,]+ \(the 1-CPU run\) {2}sigma 0 \(held at its bound\) {2}kappa ([\d.e-]+) {2}R\^2 (0\.\d{4}) {2}its curve peaks at (\d+\.\d) CPUs \(([\d,]+)\): a poor fit's, not a prediction$/m.exec(
          stdout,
        );
      expect(usl, stdout).not.toBeNull();
      const [, kappa, r2, nMax] = usl!.map(Number);
      expect(kappa).toBeGreaterThan(0);
      expect(r2).toBeGreaterThan(0.98);
      expect(nMax).toBeCloseTo(Math.sqrt(1 / kappa!), 0);
      expect(stdout).toContain('  The sweep itself peaks at 15 CPUs: 41,853.');
      // under the fit lines: the verdicts, in words
      const verdicts = stdout.slice(stdout.indexOf('The sweep itself peaks'));
      expect(verdicts).toMatch(
        /^ {2}Amdahl: POOR FIT\n {4}- the sweep peaks at 15 CPUs \(41,853\) and falls 3% by 16 CPUs, and Amdahl's law never falls$/m,
      );
      const past = new RegExp(
        `^ {2}USL: POOR FIT\\n {4}- the fit's peak \\(${usl![3]!.replace('.', '\\.')} CPUs\\) is (\\d+)% past the sweep's own peak \\(15 CPUs\\)$`,
        'm',
      ).exec(verdicts);
      expect(past, verdicts).not.toBeNull();
      expect(Math.abs(Number(past![1]) - (nMax! / 15 - 1) * 100)).toBeLessThan(1); // N_max is printed to a tenth
      expect(verdicts).toContain('    - sigma is held at its bound 0: the points would take it below 0, which the law does not allow\n');
      expect(stdout).not.toMatch(/N_max|NaN|undefined|Infinity/);
    });

    it("--json --fit prints the same reports with a fit object beside them: its numbers, X1's source, the clamped coefficients and the verdict", () => {
      const fitted = stacklab(...CLASSIC, '--json', '--fit');
      expect(fitted.code, fitted.stderr).toBe(0);
      const { reports, fit } = JSON.parse(fitted.stdout);
      expect(reports).toEqual(JSON.parse(stacklab(...CLASSIC, '--json').stdout));
      expect(fit).toMatchObject({ x: 'machine.cpus', y: 'throughput.transmit_packets_per_s', unit: '/s', points: 16 });
      expect(fit.highest).toEqual({ cpus: 15, throughput: reports[14].throughput.transmit_packets_per_s });
      expect(fit.amdahl).toMatchObject({ model: 'amdahl', x1From: 'measured', clamped: [], quality: { verdict: 'poor' } });
      expect(fit.amdahl.s).toBeGreaterThan(0);
      expect(fit.amdahl.s).toBeLessThanOrEqual(1);
      expect(fit.usl).toMatchObject({ model: 'usl', x1From: 'measured', sigma: 0, clamped: ['sigma'], quality: { verdict: 'poor' } });
      expect(fit.usl.kappa).toBeGreaterThan(0);
      expect(fit.usl.nMax).toBeCloseTo(Math.sqrt((1 - fit.usl.sigma) / fit.usl.kappa), 9);
      expect(fit.usl.quality.reasons[0]).toMatch(/^the fit's peak \(\d+\.\d CPUs\) is \d+% past the sweep's own peak \(15 CPUs\)$/);
      expect(fit.usl.quality.reasons).toContain(
        'sigma is held at its bound 0: the points would take it below 0, which the law does not allow',
      );
      expect(fit.usl.r2).toBeGreaterThan(0.98);
      // X1 is the one-CPU run's throughput: the fit is to the ratios X(N) / X(1)
      expect(fit.usl.x1).toBe(reports[0].throughput.transmit_packets_per_s);
      expect(fit.amdahl.x1).toBe(reports[0].throughput.transmit_packets_per_s);
      expect(fit.note).toContain('not the source');
    });

    it("a fit whose peak agrees with the sweep's is a good fit with an N_max; without a 1-CPU run X1 is said to be fitted", () => {
      // the service under a ticket lock at its preset's length, over the lab's range: it peaks at 16 and collapses
      const { code, stdout, stderr } = stacklab('sweep', 'service-ticket', '--vary', 'machine.cpus=8..64:8');
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(
        /^ {2}USL +X1 [\d,]+ \(fitted: no 1-CPU run\) {2}sigma [\d.e-]+ {2}kappa [\d.e-]+ {2}R\^2 0\.\d{4} {2}N_max \d+\.\d CPUs, peak [\d,]+$/m,
      );
      expect(stdout).toMatch(
        /^ {2}USL: good fit\n {4}- the fit's peak \(\d+\.\d CPUs, [\d,]+\) agrees with the sweep's own \(16 CPUs, [\d,]+\): within 20% in CPUs, within 20% in throughput$/m,
      );
      expect(stdout).toMatch(/^ {2}Amdahl: POOR FIT$/m);
      expect(stdout).not.toMatch(/NaN|undefined|Infinity|not a prediction/);
    });

    it('too few CPU counts: a reason in words instead of a fit', () => {
      const text = stacklab('sweep', 'testbed-classic', '--vary', 'machine.cpus=2..3', ...SHORT);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/Amdahl +no fit: only 2 points: a fit needs at least 3/);
      expect(text.stdout).toMatch(/USL +no fit: only 2 points/);
      const json = stacklab('sweep', 'testbed-classic', '--vary', 'machine.cpus=2..3', ...SHORT, '--json', '--fit');
      expect(JSON.parse(json.stdout).fit.usl).toEqual({
        model: 'usl',
        reason: 'only 2 points: a fit needs at least 3 (CPU count, throughput) points.',
      });
    });

    it('a sweep over another field is not fitted', () => {
      const { code, stdout } = stacklab('sweep', 'testbed-classic', '--vary', 'workload.processes=100..300:100', ...SHORT);
      expect(code).toBe(0);
      expect(stdout).not.toContain('Scaling fit');
    });

    it('--progress prints the provisional curve on stderr, coarse points first, and the same stdout as without it', () => {
      const args = ['sweep', 'testbed-scalable', '--vary', 'machine.cpus=1..9:2', ...SHORT, '--json'];
      const plain = stacklab(...args);
      const progressive = stacklab(...args, '--progress');
      expect(progressive.code, progressive.stderr).toBe(0);
      expect(progressive.stdout).toBe(plain.stdout);
      expect(progressive.stderr).toMatch(/^stacklab: the provisional curve, coarse points first/);
      const lines = [...progressive.stderr.matchAll(/provisional +machine\.cpus=(\d+) +≈ ([\d,]+) ± ([\d,]+) transmit packets\/s/g)];
      // 1, 9, then 5, 3, 7: both ends, the middle, the middles of each half
      expect(lines.map((m) => Number(m[1]))).toEqual([1, 9, 5, 3, 7]);
      for (const m of lines) expect(Number(m[2]!.replace(/,/g, ''))).toBeGreaterThan(0);
      expect(refused('run', 'testbed-classic', '--progress')).toContain('--progress belongs to sweep');
    });

    it('--fit asks for --json and a sweep over machine.cpus', () => {
      expect(refused(...CLASSIC, '--fit')).toContain('--fit changes what --json prints; add --json');
      expect(refused('sweep', 'testbed-classic', '--vary', 'workload.processes=100..300:100', '--json', '--fit')).toContain(
        '--fit fits throughput against machine.cpus, and this sweep varies workload.processes',
      );
      expect(refused('run', 'testbed-classic', '--fit')).toContain('--fit belongs to sweep');
      expect(refused('presets', '--fit')).toContain('takes no scenario');
    });
  });

  it.each(presetNames())('runs the preset %s', (name) => {
    const { code, stdout } = stacklab('run', name, '--json', ...SHORT);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).scenario.sim.duration_ns).toBeGreaterThan(0);
  });

  it('presets lists every preset with its title', () => {
    const { code, stdout } = stacklab('presets');
    expect(code).toBe(0);
    const names = stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]);
    expect(names).toEqual(presetNames());
  });

  it('--help prints usage', () => {
    const { code, stdout } = stacklab('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('stacklab run <preset | scenario.json>');
  });

  describe('locks: real lock algorithms on this machine', () => {
    const QUICK = ['locks', '--duration-ms', '50', '--repeats', '1', '--workers', '1,2'];
    const positive = (text: string) => {
      const n = Number(text.replace(/,/g, ''));
      expect(Number.isFinite(n) && n > 0, text).toBe(true);
      return n;
    };

    it("prints the machine's costs, then a row per algorithm and worker count", () => {
      const { code, stdout, stderr } = stacklab(...QUICK);
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(/^This machine: \d+ cores?\.$/m);
      positive(/^ {2}line transfer +([\d.,]+) ns/m.exec(stdout)![1]!);
      positive(/^ {2}uncontended acquire +([\d.,]+) ns/m.exec(stdout)![1]!);
      expect(stdout).toMatch(/^algorithm +workers +acquisitions\/s \(median, min–max\) +fairness +hand-off ns +exact$/m);
      const rows = [...stdout.matchAll(/^(\w+) +(\d) +([\d,]+) \(([\d,]+)–([\d,]+)\) +([\d.]+) +([\d,]+|≤ [\d,]+|–) +(\S+)$/gm)];
      expect(rows.map((row) => `${row[1]} ${row[2]}`)).toEqual(
        ['tas', 'ttas', 'ticket', 'mcs', 'futex', 'wake_all'].flatMap((algorithm) => [`${algorithm} 1`, `${algorithm} 2`]),
      );
      for (const [, , workers, median, min, max, fairness, handoff, exact] of rows) {
        expect(positive(min!)).toBeLessThanOrEqual(positive(median!));
        expect(positive(median!)).toBeLessThanOrEqual(positive(max!));
        expect(positive(fairness!)).toBeLessThanOrEqual(1);
        if (workers === '1') expect(handoff).toBe('–');
        else expect(Number(handoff!.replace(/^≤ |,/g, ''))).toBeGreaterThanOrEqual(0);
        expect(exact).toBe('yes');
      }
      expect(stdout).not.toMatch(/NaN|undefined|Infinity/);
    });

    it('--csv prints a header and a row per point, with finite figures', () => {
      const { code, stdout, stderr } = stacklab(...QUICK, '--algorithms', 'ticket,mcs', '--csv');
      expect(code, stderr).toBe(0);
      const [header, ...rows] = stdout
        .trim()
        .split('\n')
        .map((line) => line.split(','));
      expect(header!.slice(0, 11)).toEqual([
        'algorithm',
        'workers',
        'runs',
        'acquisitions_per_s_median',
        'acquisitions_per_s_min',
        'acquisitions_per_s_max',
        'fairness',
        'handoff_ns',
        'handoff_at_most',
        'clock_error_ns',
        'exact',
      ]);
      expect(rows.map((row) => `${row[0]} ${row[1]}`)).toEqual(['ticket 1', 'ticket 2', 'mcs 1', 'mcs 2']);
      const column = (name: string, row: string[]) => row[header!.indexOf(name)]!;
      for (const row of rows) {
        expect(row).toHaveLength(header!.length);
        for (const name of ['acquisitions_per_s_median', 'acquisitions_per_s_min', 'acquisitions_per_s_max', 'fairness', 'uncontended_ns'])
          positive(column(name, row));
        // no hand-off with one thread: an empty field
        if (row[1] === '1') expect(column('handoff_ns', row)).toBe('');
        else {
          expect(column('handoff_ns', row)).toMatch(/^\d+(\.\d+)?$/);
          expect(column('handoff_at_most', row)).toMatch(/^(true|false)$/);
        }
        expect(column('clock_error_ns', row)).toMatch(/^\d+(\.\d+)?$/);
        expect(column('exact', row)).toBe('true');
        expect(column('duration_ms', row)).toBe('50');
      }
    });

    it('--json prints the machine, the plan and every run', () => {
      const { code, stdout, stderr } = stacklab(...QUICK, '--algorithms', 'futex,wake_all', '--critical-lines', '4', '--json');
      expect(code, stderr).toBe(0);
      const { machine, plan, points } = JSON.parse(stdout);
      expect(machine.uncontendedNs).toBeGreaterThan(0);
      expect(machine.spinNs).toBeGreaterThan(0);
      expect(machine.cores).toBeGreaterThanOrEqual(1);
      expect(plan).toMatchObject({ algorithms: ['futex', 'wake_all'], workerCounts: [1, 2], repeats: 1, durationMs: 50, criticalLines: 4 });
      expect(points.map((point: { algorithm: string; workers: number }) => `${point.algorithm} ${point.workers}`)).toEqual([
        'futex 1',
        'futex 2',
        'wake_all 1',
        'wake_all 2',
      ]);
      for (const point of points) {
        expect(point.runs).toHaveLength(1);
        const [run] = point.runs;
        expect(run.acquisitionsPerS).toBeGreaterThan(0);
        expect(Number.isFinite(run.acquisitionsPerS)).toBe(true);
        expect(run.perWorker).toHaveLength(point.workers);
        expect(run.counterExact).toBe(true);
        expect(run.params).toMatchObject({ algorithm: point.algorithm, workers: point.workers, criticalLines: 4 });
        if (point.workers === 2) expect(run.handoffNs).toBeGreaterThanOrEqual(0);
        else expect(run.handoffNs).toBeNull(); // NaN: no hand-off with one thread
      }
    });

    it('wrong locks options are refused, each with what to write instead', () => {
      expect(refused('locks', '--workers', '0')).toContain('--workers: 0 is outside 1 to');
      expect(refused('locks', '--workers', '1,two')).toContain('--workers: "two" is not a whole number; write it like --workers 1,2,4.');
      expect(refused('locks', '--workers', '100000')).toMatch(/this machine has \d+ cores?, and a run takes at most twice as many threads/);
      expect(refused('locks', '--workers', '1,,2')).toContain('has an empty item');
      expect(refused('locks', '--algorithms', 'tas,tass')).toContain('there is no algorithm "tass" (did you mean "tas"?)');
      expect(refused('locks', '--duration-ms', '5')).toContain(
        '--duration-ms: 5 is out of range; it is the length of each run in ms, from 10 to 60,000 (default 300).',
      );
      expect(refused('locks', '--repeats', '1.5')).toContain('--repeats: "1.5" is not a whole number');
      expect(refused('locks', '--critical-lines=-1')).toContain('--critical-lines: -1 is out of range');
      expect(refused('locks', '--json', '--csv')).toContain('give one of --json and --csv');
      expect(refused('locks', 'testbed-classic')).toContain('locks takes no scenario');
      expect(refused('run', 'testbed-classic', '--workers', '2')).toContain('--workers belongs to locks');
      expect(refused('sweep', 'testbed-classic', '--csv')).toContain('--csv belongs to locks');
      expect(refused('lock')).toContain('Did you mean "locks"?');
    });
  });

  describe('wrong input exits 2 and says how to fix it', () => {
    it('unknown preset', () => {
      expect(refused('run', 'testbed-clasic')).toContain('there is no preset named "testbed-clasic". Did you mean "testbed-classic"?');
    });

    it('unreadable file', () => {
      expect(refused('run', join(scratch, 'missing.json'))).toContain('no such file');
    });

    it('malformed JSON, with line and column', () => {
      const file = join(scratch, 'broken.json');
      writeFileSync(file, '{\n  "machine": {"cpus": 4}\n  "kernel": {}\n}\n');
      expect(refused('run', file)).toContain(`${file}:3:3: not valid JSON`);
    });

    it('field out of range', () => {
      const message = refused('run', 'testbed-classic', '--set', 'machine.cpus=1000');
      expect(message).toMatch(/machine\.cpus is 1000, outside its range: it must be from 1 to \d+ CPUs/);
    });

    it('unknown field, with a suggestion', () => {
      expect(refused('run', 'testbed-classic', '--set', 'machine.cpu=4')).toContain('Did you mean "machine.cpus"?');
    });

    it('bad enum name', () => {
      expect(refused('run', 'testbed-classic', '--set', 'kernel.kind=fast')).toContain(
        'kernel.kind is "fast", which is not one of its names',
      );
    });

    it('fields that do not fit together (the core refuses)', () => {
      expect(refused('run', 'testbed-scalable', '--set', 'machine.cpus=2', '--set', 'kernel.designated_cpu=5')).toContain(
        'kernel.designated_cpu',
      );
    });

    it('bad --set syntax', () => {
      expect(refused('run', 'testbed-classic', '--set', 'machine.cpus')).toContain('is not path=value');
    });

    it('bad --vary', () => {
      expect(refused('sweep', 'testbed-classic', '--vary', 'machine.cpus=1-4')).toContain('is not path=FROM..TO[:STEP]');
      expect(refused('sweep', 'testbed-classic', '--vary', 'kernel.kind=1..2')).toContain('is a choice of names');
      expect(refused('sweep', 'testbed-classic', '--vary', 'machine.cpus=1..1000')).toContain("outside machine.cpus's range");
      expect(refused('sweep', 'testbed-classic')).toContain('sweep needs --vary');
    });

    it('unknown command and option', () => {
      expect(refused('rnu', 'testbed-classic')).toContain('Did you mean "run"?');
      expect(refused('run', 'testbed-classic', '--fast')).toContain("unknown option '--fast'");
    });
  });
});
