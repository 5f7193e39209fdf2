/*
 * Timeline.tsx -- per-CPU timeline on a canvas: one lane per CPU, each mode a coloured
 * run (spinning hatched, interrupts dotted), built from the trace's 'mode' records.
 * Up to 64 lanes are drawn at once; more CPUs (up to 256) are shown a group at a time
 * (CPUs 64-127 of 256), chosen above the canvas, with Page Up/Down, or by moving the
 * keyboard cursor past the group's edge.
 * Scroll and zoom with the wheel, drag, the toolbar or the keyboard; hovering or
 * moving the keyboard cursor shows the segment under it. Only the visible window is
 * drawn, sub-pixel segments merged per pixel column (draw.ts), so 100,000+ segments
 * cost what the pixels cost. Follows the live end until the learner scrolls away.
 *
 * Pure in what it draws: the picture is a function of the props (snapshot, trace
 * window or segments, size, theme) and of the view window, which is the component's
 * own state unless the shell controls it with `view` and `onViewChange`.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { scaleLinear } from 'd3';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MODES, modeInfo, modesFor, themeTokens, type ModeVocabulary, type Theme, type ThemeTokens } from '../palette.js';
import { modeVocabulary } from '../../kernels/index.js';
import { cpuName, formatCount, formatMs, formatNs, formatPct, plural } from '../format.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { ModeLegend } from '../common/Legend.js';
import { canvasContext, fillModePaths, PatternCache, type ModePatterns } from '../common/canvas.js';
import { groupCpus, laneGroups, laneRuns, panWindow, type Runs } from './draw.js';
import { FOLLOWING, shownWindow, wheelWindow, windowKey, windowReducer, type WindowAction, type WindowState } from './window.js';
import { SegmentFeed, type TraceWindowLike } from './feed.js';
import {
  firstEndingAfter,
  maxPerLaneFor,
  modeTimeIn,
  segmentAt,
  type SegmentAt,
  type TimelineSegments,
  type TraceNames,
} from './segments.js';

export interface TimelineProps {
  snapshot: Snapshot;
  /** The shell's trace window (src/core TraceHistory.view()); segments are built from it incrementally. */
  trace?: TraceWindowLike;
  /** The schema's names the trace indexes (traceNames(schema)); needed with `trace`. */
  names?: TraceNames;
  /** Ready-made segments (a SegmentBuilder's), instead of `trace`. */
  segments?: TimelineSegments;
  /** Not needed by this view; accepted so every view takes the same props. */
  report?: Report;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 900). */
  width?: number;
  /** Height of the canvas in CSS px (default: by CPU count). */
  height?: number;
  /** The visible window [t0, t1] in simulated ns, when the shell controls it. */
  view?: readonly [number, number];
  onViewChange?: (view: [number, number]) => void;
  /** Span shown while following the live end (default 2 ms). */
  liveSpanNs?: number;
  title?: string;
  /**
   * A segment was chosen: clicked (without dragging), or Enter on the keyboard cursor.
   * The lab opens its "Why" panel for spin and context-switch segments. t is the moment
   * chosen inside the segment.
   */
  onSegmentActivate?: (segment: SegmentAt, t: number) => void;
}

const AXIS_H = 30;
const MIN_SPAN_NS = 200;

/** The pointer over the canvas, in CSS px (the time under it follows the view). */
interface Hover {
  cpu: number;
  x: number;
  y: number;
}

/** Default canvas height for n CPUs (the lanes of one group of them, laneGroups). */
export function timelineHeight(n: number, theme?: Theme): number {
  const t = themeTokens(theme);
  const lanes = laneGroups(n).size;
  const lane = lanes <= 8 ? 30 : lanes <= 16 ? Math.max(22, t.smallSize + 8) : lanes <= 32 ? Math.max(12, t.smallSize * 0.75) : 7;
  return AXIS_H + lanes * Math.round(lane) + 6;
}

