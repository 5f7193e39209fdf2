/*
 * LockView.tsx -- the spin locks: for each, its owner CPU inside the lock, the CPUs
 * spinning on it queued outside in the order they started (chips slide forward as the
 * queue moves), and its hold % and spin %. The kernel's hot lock (I/O lock 8 for the
 * classic kernel, the TCP/IP global spin lock for the Scalable Kernel) comes first
 * and largest, then the costliest others, at most six lanes (a kernel with a lock per
 * session has a hundred): the rest are counted below and listed in the data table.
 * A pure function of its props (the lane order only changes when a lock clearly costs
 * more than the one above it: model.ts, lockLanes). Where each part goes is layout.ts's
 * to say; this file draws it.
 */
import { memo, useId } from 'react';
import { useSlideWhenCalm } from '../common/slide.js';
import { useRememberedOrder } from '../common/order.js';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MODE_INFO, modesFor, themeTokens, type ModeName, type Theme, type ThemeTokens } from '../palette.js';
import { modeVocabulary } from '../../kernels/index.js';
import { formatOne, formatPct, formatRate } from '../format.js';
import { measuredWhen } from '../snapshot-data.js';
import { useTweened } from '../motion.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { Legend, ModeSwatch } from '../common/Legend.js';
import { ModeRect, PatternDefs } from '../common/marks.js';
import {
  chipsCanSlide,
  lockLanes,
  lockSummary,
  moreLanesText,
  unusedText,
  type ChipPlace,
  type LockLane,
  type LockLanes,
} from './model.js';
import { laneChips, laneGeometry, laneParts, laneScale, stackLanes, statsFit, type LaneGeometry } from './layout.js';

