/*
 * Each kernel's part of the CLI's summary, on every preset's stored report (the
 * reference outputs of wasm-core/test/reference/): its sections and sweep cells are
 * words and numbers (no "undefined", no "NaN"), a sweep row has a cell per column, and
 * a row of one report value carries the core's label for it; and the throughput a sweep
 * over CPUs fits is one of the report's numbers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../core/node.js';
import { reportValue, type Report } from '../core/report.js';
import { kernelInfo } from './index.js';
import { reported } from './summary.js';

const dir = join(repoRoot, 'wasm-core', 'test', 'reference');
const presets = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

describe.each(presets)('%s', (preset) => {
  const report = JSON.parse(readFileSync(join(dir, `${preset}.json`), 'utf8')) as Report;
  const kernel = kernelInfo(report.kernel);

  it(`the ${kernel.name} kernel's summary sections are all words and numbers`, async () => {
    const sections = (await kernel.cli()).summary(report);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      const cells = typeof section === 'string' ? [section] : [...section.header, ...section.rows.flat()];
      for (const cell of cells) expect(cell, preset).not.toMatch(/undefined|NaN/);
      if (typeof section !== 'string') for (const row of section.rows) expect(row.length).toBe(section.header.length);
    }
  });

  it('its sweep row has a cell for each column', async () => {
    const { sweep } = await kernel.cli();
    const cells = sweep.cells(report);
    expect(cells).toHaveLength(sweep.header.length);
    for (const cell of cells) expect(cell).not.toMatch(/undefined|NaN/);
  });

  it('its main throughput (what a sweep over CPUs fits, KernelInfo.throughput) is a number of its report', () => {
    const { path } = kernel.throughput;
    expect(Number.isFinite(reportValue(report, path)), path).toBe(true);
  });
});

it("a row of one report value is labelled in the core's words", () => {
  expect(reported('throughput.transmit_packets_per_s', '1')).toEqual(['Transmit packets/s', '1']);
  expect(reported('txn_response_ns', '1 ms')[0]).toBe('Transaction response time (mean)');
});
