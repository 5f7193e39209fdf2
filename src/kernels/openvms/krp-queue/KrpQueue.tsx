/*
 * KrpQueue.tsx -- the Scalable Kernel's work queue: CPUs in process context queue
 * TCPIP_KRPs (tokens fly from the CPU into the queue), the designated TCP/IP CPU's IPL 8
 * fork thread takes them first come first served (tokens fly from the head of the
 * queue to it), a fork thread is created when the queue was empty (a ring pulses).
 * Shows the queue length and the designated CPU's busy share. Token positions come
 * from the trace's krp_queue / krp_start / fork_create records and the snapshot's
 * time (flow.ts), so the picture is a pure function of the props. Where each part goes is
 * layout.ts's to say; this file draws it.
 */
import { useId } from 'react';
import type { Report } from '../../../core/report.js';
import type { Snapshot, TraceSlice } from '../../../core/snapshot.js';
import { MODE_INFO, themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { cpuName, fitFontSize, formatCount, formatNs, formatPct, formatRate } from '../../../views/format.js';
import { usePrefersReducedMotion, useTweened } from '../../../views/motion.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, ModeSwatch, swatchSize } from '../../../views/common/Legend.js';
import { boxesPath, ModePaths, ModeRect, PatternDefs } from '../../../views/common/marks.js';
import { runningText, tileModeText } from '../../../views/cpu-grid/model.js';
import type { TraceWindowLike } from '../../../views/timeline/feed.js';
import type { TraceNames } from '../../../views/timeline/segments.js';
import { designatedBusy, krpEventsFromTrace, krpQueue, tokensAt } from './flow.js';
import {
  busyWords,
  classicNote,
  designatedParts,
  krpHeadings,
  krpLayout,
  queueCaption,
  queueTokens,
  saturatedBeside,
  tokenInFlight,
} from './layout.js';
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
  const sources = snapshot.cpus.filter((c) => c.id !== d);
  const layout = krpLayout(
    sources.map((c) => c.id),
    innerW,
    height,
    t,
  );
  const { chipW, chipH, queue, token } = layout;
  const { x0: qX0, x1: qX1, y: qY, h: qH } = queue;
  const { x: dX, y: dY, w: dW, h: dH } = layout.d;
  const sourcePos = layout.sources;
  const queued = queueTokens(layout, q.len);
  const caption = queueCaption(layout);
  const parts = designatedParts(layout);
  const busyLabel = busyWords(layout, t);
  const dCpu = d >= 0 ? snapshot.cpus[d] : undefined;

  const legend = (
    <Legend
      label="KRP queue legend"
      items={[
        {
          key: 'krp',
          label: 'A KRP (TCPIP_KRP): kernel-context work queued by process context',
          swatch: <KrpSwatch t={t} size={swatchSize(theme)} />,
        },
        {
          key: 'fork',
          label: `${MODE_INFO.fork.label}: the fork thread processing KRPs`,
          swatch: <ModeSwatch mode="fork" theme={theme} />,
        },
        {
          key: 'user',
          label: 'Other CPUs coloured by mode; outlined: queued a KRP just now',
          swatch: <ModeSwatch mode="user" theme={theme} />,
        },
      ]}
    />
  );

  return (
    <ViewFrame
      view="krp-queue"
      theme={theme}
      width={width}
      title={props.title ?? 'KRP work queue and the designated CPU'}
      headline={
        role ? (
          <span>
            queue <strong data-testid="krp-len">{formatCount(q.len)}</strong>
            <span className="slv-muted">
              {' '}
              · designated CPU busy {busy.estimated ? '≈' : ''}
              {formatPct(busy.pct)}
            </span>
          </span>
        ) : (
          <span className="slv-muted">classic kernel: no KRP queue</span>
        )
      }
      summary={() => krpSummary(snapshot, events, flowNs, busy.pct, busy.estimated)}
      legend={role ? legend : undefined}
      table={
        role
          ? {
              caption: 'KRP queue',
              columns: ['Figure', 'Value'],
              rows: [
                ['KRPs waiting now', formatCount(q.len)],
                [`Longest queue ${soFar(snapshot)}`, formatCount(q.maxLen)],
                ['Designated CPU', cpuName(d)],
                ['Designated CPU busy in kernel context', `${busy.estimated ? '≈ ' : ''}${formatPct(busy.pct)}`],
                ...(props.report?.queues.find((x) => x.name === 'krp_queue')
                  ? (() => {
                      const r = props.report!.queues.find((x) => x.name === 'krp_queue')!;
                      return [
                        ['KRPs per second (report)', formatRate(r.krps_per_s)],
                        ['Mean wait (report)', formatNs(r.mean_wait_ns)],
                      ];
                    })()
                  : []),
              ],
            }
          : undefined
      }
    >
      <svg width={innerW} height={height} aria-hidden="true">
        <PatternDefs prefix={patterns} theme={theme} />
        {/* the three columns' headings, each within its column (a shorter wording, then a smaller size, where it does not fit) */}
        {krpHeadings(layout, innerW, !!role, t.smallSize).map((h) => (
          <text key={h.x} x={h.x} y={fs * 1.1} fontSize={h.size} fontWeight={700}>
            {h.text}
          </text>
        ))}
        {/* the CPUs as one path per mode (a mark per CPU, up to 256), the ones that just queued outlined thick */}
        <ModePaths
          theme={theme}
          patterns={patterns}
          stroke={t.axis}
          boxes={sources.map((c) => ({ mode: c.mode, ...sourcePos.get(c.id)!, width: chipW, height: chipH }))}
        />
        {recentQueuers.size > 0 && (
          <path
            d={boxesPath(
              sources.filter((c) => recentQueuers.has(c.id)).map((c) => ({ ...sourcePos.get(c.id)!, width: chipW, height: chipH })),
            )}
            fill="none"
            stroke={t.text}
            strokeWidth={Math.min(3, Math.max(1.5, chipW / 5))}
          />
        )}
        {chipH >= 14 &&
          sources.map((c) => {
            const p = sourcePos.get(c.id)!;
            const size = Math.min(t.smallSize, chipH * 0.55);
            return (
              <text
                key={c.id}
                data-cpu={c.id}
                x={p.x + chipW / 2}
                y={p.y + chipH / 2 + size * 0.36}
                fontSize={size}
                textAnchor="middle"
                fontWeight={700}
                style={{ fill: t.modeText[c.mode], stroke: t.modes[c.mode], strokeWidth: 3, paintOrder: 'stroke' }}
              >
                {c.id}
              </text>
            );
          })}

        {!role &&
          (() => {
            // beside the CPUs, in the room right of them
            const note = classicNote(layout, innerW, t, 'The classic kernel has no KRP queue:');
            return (
              <text x={note.x} y={note.y} fontSize={note.size} textAnchor="middle" style={{ fill: t.muted }}>
                <tspan x={note.x}>The classic kernel has no KRP queue:</tspan>
                <tspan x={note.x} dy={note.size * 1.4}>
                  each CPU takes I/O lock 8 itself.
                </tspan>
              </text>
            );
          })()}

        {role && (
          <>
            {/* the queue: head on the right, next to the designated CPU */}
            <text x={qX0} y={qY - fs * 0.5} fontSize={t.smallSize} style={{ fill: t.muted }}>
              tail
            </text>
            <text x={qX1} y={qY - fs * 0.5} fontSize={t.smallSize} textAnchor="end" style={{ fill: t.muted }}>
              head →
            </text>
            <rect x={qX0} y={qY} width={qX1 - qX0} height={qH} rx={qH / 2} fill={t.surface} stroke={t.text} strokeWidth={t.strokeWidth} />
            {queued.boxes.map((b, i) => (
              <rect key={i} x={b.x} y={b.y} width={token} height={token} rx={3} fill={t.modes.fork} stroke={t.text} strokeWidth={1.5} />
            ))}
            {queued.overflow > 0 && (
              <text x={qX0 + fs * 0.7} y={qY + qH / 2 + fs * 0.35} fontSize={fs} fontWeight={800}>
                +{formatCount(queued.overflow)}
              </text>
            )}
            {/* its length and the longest so far, on two lines within the queue's width (clear of the CPUs) */}
            <text
              x={caption.x}
              y={caption.lengthY}
              fontSize={fitFontSize(`length ${formatCount(Math.round(lenShown))}`, caption.width, fs, 9)}
              textAnchor="middle"
            >
              length{' '}
              <tspan fontWeight={800} fontSize={t.largeSize}>
                {formatCount(Math.round(lenShown))}
              </tspan>
            </text>
            <text
              x={caption.x}
              y={caption.maxY}
              fontSize={fitFontSize(`max ${formatCount(q.maxLen)}`, caption.width, t.smallSize, 9)}
              textAnchor="middle"
              style={{ fill: t.muted }}
            >
              max {formatCount(q.maxLen)}
            </text>

            {/* the designated TCP/IP CPU */}
            {dCpu && (
              <g data-designated={d}>
                {forkPulse && !reduced && (
                  <rect
                    x={parts.pulse.x}
                    y={parts.pulse.y}
                    width={parts.pulse.w}
                    height={parts.pulse.h}
                    rx={12}
                    fill="none"
                    stroke={t.text}
                    strokeWidth={3}
                    opacity={Math.max(0, 1 - (snapshot.nowNs - forkPulse.t) / flowNs)}
                  />
                )}
                <ModeRect
                  className="slv-fill"
                  mode={dCpu.mode}
                  x={dX}
                  y={dY}
                  width={dW}
                  height={dH}
                  rx={8}
                  theme={theme}
                  patterns={patterns}
                  stroke={t.designated}
                  strokeWidth={4}
                />
                <text
                  x={parts.centre}
                  y={parts.nameY}
                  fontSize={t.largeSize}
                  fontWeight={800}
                  textAnchor="middle"
                  style={{ fill: t.modeText[dCpu.mode], stroke: t.modes[dCpu.mode], strokeWidth: 4, paintOrder: 'stroke' }}
                >
                  CPU {d}
                </text>
                <text
                  x={parts.centre}
                  y={parts.modeY}
                  fontSize={t.largeSize}
                  fontWeight={800}
                  textAnchor="middle"
                  style={{ fill: t.modeText[dCpu.mode], stroke: t.modes[dCpu.mode], strokeWidth: 4, paintOrder: 'stroke' }}
                >
                  {tileModeText(dCpu)}
                </text>
                <text
                  x={parts.centre}
                  y={parts.doingY}
                  fontSize={fitFontSize(dCpu.level === 'fork' ? 'processing KRPs' : runningText(dCpu), parts.doingW, fs)}
                  fontWeight={600}
                  textAnchor="middle"
                  style={{ fill: t.modeText[dCpu.mode], stroke: t.modes[dCpu.mode], strokeWidth: 4, paintOrder: 'stroke' }}
                >
                  {dCpu.level === 'fork' ? 'processing KRPs' : runningText(dCpu)}
                </text>
                {/* busy gauge */}
                {/* a shorter wording where the column is narrow, rather than type a lecture hall cannot read */}
                <text x={dX} y={parts.busyY} fontSize={busyLabel.size}>
                  {busyLabel.text}
                </text>
                <rect
                  x={parts.gauge.x}
                  y={parts.gauge.y}
                  width={parts.gauge.w}
                  height={parts.gauge.h}
                  fill={t.background}
                  stroke={t.axis}
                />
                <rect
                  x={parts.gauge.x}
                  y={parts.gauge.y}
                  width={(parts.gauge.w * Math.min(100, busyShown)) / 100}
                  height={parts.gauge.h}
                  fill={busy.pct >= 97.5 ? t.modes.spin : t.text}
                />
                <text x={dX} y={parts.figureY} fontSize={t.largeSize} fontWeight={800}>
                  {busy.estimated ? '≈' : ''}
                  {formatPct(busyShown)}
                  {busy.pct >= 97.5 &&
                    // beside the figure where it fits, else under it
                    (saturatedBeside(layout, `${busy.estimated ? '≈' : ''}${formatPct(busyShown)}`, t, innerW) ? (
                      <tspan fontSize={fs} fontWeight={700}>
                        {' '}
                        saturated
                      </tspan>
                    ) : (
                      <tspan x={dX} dy={fs * 1.3} fontSize={fs} fontWeight={700}>
                        saturated
                      </tspan>
                    ))}
                </text>
              </g>
            )}

            {/* tokens in flight */}
            {tokens.map((tk) => {
              if (tk.kind === 'fork') return null;
              const at = tokenInFlight(layout, tk.kind, tk.cpu, tk.progress);
              return (
                <rect
                  key={`${tk.kind}-${tk.key}`}
                  x={at.x}
                  y={at.y}
                  width={at.size}
                  height={at.size}
                  rx={3}
                  fill={t.modes.fork}
                  stroke={t.text}
                  strokeWidth={1.5}
                  opacity={at.opacity}
                />
              );
            })}
          </>
        )}
      </svg>
    </ViewFrame>
  );
}

function KrpSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  return (
    <svg width={size} height={size}>
      <rect
        x={size * 0.15}
        y={size * 0.15}
        width={size * 0.7}
        height={size * 0.7}
        rx={3}
        fill={t.modes.fork}
        stroke={t.text}
        strokeWidth={1.5}
      />
    </svg>
  );
}
