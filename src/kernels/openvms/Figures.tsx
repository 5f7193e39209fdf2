/*
 * Figures.tsx (openvms) -- the OpenVMS TCP/IP kernels' key figures: MP synchronization
 * (share of all CPU time spinning), transmit packets per second, I/O lock 8 hold %,
 * and where a designated CPU serves a KRP queue (the Scalable Kernel) the queue and
 * that CPU's busy share in kernel context. Live from the snapshot every frame, or
 * from the report a few times a second.
 */
import type { Schema, Snapshot } from '../../core/index.js';
import type { FiguresProps } from '../index.js';
import { formatCount, formatPct } from '../../views/format.js';
import { mpsynch } from '../../views/snapshot-data.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

interface LiveFigures {
  mpsynchPct: number;
  mpsynchCpus: number;
  spinningNow: number;
  iolock8HoldPct: number;
  krpQueueLen: number;
  krpQueueMax: number;
}

/** Figures over the measured window, from a snapshot (NaN before the window has begun). */
function liveFigures(schema: Schema, snapshot: Snapshot): LiveFigures {
  const window = snapshot.windowNs;
  const spin = mpsynch(snapshot, schema.modes);
  const iolock8 = snapshot.locks.find((lock) => lock.name === 'IOLOCK8');
  const krp = snapshot.queues.find((queue) => queue.name === 'krp_queue');
  return {
    mpsynchPct: window > 0 ? spin.windowPct : NaN,
    mpsynchCpus: window > 0 ? spin.windowCpus : NaN,
    spinningNow: spin.spinningNow,
    iolock8HoldPct: window > 0 && iolock8 ? (100 * iolock8.holdNs) / window : NaN,
    krpQueueLen: krp?.len ?? 0,
    krpQueueMax: krp?.maxLen ?? 0,
  };
}

export default function OpenvmsFigures({ schema, snapshot, report, kernel }: FiguresProps) {
  const live = liveFigures(schema, snapshot);
  // the Scalable Kernel's designated CPU, which serves the KRP queue (scalable.ts: roleCpu)
  const role = kernel.roleCpu;
  const designatedCpu = role ? role.cpu(snapshot) : -1;
  const tx = report?.throughput.transmit_packets_per_s ?? NaN;
  // The designated CPU's kernel-context share, live from the snapshot (as the report counts it).
  const designated = snapshot.cpus[designatedCpu];
  const busy =
    designated && Number.isFinite(designated.kctxNs) && snapshot.windowNs > 0
      ? (100 * designated.kctxNs) / snapshot.windowNs
      : (report?.designated_cpu_busy_pct ?? NaN);
  // The time it spins (for SCHED, to wake readers or to switch processes): busy, but no KRP work.
  const spinIndex = schema.modes.indexOf('spin');
  const spinNs = designated && spinIndex >= 0 ? designated.modeNs[spinIndex] : undefined;
  const spinning =
    spinNs !== undefined && snapshot.windowNs > 0 ? (100 * spinNs) / snapshot.windowNs : (report?.designated_cpu_spin_pct ?? NaN);
  return (
    <FigureList>
      <Figure
        headline
        label="MP synchronization"
        testId="fig-mpsynch"
        raw={live.mpsynchPct}
        value={formatPct(live.mpsynchPct)}
        detail={
          Number.isFinite(live.mpsynchCpus)
            ? `of all CPU time spinning = ${live.mpsynchCpus.toFixed(1)} CPUs wasted`
            : 'measuring after the warm-up'
        }
      />
      <Figure
        label="Spinning now"
        testId="fig-spinning"
        raw={live.spinningNow}
        value={`${live.spinningNow} of ${snapshot.cpus.length}`}
        detail={snapshot.cpus.length === 1 ? 'CPU' : 'CPUs'}
      />
      <Figure metric="throughput.transmit_packets_per_s" testId="fig-tx" raw={tx} value={formatCount(tx)} detail="per second" />
      <Figure
        label="I/O lock 8 held"
        testId="fig-iolock8"
        raw={live.iolock8HoldPct}
        value={formatPct(live.iolock8HoldPct)}
        detail="of the time"
      />
      {role && (
        <>
          <Figure
            label="KRP queue"
            testId="fig-krp"
            raw={live.krpQueueLen}
            value={String(live.krpQueueLen)}
            detail={`waiting now (most ${live.krpQueueMax})`}
          />
          <Figure
            label={`Designated CPU ${designatedCpu} busy`}
            testId="fig-designated"
            raw={busy}
            value={formatPct(busy)}
            detail={
              Number.isFinite(spinning) && spinning >= 0.5
                ? `in kernel context; spinning ${formatPct(spinning)} of the time`
                : 'in kernel context'
            }
          />
        </>
      )}
    </FigureList>
  );
}
