/*
 * view-registry.tsx -- which component draws each view, and how the lab's state
 * becomes that view's props. The engine's views live in src/views (written apart from
 * the shell, documented in src/views/README.md, exported by src/views/index.ts); each is
 * a pure function of its props, and the adapters below are the only place the shell
 * knows their prop names. A kernel's own views bring their adapters with them
 * (KernelInfo.ownViews: src/kernels/<name>/views.tsx, or <folder>/ for a kernel with a
 * KernelInfo.folder), loaded as a chunk of the kernel's.
 */
import { lazy, memo, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import type { Report, Schema, SweepState } from '../core/index.js';
import { CpuGrid, LockView, MODES, ModeBars, Timeline, traceNames, type TraceNames } from '../views/index.js';
import { VIEW_FOLDER, type KnownViewId } from '../shared/view-ids.js';
import type { ViewInputs } from '../shared/view-inputs.js';
import { capitalised, KERNELS, kernelInfo, sweepCpusOf, sweepKernels } from '../kernels/index.js';

export type { ViewInputs };

// The RAD views (any kernel on a machine of several RADs) are one lazily loaded chunk: only NUMA labs fetch it.
const numaViews = () => import('../views/numa-views.js');
const NumaTopology = lazy(() => numaViews().then((m) => ({ default: m.NumaTopology })));
const NumaTraffic = lazy(() => numaViews().then((m) => ({ default: m.NumaTraffic })));
const NumaSpinlock = lazy(() => numaViews().then((m) => ({ default: m.NumaSpinlock })));
const MonitorModes = lazy(() => numaViews().then((m) => ({ default: m.MonitorModes })));
// And the scaling chart (its fits and their words): only labs that show it fetch it.
const ScalingChart = lazy(() => import('../views/scaling/ScalingChart.js').then((m) => ({ default: m.ScalingChart })));
// The lock table is drawn by fewer labs than the CPU, lock and mode
// views: it is a chunk of its own too, so the first page stays smaller. A lazy view
// draws "Loading the view…" until its chunk arrives and then grows to its height, which
// moves the views below it: the e2e helper seeView waits for every chunk before it
// scrolls (a view scrolled out of sight keeps its last picture: ViewArea.tsx).
const LockTable = lazy(() => import('../views/lock-table/LockTable.js').then((m) => ({ default: m.LockTable })));
const loading = (view: ReactNode) => <Suspense fallback={<p className="slv-loading">Loading the view…</p>}>{view}</Suspense>;

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
  const points = useMemo(
    () => sweepPoints?.filter((point) => kernels.includes(point.kernel)).map((point) => point.report) ?? [],
    [sweepPoints, kernels],
  );
  const sweepProvisional = sweep?.provisional;
  const provisional = useMemo(() => sweepProvisional?.filter((point) => kernels.includes(point.kernel)) ?? [], [sweepProvisional, kernels]);
  const cpuRange = useMemo((): [number, number] => [cpus.from, cpus.to], [cpus.from, cpus.to]);
  return loading(
    <ScalingChartMemo
      points={points}
      provisional={provisional}
      report={v.finalReport ?? v.report}
      progress={sweep?.status === 'running' ? progress : 1}
      cpuRange={cpuRange}
      theme={v.theme}
      width={v.width}
    />,
  );
}

