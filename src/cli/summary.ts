/*
 * summary.ts -- the CLI's readable output: a run's metrics as tables, a sweep as one
 * row per value, the field list. Labels come from the report's and the schema's own
 * names, so a metric the core adds shows up without a change here.
 */
import { defaultValue, type ModeName, type Report, type Schema } from '../core/index.js';
import { monitorModes } from '../core/monitor.js';

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const pct = (value: number) => oneDecimal.format(value);

/** "transmit_packets_per_s" -> "transmit packets/s". */
function metricLabel(key: string): string {
  return key.replace(/_per_s$/, '/s').replace(/_per_min$/, '/min').replace(/_/g, ' ').replace(/\bio\b/, 'I/O');
}

/** A duration in ns, in the unit that reads best. */
function duration(ns: number): string {
  if (ns >= 1e9) return `${twoDecimals.format(ns / 1e9)} s`;
  if (ns >= 1e6) return `${twoDecimals.format(ns / 1e6)} ms`;
  if (ns >= 1e3) return `${twoDecimals.format(ns / 1e3)} µs`;
  return `${whole.format(ns)} ns`;
}

/** Columns padded to their widest cell; the first column left-aligned, the rest right. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

export function formatRunSummary(schema: Schema, report: Report): string {
  const cpus = report.cpus.length;
  const sections = [
    `${report.kernel} kernel, ${cpus} CPUs: ${duration(report.simulated_ns)} simulated, `
      + `${duration(report.window_ns)} measured after the warm-up, ${whole.format(report.events)} events\n`,
    `MP synchronization: ${pct(report.mpsynch_pct)}% of CPU time spinning `
      + `(${twoDecimals.format(report.mpsynch_cpus)} CPUs' worth)\n`,
    table(
      ['CPU mode', '% of CPU time', 'CPUs'],
      schema.modes.map((mode) => {
        const share = report.modes_pct[mode as ModeName] ?? 0;
        return [mode, pct(share), twoDecimals.format((share * cpus) / 100)];
      }),
    ),
    ...(report.locks.length === 0 ? [] : [table(
      ['Lock', 'hold %', 'spin %', 'acquisitions/s', 'contended %', 'mean hold'],
      [
        ...report.locks.map((lock) => [
          lock.name, pct(lock.hold_pct), pct(lock.spin_pct), whole.format(lock.acquisitions_per_s),
          pct(lock.contended_pct), duration(lock.mean_hold_ns),
        ]),
        ['all locks', pct(report.hold_pct_all_locks), pct(report.spin_pct_all_locks), whole.format(report.locks_per_s), '', ''],
      ],
    )]),
    ...kernelSections(report),
  ];
  return sections.join('\n');
}

/** What each kernel measures besides the modes and locks. */
function kernelSections(report: Report): string[] {
  const cpus = report.cpus.length;
  const sections: string[] = [];
  if (report.numa) {
    const numa = report.numa;
    sections.push(
      table(
        ['RAD', 'CPUs', 'user %', 'kernel %', 'MP synch %', 'idle %', 'lock wins/s per CPU', 'mean acquire'],
        numa.by_rad.map((rad) => [
          String(rad.rad), String(rad.cpus), pct(rad.modes_pct.user), pct(rad.modes_pct.kernel),
          pct(rad.modes_pct.spin), pct(rad.modes_pct.idle), whole.format(rad.lock_wins_per_cpu_per_s), duration(rad.mean_acquire_ns),
        ]),
      ),
      `Traffic between RADs: ${pct(numa.cross_rad_pct)}% crosses RADs; ${numa.watched_lock ?? 'lock'} fairness (Jain) `
        + `${twoDecimals.format(numa.fairness_jain)}\n`,
      table(
        [`MONITOR MODES, combined for ${cpus} CPUs`, `of ${cpus * 100}`],
        monitorModes(report.modes_pct, cpus).map(({ row, value }) => [row, whole.format(value)]),
      ),
    );
  }
  if (report.numa_run) {
    const run = report.numa_run;
    sections.push(
      table(
        ['Batch run', ''],
        [
          ['records/s', whole.format(run.records_per_s)],
          ['lock operations/s', whole.format(run.lock_ops_per_s)],
          ['RAM disk I/O/s', whole.format(run.ramdisk_io_per_s)],
          ['RAM disk I/O across RADs', `${pct(run.ramdisk_cross_rad_pct)}%`],
          ['runtime', runtimeWords(run)],
          ...(run.runtime_minutes === null ? [] : [['runtime of the real run', `${oneDecimal.format(run.runtime_minutes)} minutes`]]),
        ],
      ),
    );
    return sections;
  }
  if (report.hpux) {
    sections.push(...hpuxSections(report.hpux));
    return sections;
  }
  if (report.net) {
    sections.push(...netSections(report.net));
    return sections;
  }
  if (report.sna) {
    sections.push(
      table(
        ['SNA Server/6000', ''],
        [
          ['round trips/s', whole.format(report.sna.round_trips_per_s)],
          ['round trip', duration(report.sna.round_trip_ns)],
          ['1 MB transfer rate', `${whole.format(report.sna.transfer_bytes_per_s / 1024)} KB/s`],
        ],
      ),
    );
    return sections;
  }
  sections.push(
    table(
      ['Queue', 'mean length', 'max length', 'mean wait', 'KRPs/s'],
      report.queues.map((queue) => [
        queue.name, twoDecimals.format(queue.mean_len), whole.format(queue.max_len), duration(queue.mean_wait_ns),
        whole.format(queue.krps_per_s),
      ]),
    ),
    `Designated CPU ${report.designated_cpu}: ${pct(report.designated_cpu_busy_pct)}% busy; `
      + `fork threads created: ${whole.format(report.forks_per_s)}/s\n`,
    table(
      ['Throughput', ''],
      [
        ...Object.entries(report.throughput).map(([key, value]) => [metricLabel(key), whole.format(value)]),
        ['transaction response', duration(report.txn_response_ns)],
      ],
    ),
  );
  return sections;
}

