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
  locks: [{ name: 'hs_region', hold_pct: 89.8 }, { name: 'pool[0]', hold_pct: 3 }],
  lock_miss_rate_pct: 43.9,
  lines: [
    { id: 0, locks: ['hs_region'], transfers_per_s: 50_000 },
    { id: 28, locks: ['pool[0]', 'pool[1]'], transfers_per_s: 11_000 },
    { id: 29, locks: ['pool[2]'], transfers_per_s: 100 },
  ],
  scheduler: { context_switches_per_s: 52_000, futile_wakeups_per_s: 38_211 },
  sna: { transfers_completed: 0, transfer_response_ns: 0, transfer_bytes_per_s: 325_000, round_trips_per_s: 6304, round_trip_ns: 23_800_000 },
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
    for (const id of ['transfer_kb_per_s', 'transfer_response_s', 'round_trip_ms', 'futile_wakeups_per_s', 'lock_miss_rate_pct', 'pool_line_transfers_per_s'] as const) {
      expect(readMetric(vms, id), id).toBeUndefined();
    }
    const stalled = { ...sna, sna: { ...(sna as unknown as { sna: object }).sna, transfer_bytes_per_s: 0 } } as unknown as Report;
    expect(readMetric(stalled, 'transfer_response_s')).toBeUndefined();
  });

  it('are written in the learner\'s units', () => {
    expect(formatMetric('round_trip_ms', 23.8)).toBe('23.8 ms');
    expect(formatMetric('transfer_response_s', 3.226)).toBe('3.23 s');
    expect(formatMetric('futile_wakeups_per_s', 38_211)).toBe('38,211');
  });
});
