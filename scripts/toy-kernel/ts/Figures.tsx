/*
 * Figures.tsx -- the toy kernel's key figures: how often its lock is taken, and how much
 * of the time it is held and spun for (the engine's lock counters).
 */
import type { FiguresProps } from '../types.js';
import { formatCount, formatPct } from '../../views/format.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

export default function ToyFigures({ report }: FiguresProps) {
  const lock = report?.locks?.find((l) => l.name === 'TOY_LOCK');
  return (
    <FigureList>
      <Figure
        headline
        label="Lock acquisitions"
        metric="locks_per_s"
        testId="fig-toy-locks"
        raw={report?.locks_per_s ?? NaN}
        value={report ? `${formatCount(report.locks_per_s)}/s` : '–'}
        detail={lock ? `held ${formatPct(lock.hold_pct)} of the time` : 'measuring'}
      />
      <Figure
        label="Spinning for it"
        metric="spin_pct_all_locks"
        testId="fig-toy-spin"
        raw={report?.spin_pct_all_locks ?? NaN}
        value={report ? formatPct(report.spin_pct_all_locks) : '–'}
        detail="of the CPUs' time"
      />
    </FigureList>
  );
}
