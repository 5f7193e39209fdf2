/*
 * metrics.ts -- the lab's metrics report (the core's lab_sim_report_json, report.ts) as
 * files: JSON with the same fields the CLI's `stacklab run --json` prints, and CSV with
 * one row per number (RFC 4180: comma separated, CRLF line ends, fields quoted when they
 * hold a comma, a quote or a line break).
 *
 * CSV rows name each value by its dotted path in the report ("mpsynch_pct",
 * "throughput.transmit_packets_per_s", "cpus.3.modes.spin"); entries of the locks and
 * queues lists are named by their name ("locks.IOLOCK8.hold_pct"), so a column of
 * numbers can be compared across runs in a spreadsheet. The scenario that ran comes
 * first ("scenario.machine.cpus"), so a CSV file says what it measured.
 */
import type { Report } from '../../core/report.js';

/** The report as JSON text, two-space indented: the report's fields, unchanged. */
export function reportJsonText(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

type Row = [metric: string, value: string];

/** Lists whose entries have a name: their rows use it instead of the index. */
const NAMED_LISTS = new Set(['locks', 'queues']);

function flatten(value: unknown, path: string, rows: Row[]): void {
  if (value === null || value === undefined) {
    rows.push([path, '']);
  } else if (Array.isArray(value)) {
    const named = NAMED_LISTS.has(path);
    value.forEach((item, index) => {
      const key = named && typeof (item as { name?: unknown })?.name === 'string' ? (item as { name: string }).name : String(index);
      if (named && typeof item === 'object' && item !== null) {
        const { name: _name, ...rest } = item as Record<string, unknown>;
        flatten(rest, `${path}.${key}`, rows);
      } else {
        flatten(item, `${path}.${key}`, rows);
      }
    });
  } else if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) flatten(child, path ? `${path}.${key}` : key, rows);
  } else {
    rows.push([path, String(value)]);
  }
}

/** The report's values as (metric, value) rows, the scenario's fields first. */
export function reportRows(report: Report): Row[] {
  const rows: Row[] = [];
  const { scenario, ...metrics } = report;
  flatten(scenario, 'scenario', rows);
  flatten(metrics, '', rows);
  return rows;
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV: a header line, then one metric per line. */
export function reportCsv(report: Report): string {
  const lines = [['metric', 'value'], ...reportRows(report)].map((row) => row.map(csvField).join(','));
  return lines.join('\r\n') + '\r\n';
}
