/*
 * Hostile input to the CLI: files that are not scenario files (a FIFO, a device, a
 * directory, too big, not UTF-8, nested 100,000 deep), sweeps too large to run, and
 * runs too long to wait for. Each is refused, or stopped, quickly and in words.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../core/node.js';
import { MAX_SCENARIO_FILE_BYTES } from '../core/presets.js';
import { main, type Io } from './stacklab.js';
import { timing } from './progress.js';

const CLI = join(repoRoot, 'bin', 'stacklab.mjs');
/** Long enough for Node to start and load the core on two busy cores; a hang is minutes. */
const QUICK_MS = 10_000;
const SHORT = ['--set', 'sim.duration_ns=10000000', '--set', 'sim.warmup_ns=2000000'];

const scratch = mkdtempSync(join(tmpdir(), 'stacklab-hostile-'));

/** Runs the CLI, killed if it takes longer than QUICK_MS: refused at once, exit 2, words, no stack. */
function refusedQuickly(...args: string[]): string {
  const started = Date.now();
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: QUICK_MS });
  const took = Date.now() - started;
  expect(result.error, `the CLI did not return within ${QUICK_MS} ms`).toBeUndefined();
  expect(took).toBeLessThan(QUICK_MS);
  expect(result.status, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^stacklab: /);
  expect(result.stderr).not.toMatch(/\n\s+at |NaN|undefined|\[object/);
  return result.stderr;
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

describe('scenario files that are not scenario files are refused at once, by name', () => {
  it('a FIFO (nothing ever writes to it)', () => {
    const fifo = join(scratch, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    expect(refusedQuickly('run', fifo)).toContain(`${fifo} is a named pipe (FIFO), not a regular file`);
  });

  it.skipIf(!existsSync('/dev/zero'))('/dev/zero (it never ends)', () => {
    expect(refusedQuickly('run', '/dev/zero')).toContain('/dev/zero is a character device, not a regular file');
  });

  it('a directory', () => {
    const dir = join(scratch, 'a-directory.json');
    mkdirSync(dir);
    expect(refusedQuickly('run', dir)).toContain(`${dir} is a directory, not a regular file`);
  });

  it('a missing file', () => {
    const missing = join(scratch, 'missing.json');
    expect(refusedQuickly('run', missing)).toContain(`cannot read scenario file ${missing}: no such file.`);
  });

  it('a file over the size limit, with the limit in the message', () => {
    const text = '{"meta": {"title": "' + 'x'.repeat(MAX_SCENARIO_FILE_BYTES) + '"}}';
    const big = file('big.json', text);
    expect(refusedQuickly('run', big)).toContain(
      `${big} is 1 MiB (${text.length.toLocaleString('en-US')} bytes); a scenario file may be at most 1 MiB (1,048,576 bytes)`,
    );
    const huge = file('huge.json', new Uint8Array(64 * 1024 * 1024));
    expect(refusedQuickly('run', huge)).toContain(`${huge} is 64 MiB (67,108,864 bytes); a scenario file may be at most 1 MiB`);
  });

  it('an empty file', () => {
    const empty = file('empty.json', '');
    expect(refusedQuickly('run', empty)).toContain(`${empty} is empty; a scenario file holds one JSON object`);
    expect(refusedQuickly('run', file('blank.json', '\n  \n'))).toContain('is empty');
  });

  it('a UTF-16 file, with or without a byte order mark', () => {
    const text = '{"machine": {"cpus": 4}}';
    const withBom = file('utf16-bom.json', Buffer.from('\uFEFF' + text, 'utf16le'));
    expect(refusedQuickly('run', withBom)).toContain(`${withBom} is not UTF-8 (it looks like UTF-16LE); save it as UTF-8.`);
    const bigEndian = file('utf16be.json', Buffer.from(text, 'utf16le').swap16());
    expect(refusedQuickly('run', bigEndian)).toContain(`${bigEndian} is not UTF-8 (it looks like UTF-16BE); save it as UTF-8.`);
  });

  it('a Latin-1 file, with the line and column of the first byte that is not UTF-8', () => {
    const latin1 = file('latin1.json', Buffer.from('{\n  "meta": {"title": "Ã©t\xe9"}\n}', 'latin1'));
    expect(refusedQuickly('run', latin1)).toContain(
      `${latin1} is not UTF-8 (it looks like Latin-1 or Windows-1252): byte 0xE9 at line 2, column`,
    );
  });

  it('a binary file', () => {
    const binary = file('binary.json', new Uint8Array([0x7b, 0x00, 0x01, 0x02, 0x7d]));
    expect(refusedQuickly('run', binary)).toContain(`${binary} is not a text file: it has a NUL byte (line 1, column 2)`);
  });

  it('JSON nested 100,000 deep: the line and column where it passes 64 levels, no stack overflow', () => {
    const arrays = file('deep-arrays.json', '['.repeat(100_000) + ']'.repeat(100_000));
    expect(refusedQuickly('run', arrays)).toContain(
      `${arrays}:1:65: objects and arrays are nested more than 64 levels deep here (StackLab reads at most 64)`,
    );
    const objects = file('deep-objects.json', '{\n' + '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_001));
    expect(refusedQuickly('run', objects)).toContain(`${objects}:2:316:`);
    const cut = file('deep-cut.json', '['.repeat(100_000) + 'x');
    expect(refusedQuickly('run', cut)).toContain(`${cut}:1:65:`);
  });

  it('a broken file below the depth limit still gets its line and column', () => {
    const cut = file('cut.json', '{"machine":\n' + '['.repeat(40) + 'x');
    expect(refusedQuickly('run', cut)).toContain(`${cut}:2:41: not valid JSON`);
  });

  it('thousands of unknown fields, or one huge one: a short message, quickly', () => {
    const many = file('many-keys.json', JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]))));
    const message = refusedQuickly('run', many);
    expect(message).toContain('… and 49,950 more problems (only the first 50 are listed).');
    expect(message.split('\n').length).toBeLessThan(60);
    const long = file('long-key.json', JSON.stringify({ ['x'.repeat(900_000)]: 1 }));
    expect(refusedQuickly('run', long)).toContain('…" (900,000 characters)');
    expect(refusedQuickly('run', 'testbed-classic', '--set', `${'y'.repeat(100_000)}=1`)).toContain('…" (100,000 characters)');
  });
});

