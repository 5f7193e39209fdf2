/*
 * Figures.tsx (numa) -- OpenVMS on an AlphaServer GS: the batch run's pace, where its I/O went, MP synchronization.
 */
import type { FiguresProps } from '../index.js';
import { formatCount, formatNs, formatPct } from '../../views/format.js';
import { mpsynch } from '../../views/snapshot-data.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

/** OpenVMS on an AlphaServer GS: the batch run's pace, where its I/O went, MP synchronization. */
export default function NumaFiguresList({ schema, snapshot, report }: FiguresProps) {
  const run = report?.numa_run;
  const numa = report?.numa;
  const spinPct = snapshot.windowNs > 0 ? mpsynch(snapshot, schema.modes).windowPct : NaN;
  const runtime = run?.runtime_minutes ?? null;
  return (
    <FigureList>
      <Figure
        headline
        label={runtime !== null || !run || run.runners_left > 0 ? 'Runtime of the run' : 'Records a second'}
        testId="fig-runtime"
        raw={runtime ?? NaN}
        value={runtime !== null ? `${runtime.toFixed(1)} min` : run ? `${formatCount(run.records_per_s)}/s` : '–'}
        detail={
          runtime !== null
            ? `simulated ${formatNs(run!.runtime_ns!, 2)} × numa.run_scale`
            : run
              ? run.runners_left > 0
                ? 'records a second, still running'
                : 'records a second'
              : 'measuring'
        }
      />
      <Figure
        metric="numa_run.ramdisk_cross_rad_pct"
        testId="fig-ramdisk-cross"
        raw={run?.ramdisk_cross_rad_pct ?? NaN}
        value={formatPct(run?.ramdisk_cross_rad_pct ?? NaN)}
        detail={run ? `of ${formatCount(run.ramdisk_io_per_s)} reads a second` : ''}
      />
      <Figure
        metric="numa_run.lock_ops_per_s"
        testId="fig-lock-ops"
        raw={run?.lock_ops_per_s ?? NaN}
        value={run ? formatCount(run.lock_ops_per_s) : '–'}
        detail="a second"
      />
      <Figure label="MP synchronization" testId="fig-mpsynch" raw={spinPct} value={formatPct(spinPct)} detail="of all CPU time spinning" />
      <Figure
        metric="numa.cross_rad_pct"
        testId="fig-cross-rad"
        raw={numa?.cross_rad_pct ?? NaN}
        value={formatPct(numa?.cross_rad_pct ?? NaN)}
        detail={numa ? `spinlock fairness (Jain) ${numa.fairness_jain.toFixed(2)}` : ''}
      />
    </FigureList>
  );
}
