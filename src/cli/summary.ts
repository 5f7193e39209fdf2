/*
 * summary.ts -- the CLI's readable output: a run's metrics as tables, a sweep as one
 * row per value, the field list. What every run has (modes, locks, RADs) is laid out
 * here; each kernel's own sections and sweep columns come from its part in the kernel
 * registry (KernelInfo.cli: src/kernels/cli/<kernel>.ts), whose rows take the core's
 * labels for the report's values.
 */
import { defaultValue, type ModeName, type Report, type Schema } from '../core/index.js';
import { monitorModes } from '../core/monitor.js';
import { kernelInfo } from '../kernels/index.js';
import { modesFor, spinningWords } from '../views/palette.js';
import { duration, pct, two, whole, type SummarySection } from '../kernels/summary.js';

/** Columns padded to their widest cell; the first column left-aligned, the rest right. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

/** A kernel's section as text: a table laid out, or its line as it is. */
function section(part: SummarySection): string {
  return typeof part === 'string' ? part : table(part.header, part.rows);
}

export async function formatRunSummary(schema: Schema, report: Report): Promise<string> {
  const info = kernelInfo(report.kernel);
  const cli = await info.cli();
  const cpus = report.cpus.length;
  const sections = [
    `${report.kernel} kernel, ${cpus} CPUs: ${duration(report.simulated_ns)} simulated, ` +
      `${duration(report.window_ns)} measured after the warm-up, ${whole(report.events)} events\n`,
    `${spinningWords(info.vocabulary)}: ${pct(report.mpsynch_pct)}% of CPU time spinning ` + `(${two(report.mpsynch_cpus)} CPUs' worth)\n`,
    table(
      ['CPU mode', '% of CPU time', 'CPUs'],
      modesFor(info.vocabulary, schema.modes).map((mode) => {
        const share = report.modes_pct[mode as ModeName] ?? 0;
        return [mode, pct(share), two((share * cpus) / 100)];
      }),
    ),
    ...(report.locks.length === 0
      ? []
      : [
          table(
            ['Lock', 'hold %', 'spin %', 'acquisitions/s', 'contended %', 'mean hold'],
            [
              ...report.locks.map((lock) => [
                lock.name,
                pct(lock.hold_pct),
                pct(lock.spin_pct),
                whole(lock.acquisitions_per_s),
                pct(lock.contended_pct),
                duration(lock.mean_hold_ns),
              ]),
              ['all locks', pct(report.hold_pct_all_locks), pct(report.spin_pct_all_locks), whole(report.locks_per_s), '', ''],
            ],
          ),
        ]),
    ...radSections(report),
    ...cli.summary(report).map(section),
  ];
  return sections.join('\n');
}

/** The machine's RADs (machine.rads > 1, or a kernel that asks for them): each RAD, the traffic between them. */
function radSections(report: Report): string[] {
  const cpus = report.cpus.length;
  const sections: string[] = [];
  if (report.numa) {
    const numa = report.numa;
    sections.push(
      table(
        ['RAD', 'CPUs', 'user %', 'kernel %', 'MP synch %', 'idle %', 'lock wins/s per CPU', 'mean acquire'],
        numa.by_rad.map((rad) => [
          String(rad.rad),
          String(rad.cpus),
          pct(rad.modes_pct.user),
          pct(rad.modes_pct.kernel),
          pct(rad.modes_pct.spin),
          pct(rad.modes_pct.idle),
          whole(rad.lock_wins_per_cpu_per_s),
          duration(rad.mean_acquire_ns),
        ]),
      ),
      `Traffic between RADs: ${pct(numa.cross_rad_pct)}% crosses RADs; ${numa.watched_lock ?? 'lock'} fairness (Jain) ` +
        `${two(numa.fairness_jain)}\n`,
      table(
        [`MONITOR MODES, combined for ${cpus} CPUs`, `of ${cpus * 100}`],
        monitorModes(report.modes_pct, cpus).map(({ row, value }) => [row, whole(value)]),
      ),
    );
  }
  return sections;
}

export async function formatSweepTable(path: string, values: number[], reports: Report[]): Promise<string> {
  const { sweep } = await kernelInfo(reports[0]?.kernel).cli();
  return table(
    [path, ...sweep.header],
    reports.map((report, i) => [String(values[i]), ...sweep.cells(report)]),
  );
}

/** Every scenario field: path, type, allowed values, default. */
export function formatFields(schema: Schema): string {
  return table(
    ['Field', 'Type', 'Allowed', 'Default'],
    schema.fields.map((field) => [
      field.path,
      field.type,
      field.type === 'enum' ? field.values!.join(' | ') : `${field.min} .. ${field.max}${field.unit ? ' ' + field.unit : ''}`,
      String(defaultValue(field)),
    ]),
  );
}