export interface LockViewProps {
  snapshot: Snapshot;
  /** Not needed by this view; accepted so every view takes the same props. */
  report?: Report;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** Which locks to show, by schema name, in order (default: the kernel's hot lock, then the costliest others it used). */
  locks?: readonly string[];
  /** Without `locks`, at most this many lanes are drawn (default MAX_LANES); the rest are counted below. */
  max?: number;
  /**
   * On the presenter's stage (one view to a screen, projected): the kernel's hot lock
   * alone is drawn, the others in use counted in words (the locks not taken are left to
   * the text equivalent), and the data table is not offered (the stage leaves out every
   * view's table button: presenter.css).
   */
  stage?: boolean;
  title?: string;
}

/** The lanes to draw, in an order that remembers the one drawn before (model.ts, lockLanes). */
function useShownLanes(snapshot: Snapshot, locks: readonly string[] | undefined, max: number | undefined): LockLanes {
  return useRememberedOrder<LockLanes, string>(
    (previous) => lockLanes(snapshot, locks, { max, previous }),
    (shown) => [...shown.lanes, ...shown.more].map((l) => l.name),
    [snapshot, locks, max],
  );
}

export function LockView(props: LockViewProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const { lanes, more, unused } = useShownLanes(snapshot, props.locks, props.stage ? 1 : props.max);
  const tweened = useTweened(
    lanes.flatMap((l) => [l.holdPct, l.spinPct]),
    undefined,
    lanes.map((l) => l.name).join('|'),
  );
  const modeOf = (cpu: number): ModeName => snapshot.cpus[cpu]?.mode ?? 'kernel';

  const geos = lanes.map((lane) => laneGeometry(lane, innerW, t, laneScale(lane, lanes.length, t.name), props.stage));
  const { starts, height } = stackLanes(geos);
  const laid = lanes.map((lane, i) => ({
    lane,
    geo: geos[i]!,
    at: starts[i]!,
    hold: tweened[i * 2] ?? lane.holdPct,
    spin: tweened[i * 2 + 1] ?? lane.spinPct,
  }));
  const primary = lanes[0];
  // Only OpenVMS has IPL 8 fork threads (palette.modesFor).
  const hasFork = modesFor(modeVocabulary(snapshot.kernel)).includes('fork');

  return (
    <ViewFrame
      view="lock"
      theme={theme}
      width={width}
      title={props.title ?? 'Spin locks'}
      headline={
        primary && (
          <span>
            {primary.label}: <strong>{primary.waiters.length}</strong> CPU{primary.waiters.length === 1 ? '' : 's'} spinning
            <span className="slv-muted">
              {primary.measured ? (
                <>
                  {' '}
                  · held {formatPct(primary.holdPct)} · spin {formatPct(primary.spinPct)}
                </>
              ) : (
                ` · hold and spin are ${measuredWhen(snapshot)}`
              )}
            </span>
          </span>
        )
      }
      summary={() => lockSummary(snapshot, lanes, unused, more, !props.stage)}
      legend={
        <Legend
          label="Lock view legend"
          items={[
            {
              key: 'spin',
              label: 'Spinning CPU, numbered in the order it started spinning',
              swatch: <ModeSwatch mode="spin" theme={theme} />,
            },
            {
              key: 'owner',
              label: props.stage
                ? 'Owner CPU, coloured by its mode'
                : `Owner CPU inside the lock, coloured by its mode (${hasFork ? 'kernel, fork, …' : 'kernel, interrupt, …'})`,
              swatch: <ModeSwatch mode="kernel" theme={theme} />,
            },
            ...(hasFork ? [{ key: 'fork', label: MODE_INFO.fork.label, swatch: <ModeSwatch mode="fork" theme={theme} /> }] : []),
          ]}
        />
      }
      table={
        props.stage
          ? undefined
          : {
              caption: 'Spin locks now and over the run',
              columns: ['Lock', 'Owner', 'Spinning, in order', 'Hold %', 'Spin % (of all CPU time)', 'Acquisitions/s'],
              rows: [...lanes, ...more].map((l) => [
                l.label === l.name ? l.name : `${l.label} (${l.name})`,
                l.holder >= 0 ? `CPU ${l.holder}` : l.reserved >= 0 ? `handing to CPU ${l.reserved}` : 'free',
                l.waiters.length ? l.waiters.map((c) => `CPU ${c}`).join(', ') : '—',
                ...(l.measured ? [formatPct(l.holdPct), formatPct(l.spinPct), formatRate(l.acquisitionsPerS)] : ['—', '—', '—']),
              ]),
            }
      }
    >
      <svg width={innerW} height={height} aria-hidden="true">
        <PatternDefs prefix={patterns} theme={theme} />
        {laid.map(({ lane, geo, at, hold, spin }) => (
          <g key={lane.name} transform={`translate(0, ${at})`} data-lock={lane.name}>
            {at > 0 && <line x1={0} x2={innerW} y1={-8} y2={-8} stroke={t.grid} />}
            <LaneDrawing
              lane={lane}
              geo={geo}
              t={t}
              theme={theme}
              patterns={patterns}
              hold={hold}
              spin={spin}
              cpus={snapshot.cpus.length}
              modeOf={modeOf}
              width={innerW}
            />
          </g>
        ))}
      </svg>
      {more.length > 0 && (
        <p className="slv-muted" style={{ margin: '4px 0 0' }} data-more-locks={more.length}>
          +{moreLanesText(more, !props.stage)}
        </p>
      )}
      {unused.length > 0 && !props.stage && (
        <p className="slv-muted" style={{ margin: '4px 0 0', fontSize: 'var(--slv-fs-small)' }}>
          {unusedText(unused)}
        </p>
      )}
    </ViewFrame>
  );
}

function LaneDrawing({
  lane,
  geo,
  t,
  theme,
  patterns,
  hold,
  spin,
  cpus,
  modeOf,
  width,
}: {
  lane: LockLane;
  geo: LaneGeometry;
  t: ThemeTokens;
  theme?: Theme;
  patterns: string;
  hold: number;
  spin: number;
  cpus: number;
  modeOf: (cpu: number) => ModeName;
  width: number;
}) {
  const { fs, small, chipW, chipH } = geo;
  const parts = laneParts(geo);
  const { bar, lock } = parts;
  const holderMode = lane.holder >= 0 ? modeOf(lane.holder) : null;
  const hidden = lane.waiters.length - geo.shown;
  const chips = laneChips(lane, geo, modeOf);
  const slide = useChipSlide(chips, chipW + 6, chipH + 6);
  return (
    <>
      <text x={0} y={parts.title.y} fontSize={parts.title.size} fontWeight={800}>
        {lane.label}
      </text>
      <text x={0} y={parts.roleY} fontSize={small} style={{ fill: t.muted }}>
        {geo.roleLines.map((line, i) => (
          <tspan key={i} x={0} dy={parts.roleLineH}>
            {line}
          </tspan>
        ))}
      </text>
      {/* hold: a 0..100% bar */}
      <text x={parts.held.x} y={parts.held.y} fontSize={small}>
        held
      </text>
      {/* spin: CPU time spent spinning for it */}
      <rect x={bar.x} y={bar.y} width={bar.w} height={bar.h} fill={t.background} stroke={t.axis} strokeWidth={1} />
      <rect x={bar.x} y={bar.y} width={(bar.w * Math.min(100, hold)) / 100} height={bar.h} fill={t.text} />
      <text x={parts.holdFigure.x} y={parts.holdFigure.y} fontSize={fs} fontWeight={800}>
        {lane.measured ? formatPct(hold) : '—'}
      </text>
      <text x={0} y={parts.spinY} fontSize={small}>
        spin{' '}
        <tspan fontSize={fs} fontWeight={800}>
          {lane.measured ? formatPct(spin) : '—'}
        </tspan>
        {lane.measured && (
          <tspan style={{ fill: t.muted }}>
            {' '}
            of all CPU time = {formatOne((spin / 100) * cpus)} CPUs
            {statsFit(width, small, fs, `${formatRate(lane.acquisitionsPerS)}`)
              ? ` · ${formatRate(lane.acquisitionsPerS)} acquisitions`
              : ''}
          </tspan>
        )}
      </text>

      {/* the lock: a box with a shackle; its owner sits inside */}
      <path d={lock.shackle} fill="none" stroke={t.text} strokeWidth={t.strokeWidth} />
      <rect x={lock.x} y={lock.y} width={lock.w} height={lock.h} rx={6} fill={t.surface} stroke={t.text} strokeWidth={t.strokeWidth} />
      {lane.holder < 0 && (
        <text x={lock.inside.x} y={lock.inside.y} fontSize={small} textAnchor="middle" style={{ fill: t.muted }}>
          {lane.reserved >= 0 ? '' : 'free'}
        </text>
      )}
      <text x={lock.under.x} y={lock.under.y} fontSize={small} textAnchor="middle" style={{ fill: t.muted }}>
        {lane.holder >= 0 ? `owner · ${MODE_INFO[holderMode!].short}` : lane.reserved >= 0 ? 'handing over' : ''}
      </text>

      {/* the queue flows left, into the lock */}
      {lane.waiters.length > 0 && (
        <g>
          <line x1={parts.arrow.x1} x2={parts.arrow.x2} y1={parts.arrow.y} y2={parts.arrow.y} stroke={t.text} strokeWidth={t.strokeWidth} />
          <path d={parts.arrow.head} fill={t.text} />
        </g>
      )}
      {lane.waiters.length === 0 && (
        <text x={parts.none.x} y={parts.none.y} fontSize={small} style={{ fill: t.muted }}>
          no CPU spinning
        </text>
      )}

      {/* chips keyed by CPU in one list, so a CPU slides from the queue into the lock */}
      {chips.map((c) => (
        <Chip
          key={`cpu-${c.cpu}`}
          cpu={c.cpu}
          mode={c.mode}
          x={c.x}
          y={c.y}
          w={chipW}
          h={chipH}
          fs={fs}
          t={t}
          theme={theme}
          patterns={patterns}
          order={c.order}
          small={small}
          dashed={c.dashed}
          slide={slide}
        />
      ))}
      {hidden > 0 && (
        <text x={parts.more.x} y={parts.more.y} fontSize={fs} fontWeight={700} textAnchor="middle">
          +{hidden} more
        </text>
      )}
    </>
  );
}

/** How long a chip takes to slide (the .slv-move transition in views.css). */
const SLIDE_MS = 150;

/**
 * Whether the lane's chips may slide to where they are now (useSlideWhenCalm): only
 * when the places before had stayed put for longer than a slide takes (during fast
 * playback the order changes every frame: chips caught mid-slide would be overtaken by
 * the next change and pile up), and when sliding cannot make two chips overlap
 * (chipsCanSlide); otherwise they are put in their places at once.
 */
function useChipSlide(chips: readonly ChipPlace[], chipW: number, chipH: number): boolean {
  const placesKey = chips.map((c) => `${c.cpu}:${c.x.toFixed(1)},${c.y.toFixed(1)}`).join('|');
  return useSlideWhenCalm(placesKey, SLIDE_MS, chips, (before, now) =>
    chipsCanSlide(new Map(before.map((c) => [c.cpu, { x: c.x, y: c.y }])), now, chipW, chipH),
  );
}

const Chip = memo(function Chip({
  cpu,
  mode,
  x,
  y,
  w,
  h,
  fs,
  t,
  theme,
  patterns,
  order,
  small,
  dashed,
  slide = true,
}: {
  cpu: number;
  mode: ModeName;
  x: number;
  y: number;
  w: number;
  h: number;
  fs: number;
  t: ThemeTokens;
  theme?: Theme;
  patterns: string;
  order?: number;
  small?: number;
  dashed?: boolean;
  slide?: boolean;
}) {
  const ink = t.modeText[mode];
  return (
    <g className={slide ? 'slv-move' : 'slv-move slv-still'} style={{ transform: `translate(${x}px, ${y}px)` }} data-chip={cpu}>
      <ModeRect
        mode={mode}
        x={0}
        y={0}
        width={w}
        height={h}
        rx={h / 2}
        theme={theme}
        patterns={patterns}
        stroke={t.text}
        strokeWidth={dashed ? 2 : 1}
      />
      {dashed && (
        <rect x={-3} y={-3} width={w + 6} height={h + 6} rx={h / 2 + 3} fill="none" stroke={t.text} strokeWidth={2} strokeDasharray="5 3" />
      )}
      <text
        x={w / 2}
        y={h / 2 + fs * 0.36}
        fontSize={fs}
        fontWeight={800}
        textAnchor="middle"
        style={{ fill: ink, stroke: t.modes[mode], strokeWidth: 4, paintOrder: 'stroke', strokeLinejoin: 'round' }}
      >
        CPU {cpu}
      </text>
      {order !== undefined && (
        <text x={w / 2} y={-4} fontSize={small ?? fs * 0.8} textAnchor="middle" fontWeight={700}>
          {ordinal(order)}
        </text>
      )}
    </g>
  );
});

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}