/** A group of CPUs in words: "CPUs 64–127". */
function cpusWords([first, last]: readonly [number, number]): string {
  return first === last ? `CPU ${first}` : `CPUs ${first}–${last}`;
}

/** Tick labels in ms with as many decimals as the tick step needs. */
export function tickFormatter(stepNs: number): (ns: number) => string {
  const decimals = Math.max(0, Math.min(6, Math.ceil(-Math.log10(stepNs / 1e6) - 1e-9)));
  return (ns) => `${(ns / 1e6).toFixed(decimals)} ms`;
}

export function Timeline(props: TimelineProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const vocabulary = modeVocabulary(snapshot.kernel);
  const width = props.width ?? 900;
  const canvasW = Math.max(200, innerWidth(width));
  const n = snapshot.cpus.length;
  const canvasH = props.height ?? timelineHeight(n, theme);
  const gutter = t.name === 'projector' ? 86 : 66;
  const plotW = canvasW - gutter - 4;
  // which CPUs are on the canvas: all of them, or one group (laneGroups)
  const groups = laneGroups(n);
  const [groupChosen, setGroup] = useState(0);
  const group = Math.min(groupChosen, groups.count - 1);
  const shownCpus = groupCpus(group, groups, n);
  const [cpu0, cpuLast] = shownCpus;
  const laneH = Math.max(3, (canvasH - AXIS_H - 6) / groups.size);
  const nowNs = snapshot.nowNs;

  // segments: given, or kept up to date from the trace window by a feed (a cache of the
  // segments read so far), made anew when the CPUs or the names change
  const [feed, setFeed] = useState<{ feed: SegmentFeed; key: string } | null>(null);
  let segments: TimelineSegments | null = props.segments ?? null;
  let problem = '';
  if (!segments && props.trace) {
    if (!props.names) problem = "The timeline needs the schema's names (names prop) to read the trace.";
    else {
      const key = `${n}|${props.names.modes.join()}|${props.names.kinds.join()}`;
      let current = feed;
      if (!current || current.key !== key) {
        current = { feed: new SegmentFeed(n, props.names, maxPerLaneFor(n)), key };
        setFeed(current);
      }
      segments = current.feed.update(props.trace);
    }
  }
  const firstNs = segments && Number.isFinite(segments.firstNs) ? segments.firstNs : Math.max(0, nowNs - (props.liveSpanNs ?? 2e6));

  // the visible window
  const liveSpan = props.liveSpanNs ?? 2e6;
  // the window's state machine (window.ts): following the live end, or held where the reader put it
  const [win, setWin] = useState<WindowState>(FOLLOWING);
  // the window as act last set it (act is its only writer), for act to step from between renders
  const winRef = useRef(win);
  const view: readonly [number, number] = props.view ?? shownWindow(win, nowNs, liveSpan);
  const [t0, t1] = view;
  const bounds = { lo: Math.min(firstNs, nowNs), hi: nowNs };
  const onViewChange = props.onViewChange;
  const act = useCallback(
    (action: WindowAction | null) => {
      if (!action) return;
      const next = windowReducer(winRef.current, action);
      winRef.current = next;
      setWin(next);
      if (action.kind === 'set' && next.own) onViewChange?.([next.own[0], next.own[1]]);
    },
    [onViewChange],
  );
  const maxSpan = Math.max(liveSpan, nowNs - firstNs, 1e5);

  const x = useMemo(() => scaleLinear().domain([t0, t1]).range([0, plotW]), [t0, t1, plotW]);

  // hover and keyboard cursor
  const [hover, setHover] = useState<Hover | null>(null);
  const [cursor, setCursor] = useState<{ cpu: number; t: number } | null>(null);
  const [announce, setAnnounce] = useState('');
  const focusSeg: SegmentAt | null = segments
    ? hover
      ? segmentAt(segments, hover.cpu, x.invert(hover.x - gutter), nowNs)
      : cursor
        ? segmentAt(segments, cursor.cpu, cursor.t, nowNs)
        : null
    : null;

  // drawing
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const runsRef = useRef<Runs | undefined>(undefined);
  const patternsRef = useRef(new PatternCache());
  useLayoutEffect(() => {
    const ctx = canvasContext(canvasRef.current, canvasW, canvasH);
    if (!ctx) return;
    runsRef.current = drawTimeline(ctx, {
      t,
      segments,
      cpu0,
      cpuLast,
      t0,
      t1,
      nowNs,
      canvasW,
      canvasH,
      gutter,
      plotW,
      laneH,
      runs: runsRef.current,
      patterns: patternsRef.current.get(ctx, t),
      focus: focusSeg,
      cursorCpu: cursor?.cpu ?? -1,
    });
  });

  // wheel: zoom around the pointer (pan with shift or a horizontal wheel); not passive
  const stateRef = useRef({ t0, t1, bounds, maxSpan, plotW, gutter });
  useLayoutEffect(() => {
    stateRef.current = { t0, t1, bounds, maxSpan, plotW, gutter };
  });
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const s = stateRef.current;
      const rect = canvas.getBoundingClientRect();
      const px = Math.min(s.plotW, Math.max(0, e.clientX - rect.left - s.gutter));
      const at = s.t0 + (px / s.plotW) * (s.t1 - s.t0);
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      act(
        wheelWindow({ x: e.deltaX * unit, y: e.deltaY * unit, shift: e.shiftKey }, at, s.plotW, {
          t0: s.t0,
          t1: s.t1,
          bounds: s.bounds,
          minSpan: MIN_SPAN_NS,
          maxSpan: s.maxSpan,
        }),
      );
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [act]);

  const drag = useRef<{ x: number; t0: number; t1: number; moved: boolean } | null>(null);
  const pointAt = (e: PointerEvent<HTMLCanvasElement>): Hover | null => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    if (px < gutter || py < AXIS_H) return null;
    const cpu = cpu0 + Math.floor((py - AXIS_H) / laneH);
    if (cpu < cpu0 || cpu > cpuLast) return null;
    return { cpu, x: px, y: py };
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, t0, t1, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (d) {
      const dx = e.clientX - d.x;
      if (Math.abs(dx) > 2 || d.moved) {
        d.moved = true;
        act({ kind: 'set', window: panWindow(d.t0, d.t1, (-dx / plotW) * (d.t1 - d.t0), bounds.lo, bounds.hi), bounds });
        return;
      }
    }
    setHover(pointAt(e));
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    const clicked = drag.current && !drag.current.moved;
    drag.current = null;
    if (!clicked || !props.onSegmentActivate || !segments) return;
    const at = pointAt(e);
    if (!at) return;
    const time = x.invert(at.x - gutter);
    const seg = segmentAt(segments, at.cpu, time, nowNs);
    if (seg) props.onSegmentActivate(seg, time);
  };

  const describe = (seg: SegmentAt | null): string => {
    if (!seg) return '';
    const mode = MODES[seg.mode];
    const info = mode ? modeInfo(mode, vocabulary) : null;
    const lock = seg.lock >= 0 ? snapshot.locks[seg.lock]?.name : undefined;
    return (
      `${cpuName(seg.cpu)}: ${info?.label ?? 'unknown mode'}${lock ? ` for ${lock}` : ''}, ` +
      `${formatNs(seg.end - seg.start)}${seg.open ? ' so far' : ''}, from ${formatMs(seg.start)} to ${formatMs(seg.end)}` +
      `${seg.thread >= 0 ? `, process ${seg.thread}` : ''}.`
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const c = cursor && cursor.cpu >= cpu0 && cursor.cpu <= cpuLast ? cursor : { cpu: cpu0, t: cursor?.t ?? (t0 + t1) / 2 };
    let handled = true;
    let nextCursor: { cpu: number; t: number } | null = null;
    const moved = windowKey(e.key, e.shiftKey, {
      t0,
      t1,
      bounds,
      at: cursor ? c.t : (t0 + t1) / 2,
      minSpan: MIN_SPAN_NS,
      maxSpan,
      now: nowNs,
    });
    switch (moved ? 'window' : e.key) {
      case 'window':
        act(moved);
        break;
      case 'ArrowUp':
        nextCursor = { cpu: Math.max(0, c.cpu - (cursor ? 1 : 0)), t: c.t };
        break;
      case 'ArrowDown':
        nextCursor = { cpu: Math.min(n - 1, c.cpu + (cursor ? 1 : 0)), t: c.t };
        break;
      // the previous or next group of CPUs, the cursor on the same lane of it
      case 'PageUp':
      case 'PageDown': {
        const g = group + (e.key === 'PageUp' ? -1 : 1);
        if (groups.count < 2 || g < 0 || g >= groups.count) {
          handled = groups.count > 1;
          break;
        }
        nextCursor = { cpu: Math.min(n - 1, c.cpu + (g - group) * groups.size), t: c.t };
        break;
      }
      case ']':
      case '[': {
        if (!segments) break;
        const lane = segments.lanes[c.cpu];
        if (!lane) break;
        const here = segmentAt(segments, c.cpu, c.t, nowNs);
        let target: number | null;
        if (e.key === ']') {
          const i = here && !here.open ? here.index + 1 : firstEndingAfter(lane, c.t);
          target = i < lane.count ? lane.start[i]! : lane.openMode >= 0 ? lane.openStart : null;
        } else {
          const i = here ? (here.open ? lane.count - 1 : here.index - 1) : firstEndingAfter(lane, c.t) - 1;
          target = i >= 0 ? lane.start[i]! : null;
        }
        if (target === null) break;
        const mid = target + 0.5;
        nextCursor = { cpu: c.cpu, t: mid };
        if (mid < t0 || mid > t1) act({ kind: 'set', window: panWindow(t0, t1, mid - (t0 + t1) / 2, bounds.lo, bounds.hi), bounds });
        break;
      }
      case 'Escape':
        setCursor(null);
        setAnnounce('');
        break;
      case 'Enter': {
        if (!props.onSegmentActivate || !segments || !cursor) {
          handled = false;
          break;
        }
        const seg = segmentAt(segments, cursor.cpu, cursor.t, nowNs);
        if (seg) props.onSegmentActivate(seg, cursor.t);
        else handled = false;
        break;
      }
      default:
        handled = false;
    }
    if (!handled) return;
    e.preventDefault();
    if (nextCursor && segments) {
      setCursor(nextCursor);
      const g = Math.floor(nextCursor.cpu / groups.size);
      if (g !== group) setGroup(g);
      setAnnounce(describe(segmentAt(segments, nextCursor.cpu, nextCursor.t, nowNs)) || `${cpuName(nextCursor.cpu)}: no record here.`);
    }
  };

  // text equivalent: each CPU's modes over the visible window, worked out only when the
  // words are due (ViewFrame) or the table is open, not on every frame
  const visibleNs = Math.max(0, Math.min(t1, nowNs) - Math.max(t0, 0));
  const sharesNow = () => (segments ? segments.lanes.map((lane) => modeTimeIn(lane, Math.max(t0, 0), Math.min(t1, nowNs), nowNs)) : []);
  const summary = (): string => {
    if (!segments) return 'No trace yet: the timeline fills as the simulation runs with tracing on.';
    const shares = sharesNow();
    const totals = MODES.map((_, m) => shares.reduce((sum, s) => sum + (s[m] ?? 0), 0));
    const machine = visibleNs * n;
    return (
      `Per-CPU timeline of ${plural(n, 'CPU')}${groups.count > 1 ? ` (${cpusWords(shownCpus)} on screen, in groups of ${groups.size})` : ''} ` +
      `from ${formatNs(t0)} to ${formatNs(t1)} (${formatNs(t1 - t0)} shown). ` +
      `In this window: ${MODES.map((m, i) => ({ m, pct: machine > 0 ? (100 * totals[i]!) / machine : 0 }))
        .filter((e) => e.pct >= 0.5)
        .sort((a, b) => b.pct - a.pct)
        .map((e) => `${modeInfo(e.m, vocabulary).label.toLowerCase()} ${formatPct(e.pct)}`)
        .join(', ')}. ` +
      `${formatCount(segments.total)} segments recorded${segments.dropped ? `, ${formatCount(segments.dropped)} oldest dropped` : ''}.`
    );
  };

  const tooltipSeg = focusSeg;
  const tipX = hover ? hover.x : cursor ? gutter + x(cursor.t) : 0;
  const tipY = hover ? hover.y : cursor ? AXIS_H + (cursor.cpu - cpu0 + 1) * laneH : 0;
  const keysId = useId();
  const following = !props.view && win.follow;

  return (
    <ViewFrame
      view="timeline"
      theme={theme}
      width={width}
      title={props.title ?? 'Per-CPU timeline'}
      headline={
        <span className="slv-muted">
          {groups.count > 1 && (
            <>
              <b className="slv-lane-group-now">{cpusWords(shownCpus)}</b> of {n} ·{' '}
            </>
          )}
          {formatNs(t1 - t0)} shown{segments ? ` · ${formatCount(segments.total)} segments` : ''}
        </span>
      }
      summary={summary}
      legend={<ModeLegend theme={theme} vocabulary={vocabulary} />}
      table={
        segments
          ? {
              caption: `Share of each CPU's time in each mode, ${formatNs(t0)} to ${formatNs(t1)}`,
              columns: ['CPU', ...modesFor(vocabulary).map((m) => modeInfo(m, vocabulary).label)],
              rows: () =>
                sharesNow().map((s, cpu) => [
                  cpuName(cpu),
                  ...modesFor(vocabulary).map((mode) => formatPct(visibleNs > 0 ? (100 * s[MODES.indexOf(mode)]!) / visibleNs : 0)),
                ]),
            }
          : undefined
      }
    >
      <div className="slv-toolbar">
        <button
          type="button"
          className="slv-button"
          onClick={() => act(windowKey('+', false, { t0, t1, bounds, at: (t0 + t1) / 2, minSpan: MIN_SPAN_NS, maxSpan, now: nowNs }))}
        >
          Zoom in
        </button>
        <button
          type="button"
          className="slv-button"
          onClick={() => act(windowKey('-', false, { t0, t1, bounds, at: (t0 + t1) / 2, minSpan: MIN_SPAN_NS, maxSpan, now: nowNs }))}
        >
          Zoom out
        </button>
        <button
          type="button"
          className="slv-button"
          aria-pressed={following}
          onClick={() => act({ kind: 'follow', span: t1 - t0, now: nowNs })}
        >
          Follow live
        </button>
        {groups.count > 1 && (
          <label className="slv-lane-group">
            CPUs shown{' '}
            <select
              className="slv-select"
              value={group}
              onChange={(e) => {
                setGroup(Number(e.target.value));
                setCursor(null);
              }}
            >
              {Array.from({ length: groups.count }, (_, g) => {
                const [first, last] = groupCpus(g, groups, n);
                return (
                  <option key={g} value={g}>
                    {first}–{last} of {n}
                  </option>
                );
              })}
            </select>
          </label>
        )}
        {problem && <span role="alert">{problem}</span>}
      </div>
      <div className="slv-timeline-canvas-wrap" style={{ width: canvasW, height: canvasH }}>
        <canvas
          ref={canvasRef}
          className="slv-focusable"
          style={{ width: canvasW, height: canvasH }}
          tabIndex={0}
          role="application"
          aria-roledescription="timeline"
          aria-label={`Per-CPU timeline${groups.count > 1 ? ` of ${cpusWords(shownCpus)} (of ${n})` : ''}, ${formatMs(t0, 2)} to ${formatMs(t1, 2)}`}
          aria-describedby={keysId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => setHover(null)}
          onKeyDown={onKeyDown}
          onDoubleClick={() => act({ kind: 'follow', span: liveSpan, now: nowNs })}
          onBlur={() => setCursor(null)}
        />
        {tooltipSeg && (
          <div
            className="slv-tooltip"
            role="presentation"
            style={{
              left: Math.min(canvasW - 300, Math.max(0, tipX + 12)),
              top: tipY + 14 > canvasH - 60 ? Math.max(0, tipY - 74) : tipY + 14,
            }}
          >
            <TooltipBody seg={tooltipSeg} lockNames={snapshot.locks.map((l) => l.name)} vocabulary={vocabulary} />
          </div>
        )}
      </div>
      <p className="slv-keys" id={keysId}>
        Wheel or <kbd>+</kbd> <kbd>−</kbd> zoom · drag or <kbd>←</kbd> <kbd>→</kbd> scroll · <kbd>↑</kbd> <kbd>↓</kbd> pick a CPU ·{' '}
        <kbd>[</kbd> <kbd>]</kbd> previous/next event · <kbd>End</kbd> follow live
        {groups.count > 1 && (
          <>
            {' '}
            · <kbd>PgUp</kbd> <kbd>PgDn</kbd> previous/next {groups.size} CPUs
          </>
        )}
        {props.onSegmentActivate && (
          <>
            {' '}
            · click a segment or <kbd>Enter</kbd>: why it waited
          </>
        )}
      </p>
      <p className="slv-sr-only" aria-live="polite">
        {announce}
      </p>
    </ViewFrame>
  );
}

