/*
 * metrics.ts -- a service under a lock's measures (the capstone's generic kernel):
 * requests a second, the response, the serial part, and what each request cost in
 * cache-line moves, context switches and wake-ups: what lessons and scenes of this
 * kernel record, compare and claim (shared/metrics.ts adds them to its table by id).
 */
import { core, type Metric } from '../../shared/metric-kit.js';

export const SERVICE_METRICS = {
  requests_per_s: core('service.requests_per_s'),
  response_us: core('service.mean_response_ns', { digits: 1, shown: { unit: 'µs', per: 1e3 } }),
  serial_busy_pct: core('service.serial_busy_pct'),
  lock_transfers_per_request: core('service.lock_transfers_per_request', { digits: 2 }),
  state_transfers_per_request: core('service.state_transfers_per_request', { digits: 2 }),
  context_switches_per_request: core('service.context_switches_per_request', { digits: 2 }),
  futile_wakeups_per_request: core('service.futile_wakeups_per_request', { digits: 2 }),
  reply_wait_pct: core('service.reply_wait_pct'),
} satisfies Record<string, Metric>;