describe('sweeps too large to run are refused in words', () => {
  it('a huge --vary range', () => {
    expect(refusedQuickly('sweep', 'testbed-classic', '--vary', 'machine.cpus=1..1e9:1')).toContain(
      '--vary machine.cpus: 1..1e9:1 is 1,000,000,000 runs, too many (a sweep is at most 10,000 runs); use a larger STEP or a narrower range.',
    );
    expect(refusedQuickly('sweep', 'testbed-classic', '--vary', 'sim.duration_ns=1000..1e12:1')).toContain(
      'is 999,999,999,001 runs, too many',
    );
  });

  it('numbers too large to be numbers, and steps too small to tell the values apart', () => {
    expect(refusedQuickly('sweep', 'testbed-classic', '--vary', 'sim.duration_ns=1000..1e400')).toContain(
      '--vary sim.duration_ns: TO 1e400 is not a finite number (it is beyond ±1.8e308)',
    );
    expect(refusedQuickly('sweep', 'testbed-classic', '--vary', 'sim.duration_ns=1e9..1.00000000001e9:1e-3')).toContain(
      'the values repeat at 12 significant digits; use a larger STEP',
    );
    expect(refusedQuickly('sweep', 'testbed-classic', '--vary', 'machine.cpus=1..4:0')).toContain('STEP must be above 0');
  });

  it('--set values that are not numbers or too large to be one are explained', () => {
    expect(refusedQuickly('run', 'testbed-classic', '--set', 'sim.duration_ns=1e999')).toContain(
      '--set sim.duration_ns: 1e999 is not a finite number (it is beyond ±1.8e308)',
    );
    expect(refusedQuickly('run', 'testbed-classic', '--set', 'sim.duration_ns=lots')).toContain(
      'sim.duration_ns is "lots" (text), but it must be a number',
    );
  });
});

