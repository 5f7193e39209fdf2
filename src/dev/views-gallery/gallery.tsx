/*
 * gallery.tsx -- DEV ONLY: every view rendered from real runs of the core (the JSON
 * fixtures, and for the long timeline a run of the core in this page), in both themes.
 * Query: ?view=cpu-grid|lock|krp-queue|modes|timeline|lock-table|scaling|herd|cache-lines|
 * numa-topology|numa-traffic|numa-spinlock|monitor-modes|net-latency|net-size-curve|net-livelock|
 * net-stack-lock (the network views from HAND-MADE fixtures, not runs of the core)|hpux-journey|
 * hpux-buffers|hpux-curves (real runs of the hpux presets)
 * (default all), ?theme=light|projector, ?frame=N (hold the herd's frames at N instead of
 * playing them), ?live=1 (play the classic testbed live: 64 CPUs, every view;
 * &kernel=sna plays SNA Server/6000 as ported, 4 CPUs, with the herd and cache lines).
 */
import { StrictMode, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import wasmUrl from '../../../wasm-core/build/stacklab.wasm?url';
import classicDoc from '../../../lessons/scenarios/testbed-classic.json?raw';
import scalableDoc from '../../../lessons/scenarios/testbed-scalable.json?raw';
import snaDoc from '../../../lessons/scenarios/sna-as-ported.json?raw';
import { loadCore, readSchema, Simulation, validateScenario, type Core, type Snapshot, type TraceSlice } from '../../core/index.js';
import { herdFramesFixture, hpuxFixture, netViewFixture, runFixture, sweepFixture } from '../../views/fixtures/index.js';
import {
  CpuGrid,
  LockView,
  ModeBars,
  SegmentBuilder,
  Timeline,
  traceNames,
  type Theme,
  type TimelineSegments,
  type TraceNames,
} from '../../views/index.js';
import { CacheLineView } from '../../kernels/sna/cache-lines/CacheLineView.js';
import { HerdView } from '../../kernels/sna/herd/HerdView.js';
import { LockTable } from '../../views/lock-table/LockTable.js';
import { MonitorModes, NumaSpinlock, NumaTopology, NumaTraffic } from '../../views/numa-views.js';
import { ScalingChart } from '../../views/scaling/ScalingChart.js';
import { NetLatency } from '../../kernels/onload/latency/NetLatency.js';
import { NetLivelock } from '../../kernels/onload/livelock/NetLivelock.js';
import { NetSizeCurve } from '../../kernels/onload/size-curve/NetSizeCurve.js';
import { NetStackLock } from '../../kernels/onload/stack-lock/NetStackLock.js';
import { HpuxJourney } from '../../kernels/hpux/journey/HpuxJourney.js';
import { KrpQueue } from '../../kernels/openvms/krp-queue/KrpQueue.js';
import { HpuxBuffers } from '../../kernels/hpux/buffers/HpuxBuffers.js';
import { HpuxCurves } from '../../kernels/hpux/curves/HpuxCurves.js';
import { sliceWindow } from '../../views/timeline/feed.js';
import { kernelInfo } from '../../kernels/index.js';

const params = new URLSearchParams(location.search);
const only = params.get('view');
const theme = (params.get('theme') ?? 'light') as Theme;
const live = params.get('live') === '1';

const classic16 = runFixture('classic-16');
const scalable16 = runFixture('scalable-16');
const classic64 = runFixture('classic-64');
const scalable64 = runFixture('scalable-64');
const sweep = sweepFixture();
const snaAsPorted = runFixture('sna-as-ported-4');
const snaAfterPort = runFixture('sna-after-port-4');
const snaFalseSharing = runFixture('sna-false-sharing-4');
const herdFrames = herdFramesFixture();
const gs160Before = runFixture('numa-gs160-example3-before');
const gs320 = runFixture('numa-gs320');
/** HAND-MADE view fixtures (plausible figures, not runs of the core) until the onload kernel can write real ones. */
const net = netViewFixture();
/** Real runs of the hpux presets and the lab's curve of hpux-cow-8-buffers. */
const hpux = hpuxFixture();
const names: TraceNames = classic16.names;
const modeAt = (s: Snapshot) => Int32Array.from(s.cpus, (c) => names.modes.indexOf(c.mode));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  if (only && only !== id) return null;
  return (
    <section className="gallery-section" data-gallery={id}>
      <h2>{title}</h2>
      <div className="gallery-row">{children}</div>
    </section>
  );
}