const adapters: Record<KnownViewId, ComponentType<ViewInputs>> = {
  'cpu-grid': (v) => (
    <CpuGrid
      snapshot={v.snapshot}
      report={v.report}
      theme={v.theme}
      width={v.width}
      height={v.height}
      interruptCpu={v.interruptCpu}
      modeNames={v.schema.modes}
      onCpuActivate={v.onWait && ((cpu) => v.onWait!({ cpu, t: v.snapshot.nowNs, latest: true }))}
    />
  ),
  lock: (v) => <LockView snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} stage={v.stage} />,
  modes: (v) => {
    const other = kernelInfo(v.snapshot.kernel).sweepPartner;
    const compare = other ? sweepReport(v.sweep, other, v.snapshot.cpus.length) : undefined;
    return (
      <ModeBars
        snapshot={v.snapshot}
        report={v.report}
        theme={v.theme}
        width={v.width}
        height={v.height}
        modeNames={v.schema.modes}
        compare={compare && other ? { label: `${capitalised(kernelInfo(other).title)}, same CPUs (sweep)`, report: compare } : undefined}
      />
    );
  },
  'numa-topology': (v) => loading(<NumaTopology snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} />),
  'numa-traffic': (v) => loading(<NumaTraffic snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} height={v.height} />),
  'numa-spinlock': (v) => loading(<NumaSpinlock snapshot={v.snapshot} report={v.report} theme={v.theme} width={v.width} />),
  'monitor-modes': (v) =>
    loading(
      <MonitorModes
        snapshot={v.snapshot}
        report={v.report}
        theme={v.theme}
        width={v.width}
        height={v.height}
        stage={v.stage}
        modeNames={v.schema.modes}
      />,
    ),
  timeline: (v) => (
    <Timeline
      snapshot={v.snapshot}
      trace={v.trace}
      names={names(v.schema)}
      report={v.report}
      theme={v.theme}
      width={v.width}
      height={v.height}
      onSegmentActivate={
        v.onWait &&
        ((segment, t) => {
          // waits only: spinning, and the context switches that bring back a woken thread
          if (MODES[segment.mode] === 'spin' || MODES[segment.mode] === 'cswitch') v.onWait!({ cpu: segment.cpu, t });
        })
      }
    />
  ),
  'lock-table': (v) => {
    const cpus = v.snapshot.cpus.length;
    const pair = SWEEP_KERNELS.map((kernel) => sweepReport(v.sweep, kernel, cpus)).filter((r): r is Report => !!r);
    return loading(
      <LockTable
        snapshot={v.snapshot}
        report={v.finalReport ?? v.report}
        reports={pair.length === 2 ? pair : undefined}
        theme={v.theme}
        width={v.width}
      />,
    );
  },
  scaling: ScalingAdapter,
};

/**
 * Each kernel folder's views.tsx (its VIEWS, by view id), found by its place and loaded
 * when a lab first shows one of its views: a kernel adds views without a line here.
 */
const KERNEL_VIEW_MODULES = import.meta.glob<{ VIEWS: Readonly<Record<string, ComponentType<ViewInputs>>> }>('../kernels/*/views.tsx');

/** A component that fails when drawn (in the view's own slot, whose boundary says so). */
function failingView(message: string): ComponentType<ViewInputs> {
  return function FailingView() {
    throw new Error(message);
  };
}

/** A kernel's view: its folder's views.tsx's component, lazy (loaded with the kernel's chunk). */
function kernelViewAdapter(id: KnownViewId, folder: string): ComponentType<ViewInputs> {
  const load = KERNEL_VIEW_MODULES[`../kernels/${folder}/views.tsx`];
  if (!load)
    return failingView(
      `no view has the id "${id}" (a kernel of src/kernels/${folder}/ lists it, but src/kernels/${folder}/views.tsx does not exist)`,
    );
  const Lazy = lazy(async () => {
    const view = (await load()).VIEWS[id];
    if (!view) throw new Error(`src/kernels/${folder}/views.tsx draws no view "${id}" (its VIEWS lack it)`);
    return { default: view };
  });
  return function KernelViewAdapter(v: ViewInputs) {
    return loading(<Lazy {...v} />);
  };
}

/**
 * The component for each view, by id: the engine's, or the kernel's that adds it. Made
 * once, at module level, so a render only looks one up (and a view keeps its state);
 * no prototype, so only a view's id finds one.
 */
export const VIEW_COMPONENTS: Readonly<Record<KnownViewId, ComponentType<ViewInputs> | undefined>> = Object.assign(
  Object.create(null) as object,
  Object.fromEntries([...VIEW_FOLDER].map(([id, folder]) => [id, kernelViewAdapter(id, folder)])),
  adapters,
);