describe('long runs', () => {
  it('a run that will take minutes says so, and Ctrl-C stops it cleanly with a message', async () => {
    const child = spawn(process.execPath, [CLI, 'run', 'testbed-classic', '--set', 'sim.duration_ns=1e12', '--json'], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const warned = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (stderr.includes('Ctrl-C stops it')) resolve();
      }),
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
    try {
      await warned;
      expect(stderr).toMatch(/^stacklab: this run \(1,000 s of simulated time\) will take about (\d+ h|\d+ min)/);
      const interrupted = Date.now();
      child.kill('SIGINT');
      const { code, signal } = await exited;
      expect(Date.now() - interrupted).toBeLessThan(5_000);
      expect(signal).toBeNull();
      expect(code).toBe(130);
      expect(stderr).toMatch(
        /stacklab: stopped by Ctrl-C at \d+(\.\d)?% of the run \([\d.,]+ s of 1,000 s simulated\); nothing was printed\.\n$/,
      );
      expect(stdout).toBe('');
    } finally {
      clearTimeout(deadline);
      child.kill('SIGKILL');
    }
  }, 40_000);

  describe('progress on a terminal', () => {
    const saved = { ...timing };
    afterEach(() => Object.assign(timing, saved));

    function fakeIo(tty: boolean) {
      const out: string[] = [];
      const err: string[] = [];
      const io = {
        stdout: { write: (text: string) => out.push(text) > 0, isTTY: tty },
        stderr: { write: (text: string) => err.push(text) > 0, isTTY: tty, columns: 100 },
      } as unknown as Io;
      return { io, stdout: () => out.join(''), stderr: () => err.join('') };
    }

    it('a run draws one line of progress on stderr and clears it; stdout is the same JSON as without a terminal', async () => {
      Object.assign(timing, { showAfterMs: 0, drawEveryMs: 0 });
      const tty = fakeIo(true);
      expect(await main(['run', 'testbed-classic', ...SHORT, '--json'], tty.io)).toBe(0);
      const plain = fakeIo(false);
      expect(await main(['run', 'testbed-classic', ...SHORT, '--json'], plain.io)).toBe(0);
      expect(tty.stdout()).toBe(plain.stdout());
      expect(plain.stderr()).toBe('');
      const lines = tty.stderr().split('\r').filter(Boolean);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines[0]).toMatch(/^\[[#.]{24}\] \d+(\.\d)?% {2}[\d.]+ ms of 10 ms simulated/);
      expect(tty.stderr()).not.toContain('\n');
      expect(tty.stderr().endsWith('\r\x1b[K')).toBe(true);
      for (const line of lines) expect(line.replace('\x1b[K', '').length).toBeLessThanOrEqual(99);
    });

    it('a sweep draws which run it is on, and clears the line', async () => {
      Object.assign(timing, { showAfterMs: 0, drawEveryMs: 0 });
      const tty = fakeIo(true);
      expect(await main(['sweep', 'testbed-classic', '--vary', 'machine.cpus=1..3', ...SHORT, '--json'], tty.io)).toBe(0);
      expect(JSON.parse(tty.stdout())).toHaveLength(3);
      expect(tty.stderr()).toMatch(/\] \d+(\.\d)?% {2}run 3\/3 machine\.cpus=3/);
      expect(tty.stderr().endsWith('\r\x1b[K')).toBe(true);
    });

    it('warns when the estimate is long, on a terminal or not', async () => {
      Object.assign(timing, { warnAfterMs: 0, warnOverMs: 0 });
      const plain = fakeIo(false);
      expect(await main(['run', 'testbed-classic', ...SHORT], plain.io)).toBe(0);
      // Any wall time in progress.ts's words: a loaded machine makes the estimate minutes.
      const wall = String.raw`(under 1 s|\d+ s|\d+ min( \d+ s)?|\d+ h( \d+ min)?)`;
      expect(plain.stderr()).toMatch(
        new RegExp(
          String.raw`^stacklab: this run \(10 ms of simulated time\) will take about ${wall} \([\d.]+% done in its first ${wall}\); Ctrl-C stops it\.\n$`,
        ),
      );
    });
  });
});

describe('keys that could reach Object.prototype', () => {
  it.each(['__proto__.x=1', 'machine.constructor=1', 'prototype.polluted=1'])('--set %s is refused, naming the key', (set) => {
    const key = set.split(/[.=]/).find((part) => ['__proto__', 'constructor', 'prototype'].includes(part))!;
    expect(refusedQuickly('run', 'testbed-classic', '--set', set)).toContain(`contains a field named "${key}"`);
  });
});