/** A long real trace for the timeline: the classic testbed run in this page. */
function useLongTimeline(): { segments: TimelineSegments; snapshot: Snapshot; ms: number } | { error: string } | null {
  const [state, setState] = useState<{ segments: TimelineSegments; snapshot: Snapshot; ms: number } | { error: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const core = await loadCore(new URL(wasmUrl, location.href));
        const schema = readSchema(core);
        const { values } = validateScenario(schema, JSON.parse(classicDoc));
        const run = Simulation.create(core, { ...values, 'sim.trace_capacity': 1 << 20 });
        const started = performance.now();
        run.runUntil(50_000_000);
        run.readTrace();
        const builder = new SegmentBuilder(16, traceNames(schema));
        builder.seed(run.snapshot());
        for (let t = 60_000_000; t <= 330_000_000; t += 10_000_000) {
          run.runUntil(t);
          builder.append(run.readTrace());
        }
        const snapshot = run.snapshot();
        run.free();
        if (!cancelled) setState({ segments: builder.segments, snapshot, ms: performance.now() - started });
      } catch (error) {
        if (!cancelled) setState({ error: (error as Error).message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}

/**
 * The herd's real frames, 10 µs apart, played one every 700 ms; with ?frame=N played
 * quickly up to N and held there (the view remembers the bounce from the frames it saw).
 */
function useHerdFrame(): Snapshot {
  const held = params.get('frame');
  const last = herdFrames.frames.length - 1;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const stop = held === null ? Infinity : Math.min(last, Number(held));
    const timer = setInterval(
      () =>
        setIndex((i) => {
          if (i >= stop) {
            clearInterval(timer);
            return i;
          }
          return (i + 1) % herdFrames.frames.length;
        }),
      held === null ? 700 : 40,
    );
    return () => clearInterval(timer);
  }, [held, last]);
  return herdFrames.frames[index]!;
}

function StaticGallery() {
  const herdFrame = useHerdFrame();
  const long = useLongTimeline();
  const scalableAt16 = sweep.reports.find(
    (r) => r.kernel === scalable16.snapshot.kernel && (r.scenario as { machine: { cpus: number } }).machine.cpus === 16,
  )!;
  const partial = useMemo(() => sweep.reports.filter((r) => (r.scenario as { machine: { cpus: number } }).machine.cpus <= 17), []);
  const smallTimeline = useMemo(
    () => sliceWindow(scalable16.slice, scalable16.snapshotBefore.nowNs, modeAt(scalable16.snapshotBefore)),
    [],
  );
  return (
    <>
      <Section id="cpu-grid" title="CPU grid">
        <CpuGrid snapshot={classic16.snapshot} theme={theme} width={720} interruptCpu={0} />
        <CpuGrid snapshot={scalable16.snapshot} theme={theme} width={720} interruptCpu={0} />
        <CpuGrid snapshot={classic64.snapshot} theme={theme} width={720} />
        <CpuGrid snapshot={scalable64.snapshot} theme={theme} width={420} />
      </Section>
      <Section id="lock" title="Lock view">
        <LockView snapshot={classic16.snapshot} theme={theme} width={720} />
        <LockView snapshot={scalable64.snapshot} theme={theme} width={720} />
        <LockView snapshot={classic64.snapshot} theme={theme} width={520} />
      </Section>
      <Section id="krp-queue" title="KRP queue">
        <KrpQueue
          snapshot={scalable16.snapshot}
          trace={scalable16.slice}
          names={names}
          report={scalable16.report}
          flowNs={60_000}
          theme={theme}
          width={760}
        />
        <KrpQueue snapshot={scalable64.snapshot} trace={scalable64.slice} names={names} flowNs={30_000} theme={theme} width={760} />
        <KrpQueue snapshot={classic16.snapshot} theme={theme} width={560} />
      </Section>
      <Section id="modes" title="Mode bars (MONITOR MODES)">
        <ModeBars
          snapshot={classic16.snapshot}
          theme={theme}
          width={720}
          compare={{ label: 'Scalable Kernel, same testbed (outlined)', report: scalable16.report }}
        />
        <ModeBars snapshot={scalable64.snapshot} theme={theme} width={600} />
      </Section>
      <Section id="timeline" title="Timeline">
        {long && 'error' in long && <p role="alert">{long.error}</p>}
        {long && 'segments' in long && (
          <Timeline snapshot={long.snapshot} segments={long.segments} theme={theme} width={1100} liveSpanNs={4e6} />
        )}
        {!long && <p>Running the classic testbed in this page for a long trace…</p>}
        <Timeline snapshot={scalable16.snapshot} trace={smallTimeline} names={names} theme={theme} width={1100} liveSpanNs={400_000} />
      </Section>
      <Section id="lock-table" title="Lock table">
        <LockTable reports={[scalable16.report, classic16.report]} theme={theme} width={980} />
        <LockTable snapshot={classic64.snapshot} theme={theme} width={760} />
      </Section>
      <Section id="scaling" title="Scaling">
        <ScalingChart points={sweep.reports} report={scalableAt16} theme={theme} width={1100} />
        <ScalingChart points={partial} progress={partial.length / sweep.reports.length} cpuRange={[1, 40]} theme={theme} width={760} />
      </Section>
      <Section id="herd" title="Thundering herd">
        <HerdView
          snapshot={herdFrame}
          theme={theme}
          width={1100}
          compare={{ label: 'Simple (spin) locks: SNA after the port', report: snaAfterPort.report }}
        />
        <HerdView snapshot={snaAsPorted.snapshot} report={snaAsPorted.report} theme={theme} width={560} />
        <HerdView snapshot={snaAfterPort.snapshot} report={snaAfterPort.report} theme={theme} width={720} />
        <HerdView snapshot={classic16.snapshot} theme={theme} width={560} />
      </Section>
      <Section id="cache-lines" title="Cache lines">
        <CacheLineView snapshot={snaFalseSharing.snapshot} theme={theme} width={900} />
        <CacheLineView snapshot={herdFrame} theme={theme} width={720} />
        <CacheLineView snapshot={snaAfterPort.snapshot} theme={theme} width={480} max={5} />
      </Section>
      <Section id="numa-topology" title="NUMA topology">
        <NumaTopology snapshot={gs160Before.snapshot} report={gs160Before.report} theme={theme} width={900} />
        <NumaTopology snapshot={gs320.snapshot} report={gs320.report} theme={theme} width={1100} />
        <NumaTopology snapshot={gs320.snapshot} report={gs320.report} theme={theme} width={560} />
      </Section>
      <Section id="numa-traffic" title="Traffic between RADs">
        <NumaTraffic report={gs160Before.report} theme={theme} width={560} />
        <NumaTraffic report={gs320.report} theme={theme} width={900} />
      </Section>
      <Section id="numa-spinlock" title="Spinlock wins per RAD">
        <NumaSpinlock snapshot={gs160Before.snapshot} report={gs160Before.report} theme={theme} width={720} />
        <NumaSpinlock snapshot={gs320.snapshot} report={gs320.report} theme={theme} width={1100} />
      </Section>
      <Section id="monitor-modes" title="MONITOR MODES">
        <MonitorModes snapshot={gs160Before.snapshot} report={gs160Before.report} theme={theme} width={720} />
        <MonitorModes snapshot={gs320.snapshot} report={gs320.report} theme={theme} width={900} />
      </Section>
      <Section id="net-latency" title="Where a round trip's time goes (hand-made fixtures)">
        <NetLatency report={net.reports['pingpong-onload']} compare={net.reports['pingpong-kernel']} theme={theme} width={1100} />
        <NetLatency report={net.reports['pingpong-kernel']} theme={theme} width={720} />
        <NetLatency report={net.reports['tcp-stream-kernel']} theme={theme} width={560} />
      </Section>
      <Section id="net-size-curve" title="Throughput against message size (hand-made fixtures)">
        <NetSizeCurve points={net.sizeCurve} theme={theme} width={900} />
        <NetSizeCurve points={net.sizeCurve.slice(0, 6)} progress={6 / 14} theme={theme} width={560} />
      </Section>
      <Section id="net-livelock" title="Delivered against offered load (hand-made fixtures)">
        <NetLivelock points={net.livelock} theme={theme} width={900} />
        <NetLivelock points={net.livelock.filter((p) => p.mode !== 'moderation')} theme={theme} width={560} />
      </Section>
      <Section id="net-stack-lock" title="The stack lock (hand-made fixtures)">
        <NetStackLock report={net.reports['udp-send-shared-prequeue']} theme={theme} width={900} />
        <NetStackLock report={net.reports['udp-send-shared-no-prequeue']} theme={theme} width={720} />
        <NetStackLock report={net.reports['pingpong-kernel']} theme={theme} width={560} />
      </Section>
      <Section id="hpux-journey" title="One send, byte by byte (real runs of the hpux presets)">
        <HpuxJourney report={hpux.reports['hpux-cow-8-buffers']} theme={theme} width={1140} />
        <HpuxJourney report={hpux.reports['hpux-fddi-copy-avoidance']} theme={theme} width={1140} />
        <HpuxJourney report={hpux.reports['hpux-loopback-lan0']} theme={theme} width={760} />
      </Section>
      <Section id="hpux-buffers" title="Send buffers and the socket buffer (real runs)">
        <HpuxBuffers report={hpux.reports['hpux-cow-8-buffers']} theme={theme} width={440} />
        <HpuxBuffers report={hpux.reports['hpux-cow-9-buffers']} theme={theme} width={440} />
        <HpuxBuffers report={hpux.live['hpux-cow-8-buffers'][1]} theme={theme} width={620} />
        <HpuxBuffers report={hpux.reports['hpux-fddi-copies']} theme={theme} width={620} />
      </Section>
      <Section id="hpux-curves" title="CPU and throughput against buffers and dirtiness (the lab's curve of hpux-cow-8-buffers)">
        <HpuxCurves points={hpux.curve.points} setup={hpux.curve.setup} theme={theme} width={1140} />
        <HpuxCurves points={hpux.curve.points} setup={hpux.curve.setup} initialSweep="dirty" theme={theme} width={1140} />
        <HpuxCurves points={hpux.curve.points.slice(0, 10)} setup={hpux.curve.setup} progress={10 / 44} theme={theme} width={620} />
      </Section>
    </>
  );
}

// ---- live: the core runs in this page (dev only) and every view animates -----------------

interface LiveFrame {
  snapshot: Snapshot;
  segments: TimelineSegments;
  version: number;
  /** The recent trace (for the KRP tokens). */
  trace: TraceSlice;
  names: TraceNames;
}

function LiveGallery() {
  const [frame, setFrame] = useState<LiveFrame | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let stop = false;
    let core: Core;
    (async () => {
      core = await loadCore(new URL(wasmUrl, location.href));
      const schema = readSchema(core);
      // the live run: the first of the gallery's presets that runs ?kernel= (the classic testbed by default)
      const presets = [classicDoc, scalableDoc, snaDoc].map((doc) => validateScenario(schema, JSON.parse(doc)).values);
      const wanted = params.get('kernel') ?? 'classic';
      const values = presets.find((v) => v['kernel.kind'] === wanted) ?? presets[0]!;
      // a kernel whose threads have roles runs its preset as it is (its thread names follow its sessions)
      const sna = kernelInfo(values['kernel.kind']).threads !== undefined;
      const cpus = sna ? Number(values['machine.cpus']) : Number(params.get('cpus') ?? 64);
      const run = Simulation.create(core, {
        ...values,
        ...(sna ? {} : { 'machine.cpus': cpus, 'workload.processes': cpus * 8 }),
        'sim.trace_capacity': 1 << 18,
      });
      run.runUntil(45_000_000);
      run.readTrace();
      const builder = new SegmentBuilder(cpus, traceNames(schema));
      builder.seed(run.snapshot());
      let simNs = run.now;
      let recent = run.readTrace();
      const step = Number(params.get('step') ?? 100_000); // simulated ns per frame
      const tick = () => {
        if (stop) return;
        simNs += step;
        const t0 = performance.now();
        run.runUntil(simNs);
        const trace = run.readTrace();
        builder.append(trace);
        const snapshot = run.snapshot();
        const w = window as unknown as { __coreMs?: number[] };
        (w.__coreMs ??= []).push(performance.now() - t0);
        recent = trace.t.length > 0 ? trace : recent;
        setFrame({ snapshot, segments: builder.segments, version: builder.segments.version, trace: recent, names: traceNames(schema) });
        if (!run.done) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })().catch((e: Error) => setError(e.message));
    return () => {
      stop = true;
    };
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!frame) return <p>Starting the core…</p>;
  return (
    <>
      <Section id="cpu-grid" title="CPU grid (live)">
        <CpuGrid snapshot={frame.snapshot} theme={theme} width={900} />
      </Section>
      <Section id="timeline" title="Timeline (live)">
        <Timeline snapshot={frame.snapshot} segments={frame.segments} theme={theme} width={1100} liveSpanNs={2e6} />
      </Section>
      <Section id="lock" title="Lock (live)">
        <LockView snapshot={frame.snapshot} theme={theme} width={900} />
      </Section>
      <Section id="krp-queue" title="KRP queue (live)">
        <KrpQueue
          snapshot={frame.snapshot}
          trace={frame.trace}
          names={frame.names}
          flowNs={30 * Number(params.get('step') ?? 100_000)}
          theme={theme}
          width={900}
        />
      </Section>
      <Section id="modes" title="Modes (live)">
        <ModeBars snapshot={frame.snapshot} theme={theme} width={900} />
      </Section>
      <Section id="lock-table" title="Lock table (live)">
        <LockTable snapshot={frame.snapshot} theme={theme} width={900} />
      </Section>
      <Section id="herd" title="Thundering herd (live)">
        <HerdView snapshot={frame.snapshot} theme={theme} width={900} />
      </Section>
      <Section id="cache-lines" title="Cache lines (live)">
        <CacheLineView snapshot={frame.snapshot} theme={theme} width={900} />
      </Section>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode>{live ? <LiveGallery /> : <StaticGallery />}</StrictMode>);
