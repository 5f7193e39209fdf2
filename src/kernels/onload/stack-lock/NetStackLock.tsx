/*
 * NetStackLock.tsx -- OpenOnload's stack lock, the pre-queue and deferred work, as a
 * diagram of one user-level stack: the stack lock as a padlock (held or free), the
 * sending threads beside it in their states, the lock-free pre-queue as a row of
 * packets as long as its mean length, and the arrow of deferred work (the holder sends
 * the pre-queued packets before it lets go) to the NIC. Packets flow into the pre-queue
 * and out of it at rates in proportion to the report's, slowed down; still under reduced
 * motion. With the pre-queue off, the threads that found the lock taken sleep on it.
 */
import { useId } from 'react';
import type { Report } from '../../../core/report.js';
import type { Snapshot } from '../../../core/snapshot.js';
import { fitFontSize, formatCount, formatOne, formatPct, wrapWords } from '../../../views/format.js';
import { usePrefersReducedMotion } from '../../../views/motion.js';
import { themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { useWallClock } from '../../../views/common/clock.js';
import { formatPerS, packetColour, stackLabel } from '../data.js';
import { flowTokens, SENDER_WORDS, stackLockSummary, stackLockView, type SenderState, type StackLockModel } from './model.js';
import '../onload.css';

export interface NetStackLockProps {
  /** The run's report (report.net.stack_lock; report.scenario.net for the senders and the pre-queue). */
  report?: Report;
  /** Not needed; accepted so every view takes the same props. */
  snapshot?: Snapshot;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 760). */
  width?: number;
  title?: string;
}

/** Threads drawn at most; the rest are counted. */
const MAX_CHIPS = 8;

const STATE_SHORT: Record<SenderState, string> = {
  holding: 'holds the lock',
  prequeued: 'pre-queued, goes on',
  sleeping: 'asleep on the lock',
  working: 'in the application',
};

export function NetStackLock(props: NetStackLockProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 760;
  const innerW = innerWidth(width);
  const view = stackLockView(props.report);
  const title = props.title ?? 'The stack lock, the pre-queue and deferred work';
  const summary = stackLockSummary(view);

  if (view.kind !== 'lock') {
    return (
      <ViewFrame
        view="net-stack-lock"
        theme={theme}
        width={width}
        title={title}
        summary={summary}
        legend={<StateLegend theme={theme} prequeue />}
      >
        <p style={{ margin: 0 }} data-net-message="">
          {view.kind === 'none' ? (
            'Waiting for the first report with the network figures (kernel onload).'
          ) : (
            <>
              The {stackLabel(view.stack)} has no user-level stack lock: its locks are inside the kernel. Run with{' '}
              <strong>net.stack = onload</strong> to see OpenOnload&rsquo;s stack lock.
            </>
          )}
        </p>
      </ViewFrame>
    );
  }

  const m = view.model;
  const l = m.lock;
  const headline = (
    <span data-hold={l.hold_pct}>
      held <strong>{formatPct(l.hold_pct, 0)}</strong>
      {' · '}contended <strong>{formatPerS(l.contended_per_s)}</strong>
      {m.prequeue ? (
        <>
          {' '}
          · deferred <strong>{formatPerS(l.deferred_per_s)}</strong>
        </>
      ) : (
        <>
          {' '}
          · sleeps <strong>{formatPerS(l.sleeps_per_s)}</strong>
        </>
      )}
    </span>
  );
  const figures: [string, string][] = [
    ['Lock taken', formatPerS(l.acquisitions_per_s)],
    ['Contended', `${formatPerS(l.contended_per_s)} (${formatPct(100 * m.contendedShare, 0)})`],
    ['Pre-queued', formatPerS(l.prequeued_per_s)],
    ['Deferred', formatPerS(l.deferred_per_s)],
    ['Sleeps', formatPerS(l.sleeps_per_s)],
    ['Held', formatPct(l.hold_pct)],
    ['Pre-queue, mean', `${formatOne(l.prequeue_mean_len)} packets`],
  ];

  return (
    <ViewFrame
      view="net-stack-lock"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={<StateLegend theme={theme} prequeue={m.prequeue} />}
      table={{
        caption: `OpenOnload stack lock, ${m.shared ? 'one shared stack' : 'per-process stacks'}, ${m.senders} sending thread${m.senders === 1 ? '' : 's'}, pre-queue ${m.prequeue ? 'on' : 'off'}`,
        columns: ['Figure', 'Value'],
        rows: figures.map(([k, v]) => [k, v]),
      }}
    >
      {innerW >= diagramMinWidth(t) ? (
        <LockDiagram model={m} width={innerW} t={t} />
      ) : (
        <p className="slv-muted" style={{ margin: '0 0 8px' }} data-diagram-narrow="">
          The drawing of the threads, the lock and the pre-queue needs a frame at least {Math.ceil(width - innerW + diagramMinWidth(t))} px
          wide; the figures are all below, and in the data table.
        </p>
      )}
      <ul className="slv-net-keys" aria-label="Stack lock figures">
        {figures
          .filter(([k]) => (m.prequeue ? k !== 'Sleeps' : k !== 'Pre-queued' && k !== 'Deferred' && k !== 'Pre-queue, mean'))
          .map(([k, v]) => (
            <li key={k} data-figure={k}>
              <span>{k}</span>
              <strong>{v}</strong>
            </li>
          ))}
      </ul>
    </ViewFrame>
  );
}

