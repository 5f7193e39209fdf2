/*
 * view-registry.tsx -- which component draws each view, and how the lab's state
 * becomes that view's props. The views live in src/views (written apart from the
 * shell, documented in src/views/README.md, exported by src/views/index.ts); each is
 * a pure function of its props, and these adapters are the only place the shell knows
 * their prop names.
 */
import { lazy, memo, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import type { Report, Schema, Snapshot, SweepState, TraceWindow, VariantRun } from '../core/index.js';
import type { ScenarioValues } from '../core/scenario-values.js';
import {
  CpuGrid, KrpQueue, LockView, MODES, ModeBars, Timeline, traceNames,
  type Theme, type TraceNames,
} from '../views/index.js';

// The SNA kernel's views, one lazily loaded chunk: only SNA labs fetch it.
const snaViews = () => import('../views/sna-views.js');
const HerdView = lazy(() => snaViews().then((m) => ({ default: m.HerdView })));
const CacheLineView = lazy(() => snaViews().then((m) => ({ default: m.CacheLineView })));

// The NUMA views are one lazily loaded chunk: only NUMA labs fetch it.
const numaViews = () => import('../views/numa-views.js');
const NumaTopology = lazy(() => numaViews().then((m) => ({ default: m.NumaTopology })));
const NumaTraffic = lazy(() => numaViews().then((m) => ({ default: m.NumaTraffic })));
const NumaSpinlock = lazy(() => numaViews().then((m) => ({ default: m.NumaSpinlock })));
const MonitorModes = lazy(() => numaViews().then((m) => ({ default: m.MonitorModes })));
// The network views (kernel onload) likewise: only onload labs fetch them.
const netViews = () => import('../views/net-views.js');
const NetLatency = lazy(() => netViews().then((m) => ({ default: m.NetLatency })));
const NetSizeCurve = lazy(() => netViews().then((m) => ({ default: m.NetSizeCurve })));
const NetLivelock = lazy(() => netViews().then((m) => ({ default: m.NetLivelock })));
const NetStackLock = lazy(() => netViews().then((m) => ({ default: m.NetStackLock })));
// And the HP-UX 9.0 views (kernel hpux): only hpux labs fetch them.
const hpuxViews = () => import('../views/hpux-views.js');
const HpuxJourney = lazy(() => hpuxViews().then((m) => ({ default: m.HpuxJourney })));
const HpuxBuffers = lazy(() => hpuxViews().then((m) => ({ default: m.HpuxBuffers })));
const HpuxCurves = lazy(() => hpuxViews().then((m) => ({ default: m.HpuxCurves })));
// And the scaling chart (its fits and their words): only labs that show it fetch it.
const ScalingChart = lazy(() => import('../views/scaling/ScalingChart.js').then((m) => ({ default: m.ScalingChart })));
// The lock table is drawn by fewer labs than the CPU, lock and mode
// views: it is a chunk of its own too, so the first page stays smaller. A lazy view
// draws "Loading the view…" until its chunk arrives and then grows to its height, which
// moves the views below it: the e2e helper seeView waits for every chunk before it
// scrolls (a view scrolled out of sight keeps its last picture: ViewArea.tsx).
const LockTable = lazy(() => import('../views/lock-table/LockTable.js').then((m) => ({ default: m.LockTable })));
const loading = (view: ReactNode) => <Suspense fallback={<p className="slv-loading">Loading the view…</p>}>{view}</Suspense>;
import type { KnownViewId } from '../shared/view-ids.js';
import { curveProgress, livelockPoints, sizeCurvePoints } from './net-curves.js';
import { hpuxCurvePoints, hpuxRunSetup } from './hpux-curves.js';
import type { WhyRequest } from './rewind/why-state.js';
import { capitalised, KERNELS, kernelInfo, sweepCpusOf, sweepKernels } from '../kernels/index.js';

/** The scaling chart redraws only when its props change (a sweep point, a report), not on every frame. */
const ScalingChartMemo = memo(ScalingChart);

/** The kernels the scaling sweep runs side by side (src/kernels: sweepPartner). */
const SWEEP_KERNELS = KERNELS.filter((k) => k.sweepPartner).map((k) => k.name);

/** The trace names of a schema, one object per schema (views may keep state keyed on it). */
const namesOf = new WeakMap<Schema, TraceNames>();
function names(schema: Schema): TraceNames {
  let found = namesOf.get(schema);
  if (!found) namesOf.set(schema, (found = traceNames(schema)));
  return found;
}

/** Everything a view may take; each adapter passes on what its view uses. */
export interface ViewInputs {
  snapshot: Snapshot;
  trace?: TraceWindow;
  /** The newest report (live while playing). */
  report?: Report;
  /** The report of the run that reached its end, if it has. */
  finalReport?: Report;
  sweep?: SweepState;
  /** The same workload run another way (the other lock kind, say), for views that set the two side by side. */
  companion?: { label: string; report: Report };
  schema: Schema;
  /** The CPU that takes the network interrupts, if one does (KernelInfo.interruptCpu). */
  interruptCpu?: number;
  /** Playback speed, simulated ns per wall second. */
  speed: number;
  theme: Theme;
  width: number;
  /** The height to draw the main graphic to, for a view that can (the CPU grid's tiles, the RAD traffic matrix, the timeline's lanes, the mode bars, MONITOR MODES's rows, the herd's places); otherwise the view's own. */
  height?: number;
  /**
   * Drawn on the presenter's stage, one view to a screen at the back row's size: a view
   * that can draws its main part only (the lock view: the kernel's hot lock, the other
   * locks counted in words below it).
   */
  stage?: boolean;
  /** A wait was chosen (a spin or context-switch segment, a CPU tile): open the Why panel. */
  onWait?: (request: WhyRequest) => void;
  /** The view's curve run, for the curves (net-size-curve, net-livelock, hpux-curves; net-curves.ts). */
  curve?: VariantRun;
  /** The lab's scenario, for what a curve not yet run would run with (hpux-curves). */
  scenario?: ScenarioValues;
}

/** The sweep's report for a kernel at this many CPUs, if the sweep has it. */
function sweepReport(sweep: SweepState | undefined, kernel: string, cpus: number): Report | undefined {
  return sweep?.points.find((point) => point.kernel === kernel && point.cpus === cpus)?.report;
}


/**
 * The scaling chart: the sweep of this lab's kernels (its own and its sweep partner), over
 * the range it ran. A component of its own (named so that its hooks are a component's).
 */
function ScalingAdapter(v: ViewInputs) {
  const kernel = v.snapshot.kernel;
  const kernels = useMemo(() => sweepKernels(kernel), [kernel]);
  const sweep = v.sweep?.kernels?.some((k) => kernels.includes(k)) ? v.sweep : undefined;
  const progress = sweep && sweep.total > 0 ? sweep.done / sweep.total : 1;
  const cpus = sweep?.cpus ?? sweepCpusOf(kernel);
  // the sweep's points change only when one arrives: the chart does not redraw on every frame
  const sweepPoints = sweep?.points;
  const points = useMemo(() => sweepPoints?.filter((point) => kernels.includes(point.kernel)).map((point) => point.report) ?? [],
    [sweepPoints, kernels]);
  const cpuRange = useMemo((): [number, number] => [cpus.from, cpus.to], [cpus.from, cpus.to]);
  return loading(
    <ScalingChartMemo points={points} report={v.finalReport ?? v.report}
      progress={sweep?.status === 'running' ? progress : 1} cpuRange={cpuRange}
      theme={v.theme} width={v.width} />,
  );
}

const adapters: Record<KnownViewId, ComponentType<ViewInputs>> = {
  'cpu-grid': (v) => (
    <CpuGrid snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} height={v.height} interruptCpu={v.interruptCpu} modeNames={v.schema.modes}
      onCpuActivate={v.onWait && ((cpu) => v.onWait!({ cpu, t: v.snapshot.nowNs, latest: true }))} />
  ),
  lock: (v) => <LockView snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} stage={v.stage} />,
  herd: (v) => loading(
    <HerdView snapshot={v.snapshot} report={v.report} compare={v.companion} theme={v.theme} width={v.width} height={v.height}
      stage={v.stage} modeNames={v.schema.modes} />,
  ),
  'cache-lines': (v) => loading(<CacheLineView snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} />),
  'krp-queue': (v) => (
    <KrpQueue snapshot={v.snapshot} trace={v.trace} names={names(v.schema)} report={v.report} theme={v.theme}
      width={v.width} modeNames={v.schema.modes}
      // Tokens take about half a second of wall time to fly, at any speed.
      flowNs={Number.isFinite(v.speed) ? Math.min(2e7, Math.max(2e3, v.speed / 2)) : 2e7} />
  ),
  modes: (v) => {
    const other = kernelInfo(v.snapshot.kernel).sweepPartner;
    const compare = other ? sweepReport(v.sweep, other, v.snapshot.cpus.length) : undefined;
    return (
      <ModeBars snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} height={v.height} modeNames={v.schema.modes}
        compare={compare && other ? { label: `${capitalised(kernelInfo(other).title)}, same CPUs (sweep)`, report: compare } : undefined} />
    );
  },
  'numa-topology': (v) => loading(<NumaTopology snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} />),
  'numa-traffic': (v) => loading(<NumaTraffic snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} height={v.height} />),
  'numa-spinlock': (v) => loading(<NumaSpinlock snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} />),
  'monitor-modes': (v) => loading(
    <MonitorModes snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} height={v.height} stage={v.stage}
      modeNames={v.schema.modes} />,
  ),
  timeline: (v) => (
    <Timeline snapshot={v.snapshot} trace={v.trace} names={names(v.schema)} report={v.report} theme={v.theme} width={v.width} height={v.height}
      onSegmentActivate={v.onWait && ((segment, t) => {
        // waits only: spinning, and the context switches that bring back a woken thread
        if (MODES[segment.mode] === 'spin' || MODES[segment.mode] === 'cswitch') v.onWait!({ cpu: segment.cpu, t });
      })} />
  ),
  'lock-table': (v) => {
    const cpus = v.snapshot.cpus.length;
    const pair = SWEEP_KERNELS.map((kernel) => sweepReport(v.sweep, kernel, cpus)).filter((r): r is Report => !!r);
    return loading(
      <LockTable snapshot={v.snapshot} report={v.finalReport ?? v.report} reports={pair.length === 2 ? pair : undefined}
        theme={v.theme} width={v.width} />,
    );
  },
  scaling: ScalingAdapter,
  'net-latency': (v) => {
    // the companion run is the same ping-pong on the other stack (LabShell starts it)
    const other = v.companion?.report.net?.test === 'pingpong' ? v.companion.report : undefined;
    return loading(<NetLatency report={v.finalReport ?? v.report} compare={other} theme={v.theme} width={v.width} stage={v.stage} />);
  },
  'net-stack-lock': (v) => loading(<NetStackLock report={v.report} theme={v.theme} width={v.width} />),
  'net-size-curve': (v) => loading(
    <NetSizeCurve points={sizeCurvePoints(v.curve)} progress={curveProgress(v.curve)} theme={v.theme} width={v.width} />,
  ),
  'net-livelock': (v) => loading(
    <NetLivelock points={livelockPoints(v.curve)} progress={curveProgress(v.curve)} theme={v.theme} width={v.width} />,
  ),
  // the journey shows the run's per-send costs: the final report once there is one, live until then
  'hpux-journey': (v) => loading(<HpuxJourney report={v.finalReport ?? v.report} theme={v.theme} width={v.width} stage={v.stage} />),
  // the buffers are a moment's state: always the newest report
  'hpux-buffers': (v) => loading(<HpuxBuffers report={v.report} theme={v.theme} width={v.width} stage={v.stage} />),
  'hpux-curves': (v) => loading(
    <HpuxCurves points={hpuxCurvePoints(v.curve)} setup={hpuxRunSetup(v.curve, v.scenario ?? {})} progress={curveProgress(v.curve)}
      theme={v.theme} width={v.width} />,
  ),
};

/** The component for a view. */
export function viewComponent(id: KnownViewId): ComponentType<ViewInputs> {
  return adapters[id];
}
