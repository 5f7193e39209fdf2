/*
 * metrics.ts -- SNA Server/6000's measures (source 001): the measured transfer, the
 * sessions' round trips, and the pool locks' cache line: what lessons and scenes of this
 * kernel record, compare and claim (shared/metrics.ts adds them to its table by id). The
 * herd's own figures (context switches, futile wake-ups, lock misses) are the
 * scheduler's and the locks', which every kernel reports: they stay the engine's.
 */
import { transferResponseNs } from './transfer.js';
import { core, rate, type Metric } from '../../shared/metric-kit.js';

export const SNA_METRICS = {
  transfer_kb_per_s: rate('Measured transfer, KB/s', (r) => (r.sna ? r.sna.transfer_bytes_per_s / 1000 : undefined)),
  transfer_response_s: {
    label: 'Transfer response (its size ÷ its rate)',
    unit: 's',
    digits: 2,
    // From the rate, not from finished transfers: a saturated 1-way may finish none in a run.
    read: (r) => {
      const ns = transferResponseNs(r);
      return Number.isFinite(ns) ? ns / 1e9 : undefined;
    },
  },
  round_trip_ms: {
    label: 'Session round trip (mean)',
    unit: 'ms',
    digits: 1,
    read: (r) => (r.sna && r.sna.round_trip_ns > 0 ? r.sna.round_trip_ns / 1e6 : undefined),
  },
  round_trips_per_s: core('sna.round_trips_per_s'),
  // The per-CPU pools' locks (sna.alloc: pool), side by side in one line or each in its own (sna.lock_lines).
  pool_line_transfers_per_s: rate("Pool locks' cache-line moves/s", (r) => {
    const lines = r.lines;
    if (!lines) return undefined;
    return lines.filter((line) => line.locks.some((name) => name.startsWith('pool['))).reduce((sum, line) => sum + line.transfers_per_s, 0);
  }),
} satisfies Record<string, Metric>;
