/*
 * HpuxFigures.tsx -- HP-UX 9.0: what the stream moves, what each side's CPU pays, and the copies the application forced.
 */
import type { FiguresProps } from '../../kernels/index.js';
import { formatCount, formatPct } from '../../views/format.js';
import { Figure, FigureList } from './Figure.js';

/** HP-UX 9.0: what the stream moves, what each side's CPU pays, and the copies the application forced. */
export default function HpuxFiguresList({ report }: FiguresProps) {
  const hp = report?.hpux;
  if (!hp) {
    return <FigureList><Figure headline label="Throughput" testId="fig-hpux" raw={NaN} value="–" detail="measuring after the warm-up" /></FigureList>;
  }
  const oneHost = hp.hosts === 1;
  return (
    <FigureList>
      <Figure headline metric="hpux.throughput_mbps" testId="fig-hpux" raw={hp.throughput_mbps} value={`${hp.throughput_mbps.toFixed(1)} Mb/s`}
        detail={`${formatCount(hp.send_bytes)} B sends over ${oneHost ? 'loopback' : 'FDDI'}`} />
      <Figure metric="hpux.sender_cpu_pct" label={oneHost ? 'CPU busy' : undefined} testId="fig-hpux-cpu" raw={hp.sender_cpu_pct} value={formatPct(hp.sender_cpu_pct)}
        detail={oneHost ? 'sender and receiver share it' : `receiver ${formatPct(hp.receiver_cpu_pct)}`} />
      <Figure metric="hpux.cpu_us_per_kb" testId="fig-hpux-kb" raw={hp.cpu_us_per_kb} value={`${hp.cpu_us_per_kb.toFixed(1)} µs`}
        detail={`checksums ${hp.checksum_offload ? 'on the card' : 'in the host'}`} />
      <Figure metric="hpux.forced_copies_pct" label="Copies forced" testId="fig-hpux-forced" raw={hp.forced_copies_pct} value={formatPct(hp.forced_copies_pct)}
        detail={hp.send_copy_avoidance ? `of sends; ${hp.held_buffers_mean.toFixed(1)} of ${hp.send_buffers} buffers lent on average` : 'no send copy avoidance: every send is copied'} />
    </FigureList>
  );
}