/** The network benchmark: latency and where it goes, rates, drops, what woke the stack. */
function netSections(net: NonNullable<Report['net']>): string[] {
  const gbps = (bits: number) => `${twoDecimals.format(bits / 1e9)} Gb/s`;
  const rows: string[][] = [['test', `${net.test}, ${net.stack} stack, ${whole.format(net.message_bytes)} B messages`]];
  if (net.test === 'pingpong') {
    rows.push(['half round trip', duration(net.half_rtt_ns)], ['round trips', whole.format(net.round_trips)]);
  }
  if (net.test === 'udp_receive') rows.push(['offered/s', whole.format(net.offered_per_s)]);
  rows.push(
    ['sent/s', whole.format(net.sent_per_s)],
    [net.test === 'udp_send' ? 'left the NIC/s' : 'delivered/s', whole.format(net.delivered_per_s)],
    ['goodput', gbps(net.goodput_bits_per_s)],
    ['link busy (host A sending)', `${pct(net.link_busy_pct)}%`],
    ['host A CPU per message', duration(net.cpu_per_message_ns)],
    ['dropped at the ring/s', whole.format(net.ring_drops_per_s)],
    ['dropped at the socket/s', whole.format(net.socket_drops_per_s)],
    ['interrupts/s', whole.format(net.interrupts_per_s)],
    ['stack polls/s', whole.format(net.stack_polls_per_s)],
    ['watchdog interrupts/s', whole.format(net.watchdog_per_s)],
    ['wake-ups/s', whole.format(net.wakeups_per_s)],
  );
  const sections = [table(['Network benchmark (host A)', ''], rows)];
  if (net.test === 'pingpong') {
    const parts = Object.entries(net.breakdown_ns) as [keyof typeof net.breakdown_ns, number][];
    sections.push(table(
      ['One way, where the time goes', 'time', '%'],
      parts.map(([part, ns]) => [part === 'wire' ? 'wire (hardware)' : part, duration(ns), pct(net.half_rtt_ns > 0 ? (100 * ns) / net.half_rtt_ns : 0)]),
    ));
  }
  if (net.stack === 'onload') {
    const lock = net.stack_lock;
    sections.push(table(
      ['Stack lock', ''],
      [
        ['acquisitions/s', whole.format(lock.acquisitions_per_s)],
        ['found taken/s', whole.format(lock.contended_per_s)],
        ['sends pre-queued/s', whole.format(lock.prequeued_per_s)],
        ['sent as deferred work/s', whole.format(lock.deferred_per_s)],
        ['sleeps for the lock/s', whole.format(lock.sleeps_per_s)],
        ['held', `${pct(lock.hold_pct)}%`],
        ['mean pre-queue', twoDecimals.format(lock.prequeue_mean_len)],
      ],
    ));
  }
  return sections;
}

