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
  it('run --json prints the core\'s report', () => {
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

  it('sweep without --vary runs the sweep the scenario\'s meta names', () => {
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

  it.each(presetNames())('runs the preset %s', (name) => {
    const { code, stdout } = stacklab('run', name, '--json', ...SHORT);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).scenario.sim.duration_ns).toBeGreaterThan(0);
  });

  it('presets lists every preset with its title', () => {
    const { code, stdout } = stacklab('presets');
    expect(code).toBe(0);
    const names = stdout.trim().split('\n').map((line) => line.split('\t')[0]);
    expect(names).toEqual(presetNames());
  });

  it('--help prints usage', () => {
    const { code, stdout } = stacklab('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('stacklab run <preset | scenario.json>');
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
      expect(refused('run', 'testbed-classic', '--set', 'kernel.kind=fast')).toContain('kernel.kind is "fast", which is not one of its names');
    });

    it('fields that do not fit together (the core refuses)', () => {
      expect(refused('run', 'testbed-scalable', '--set', 'machine.cpus=2', '--set', 'kernel.designated_cpu=5')).toContain('kernel.designated_cpu');
    });

    it('bad --set syntax', () => {
      expect(refused('run', 'testbed-classic', '--set', 'machine.cpus')).toContain('is not path=value');
    });

    it('bad --vary', () => {
      expect(refused('sweep', 'testbed-classic', '--vary', 'machine.cpus=1-4')).toContain('is not path=FROM..TO[:STEP]');
      expect(refused('sweep', 'testbed-classic', '--vary', 'kernel.kind=1..2')).toContain('is a choice of names');
      expect(refused('sweep', 'testbed-classic', '--vary', 'machine.cpus=1..1000')).toContain('outside machine.cpus\'s range');
      expect(refused('sweep', 'testbed-classic')).toContain('sweep needs --vary');
    });

    it('unknown command and option', () => {
      expect(refused('rnu', 'testbed-classic')).toContain('Did you mean "run"?');
      expect(refused('run', 'testbed-classic', '--fast')).toContain("unknown option '--fast'");
    });
  });
});
