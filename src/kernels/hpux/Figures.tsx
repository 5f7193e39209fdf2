/*
 * Figures.tsx -- HP-UX 9.0: what the stream moves, what each side's CPU pays, and the copies the application forced.
 */
import type { FiguresProps } from '../index.js';
import { formatCount, formatPct } from '../../views/format.js';
import { sendsMeasured } from './data.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

/** HP-UX 9.0: what the stream moves, what each side's CPU pays, and the copies the application forced. */
export default function HpuxFiguresList({ report }: FiguresProps) {
  const hp = report?.hpux;
  if (!hp) {
    return (
      <FigureList>
        <Figure headline label="Throughput" testId="fig-hpux" raw={NaN} value="–" detail="measuring after the warm-up" />
      </FigureList>
    );
  }
  const oneHost = hp.hosts === 1;
  // before the first send has finished, the per-send figures are 0 for want of a send, not measured
  const sent = sendsMeasured(hp);
  const measuring = 'measuring: no send finished yet';
  return (
    <FigureList>
      <Figure
        headline
        metric="hpux.throughput_mbps"
        testId="fig-hpux"
        raw={sent ? hp.throughput_mbps : NaN}
        value={sent ? `${hp.throughput_mbps.toFixed(1)} Mb/s` : '–'}
        detail={sent ? `${formatCount(hp.send_bytes)} B sends over ${oneHost ? 'loopback' : 'FDDI'}` : measuring}
      />
      <Figure
        metric="hpux.sender_cpu_pct"
        label={oneHost ? 'CPU busy' : undefined}
        testId="fig-hpux-cpu"
        raw={hp.sender_cpu_pct}
        value={formatPct(hp.sender_cpu_pct)}
        detail={oneHost ? 'sender and receiver share it' : `receiver ${formatPct(hp.receiver_cpu_pct)}`}
      />
      <Figure
        metric="hpux.cpu_us_per_kb"
        testId="fig-hpux-kb"
        raw={sent ? hp.cpu_us_per_kb : NaN}
        value={sent ? `${hp.cpu_us_per_kb.toFixed(1)} µs` : '–'}
        detail={`checksums ${hp.checksum_offload ? 'on the card' : 'in the host'}`}
      />
      <Figure
        metric="hpux.forced_copies_pct"
        label="Copies forced"
        testId="fig-hpux-forced"
        raw={sent ? hp.forced_copies_pct : NaN}
        value={sent ? formatPct(hp.forced_copies_pct) : '–'}
        detail={
          !sent
            ? measuring
            : hp.send_copy_avoidance
              ? `of sends; ${hp.held_buffers_mean.toFixed(1)} of ${hp.send_buffers} buffers lent on average`
              : 'no send copy avoidance: every send is copied'
        }
      />
    </FigureList>
  );
}
