/*
 * Figures.tsx -- SNA Server/6000's key figures: the source's response times, and what the herd wastes.
 */
import { transferResponseNs } from './transfer.js';
import type { FiguresProps } from '../index.js';
import { formatCount, formatNs, formatPct } from '../../views/format.js';
import { modeTotalsNs } from '../../views/snapshot-data.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

/** The SNA run's figures: the source's response times, and what the herd wastes. */
export default function SnaFiguresList({ schema, snapshot, report }: FiguresProps) {
  const sna = report?.sna;
  const miss = report?.lock_miss_rate_pct ?? NaN;
  const rate = sna?.transfer_bytes_per_s ?? NaN;
  const response = report ? transferResponseNs(report) : NaN;
  const window = snapshot.windowNs * snapshot.cpus.length;
  const cswitchPct = window > 0 ? (100 * modeTotalsNs(snapshot, schema.modes).cswitch) / window : NaN;
  return (
    <FigureList>
      <Figure
        headline
        metric="sna.round_trip_ns"
        testId="fig-round-trip"
        raw={sna?.round_trip_ns ?? NaN}
        value={sna && sna.round_trip_ns > 0 ? formatNs(sna.round_trip_ns, 2) : '–'}
        detail={sna ? `${formatCount(sna.round_trips_per_s)} round trips a second` : 'measuring after the warm-up'}
      />
      <Figure
        label="1 MB transfer"
        testId="fig-transfer"
        raw={response}
        value={Number.isFinite(response) ? formatNs(response, 2) : '–'}
        detail={rate > 0 ? `response time (${formatCount(rate / 1000)} KB/s)` : 'measuring after the warm-up'}
      />
      <Figure label="Context switches" testId="fig-cswitch" raw={cswitchPct} value={formatPct(cswitchPct)} detail="of all CPU time" />
      <Figure
        label="Wasted wake-ups"
        testId="fig-futile"
        raw={snapshot.futile}
        value={formatCount(snapshot.futile)}
        detail="woken to find the lock taken again"
      />
      <Figure
        metric="lock_miss_rate_pct"
        label="Lock misses"
        testId="fig-miss"
        raw={miss}
        value={formatPct(miss)}
        detail="of lock calls had to wait"
      />
    </FigureList>
  );
}
