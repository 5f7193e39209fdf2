/*
 * KrpQueue.tsx -- the Scalable Kernel's work queue: CPUs in process context queue
 * TCPIP_KRPs (tokens fly from the CPU into the queue), the designated TCP/IP CPU's IPL 8
 * fork thread takes them first come first served (tokens fly from the head of the
 * queue to it), a fork thread is created when the queue was empty (a ring pulses).
 * Shows the queue length and the designated CPU's busy share. Token positions come
 * from the trace's krp_queue / krp_start / fork_create records and the snapshot's
 * time (flow.ts), so the picture is a pure function of the props.
 */
import { useId } from 'react';
import type { Report } from '../../../core/report.js';
import type { Snapshot, TraceSlice } from '../../../core/snapshot.js';
import { leastWordSize, MODE_INFO, themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { cpuName, fitFontSize, formatCount, formatNs, formatPct, formatRate } from '../../../views/format.js';
import { usePrefersReducedMotion, useTweened } from '../../../views/motion.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, ModeSwatch, swatchSize } from '../../../views/common/Legend.js';
import { boxesPath, ModePaths, ModeRect, PatternDefs } from '../../../views/common/marks.js';
import { runningText, tileModeText } from '../../../views/cpu-grid/model.js';
import type { TraceWindowLike } from '../../../views/timeline/feed.js';
import type { TraceNames } from '../../../views/timeline/segments.js';
import { designatedBusy, krpEventsFromTrace, krpQueue, tokensAt, type KrpEvent } from './flow.js';
import { krpSummary } from './summary.js';
import { soFar } from '../../../views/snapshot-data.js';
import { kernelInfo } from '../../index.js';

export interface KrpQueueProps {
  snapshot: Snapshot;
  /** The shell's trace window (or a plain slice): KRP records animate the tokens. */
  trace?: TraceWindowLike | TraceSlice;
  /** The schema's names the trace indexes (traceNames(schema)); needed with `trace`. */
  names?: TraceNames;
  /** The run's report: gives the exact designated-CPU busy % and KRP rates when it covers the snapshot's window. */
  report?: Report;
  /**
   * Simulated time a token takes to fly (default 20 µs). For smooth motion set it to
   * the simulated time that passes in about half a second at the current speed.
   */
  flowNs?: number;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** Height of the drawing in CSS px (default by theme). */
  height?: number;
  /** schema.modes, the order of each CPU's modeNs (default palette.MODES). */
  modeNames?: readonly string[];
  title?: string;
}

function sliceOf(trace: TraceWindowLike | TraceSlice | undefined): TraceSlice | null {
  if (!trace) return null;
  return 'slice' in trace ? trace.slice : trace;
}

export function KrpQueue(props: KrpQueueProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  const reduced = usePrefersReducedMotion();
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const height = props.height ?? Math.round(t.fontSize * 16);
  const flowNs = props.flowNs ?? 20_000;
  // the CPU that serves the queue (the Scalable Kernel's roleCpu); the classic kernel has none
  const role = kernelInfo(snapshot.kernel).roleCpu;
  const d = role ? role.cpu(snapshot) : -1;
  const q = krpQueue(snapshot);
  const busy = designatedBusy(snapshot, props.report, props.modeNames);
  const [busyShown = busy.pct, lenShown = q.len] = useTweened([busy.pct, q.len], 200);

  const slice = sliceOf(props.trace);
  const events = slice && props.names ? krpEventsFromTrace(slice, props.names.kinds, snapshot.nowNs - flowNs, snapshot.nowNs) : [];
  const tokens = reduced ? [] : tokensAt(events, snapshot.nowNs, flowNs, 40);
  const recentQueuers = new Set(events.filter((e) => e.kind === 'queue').map((e) => e.cpu));
  const forkPulse = events.filter((e) => e.kind === 'fork').pop();

  // layout: three columns under one row of headings: sources | queue | designated CPU
  const fs = t.fontSize;
  const top = Math.round(fs * 2.1);
  const areaH = height - top - 4;
  const sourcesW = Math.round(innerW * 0.3);
  const sources = snapshot.cpus.filter((c) => c.id !== d);
  let cols = 1;
  let cell = 0;
  for (let c = 1; c <= Math.max(1, sources.length); c++) {
    const r = Math.ceil(sources.length / c);
    const size = Math.min((sourcesW - 4 * (c - 1)) / c, ((areaH - 4 * (r - 1)) / r) / 0.72);
    if (size > cell) { cell = size; cols = c; }
  }
  const gap = sources.length > 32 ? 3 : 4;
  const chipW = Math.max(6, Math.min(cell, fs * 4));
  const chipH = Math.max(6, chipW * 0.72);
  const sourcePos = new Map(sources.map((c, i) => [c.id, {
    x: (i % cols) * (chipW + gap), y: top + Math.floor(i / cols) * (chipH + gap),
  }]));

  const dW = Math.round(Math.min(innerW * 0.28, fs * 14));
  const dH = Math.round(Math.min(areaH * 0.52, fs * 7));
  const dX = innerW - dW - 4;
  const dY = top;
  const qX0 = sourcesW + fs * 2.5;
  const qX1 = dX - fs * 2.5;
  const qH = Math.round(fs * 2.4);
  const qY = Math.round(top + dH / 2 - qH / 2);
  const token = Math.round(fs * 1.15);
  const room = Math.max(1, Math.floor((qX1 - qX0 - 8) / (token + 3)));
  const inQueue = q.len > room ? Math.max(0, room - 3) : q.len;
  const overflow = q.len - inQueue;
  const dCpu = d >= 0 ? snapshot.cpus[d] : undefined;

  const pathFor = (kind: KrpEvent['kind'], cpu: number) => {
    if (kind === 'queue') {
      const p = sourcePos.get(cpu) ?? { x: 0, y: qY };
      return { x0: p.x + chipW / 2, y0: p.y + chipH / 2, x1: qX0 + 4, y1: qY + qH / 2, bend: -fs * 1.5 };
    }
    return { x0: qX1 - 4, y0: qY + qH / 2, x1: dX, y1: dY + dH / 2, bend: -fs * 1.5 };
  };

  const legend = (
    <Legend label="KRP queue legend" items={[
      { key: 'krp', label: 'A KRP (TCPIP_KRP): kernel-context work queued by process context', swatch: <KrpSwatch t={t} size={swatchSize(theme)} /> },
      { key: 'fork', label: `${MODE_INFO.fork.label}: the fork thread processing KRPs`, swatch: <ModeSwatch mode="fork" theme={theme} /> },
      { key: 'user', label: 'Other CPUs coloured by mode; outlined: queued a KRP just now', swatch: <ModeSwatch mode="user" theme={theme} /> },
    ]} />
  );

  return (
    <ViewFrame view="krp-queue" theme={theme} width={width} title={props.title ?? 'KRP work queue and the designated CPU'}
      headline={role ? (
        <span>queue <strong data-testid="krp-len">{formatCount(q.len)}</strong>
          <span className="slv-muted"> · designated CPU busy {busy.estimated ? '≈' : ''}{formatPct(busy.pct)}</span></span>
      ) : <span className="slv-muted">classic kernel: no KRP queue</span>}
      summary={() => krpSummary(snapshot, events, flowNs, busy.pct, busy.estimated)}
      legend={role ? legend : undefined}
      table={role ? {
        caption: 'KRP queue',
        columns: ['Figure', 'Value'],
        rows: [
          ['KRPs waiting now', formatCount(q.len)],
          [`Longest queue ${soFar(snapshot)}`, formatCount(q.maxLen)],
          ['Designated CPU', cpuName(d)],
          ['Designated CPU busy in kernel context', `${busy.estimated ? '≈ ' : ''}${formatPct(busy.pct)}`],
          ...(props.report?.queues.find((x) => x.name === 'krp_queue') ? (() => {
            const r = props.report!.queues.find((x) => x.name === 'krp_queue')!;
            return [['KRPs per second (report)', formatRate(r.krps_per_s)], ['Mean wait (report)', formatNs(r.mean_wait_ns)]];
          })() : []),
        ],
      } : undefined}>
      <svg width={innerW} height={height} aria-hidden="true">
        <PatternDefs prefix={patterns} theme={theme} />
        {/* the three columns' headings, each within its column (a shorter wording, then a smaller size, where it does not fit) */}
        {(role
          ? [[0, qX0 - fs, ['CPUs in process context', 'Process context', 'CPUs']], [qX0, dX - fs * 0.8, ['TCPIP_KRP work queue', 'KRP queue', 'Queue']],
            [dX, innerW, ['Designated TCP/IP CPU', 'Designated CPU', 'TCP/IP CPU']]] as const
          : [[0, innerW, ['CPUs in process context']]] as const).map(([x0, x1, words]) => {
          const heading = fitting(words, x1 - x0, t.smallSize);
          return <text key={x0} x={x0} y={fs * 1.1} fontSize={fitFontSize(heading, x1 - x0, t.smallSize, 9, true)} fontWeight={700}>{heading}</text>;
        })}
        {/* the CPUs as one path per mode (a mark per CPU, up to 256), the ones that just queued outlined thick */}
        <ModePaths theme={theme} patterns={patterns} stroke={t.axis}
          boxes={sources.map((c) => ({ mode: c.mode, ...sourcePos.get(c.id)!, width: chipW, height: chipH }))} />
        {recentQueuers.size > 0 && (
          <path d={boxesPath(sources.filter((c) => recentQueuers.has(c.id)).map((c) => ({ ...sourcePos.get(c.id)!, width: chipW, height: chipH })))}
            fill="none" stroke={t.text} strokeWidth={Math.min(3, Math.max(1.5, chipW / 5))} />
        )}
        {chipH >= 14 && sources.map((c) => {
          const p = sourcePos.get(c.id)!;
          const size = Math.min(t.smallSize, chipH * 0.55);
          return (
            <text key={c.id} data-cpu={c.id} x={p.x + chipW / 2} y={p.y + chipH / 2 + size * 0.36} fontSize={size} textAnchor="middle" fontWeight={700}
              style={{ fill: t.modeText[c.mode], stroke: t.modes[c.mode], strokeWidth: 3, paintOrder: 'stroke' }}>{c.id}</text>
          );
        })}

        {!role && (() => {
          // beside the CPUs, in the room left of them
          const x0 = sourcesW + fs;
          const mid = (x0 + innerW) / 2;
          const size = fitFontSize('The classic kernel has no KRP queue:', innerW - x0 - 4, t.fontSize, 10);
          return (
            <text x={mid} y={top + areaH / 2} fontSize={size} textAnchor="middle" style={{ fill: t.muted }}>
              <tspan x={mid}>The classic kernel has no KRP queue:</tspan>
              <tspan x={mid} dy={size * 1.4}>each CPU takes I/O lock 8 itself.</tspan>
            </text>
          );
        })()}

        {role && (
          <>
            {/* the queue: head on the right, next to the designated CPU */}
            <text x={qX0} y={qY - fs * 0.5} fontSize={t.smallSize} style={{ fill: t.muted }}>tail</text>
            <text x={qX1} y={qY - fs * 0.5} fontSize={t.smallSize} textAnchor="end" style={{ fill: t.muted }}>head →</text>
            <rect x={qX0} y={qY} width={qX1 - qX0} height={qH} rx={qH / 2} fill={t.surface} stroke={t.text} strokeWidth={t.strokeWidth} />
            {Array.from({ length: inQueue }, (_, i) => (
              <rect key={i} x={qX1 - 6 - (i + 1) * (token + 3)} y={qY + (qH - token) / 2} width={token} height={token} rx={3}
                fill={t.modes.fork} stroke={t.text} strokeWidth={1.5} />
            ))}
            {overflow > 0 && (
              <text x={qX0 + fs * 0.7} y={qY + qH / 2 + fs * 0.35} fontSize={fs} fontWeight={800}>+{formatCount(overflow)}</text>
            )}
            {/* its length and the longest so far, on two lines within the queue's width (clear of the CPUs) */}
            <text x={(qX0 + qX1) / 2} y={qY + qH + fs * 1.6} fontSize={fitFontSize(`length ${formatCount(Math.round(lenShown))}`, qX1 - qX0, fs, 9)}
              textAnchor="middle">
              length <tspan fontWeight={800} fontSize={t.largeSize}>{formatCount(Math.round(lenShown))}</tspan>
            </text>
            <text x={(qX0 + qX1) / 2} y={qY + qH + fs * 3} fontSize={fitFontSize(`max ${formatCount(q.maxLen)}`, qX1 - qX0, t.smallSize, 9)}
              textAnchor="middle" style={{ fill: t.muted }}>max {formatCount(q.maxLen)}</text>

            {/* the designated TCP/IP CPU */}
            {dCpu && (
              <g data-designated={d}>
                {forkPulse && !reduced && (
                  <rect x={dX - 6} y={dY - 6} width={dW + 12} height={dH + 12} rx={12} fill="none" stroke={t.text} strokeWidth={3}
                    opacity={Math.max(0, 1 - (snapshot.nowNs - forkPulse.t) / flowNs)} />
                )}
                <ModeRect className="slv-fill" mode={dCpu.mode} x={dX} y={dY} width={dW} height={dH} rx={8} theme={theme}
                  patterns={patterns} stroke={t.designated} strokeWidth={4} />
                <text x={dX + dW / 2} y={dY + fs * 1.4} fontSize={t.largeSize} fontWeight={800} textAnchor="middle"
                  style={{ fill: t.modeText[dCpu.mode], stroke: t.modes[dCpu.mode], strokeWidth: 4, paintOrder: 'stroke' }}>CPU {d}</text>
                <text x={dX + dW / 2} y={dY + dH / 2 + fs * 0.7} fontSize={t.largeSize} fontWeight={800} textAnchor="middle"
                  style={{ fill: t.modeText[dCpu.mode], stroke: t.modes[dCpu.mode], strokeWidth: 4, paintOrder: 'stroke' }}>
                  {tileModeText(dCpu)}
                </text>
                <text x={dX + dW / 2} y={dY + dH - fs * 0.7} fontSize={fitFontSize(dCpu.level === 'fork' ? 'processing KRPs' : runningText(dCpu), dW - 12, fs)} fontWeight={600} textAnchor="middle"
                  style={{ fill: t.modeText[dCpu.mode], stroke: t.modes[dCpu.mode], strokeWidth: 4, paintOrder: 'stroke' }}>
                  {dCpu.level === 'fork' ? 'processing KRPs' : runningText(dCpu)}
                </text>
                {/* busy gauge */}
                {(() => {
                  // a shorter wording where the column is narrow, rather than type a lecture hall cannot read
                  const words = fitting(['busy in kernel context', 'busy (kernel)', 'busy'], dW, t.smallSize);
                  return <text x={dX} y={dY + dH + fs * 1.4} fontSize={fitFontSize(words, dW, t.smallSize, Math.max(10, leastWordSize(t)))}>{words}</text>;
                })()}
                <rect x={dX} y={dY + dH + fs * 1.9} width={dW} height={fs * 1.1} fill={t.background} stroke={t.axis} />
                <rect x={dX} y={dY + dH + fs * 1.9} width={(dW * Math.min(100, busyShown)) / 100} height={fs * 1.1}
                  fill={busy.pct >= 97.5 ? t.modes.spin : t.text} />
                <text x={dX} y={dY + dH + fs * 4.3} fontSize={t.largeSize} fontWeight={800}>
                  {busy.estimated ? '≈' : ''}{formatPct(busyShown)}
                  {busy.pct >= 97.5 && (
                    // beside the figure where it fits, else under it
                    `${busy.estimated ? '≈' : ''}${formatPct(busyShown)}`.length * t.largeSize * 0.7 + ' saturated'.length * fs * 0.66 <= innerW - dX
                      ? <tspan fontSize={fs} fontWeight={700}> saturated</tspan>
                      : <tspan x={dX} dy={fs * 1.3} fontSize={fs} fontWeight={700}>saturated</tspan>
                  )}
                </text>
              </g>
            )}

            {/* tokens in flight */}
            {tokens.map((tk) => {
              const p = pathFor(tk.kind, tk.cpu);
              if (tk.kind === 'fork') return null;
              const u = tk.progress;
              const mx = (p.x0 + p.x1) / 2;
              const my = Math.min(p.y0, p.y1) + p.bend;
              const px = (1 - u) * (1 - u) * p.x0 + 2 * (1 - u) * u * mx + u * u * p.x1;
              const py = (1 - u) * (1 - u) * p.y0 + 2 * (1 - u) * u * my + u * u * p.y1;
              return (
                <rect key={`${tk.kind}-${tk.key}`} x={px - token * 0.4} y={py - token * 0.4} width={token * 0.8} height={token * 0.8} rx={3}
                  fill={t.modes.fork} stroke={t.text} strokeWidth={1.5} opacity={u > 0.9 ? (1 - u) * 10 : 1} />
              );
            })}
          </>
        )}
      </svg>
    </ViewFrame>
  );
}

/** The first of the words (longest first) whose estimated width fits, else the last. */
function fitting(words: readonly string[], width: number, size: number): string {
  return words.find((w) => w.length * size * 0.6 <= width) ?? words[words.length - 1]!;
}

function KrpSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  return (
    <svg width={size} height={size}>
      <rect x={size * 0.15} y={size * 0.15} width={size * 0.7} height={size * 0.7} rx={3} fill={t.modes.fork} stroke={t.text} strokeWidth={1.5} />
    </svg>
  );
}
