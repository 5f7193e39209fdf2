/*
 * The report's shape comes from the core: every value of every preset's report is
 * described in schema.report (path, type, the kernels that write it), every described
 * value occurs in a report, and report-types.ts is the types generated from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchema } from './index.js';
import { loadCoreFromDisk, repoRoot } from './node.js';
import { listPresets } from './presets.js';
import { expandMetricPath, fitsType, reportLeaves, reportMetric, reportTypesSource } from './report-shape.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);
/** Every preset's full report, as the reference outputs hold it (kept current by reference.test.ts). */
const reports = listPresets().map(({ name }) => ({
  name,
  report: JSON.parse(readFileSync(join(repoRoot, 'wasm-core', 'test', 'reference', `${name}.json`), 'utf8')) as { kernel: string },
}));

describe('the report described by the core (schema.report)', () => {
  it('report-types.ts is the types generated from the schema (npm run gen:report)', () => {
    const file = readFileSync(join(repoRoot, 'src', 'core', 'report-types.ts'), 'utf8');
    expect(file, 'src/core/report-types.ts is out of date: run `npm run gen:report`').toBe(reportTypesSource(schema));
  });

  it('every metric has a label, a type and a known kernel', () => {
    const kernels = schema.kernels.map((k) => k.name);
    for (const metric of schema.report) {
      expect(metric.label, metric.path).not.toBe('');
      expect(metric.type, metric.path).not.toBe('');
      for (const kernel of metric.kernels) expect(kernels, metric.path).toContain(kernel);
    }
  });

  it.each(reports.map((r) => r.name))('preset %s: every value of its report is described, with its type and kernel', (name) => {
    const { report } = reports.find((r) => r.name === name)!;
    const problems: string[] = [];
    for (const [path, value] of reportLeaves(report)) {
      const metric = reportMetric(schema, path);
      if (!metric) problems.push(`${path}: not described`);
      else if (!fitsType(value, metric.type)) problems.push(`${path}: ${JSON.stringify(value)} is not ${metric.type}`);
      else if (metric.kernels.length > 0 && !metric.kernels.includes(report.kernel))
        problems.push(`${path}: written by ${report.kernel}, described for ${metric.kernels.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('every described value occurs in some preset report of its kernels', () => {
    const seen = new Map<string, Set<string>>();
    for (const { report } of reports) {
      for (const [path] of reportLeaves(report)) {
        if (!seen.has(path)) seen.set(path, new Set());
        seen.get(path)!.add(report.kernel);
      }
    }
    const missing: string[] = [];
    for (const metric of schema.report) {
      if (metric.path === 'error') continue; // only when a run stopped early
      for (const path of expandMetricPath(metric.path, schema)) {
        const kernels = seen.get(path);
        if (!kernels) missing.push(path);
        else for (const kernel of metric.kernels) if (!kernels.has(kernel)) missing.push(`${path} (${kernel})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
