/*
 * compare.ts -- the Compare page's rows the service under a lock brings: requests and
 * their response, how busy the serial part is, and the cache-line trips per request.
 */
import { reportCompareRow } from '../compare-rows.js';
import type { CompareMetric } from '../types.js';

export const SERVICE_COMPARE_ROWS: readonly CompareMetric[] = [
  reportCompareRow('service.requests_per_s', {
    id: 'requests',
    label: 'Requests',
    detail: 'finished per second',
    unit: 'rate',
    after: 'mpsynch',
  }),
  reportCompareRow('service.mean_response_ns', {
    id: 'response',
    label: 'Response time',
    detail: 'mean, from request to done',
    unit: 'ns',
    after: 'requests',
  }),
  reportCompareRow('service.serial_busy_pct', {
    id: 'serial-busy',
    label: 'Serial part busy',
    detail: 'lock held, or the server CPU working',
    unit: 'pct',
    after: 'response',
  }),
  reportCompareRow('service.lock_transfers_per_request', {
    id: 'lock-transfers',
    label: 'Lock line transfers',
    detail: 'per request',
    unit: 'count',
    after: 'serial-busy',
  }),
  reportCompareRow('service.state_transfers_per_request', {
    id: 'state-transfers',
    label: 'State line transfers',
    detail: 'per request',
    unit: 'count',
    after: 'lock-transfers',
  }),
];
