/*
 * The SNA Server/6000 metrics read the right parts of a report: made-up reports with
 * known numbers, so each reading can be checked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../core/report.js';
import { formatMetric, readMetric } from './metrics.js';

const sna = {
  scenario: { machine: { cpus: 4 }, sna: { transfer_bytes: 1_048_576 } },
  modes_pct: { user: 4, kernel: 31, fork: 0, spin: 0.5, interrupt: 1.5, cswitch: 39, idle: 24 },
  locks: [
    { name: 'hs_region', hold_pct: 89.8 },
    { name: 'pool[0]', hold_pct: 3 },
  ],
  lock_miss_rate_pct: 43.9,
  lines: [
    { id: 0, locks: ['hs_region'], transfers_per_s: 50_000 },
    { id: 28, locks: ['pool[0]', 'pool[1]'], transfers_per_s: 11_000 },
    { id: 29, locks: ['pool[2]'], transfers_per_s: 100 },
  ],
  scheduler: { context_switches_per_s: 52_000, futile_wakeups_per_s: 38_211 },
  sna: {
    transfers_completed: 0,
    transfer_response_ns: 0,
    transfer_bytes_per_s: 325_000,
    round_trips_per_s: 6304,
    round_trip_ns: 23_800_000,
  },
} as unknown as Report;

describe('SNA metrics', () => {
  it('read the transfer, the sessions and the herd', () => {
    expect(readMetric(sna, 'transfer_kb_per_s')).toBe(325);
    expect(readMetric(sna, 'transfer_response_s')).toBeCloseTo(1_048_576 / 325_000, 6);
    expect(readMetric(sna, 'round_trip_ms')).toBeCloseTo(23.8, 6);
    expect(readMetric(sna, 'round_trips_per_s')).toBe(6304);
    expect(readMetric(sna, 'context_switches_per_s')).toBe(52_000);
    expect(readMetric(sna, 'futile_wakeups_per_s')).toBe(38_211);
    expect(readMetric(sna, 'cswitch_pct')).toBe(39);
    expect(readMetric(sna, 'spin_pct')).toBe(0.5);
    expect(readMetric(sna, 'lock_miss_rate_pct')).toBe(43.9);
    expect(readMetric(sna, 'hottest_lock_hold_pct')).toBe(89.8);
  });

  it('sum the moves of every line that holds a pool lock, and only those', () => {
    expect(readMetric(sna, 'pool_line_transfers_per_s')).toBe(11_100);
  });

  it('have no value where the report has none (an OpenVMS kernel, a transfer that never moved)', () => {
    const vms = { scenario: { machine: { cpus: 16 } }, modes_pct: sna.modes_pct } as unknown as Report;
    for (const id of [
      'transfer_kb_per_s',
      'transfer_response_s',
      'round_trip_ms',
      'futile_wakeups_per_s',
      'lock_miss_rate_pct',
      'pool_line_transfers_per_s',
    ] as const) {
      expect(readMetric(vms, id), id).toBeUndefined();
    }
    const stalled = { ...sna, sna: { ...(sna as unknown as { sna: object }).sna, transfer_bytes_per_s: 0 } } as unknown as Report;
    expect(readMetric(stalled, 'transfer_response_s')).toBeUndefined();
  });

  it("are written in the learner's units", () => {
    expect(formatMetric('round_trip_ms', 23.8)).toBe('23.8 ms');
    expect(formatMetric('transfer_response_s', 3.226)).toBe('3.23 s');
    expect(formatMetric('futile_wakeups_per_s', 38_211)).toBe('38,211');
  });
});

/* A made-up 3-RAD report: RAD 0 serves 60 of 100 bytes/s, 40 of them to other RADs. */
const numa = {
  scenario: { machine: { cpus: 12, rads: 3 } },
  modes_pct: sna.modes_pct,
  numa: {
    rads: 3,
    rad_of_cpu: [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2],
    by_rad: [
      { rad: 0, cpus: 4, lock_wins_per_s: 16_000, lock_wins_per_cpu_per_s: 4000, mean_acquire_ns: 2400 },
      { rad: 1, cpus: 4, lock_wins_per_s: 12_000, lock_wins_per_cpu_per_s: 3000, mean_acquire_ns: 3000 },
      { rad: 2, cpus: 4, lock_wins_per_s: 8000, lock_wins_per_cpu_per_s: 2000, mean_acquire_ns: 3000 },
    ],
    traffic_bytes_per_s: [
      [20, 20, 20],
      [5, 10, 5],
      [5, 5, 10],
    ],
    cross_rad_pct: 60,
    watched_lock: 'LCKMGR',
    lock_wins_by_cpu: [],
    fairness_jain: 0.9455,
  },
  numa_run: {
    records_per_s: 11_297,
    records_done: 9700,
    lock_ops_per_s: 112_970,
    ramdisk_io_per_s: 11_297,
    ramdisk_cross_rad_pct: 66,
    lckmgr_cpu: -1,
    lckmgr_mean_wait_ns: 0,
    finished: true,
    runtime_ns: 858_632_958,
    runtime_minutes: 50.09,
    runners_left: 0,
  },
} as unknown as Report;

