/*
 * SnaFigures.tsx -- SNA Server/6000's key figures: the source's response times, and what the herd wastes.
 */
import { transferResponseNs } from '../../core/report.js';
import { flattenScenario } from '../../core/scenario-values.js';
import type { FiguresProps } from '../../kernels/index.js';
import { formatCount, formatNs, formatPct } from '../../views/format.js';
import { modeTotalsNs } from '../../views/snapshot-data.js';
import { Figure, FigureList, ModelGap } from './Figure.js';

/** The SNA run's figures: the source's response times, and what the herd wastes. */
export default function SnaFiguresList({ schema, snapshot, report }: FiguresProps) {
  const sna = report?.sna;
  const miss = report?.lock_miss_rate_pct ?? NaN;
  const rate = sna?.transfer_bytes_per_s ?? NaN;
  const response = report ? transferResponseNs(report) : NaN;
  const window = snapshot.windowNs * snapshot.cpus.length;
  const cswitchPct = window > 0 ? (100 * modeTotalsNs(snapshot, schema.modes).cswitch) / window : NaN;
  // Simple locks on the as-ported region lock: the source's largest gain, the model's
  // slower transfer (docs/model.md, "What the model does not reproduce yet").
  const run = report ? flattenScenario(report.scenario) : {};
  const simpleOnRegion = run['sna.lock_kind'] === 'simple' && run['sna.granularity'] === 'region' && Number(run['machine.cpus']) > 1;
  return (
    <>
    <FigureList>
      <Figure headline metric="sna.round_trip_ns" testId="fig-round-trip" raw={sna?.round_trip_ns ?? NaN}
        value={sna && sna.round_trip_ns > 0 ? formatNs(sna.round_trip_ns, 2) : '–'}
        detail={sna ? `${formatCount(sna.round_trips_per_s)} round trips a second` : 'measuring after the warm-up'} />
      <Figure label="1 MB transfer" testId="fig-transfer" raw={response}
        value={Number.isFinite(response) ? formatNs(response, 2) : '–'}
        detail={rate > 0 ? `response time (${formatCount(rate / 1000)} KB/s)` : 'measuring after the warm-up'} />
      <Figure label="Context switches" testId="fig-cswitch" raw={cswitchPct} value={formatPct(cswitchPct)} detail="of all CPU time" />
      <Figure label="Wasted wake-ups" testId="fig-futile" raw={snapshot.futile}
        value={formatCount(snapshot.futile)} detail="woken to find the lock taken again" />
      <Figure metric="lock_miss_rate_pct" label="Lock misses" testId="fig-miss" raw={miss} value={formatPct(miss)} detail="of lock calls had to wait" />
    </FigureList>
    {simpleOnRegion && (
      <ModelGap testId="gap-simple-region">
        IBM calls the move from lockl() to simple locks its largest gain on SMP. With the
        region lock still in place, this model gives it to the sessions&apos; round trips
        (about a third more) but moves the measured 1 MB transfer about 10 times slower:
        three CPUs spin through 86&nbsp;µs critical sections while the transfer&apos;s threads
        wait for a CPU. In the model the gain comes once the critical sections are short
        (data locks, copy outside the lock, hash table). Why the model differs:
        docs/model.md, &ldquo;What the model does not reproduce yet&rdquo;.
      </ModelGap>
    )}
    </>
  );
}