/** HP-UX 9.0: throughput, each side's CPU, and where a send's and a receive's time goes byte by byte. */
function hpuxSections(hp: NonNullable<Report['hpux']>): string[] {
  const yes = (on: boolean) => (on ? 'yes' : 'no');
  const rows: string[][] = [
    ['interface', `${hp.interface}${hp.hosts === 1 ? ' (loopback, one host)' : ' (two hosts)'}`],
    ['checksum offload', yes(hp.checksum_offload)],
    ['send copy avoidance', yes(hp.send_copy_avoidance)],
    ['receive copy avoidance', yes(hp.recv_copy_avoidance)],
    ['sends', `${whole.format(hp.send_bytes)} B from ${hp.send_buffers} buffer${hp.send_buffers === 1 ? '' : 's'}, SO_SNDBUF ${whole.format(hp.so_sndbuf)} B`],
    ['throughput', `${oneDecimal.format(hp.throughput_mbps)} Mb/s`],
    [hp.hosts === 1 ? 'CPU busy' : 'sender CPU busy', `${pct(hp.sender_cpu_pct)}%`],
    ...(hp.hosts === 1 ? [] : [['receiver CPU busy', `${pct(hp.receiver_cpu_pct)}%`]]),
    ['CPU per KiB moved', `${twoDecimals.format(hp.cpu_us_per_kb)} µs`],
    ['sends lent copy-on-write', `${pct(hp.cow_sends_pct)}%`],
    ['copies forced (buffer written while lent)', `${pct(hp.forced_copies_pct)}%`],
    ['buffers lent, mean', twoDecimals.format(hp.held_buffers_mean)],
  ];
  const touches = Object.keys(hp.per_send_ns) as (keyof typeof hp.per_send_ns)[];
  const words: Record<string, string> = {
    app_write: 'application writes', cow_fault: 'copy-on-write fault', copy: 'copy', checksum: 'checksum',
    flush: 'cache flush', cow: 'lend / give back pages', purge: 'cache purge', remap: 'page remap',
  };
  return [
    table(['HP-UX 9.0 TCP stream', ''], rows),
    table(
      ['Byte touches', 'per send', 'bytes', 'per receive', 'bytes'],
      touches.map((k) => [words[k] ?? k, duration(hp.per_send_ns[k]), whole.format(hp.per_send_bytes[k]),
        duration(hp.per_recv_ns[k]), whole.format(hp.per_recv_bytes[k])]),
    ),
  ];
}

export function formatSweepTable(path: string, values: number[], reports: Report[]): string {
  if (reports[0]?.hpux) {
    return table(
      [path, 'throughput Mb/s', 'sender CPU %', 'receiver CPU %', 'copies forced %', 'CPU µs per KiB'],
      reports.map((report, i) => {
        const hp = report.hpux!;
        return [String(values[i]), oneDecimal.format(hp.throughput_mbps), pct(hp.sender_cpu_pct), pct(hp.receiver_cpu_pct),
          pct(hp.forced_copies_pct), oneDecimal.format(hp.cpu_us_per_kb)];
      }),
    );
  }
  if (reports[0]?.net) {
    return table(
      [path, 'half round trip', 'sent/s', 'delivered/s', 'goodput Gb/s', 'host A CPU per message'],
      reports.map((report, i) => {
        const net = report.net!;
        return [String(values[i]), net.round_trips > 0 ? duration(net.half_rtt_ns) : '–', whole.format(net.sent_per_s),
          whole.format(net.delivered_per_s), twoDecimals.format(net.goodput_bits_per_s / 1e9), duration(net.cpu_per_message_ns)];
      }),
    );
  }
  const throughputKeys = Object.keys(reports[0]?.throughput ?? {}) as (keyof Report['throughput'])[];
  const header = [
    path, 'MP synch %', 'hold % all locks', 'locks/s', 'designated CPU busy %', ...throughputKeys.map(metricLabel),
  ];
  const rows = reports.map((report, i) => [
    String(values[i]), pct(report.mpsynch_pct), pct(report.hold_pct_all_locks), whole.format(report.locks_per_s),
    pct(report.designated_cpu_busy_pct), ...throughputKeys.map((key) => whole.format(report.throughput[key] ?? 0)),
  ]);
  return table(header, rows);
}

/** Every scenario field: path, type, allowed values, default. */
export function formatFields(schema: Schema): string {
  return table(
    ['Field', 'Type', 'Allowed', 'Default'],
    schema.fields.map((field) => [
      field.path,
      field.type,
      field.type === 'enum'
        ? field.values!.join(' | ')
        : `${field.min} .. ${field.max}${field.unit ? ' ' + field.unit : ''}`,
      String(defaultValue(field)),
    ]),
  );
}

/** The batch's runtime, or why there is none: a steady-state run (numa.records 0) has no end. */
function runtimeWords(run: NonNullable<Report['numa_run']>): string {
  if (run.runtime_ns !== null) return duration(run.runtime_ns);
  if (run.runners_left === 0) return 'none: a steady-state run (numa.records = 0 gives the processes no end)';
  return `not finished (${run.runners_left} processes still running)`;
}