function TooltipBody({ seg, lockNames, vocabulary }: { seg: SegmentAt; lockNames: readonly string[]; vocabulary: ModeVocabulary }) {
  const mode = MODES[seg.mode];
  const lock = seg.lock >= 0 ? lockNames[seg.lock] : undefined;
  return (
    <>
      <strong>
        {cpuName(seg.cpu)} · {mode ? modeInfo(mode, vocabulary).label : 'unknown'}
      </strong>
      {lock ? ` for ${lock}` : ''}
      <br />
      {formatNs(seg.end - seg.start)}
      {seg.open ? ' so far' : ''} · {formatMs(seg.start)} → {formatMs(seg.end)}
      {seg.thread >= 0 ? (
        <>
          <br />
          process {seg.thread}
        </>
      ) : null}
    </>
  );
}

interface DrawArgs {
  t: ThemeTokens;
  segments: TimelineSegments | null;
  /** The lanes drawn: CPUs cpu0..cpuLast, cpu0 at the top. */
  cpu0: number;
  cpuLast: number;
  t0: number;
  t1: number;
  nowNs: number;
  canvasW: number;
  canvasH: number;
  gutter: number;
  plotW: number;
  laneH: number;
  runs: Runs | undefined;
  patterns: ModePatterns;
  focus: SegmentAt | null;
  cursorCpu: number;
}