/** The least width the diagram is drawn at: narrower, its threads, lock and TX ring would overlap (a phone, a docs column). */
function diagramMinWidth(t: ThemeTokens): number {
  return Math.round(t.fontSize * 24);
}

function LockDiagram({ model: m, width, t }: { model: StackLockModel; width: number; t: ThemeTokens }) {
  const reduced = usePrefersReducedMotion();
  const arrow = `slv-net-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const wall = useWallClock(!reduced && (m.inPerWallS > 0 || m.outPerWallS > 0));
  const fs = t.fontSize;
  const small = t.smallSize;
  const shown = m.threads.slice(0, MAX_CHIPS);
  const more = m.threads.length - shown.length;
  const chipW = Math.round(Math.min(fs * 10.5, width * 0.3));
  const chipH = Math.round(small * 2.9);
  const gap = Math.round(small * 0.6);
  const top = Math.round(fs * 1.6);
  const columnH = shown.length * (chipH + gap) + (more > 0 ? small * 1.6 : 0);
  const bodyW = Math.round(fs * 4);
  const bodyH = Math.round(fs * 3);
  const nicW = Math.round(Math.min(fs * 6, width * 0.16));
  const lx = Math.round(Math.max(chipW + fs * 8, width * 0.5));
  const ly = top + fs * 4.3;
  const qy = ly + bodyH / 2 + fs * 4;
  // the pre-queue runs from its tail (left, where senders push) to its head under the lock
  const qx0 = chipW + fs * 3;
  const qx1 = lx - bodyW * 0.35;
  const tube = qx1 - qx0;
  const slot = tube / Math.max(6, Math.min(10, m.queueBoxes + 3));
  const box = Math.max(8, Math.min(fs * 1.4, slot - 4));
  // as many packets as the tube holds; the rest are counted in words above it
  const boxesShown = Math.min(m.queueBoxes, Math.max(1, Math.floor((tube - 8) / (box + 4))));
  const boxesMore = m.queueMore + (m.queueBoxes - boxesShown);
  const captionChars = Math.max(16, Math.floor((width - qx0) / (small * 0.6)));
  const caption = wrapWords(`lock-free pre-queue: mean ${formatOne(m.lock.prequeue_mean_len)} packets`, captionChars);
  const captionTail = wrapWords('tail (left): packets of senders that found the lock taken', captionChars);
  const captionH = (caption.length + captionTail.length) * small * 1.2;
  const height = Math.max(top + columnH + fs * 1.6, qy + box / 2 + small * 1.6 + captionH + small * 1.6);
  const chipY = (i: number) => top + Math.max(0, (height - top - fs * 1.6 - columnH) / 2) + i * (chipH + gap);
  const nicX = width - nicW;
  const packet = packetColour(t.name);
  const held = m.threads.some((th) => th.state === 'holding');
  const holdFont = fitFontSize(`${formatPct(m.lock.hold_pct, 0)}`, bodyW - 8, fs, 9, true);
  const deferredX = lx + bodyW * 0.75;
  const deferredWords = wrapWords(
    'deferred work: the holder sends them before it lets go',
    Math.max(12, Math.floor((width - deferredX) / (small * 0.6))),
  );
  // the deferred-work hook, from the pre-queue's head up into the lock
  const c0 = { x: qx1 + 4, y: qy };
  const c1 = { x: lx + bodyW * 0.1, y: qy };
  const c2 = { x: lx, y: qy - fs * 0.6 };
  const c3 = { x: lx, y: ly + bodyH / 2 + 6 };
  const bezier = (u: number) => {
    const v = 1 - u;
    return {
      x: v * v * v * c0.x + 3 * v * v * u * c1.x + 3 * v * u * u * c2.x + u * u * u * c3.x,
      y: v * v * v * c0.y + 3 * v * v * u * c1.y + 3 * v * u * u * c2.y + u * u * u * c3.y,
    };
  };
  const tokens = wall === null ? [] : flowTokens(m, wall / 1000);
  const chipRight = (id: number) => ({ x: chipW, y: chipY(id) + chipH / 2 });
  const lockLeft = { x: lx - bodyW / 2 - 6, y: ly };

  return (
    <svg
      width={width}
      height={height}
      aria-hidden="true"
      data-diagram="stack-lock"
      data-prequeue={m.prequeue ? 'on' : 'off'}
      data-threads={m.threads.length}
    >
      <defs>
        <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={t.text} />
        </marker>
      </defs>
      <text x={0} y={fs * 1.05} fontSize={small} fontWeight={700}>
        Sending threads ({m.senders}
        {m.shared ? ', one shared stack' : ', a stack each'})
      </text>

      {/* arrows from the threads */}
      {shown.map((th) => {
        const from = chipRight(th.id);
        if (th.state === 'holding') {
          return (
            <line
              key={th.id}
              x1={from.x + 2}
              y1={from.y}
              x2={lockLeft.x}
              y2={lockLeft.y}
              stroke={t.text}
              strokeWidth={2}
              markerEnd={`url(#${arrow})`}
            />
          );
        }
        if (th.state === 'prequeued') {
          return (
            <line
              key={th.id}
              x1={from.x + 2}
              y1={from.y}
              x2={qx0 - 4}
              y2={qy}
              stroke={t.muted}
              strokeWidth={1.5}
              markerEnd={`url(#${arrow})`}
            />
          );
        }
        if (th.state === 'sleeping') {
          return (
            <line
              key={th.id}
              x1={from.x + 2}
              y1={from.y}
              x2={lockLeft.x}
              y2={lockLeft.y + fs * 0.6}
              stroke={t.muted}
              strokeWidth={1.5}
              strokeDasharray="5 4"
              markerEnd={`url(#${arrow})`}
            />
          );
        }
        return null;
      })}

      {/* the threads */}
      {shown.map((th) => (
        <ThreadChip key={th.id} id={th.id} state={th.state} x={0} y={chipY(th.id)} w={chipW} h={chipH} t={t} />
      ))}
      {more > 0 && (
        <text x={chipW / 2} y={chipY(shown.length) + small} fontSize={small} textAnchor="middle" className="slv-muted">
          +{more} more threads
        </text>
      )}

      {/* the lock */}
      <g data-lock={held ? 'held' : 'free'}>
        <text x={lx} y={ly - bodyH / 2 - fs * 0.6 - bodyW * 0.28 - small * 0.5} fontSize={small} fontWeight={700} textAnchor="middle">
          stack lock
        </text>
        <path
          d={
            held
              ? `M${lx - bodyW * 0.28},${ly - bodyH / 2} v${-fs * 0.6} a${bodyW * 0.28},${bodyW * 0.28} 0 0 1 ${bodyW * 0.56},0 v${fs * 0.6}`
              : `M${lx - bodyW * 0.28},${ly - bodyH / 2} v${-fs * 0.6} a${bodyW * 0.28},${bodyW * 0.28} 0 0 1 ${bodyW * 0.56},0 v${fs * 0.1}`
          }
          transform={held ? undefined : `translate(0,${-fs * 0.5})`}
          fill="none"
          stroke={t.text}
          strokeWidth={Math.max(3, fs * 0.28)}
          strokeLinecap="round"
        />
        <rect
          x={lx - bodyW / 2}
          y={ly - bodyH / 2}
          width={bodyW}
          height={bodyH}
          rx={6}
          fill={held ? t.text : t.surface}
          stroke={t.text}
          strokeWidth={2}
        />
        <text x={lx} y={ly - small * 0.1} fontSize={small} textAnchor="middle" style={{ fill: held ? t.background : t.text }}>
          {held ? 'held' : 'free'}
        </text>
        <text
          x={lx}
          y={ly + holdFont * 1.05}
          fontSize={holdFont}
          fontWeight={800}
          textAnchor="middle"
          style={{ fill: held ? t.background : t.text }}
        >
          {formatPct(m.lock.hold_pct, 0)}
        </text>
      </g>

      {/* the lock holder sends: to the NIC */}
      <line x1={lx + bodyW / 2 + 4} y1={ly} x2={nicX - 4} y2={ly} stroke={t.text} strokeWidth={2} markerEnd={`url(#${arrow})`} />
      <text x={(lx + bodyW / 2 + nicX) / 2} y={ly - small * 0.6} fontSize={small} textAnchor="middle">
        sends
      </text>
      <rect x={nicX} y={ly - bodyH / 2} width={nicW} height={bodyH} rx={6} fill={t.grid} stroke={t.axis} strokeWidth={1.5} />
      <text
        x={nicX + nicW / 2}
        y={ly - small * 0.15}
        fontSize={fitFontSize('TX ring', nicW - 6, small, 9, true)}
        fontWeight={700}
        textAnchor="middle"
      >
        <tspan x={nicX + nicW / 2}>NIC</tspan>
        <tspan x={nicX + nicW / 2} dy={small * 1.1}>
          TX ring
        </tspan>
      </text>

      {m.prequeue ? (
        <g data-prequeue-boxes={boxesShown}>
          <rect
            x={qx0}
            y={qy - box / 2 - 4}
            width={tube}
            height={box + 8}
            rx={6}
            fill="none"
            stroke={t.axis}
            strokeWidth={1.5}
            strokeDasharray="6 3"
          />
          {Array.from({ length: boxesShown }, (_, i) => {
            const x = qx1 - 4 - (i + 1) * (box + 4) + 4;
            return (
              <rect
                key={i}
                x={x}
                y={qy - box / 2}
                width={box}
                height={box}
                rx={2}
                fill={packet}
                stroke={t.text}
                strokeWidth={1.5}
                data-packet=""
              />
            );
          })}
          {boxesMore > 0 && (
            <text x={qx1 - 4} y={qy - box / 2 - small * 0.6} fontSize={small} textAnchor="end">
              +{formatCount(boxesMore)} more
            </text>
          )}
          <text x={qx0} y={qy + box / 2 + small * 1.6} fontSize={small} fontWeight={700}>
            {caption.map((w, i) => (
              <tspan key={i} x={qx0} dy={i === 0 ? 0 : small * 1.2}>
                {w}
              </tspan>
            ))}
          </text>
          <text x={qx0} y={qy + box / 2 + small * 1.6 + caption.length * small * 1.2} fontSize={small} className="slv-muted">
            {captionTail.map((w, i) => (
              <tspan key={i} x={qx0} dy={i === 0 ? 0 : small * 1.2}>
                {w}
              </tspan>
            ))}
          </text>
          <path
            d={`M${c0.x},${c0.y} C${c1.x},${c1.y} ${c2.x},${c2.y} ${c3.x},${c3.y}`}
            fill="none"
            stroke={t.text}
            strokeWidth={2.5}
            markerEnd={`url(#${arrow})`}
            data-deferred=""
          />
          <text x={deferredX} y={(ly + bodyH / 2 + qy) / 2 - (deferredWords.length - 2) * small * 0.6} fontSize={small} fontWeight={700}>
            {deferredWords.map((w, i) => (
              <tspan key={i} x={deferredX} dy={i === 0 ? 0 : small * 1.15}>
                {w}
              </tspan>
            ))}
          </text>
        </g>
      ) : (
        <g data-no-prequeue="">
          <text x={qx0} y={qy - small * 0.2} fontSize={small} fontWeight={700}>
            No pre-queue (net.prequeue off):
          </text>
          <text x={qx0} y={qy + small * 1.1} fontSize={small}>
            {wrapWords(
              `a sender that finds the lock taken sleeps until it is free: ${formatPerS(m.lock.sleeps_per_s, ' sleeps a second')}`,
              Math.max(18, Math.floor((width - qx0) / (small * 0.56))),
            ).map((w, i) => (
              <tspan key={i} x={qx0} dy={i === 0 ? 0 : small * 1.15}>
                {w}
              </tspan>
            ))}
          </text>
        </g>
      )}

      {/* packets in flight */}
      {tokens.map((tok) => {
        let p: { x: number; y: number };
        if (tok.kind === 'in') {
          const from = chipRight(tok.from);
          const to = { x: qx0 + 6, y: qy };
          p = { x: from.x + (to.x - from.x) * tok.progress, y: from.y + (to.y - from.y) * tok.progress };
        } else if (tok.progress < 0.45) {
          p = bezier(tok.progress / 0.45);
        } else {
          const u = (tok.progress - 0.45) / 0.55;
          p = { x: lx + (nicX - lx) * u, y: ly };
        }
        return (
          <rect
            key={tok.kind}
            x={p.x - box / 2}
            y={p.y - box / 2}
            width={box}
            height={box}
            rx={2}
            fill={packet}
            stroke={t.text}
            strokeWidth={1.5}
            data-flow={tok.kind}
          />
        );
      })}
      {m.slowdown > 0 && (
        <text x={width} y={height - small * 0.3} fontSize={small} textAnchor="end" className="slv-muted">
          {reduced ? 'packets shown still' : `packets drawn about ${formatCount(Number(m.slowdown.toPrecision(2)))} times slower`}
        </text>
      )}
    </svg>
  );
}

