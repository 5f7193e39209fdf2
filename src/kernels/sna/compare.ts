/*
 * compare.ts -- the Compare page's rows SNA Server/6000 brings (source 001): the
 * session's round trip and the 1 MB transfer's response time.
 */
import type { CompareMetric } from '../types.js';
import { transferResponseNs } from './transfer.js';

export const SNA_COMPARE_ROWS: readonly CompareMetric[] = [
  {
    id: 'round-trip',
    label: 'TP response',
    detail: 'session round trip',
    unit: 'ns',
    better: 'lower',
    after: 'mpsynch',
    read: ({ report }) => (report?.sna && report.sna.round_trip_ns > 0 ? report.sna.round_trip_ns : NaN),
  },
  {
    id: 'transfer',
    label: '1 MB transfer',
    detail: 'response time (size over rate)',
    unit: 'ns',
    better: 'lower',
    after: 'round-trip',
    read: ({ report }) => (report ? transferResponseNs(report) : NaN),
  },
];
