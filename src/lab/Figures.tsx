/*
 * Figures.tsx -- the lab's headline numbers in the source's measures, big enough for
 * the back row: MP synchronization (share of all CPU time spent spinning), transmit
 * packets per second, I/O lock 8 hold %, and for the Scalable Kernel the KRP queue and
 * the designated CPU's busy share in kernel context. Figures over the measured window come from the
 * snapshot (live every frame) or the report (live a few times a second, final at the
 * end). Each carries its value in data-value for tests.
 */
import type { Schema, Snapshot } from '../core/index.js';
import { transferResponseNs, type Report } from '../core/report.js';
import { formatCount, formatNs, formatPct } from '../views/format.js';
import { modeTotalsNs, mpsynch } from '../views/snapshot-data.js';
import { useLab } from './hooks.js';
import type { LabStore } from './store.js';

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

function Figure(props: { label: string; value: string; detail?: string; testId: string; raw: number; headline?: boolean }) {
  return (
    <div className={props.headline ? 'figure figure-headline' : 'figure'} data-testid={props.testId} data-value={Number.isFinite(props.raw) ? props.raw : ''}>
      <dt>{props.label}</dt>
      <dd>
        <span className="figure-value">{props.value}</span>
        {props.detail && <span className="figure-detail">{props.detail}</span>}
      </dd>
    </div>
  );
}

/** The SNA run's figures: the source's response times, and what the herd wastes. */
function SnaFiguresList({ schema, snapshot, report }: { schema: Schema; snapshot: Snapshot; report?: Report }) {
  const sna = report?.sna;
  const miss = report?.lock_miss_rate_pct ?? NaN;
  const rate = sna?.transfer_bytes_per_s ?? NaN;
  const response = report ? transferResponseNs(report) : NaN;
  const window = snapshot.windowNs * snapshot.cpus.length;
  const cswitchPct = window > 0 ? (100 * modeTotalsNs(snapshot, schema.modes).cswitch) / window : NaN;
  return (
    <dl className="figures" aria-label="Key figures of this run">
      <Figure headline label="TP response (session round trip)" testId="fig-round-trip" raw={sna?.round_trip_ns ?? NaN}
        value={sna && sna.round_trip_ns > 0 ? formatNs(sna.round_trip_ns, 2) : '–'}
        detail={sna ? `${formatCount(sna.round_trips_per_s)} round trips a second` : 'measuring after the warm-up'} />
      <Figure label="1 MB transfer" testId="fig-transfer" raw={response}
        value={Number.isFinite(response) ? formatNs(response, 2) : '–'}
        detail={rate > 0 ? `response time (${formatCount(rate / 1000)} KB/s)` : 'measuring after the warm-up'} />
      <Figure label="Context switches" testId="fig-cswitch" raw={cswitchPct} value={formatPct(cswitchPct)} detail="of all CPU time" />
      <Figure label="Wasted wake-ups" testId="fig-futile" raw={snapshot.futile}
        value={formatCount(snapshot.futile)} detail="woken to find the lock taken again" />
      <Figure label="Lock misses" testId="fig-miss" raw={miss} value={formatPct(miss)} detail="of lock calls had to wait" />
    </dl>
  );
}

/** OpenVMS on an AlphaServer GS: the batch run's pace, where its I/O went, MP synchronization. */
function NumaFiguresList({ schema, snapshot, report }: { schema: Schema; snapshot: Snapshot; report?: Report }) {
  const run = report?.numa_run;
  const numa = report?.numa;
  const spinPct = snapshot.windowNs > 0 ? mpsynch(snapshot, schema.modes).windowPct : NaN;
  const runtime = run?.runtime_minutes ?? null;
  return (
    <dl className="figures" aria-label="Key figures of this run">
      <Figure headline label={runtime !== null || !run || run.runners_left > 0 ? 'Runtime of the run' : 'Records a second'}
        testId="fig-runtime" raw={runtime ?? NaN}
        value={runtime !== null ? `${runtime.toFixed(1)} min` : run ? `${formatCount(run.records_per_s)}/s` : '–'}
        detail={runtime !== null ? `simulated ${formatNs(run!.runtime_ns!, 2)} × numa.run_scale`
          : run ? (run.runners_left > 0 ? 'records a second, still running' : 'records a second') : 'measuring'} />
      <Figure label="RAM disk I/O across RADs" testId="fig-ramdisk-cross" raw={run?.ramdisk_cross_rad_pct ?? NaN}
        value={formatPct(run?.ramdisk_cross_rad_pct ?? NaN)} detail={run ? `of ${formatCount(run.ramdisk_io_per_s)} reads a second` : ''} />
      <Figure label="Locking" testId="fig-lock-ops" raw={run?.lock_ops_per_s ?? NaN}
        value={run ? `${formatCount(run.lock_ops_per_s)}/s` : '–'} detail="lock manager operations" />
      <Figure label="MP synchronization" testId="fig-mpsynch" raw={spinPct} value={formatPct(spinPct)} detail="of all CPU time spinning" />
      <Figure label="Traffic across RADs" testId="fig-cross-rad" raw={numa?.cross_rad_pct ?? NaN}
        value={formatPct(numa?.cross_rad_pct ?? NaN)} detail={numa ? `spinlock fairness (Jain) ${numa.fairness_jain.toFixed(2)}` : ''} />
    </dl>
  );
}

