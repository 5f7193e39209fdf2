/*
 * Figures.tsx -- two hosts back to back: the benchmark's own measure first, then what the stack cost.
 */
import type { FiguresProps } from '../index.js';
import { formatCount, formatNs, formatPct } from '../../views/format.js';
import { stackLabel } from './data.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

/** Two hosts back to back: the benchmark's own measure first, then what the stack cost. */
export default function NetFiguresList({ report }: FiguresProps) {
  const net = report?.net;
  if (!net) {
    return (
      <FigureList>
        <Figure headline label="Network benchmark" testId="fig-net" raw={NaN} value="–" detail="measuring after the warm-up" />
      </FigureList>
    );
  }
  const overhead = net.half_rtt_ns - net.breakdown_ns.wire;
  const headline = {
    pingpong: (
      <Figure
        headline
        metric="net.half_rtt_ns"
        testId="fig-net"
        raw={net.half_rtt_ns}
        value={net.round_trips > 0 ? formatNs(net.half_rtt_ns, 3) : '–'}
        detail={
          net.round_trips > 0
            ? `${formatNs(net.breakdown_ns.wire, 3)} hardware + ${formatNs(overhead, 3)} overhead`
            : 'measuring after the warm-up'
        }
      />
    ),
    udp_send: (
      <Figure
        headline
        metric="net.sent_per_s"
        testId="fig-net"
        raw={net.sent_per_s}
        value={formatCount(net.sent_per_s)}
        detail={`per second, ${stackLabel(net.stack)}`}
      />
    ),
    udp_receive: (
      <Figure
        headline
        metric="net.delivered_per_s"
        label="Delivered"
        testId="fig-net"
        raw={net.delivered_per_s}
        value={formatCount(net.delivered_per_s)}
        detail={`packets a second of ${formatCount(net.offered_per_s)} offered`}
      />
    ),
    tcp_stream: (
      <Figure
        headline
        metric="net.goodput_bits_per_s"
        label="Bandwidth"
        testId="fig-net"
        raw={net.goodput_bits_per_s}
        value={`${(net.goodput_bits_per_s / 1e9).toFixed(2)} Gb/s`}
        detail={`${formatCount(net.message_bytes)} B messages`}
      />
    ),
  }[net.test];
  const drops = net.ring_drops_per_s + net.socket_drops_per_s;
  return (
    <FigureList>
      {headline}
      <Figure
        metric="net.cpu_per_message_ns"
        testId="fig-net-cpu"
        raw={net.cpu_per_message_ns}
        value={formatNs(net.cpu_per_message_ns, 3)}
        detail="all but idle"
      />
      <Figure
        metric="net.interrupts_per_s"
        testId="fig-net-irq"
        raw={net.interrupts_per_s}
        value={formatCount(net.interrupts_per_s)}
        detail={`a second; ${formatCount(net.stack_polls_per_s)} stack polls`}
      />
      <Figure
        label="Dropped"
        testId="fig-net-drops"
        raw={drops}
        value={formatCount(drops)}
        detail={`a second: ${formatCount(net.ring_drops_per_s)} at the ring, ${formatCount(net.socket_drops_per_s)} at the socket`}
      />
      <Figure
        metric="net.nic_filters"
        label="Filter table"
        testId="fig-net-filters"
        raw={net.nic_filters}
        value={`${formatCount(net.nic_filters)} ${net.nic_filters === 1 ? 'entry' : 'entries'}`}
        detail={`a second: ${formatCount(net.filter_hits_per_s)} packets to user-level stacks, ${formatCount(net.filter_misses_per_s)} to the kernel`}
      />
      {net.stack === 'onload' && (
        <Figure
          metric="net.stack_lock.hold_pct"
          testId="fig-net-lock"
          raw={net.stack_lock.hold_pct}
          value={formatPct(net.stack_lock.hold_pct)}
          detail={`${formatCount(net.stack_lock.prequeued_per_s)} sends a second pre-queued`}
        />
      )}
    </FigureList>
  );
}