describe('NUMA metrics', () => {
  it('read where the traffic goes and the batch run', () => {
    expect(readMetric(numa, 'cross_rad_pct')).toBe(60);
    expect(readMetric(numa, 'busiest_rad_traffic_pct')).toBe(60);
    expect(readMetric(numa, 'ramdisk_cross_rad_pct')).toBe(66);
    expect(readMetric(numa, 'records_per_s')).toBe(11_297);
    expect(readMetric(numa, 'lock_ops_per_s')).toBe(112_970);
    expect(readMetric(numa, 'ramdisk_io_per_s')).toBe(11_297);
    expect(readMetric(numa, 'runtime_minutes')).toBe(50.09);
    expect(readMetric(numa, 'runtime_ms')).toBeCloseTo(858.632958, 6);
  });

  it("compare RAD 0's lock wins and acquisition time with the other RADs' mean", () => {
    expect(readMetric(numa, 'lock_fairness_jain')).toBe(0.9455);
    expect(readMetric(numa, 'rad0_win_ratio')).toBeCloseTo(4000 / 2500, 9);
    expect(readMetric(numa, 'rad0_acquire_advantage_pct')).toBeCloseTo(20, 9);
  });

  it('have no run time while the run has not finished, and nothing on other kernels or one RAD', () => {
    const running = {
      ...numa,
      numa_run: { ...(numa as unknown as { numa_run: object }).numa_run, finished: false, runtime_ns: null, runtime_minutes: null },
    } as unknown as Report;
    expect(readMetric(running, 'runtime_minutes')).toBeUndefined();
    expect(readMetric(running, 'runtime_ms')).toBeUndefined();
    for (const id of [
      'cross_rad_pct',
      'busiest_rad_traffic_pct',
      'records_per_s',
      'runtime_minutes',
      'lock_fairness_jain',
      'rad0_win_ratio',
    ] as const) {
      expect(readMetric(sna, id), id).toBeUndefined();
    }
    const oneRad = {
      ...numa,
      numa: {
        ...(numa as unknown as { numa: { by_rad: unknown[] } }).numa,
        by_rad: [(numa as unknown as { numa: { by_rad: unknown[] } }).numa.by_rad[0]],
      },
    } as unknown as Report;
    expect(readMetric(oneRad, 'rad0_win_ratio')).toBeUndefined();
    expect(readMetric(oneRad, 'rad0_acquire_advantage_pct')).toBeUndefined();
  });

  it("are written in the learner's units", () => {
    expect(formatMetric('runtime_minutes', 50.09)).toBe('50.1 min');
    expect(formatMetric('lock_fairness_jain', 0.94553)).toBe('0.946');
    expect(formatMetric('rad0_win_ratio', 1.6)).toBe('1.60 times');
  });
});

/* A made-up OpenOnload report: two senders on one shared stack, the pre-queue on. */
const onload = {
  scenario: { machine: { cpus: 8 }, net: { senders: 2, stacks: 'shared', prequeue: 'on' } },
  modes_pct: sna.modes_pct,
  net: {
    test: 'udp_send',
    stack: 'onload',
    cpus_per_host: 4,
    delivered_per_s: 2_300_000,
    host_a_modes_pct: { user: 32, kernel: 0, fork: 0, spin: 0, interrupt: 0, cswitch: 2, idle: 66 },
    nic_filters: 2,
    filter_hits_per_s: 1_500,
    filter_misses_per_s: 20,
    stack_lock: {
      acquisitions_per_s: 50_000,
      contended_per_s: 2_300_000,
      prequeued_per_s: 2_250_000,
      deferred_per_s: 2_249_000,
      sleeps_per_s: 49_000,
      hold_pct: 100,
      prequeue_mean_len: 16.34,
    },
  },
} as unknown as Report;

describe('OpenOnload stack-lock metrics', () => {
  it('read the stack lock: acquisitions, contention, the pre-queue, deferred work and sleeps', () => {
    expect(readMetric(onload, 'stack_lock_acquisitions_per_s')).toBe(50_000);
    expect(readMetric(onload, 'stack_lock_contended_per_s')).toBe(2_300_000);
    expect(readMetric(onload, 'prequeued_per_s')).toBe(2_250_000);
    expect(readMetric(onload, 'deferred_per_s')).toBe(2_249_000);
    expect(readMetric(onload, 'lock_sleeps_per_s')).toBe(49_000);
    expect(readMetric(onload, 'stack_lock_hold_pct')).toBe(100);
    expect(readMetric(onload, 'prequeue_mean_len')).toBe(16.34);
    expect(readMetric(onload, 'host_cswitch_cpus')).toBeCloseTo(0.08, 9);
  });

  it("read host A's filter table and where its CPU time goes", () => {
    expect(readMetric(onload, 'nic_filters')).toBe(2);
    expect(readMetric(onload, 'filter_hits_per_s')).toBe(1_500);
    expect(readMetric(onload, 'filter_misses_per_s')).toBe(20);
    expect(readMetric(onload, 'host_user_cpus')).toBeCloseTo(1.28, 9);
    expect(readMetric(onload, 'host_kernel_cpus')).toBeCloseTo(0.08, 9);
  });

  it('have no value on a report without the network stacks', () => {
    for (const id of [
      'nic_filters',
      'filter_hits_per_s',
      'host_user_cpus',
      'stack_lock_acquisitions_per_s',
      'lock_sleeps_per_s',
      'prequeue_mean_len',
    ] as const) {
      expect(readMetric(sna, id), id).toBeUndefined();
    }
  });

  it("are written in the learner's units", () => {
    expect(formatMetric('stack_lock_acquisitions_per_s', 49_277.8)).toBe('49,278');
    expect(formatMetric('prequeue_mean_len', 16.344)).toBe('16.3 packets');
  });
});