/** Two hosts back to back: the benchmark's own measure first, then what the stack cost. */
function NetFiguresList({ report }: { report?: Report }) {
  const net = report?.net;
  if (!net) {
    return <dl className="figures" aria-label="Key figures of this run"><Figure headline label="Network benchmark" testId="fig-net" raw={NaN} value="–" detail="measuring after the warm-up" /></dl>;
  }
  const overhead = net.half_rtt_ns - net.breakdown_ns.wire;
  const headline = {
    pingpong: <Figure headline label="Half round trip" testId="fig-net" raw={net.half_rtt_ns} value={net.round_trips > 0 ? formatNs(net.half_rtt_ns, 3) : '–'}
      detail={net.round_trips > 0 ? `${formatNs(net.breakdown_ns.wire, 3)} hardware + ${formatNs(overhead, 3)} overhead` : 'measuring after the warm-up'} />,
    udp_send: <Figure headline label="Messages sent" testId="fig-net" raw={net.sent_per_s} value={formatCount(net.sent_per_s)} detail={`per second by ${net.stack === 'kernel' ? 'the kernel stack' : net.stack === 'onload' ? 'OpenOnload' : 'the raw vNIC'}`} />,
    udp_receive: <Figure headline label="Delivered" testId="fig-net" raw={net.delivered_per_s} value={formatCount(net.delivered_per_s)} detail={`packets a second of ${formatCount(net.offered_per_s)} offered`} />,
    tcp_stream: <Figure headline label="Bandwidth" testId="fig-net" raw={net.goodput_bits_per_s} value={`${(net.goodput_bits_per_s / 1e9).toFixed(2)} Gb/s`} detail={`${formatCount(net.message_bytes)} B messages`} />,
  }[net.test];
  const drops = net.ring_drops_per_s + net.socket_drops_per_s;
  return (
    <dl className="figures" aria-label="Key figures of this run">
      {headline}
      <Figure label="CPU per message" testId="fig-net-cpu" raw={net.cpu_per_message_ns} value={formatNs(net.cpu_per_message_ns, 3)} detail="host A, all but idle" />
      <Figure label="Interrupts" testId="fig-net-irq" raw={net.interrupts_per_s} value={formatCount(net.interrupts_per_s)} detail={`a second; ${formatCount(net.stack_polls_per_s)} stack polls`} />
      <Figure label="Dropped" testId="fig-net-drops" raw={drops} value={formatCount(drops)}
        detail={`a second: ${formatCount(net.ring_drops_per_s)} at the ring, ${formatCount(net.socket_drops_per_s)} at the socket`} />
      {net.stack === 'onload' && (
        <Figure label="Stack lock held" testId="fig-net-lock" raw={net.stack_lock.hold_pct} value={formatPct(net.stack_lock.hold_pct)}
          detail={`${formatCount(net.stack_lock.prequeued_per_s)} sends a second pre-queued`} />
      )}
    </dl>
  );
}