function ThreadChip({
  id,
  state,
  x,
  y,
  w,
  h,
  t,
}: {
  id: number;
  state: SenderState;
  x: number;
  y: number;
  w: number;
  h: number;
  t: ThemeTokens;
}) {
  const small = t.smallSize;
  const holding = state === 'holding';
  const sleeping = state === 'sleeping';
  const label = STATE_SHORT[state];
  return (
    <g data-thread={id} data-state={state}>
      <rect
        x={x + 1}
        y={y}
        width={w - 2}
        height={h}
        rx={6}
        fill={t.surface}
        stroke={t.text}
        strokeWidth={holding ? t.strokeWidth + 1.5 : 1.5}
        strokeDasharray={sleeping ? '5 4' : undefined}
      />
      <text x={x + 10} y={y + small * 1.2} fontSize={small} fontWeight={700}>
        thread {id + 1}
        {sleeping ? '  z z' : ''}
      </text>
      <text x={x + 10} y={y + small * 2.35} fontSize={fitFontSize(label, w - 16, small, 9)}>
        {label}
      </text>
    </g>
  );
}

function StateLegend({ theme, prequeue }: { theme?: Theme; prequeue: boolean }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const chip = (dash?: string, heavy?: boolean) => (
    <svg width={s * 1.6} height={s}>
      <rect
        x={1}
        y={1}
        width={s * 1.6 - 2}
        height={s - 2}
        rx={4}
        fill={t.surface}
        stroke={t.text}
        strokeWidth={heavy ? t.strokeWidth + 1 : 1.5}
        strokeDasharray={dash}
      />
    </svg>
  );
  return (
    <Legend
      label="Stack lock legend"
      items={[
        { key: 'holding', label: `Thick: ${SENDER_WORDS.holding}`, swatch: chip(undefined, true) },
        prequeue
          ? { key: 'prequeued', label: `Arrow to the pre-queue: ${SENDER_WORDS.prequeued}`, swatch: chip() }
          : { key: 'sleeping', label: `Dashed: ${SENDER_WORDS.sleeping}`, swatch: chip('5 4') },
        {
          key: 'packet',
          label: 'A packet',
          swatch: (
            <svg width={s} height={s}>
              <rect x={3} y={3} width={s - 6} height={s - 6} rx={2} fill={packetColour(theme)} stroke={t.text} strokeWidth={1.5} />
            </svg>
          ),
        },
      ]}
    />
  );
}