/** Draws one frame; returns the runs buffer to reuse next time. */
function drawTimeline(ctx: CanvasRenderingContext2D, a: DrawArgs): Runs | undefined {
  const { t, cpu0, t0, t1, gutter, plotW, laneH } = a;
  const lanes = a.cpuLast - cpu0 + 1;
  ctx.clearRect(0, 0, a.canvasW, a.canvasH);
  ctx.fillStyle = t.background;
  ctx.fillRect(0, 0, a.canvasW, a.canvasH);
  const x = scaleLinear()
    .domain([t0, t1])
    .range([gutter, gutter + plotW]);

  // axis: as many ticks as their labels have room for
  ctx.font = `${t.smallSize}px ${t.fontFamily}`;
  const sample = tickFormatter((t1 - t0) / 8)(t1);
  const labelW = ctx.measureText(sample).width;
  const ticks = x.ticks(Math.max(2, Math.floor(plotW / (labelW * 1.6))));
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : t1 - t0;
  const fmt = tickFormatter(step);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  ctx.strokeStyle = t.grid;
  ctx.lineWidth = 1;
  let lastRight = -Infinity;
  for (const tick of ticks) {
    const px = Math.round(x(tick)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(px, AXIS_H - 6);
    ctx.lineTo(px, AXIS_H + lanes * laneH);
    ctx.stroke();
    // a label that would stick out of the canvas or touch its neighbour is left out
    const label = fmt(tick);
    const half = ctx.measureText(label).width / 2;
    if (px - half < gutter - 8 || px + half > a.canvasW - 2 || px - half < lastRight + 10) continue;
    ctx.fillStyle = t.text;
    ctx.fillText(label, px, AXIS_H - 10);
    lastRight = px + half;
  }

  // lane labels
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const labelEvery = laneH >= t.smallSize ? 1 : laneH * 2 >= t.smallSize ? 2 : laneH * 4 >= t.smallSize ? 4 : 8;
  const labelSize = Math.min(t.smallSize, Math.max(10, laneH * labelEvery - 2));
  ctx.font = `${labelSize}px ${t.fontFamily}`;
  ctx.fillStyle = t.text;
  for (let lane = 0; lane < lanes; lane += labelEvery) {
    ctx.fillText(labelEvery === 1 ? `CPU ${cpu0 + lane}` : `${cpu0 + lane}`, gutter - 8, AXIS_H + lane * laneH + laneH / 2);
  }

  let runs = a.runs;
  if (a.segments) {
    // one path per mode over all lanes: 7 fills a frame, whatever the segment count
    const paths = MODES.map(() => new Path2D());
    const gap = laneH >= 8 ? 1 : 0;
    for (let cpu = cpu0; cpu <= a.cpuLast; cpu++) {
      const lane = a.segments.lanes[cpu];
      if (!lane) break;
      runs = laneRuns(lane, t0, t1, plotW, a.nowNs, runs);
      const y = AXIS_H + (cpu - cpu0) * laneH;
      for (let i = 0; i < runs.count; i++) {
        const path = paths[runs.mode[i]!];
        if (path) path.rect(gutter + runs.x0[i]!, y, runs.x1[i]! - runs.x0[i]!, laneH - gap);
      }
    }
    fillModePaths(ctx, paths, t, a.patterns, laneH >= 6);
  }

  // the live end
  if (a.nowNs >= t0 && a.nowNs <= t1) {
    const px = Math.round(x(a.nowNs)) + 0.5;
    ctx.strokeStyle = t.text;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(px, AXIS_H - 4);
    ctx.lineTo(px, AXIS_H + lanes * laneH);
    ctx.stroke();
  }

  // keyboard lane and the segment under the pointer or cursor
  if (a.cursorCpu >= cpu0 && a.cursorCpu <= a.cpuLast) {
    ctx.strokeStyle = t.focus;
    ctx.lineWidth = 2;
    ctx.strokeRect(gutter - 1, AXIS_H + (a.cursorCpu - cpu0) * laneH - 1, plotW + 2, laneH + 1);
  }
  if (a.focus && a.focus.cpu >= cpu0 && a.focus.cpu <= a.cpuLast) {
    const x0 = Math.max(gutter, x(a.focus.start));
    const x1 = Math.min(gutter + plotW, x(a.focus.end));
    const y = AXIS_H + (a.focus.cpu - cpu0) * laneH;
    ctx.strokeStyle = t.text;
    ctx.lineWidth = 2;
    ctx.strokeRect(x0 - 1, y - 1, Math.max(2, x1 - x0) + 2, laneH + 1);
  }
  return runs;
}