/** HP-UX 9.0: what the stream moves, what each side's CPU pays, and the copies the application forced. */
function HpuxFiguresList({ report }: { report?: Report }) {
  const hp = report?.hpux;
  if (!hp) {
    return <dl className="figures" aria-label="Key figures of this run"><Figure headline label="Throughput" testId="fig-hpux" raw={NaN} value="–" detail="measuring after the warm-up" /></dl>;
  }
  const oneHost = hp.hosts === 1;
  return (
    <dl className="figures" aria-label="Key figures of this run">
      <Figure headline label="Throughput" testId="fig-hpux" raw={hp.throughput_mbps} value={`${hp.throughput_mbps.toFixed(1)} Mb/s`}
        detail={`${formatCount(hp.send_bytes)} B sends over ${oneHost ? 'loopback' : 'FDDI'}`} />
      <Figure label={oneHost ? 'CPU busy' : 'Sender CPU busy'} testId="fig-hpux-cpu" raw={hp.sender_cpu_pct} value={formatPct(hp.sender_cpu_pct)}
        detail={oneHost ? 'sender and receiver share it' : `receiver ${formatPct(hp.receiver_cpu_pct)}`} />
      <Figure label="CPU per KiB" testId="fig-hpux-kb" raw={hp.cpu_us_per_kb} value={`${hp.cpu_us_per_kb.toFixed(1)} µs`}
        detail={`checksums ${hp.checksum_offload ? 'on the card' : 'in the host'}`} />
      <Figure label="Copies forced" testId="fig-hpux-forced" raw={hp.forced_copies_pct} value={formatPct(hp.forced_copies_pct)}
        detail={hp.send_copy_avoidance ? `of sends; ${hp.held_buffers_mean.toFixed(1)} of ${hp.send_buffers} buffers lent on average` : 'no send copy avoidance: every send is copied'} />
    </dl>
  );
}

export function Figures({ store }: { store: LabStore }) {
  const snapshot = useLab(store, 'snapshot');
  const report = useLab(store, 'report');
  const schema = useLab(store, 'schema');
  if (!snapshot || !schema) return <dl className="figures figures-empty" aria-busy="true"><div className="figure"><dt>Starting the simulation</dt><dd>…</dd></div></dl>;
  if (snapshot.kernel === 'sna') return <SnaFiguresList schema={schema} snapshot={snapshot} report={report} />;
  if (snapshot.kernel === 'numa') return <NumaFiguresList schema={schema} snapshot={snapshot} report={report} />;
  if (snapshot.kernel === 'onload') return <NetFiguresList report={report} />;
  if (snapshot.kernel === 'hpux') return <HpuxFiguresList report={report} />;
  const live = liveFigures(schema, snapshot);
  const scalable = snapshot.kernel === 'scalable';
  const tx = report?.throughput.transmit_packets_per_s ?? NaN;
  // The designated CPU's kernel-context share, live from the snapshot (as the report counts it).
  const designated = snapshot.cpus[snapshot.designatedCpu];
  const busy = designated && Number.isFinite(designated.kctxNs) && snapshot.windowNs > 0
    ? (100 * designated.kctxNs) / snapshot.windowNs
    : report?.designated_cpu_busy_pct ?? NaN;
  return (
    <dl className="figures" aria-label="Key figures of this run">
      <Figure headline label="MP synchronization" testId="fig-mpsynch" raw={live.mpsynchPct}
        value={formatPct(live.mpsynchPct)}
        detail={Number.isFinite(live.mpsynchCpus) ? `of all CPU time spinning = ${live.mpsynchCpus.toFixed(1)} CPUs wasted` : 'measuring after the warm-up'} />
      <Figure label="Spinning now" testId="fig-spinning" raw={live.spinningNow}
        value={`${live.spinningNow} of ${snapshot.cpus.length}`} detail="CPUs" />
      <Figure label="Transmit packets" testId="fig-tx" raw={tx} value={formatCount(tx)} detail="per second" />
      <Figure label="I/O lock 8 held" testId="fig-iolock8" raw={live.iolock8HoldPct} value={formatPct(live.iolock8HoldPct)} detail="of the time" />
      {scalable && (
        <>
          <Figure label="KRP queue" testId="fig-krp" raw={live.krpQueueLen} value={String(live.krpQueueLen)} detail={`waiting now (most ${live.krpQueueMax})`} />
          <Figure label={`Designated CPU ${snapshot.designatedCpu} busy`} testId="fig-designated" raw={busy} value={formatPct(busy)} detail="in kernel context" />
        </>
      )}
    </dl>
  );
}
