/*
 * HpuxBuffers.tsx -- the sender's k send buffers and the socket buffer (HP-UX 9.0,
 * source 003, section 3.2), live from the report: a card per buffer (held by the
 * transport copy-on-write, or the application's; a bar of its dirty bytes), dashed cards
 * for the buffers the rule SO_SNDBUF / send size + 1 says are missing, the next buffer
 * the application writes pointed at (and, when the transport still holds it, that the
 * write forces a copy); below, SO_SNDBUF as slots of one send each, filled by the
 * unacknowledged sends oldest first, each naming the buffer it came from; a send past
 * SO_SNDBUF waits in send(2).
 */
import { useId } from 'react';
import { textOn } from '../color.js';
import { fitFontSize, formatPct, plural } from '../format.js';
import { themeTokens, type Theme, type ThemeTokens } from '../palette.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { Legend, swatchSize } from '../common/Legend.js';
import { formatSize, groupColour, type HpuxViewProps } from '../hpux-data.js';
import {
  buffersSummary, buffersView, MAX_BUFFERS_DRAWN, nextWords, ruleWords, type BuffersModel, type NextState, type SocketSlot,
} from './model.js';
import { HpuxWaiting } from '../hpux-waiting.js';
import '../hpux.css';

/** report: report.hpux (buffers, next_buffer, unacked_bytes), live while the lab plays; width default 760. */
export type HpuxBuffersProps = HpuxViewProps;

const NEXT_LABEL: Record<NextState, string> = {
  'held-copy': '\u26A0 next write: a copy',
  'held-freed': 'next: freed by the ACK',
  free: 'written next',
  written: 'written, sent next',
  copied: '\u26A0 copied, sent next',
};

export function HpuxBuffers({ report, theme, width = 760, title = 'Send buffers and the socket buffer' }: HpuxBuffersProps) {
  const view = buffersView(report);
  const summary = buffersSummary(view);
  if (view.kind !== 'buffers') {
    return <HpuxWaiting view="hpux-buffers" theme={theme} width={width} title={title} summary={summary} legend={<BuffersLegend theme={theme} copyAvoid />} />;
  }
  const m = view.model;
  const headline = (
    <span data-k={m.k} data-needed={m.needed} data-next-state={m.nextState} data-next-copy={m.nextCopy ? 'true' : 'false'}>
      <strong>{m.k}</strong> buffer{m.k === 1 ? '' : 's'}
      {m.copyAvoid
        ? <> of <strong>{m.needed}</strong> needed{' · '}copies forced <strong>{formatPct(m.hp.forced_copies_pct, 0)}</strong></>
        : <span className="slv-muted"> · copies: no copy avoidance</span>}
    </span>
  );
  const fromBuffer = (b: number) => m.slots.filter((s) => s.buffer === b).length;
  return (
    <ViewFrame view="hpux-buffers" theme={theme} width={width} title={title} headline={headline} summary={summary}
      legend={<BuffersLegend theme={theme} copyAvoid={m.copyAvoid} />}
      table={{
        caption: `The application's ${plural(m.k, 'send buffer')} and the unacknowledged sends in SO_SNDBUF (${formatSize(m.soSndbuf)})`,
        columns: ['Buffer', 'Held by the transport', 'Dirty bytes', 'Written next', 'Unacknowledged sends from it'],
        rows: m.buffers.map((b) => [`buffer ${b.index}`, b.held ? 'yes' : 'no', formatSize(b.dirty), b.next ? 'yes' : '', fromBuffer(b.index)]),
      }}>
      <BufferDiagram model={m} width={innerWidth(width)} t={themeTokens(theme)} />
      <p className="slv-hpux-rule" data-next-words="">{nextWords(m)}</p>
      <p className="slv-hpux-rule" data-rule-words="">{ruleWords(m)}</p>
    </ViewFrame>
  );
}

function BufferDiagram({ model: m, width, t }: { model: BuffersModel; width: number; t: ThemeTokens }) {
  const hatch = `slv-hpux-old-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const fs = t.fontSize;
  const small = t.smallSize;
  const positions = Math.min(MAX_BUFFERS_DRAWN, Math.max(m.k, m.copyAvoid ? m.needed : 0));
  const more = m.k - Math.min(m.k, positions);
  const gap = Math.round(fs * 0.45);
  const cardW = Math.max(fs * 3.4, Math.min(fs * 5.6, (width - gap * (positions - 1)) / positions));
  const cols = Math.max(1, Math.min(positions, Math.floor((width + gap) / (cardW + gap))));
  const rows = Math.ceil(positions / cols);
  const cardH = Math.round(fs * 3.6);
  const labelH = Math.round(fs * 1.5);
  const arrowH = Math.round(fs * 2.2);
  const rowH = arrowH + cardH + gap;
  const top = labelH;
  const bracketY = top + rows * rowH + 2;
  const socketTop = bracketY + (m.copyAvoid ? small * 2.6 : 0) + fs * 1.8;
  const waiting = m.slots.some((s) => s.waiting);
  const waitW = waiting ? Math.min(fs * 7, width * 0.22) : 0;
  const slotGap = 3;
  const boxW = width - waitW - (waiting ? gap * 2 : 0);
  const slotW = (boxW - 8 - slotGap * (m.capacity - 1)) / m.capacity;
  const slotH = Math.round(fs * 2.6);
  const socketH = slotH + 8;
  const height = socketTop + labelH + socketH + small * 2;
  const at = (i: number) => ({ x: (i % cols) * (cardW + gap), y: top + Math.floor(i / cols) * rowH + arrowH });
  const copyColour = groupColour('copy', t.name);
  const heldColour = groupColour('map', t.name);
  const dirtyColour = groupColour('write', t.name);
  const slotX = (i: number) => 4 + i * (slotW + slotGap);
  return (
    <svg width={width} height={height} aria-hidden="true" data-diagram="buffers" data-k={m.k} data-next={m.next}>
      <OldPattern id={hatch} t={t} />
      <text x={0} y={fs * 1.05} fontSize={small} fontWeight={700}>
        The application&rsquo;s send buffers ({m.k} of {formatSize(m.sendBytes)}, used in turn){more > 0 ? `, first ${positions} drawn` : ''}
      </text>
      {Array.from({ length: positions }, (_, i) => {
        const p = at(i);
        const b = m.buffers[i];
        if (!b) {
          return (
            <g key={i} data-missing={i}>
              <rect x={p.x} y={p.y} width={cardW} height={cardH} rx={6} fill="none" stroke={t.muted} strokeWidth={1.5} strokeDasharray="5 4" />
              <text x={p.x + cardW / 2} y={p.y + cardH / 2 + small * 0.35} fontSize={fitFontSize('missing', cardW - 8, small, 9)}
                textAnchor="middle" style={{ fill: t.muted }}>missing</text>
            </g>
          );
        }
        const held = m.copyAvoid && b.held;
        const fill = held ? heldColour : t.surface;
        const ink = held ? textOn(fill) : t.text;
        const dirtyShare = Math.min(1, b.dirty / m.sendBytes);
        const warn = b.next && m.nextCopy;
        const nextLabel = NEXT_LABEL[m.nextState];
        const half = (nextLabel.length * small * 0.62) / 2 + 2;
        return (
          <g key={i} data-buffer={i} data-held={held ? 'true' : 'false'} data-dirty={b.dirty}>
            <rect x={p.x} y={p.y} width={cardW} height={cardH} rx={6} fill={fill}
              stroke={warn ? copyColour : b.next ? t.text : t.axis} strokeWidth={warn || b.next ? t.strokeWidth + 1.5 : 1.5} />
            <text x={p.x + 7} y={p.y + small * 1.25} fontSize={small} fontWeight={800} style={{ fill: ink }}>{i}</text>
            <text x={p.x + cardW - 6} y={p.y + small * 1.25} fontSize={fitFontSize(held ? 'held' : 'free', cardW * 0.55, small, 9)}
              textAnchor="end" style={{ fill: ink }}>{m.copyAvoid ? (held ? 'held' : 'free') : 'own'}</text>
            <rect x={p.x + 6} y={p.y + cardH - small * 1.1 - 6} width={cardW - 12} height={small * 1.1} rx={2} fill={t.background}
              stroke={t.axis} strokeWidth={1} />
            {dirtyShare > 0 && (
              <rect x={p.x + 6} y={p.y + cardH - small * 1.1 - 6} width={Math.max(3, (cardW - 12) * dirtyShare)} height={small * 1.1} rx={2}
                fill={dirtyColour} stroke={t.text} strokeWidth={0.75} />
            )}
            <text x={p.x + cardW / 2} y={p.y + cardH - small * 1.5 - 8} fontSize={fitFontSize(`${formatSize(b.dirty)} dirty`, cardW - 8, small * 0.9, 8)}
              textAnchor="middle" style={{ fill: ink }}>{b.dirty > 0 ? `${formatSize(b.dirty)} dirty` : 'clean'}</text>
            {b.next && (
              <g data-next-marker="">
                <line x1={p.x + cardW / 2} x2={p.x + cardW / 2} y1={p.y - arrowH + small * 1.3} y2={p.y - 3} stroke={warn ? copyColour : t.text} strokeWidth={2.5} />
                <path d={`M${p.x + cardW / 2 - 5},${p.y - 9} L${p.x + cardW / 2},${p.y - 2} L${p.x + cardW / 2 + 5},${p.y - 9}`} fill="none"
                  stroke={warn ? copyColour : t.text} strokeWidth={2.5} />
                <text x={Math.min(Math.max(p.x + cardW / 2, half), width - half)} y={p.y - arrowH + small * 0.95} fontSize={small}
                  fontWeight={800} textAnchor="middle" style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}>
                  {nextLabel}
                </text>
              </g>
            )}
          </g>
        );
      })}
      {m.copyAvoid && (
        <g data-needed={m.needed}>
          {(() => {
            const last = Math.min(positions, m.needed) - 1;
            const x1 = at(last).x + cardW;
            const sameRow = Math.floor(last / cols) === 0;
            const x0 = 0;
            const y = bracketY;
            const label = `SO_SNDBUF / send + 1 = ${m.needed} buffers needed${m.enough ? '' : `: ${m.needed - m.k} missing`}`;
            return (
              <>
                <path d={`M${x0 + 1},${y} v5 H${(sameRow ? x1 : width) - 1} v-5`} fill="none" stroke={t.text} strokeWidth={1.5} />
                <text x={x0 + 2} y={y + 5 + small * 1.15} fontSize={small} fontWeight={700}>{label}</text>
              </>
            );
          })()}
        </g>
      )}
      <text x={0} y={socketTop + small * 1.05} fontSize={small} fontWeight={700}>
        Socket buffer SO_SNDBUF, {formatSize(m.soSndbuf)}: room for {plural(m.capacity, 'send')}, {formatSize(Math.min(m.unackedBytes, m.soSndbuf))} unacknowledged
      </text>
      <g data-socket="" data-capacity={m.capacity} data-filled={m.slots.filter((s) => !s.waiting).length}>
        <rect x={0} y={socketTop + labelH} width={boxW} height={socketH} rx={6} fill="none" stroke={t.text} strokeWidth={2} />
        {Array.from({ length: m.capacity }, (_, i) => {
          const slot = m.slots[i];
          return <Slot key={i} slot={slot} x={slotX(i)} y={socketTop + labelH + 4} w={slotW} h={slotH} t={t} copyAvoid={m.copyAvoid} hatch={hatch} />;
        })}
        {m.slots.filter((s) => s.waiting).slice(0, 1).map((s) => (
          <g key="waiting" data-waiting={s.buffer}>
            <Slot slot={s} x={boxW + gap * 2} y={socketTop + labelH + 4} w={waitW} h={slotH} t={t} copyAvoid={m.copyAvoid} hatch={hatch} />
            <text x={boxW + gap * 2 + waitW / 2} y={socketTop + labelH + socketH + small * 1.2} fontSize={fitFontSize('waits in send(2)', waitW, small, 9)}
              textAnchor="middle">waits in send(2)</text>
          </g>
        ))}
      </g>
      <text x={2} y={socketTop + labelH + socketH + small * 1.2} fontSize={small} className="slv-muted" style={{ fill: t.muted }}>
        &larr; oldest: acknowledged next
      </text>
      <text x={boxW - 2} y={socketTop + labelH + socketH + small * 1.2} fontSize={small} textAnchor="end" style={{ fill: t.muted }}>
        newest &rarr;
      </text>
    </svg>
  );
}

function Slot({ slot, x, y, w, h, t, copyAvoid, hatch }: {
  slot: SocketSlot | undefined; x: number; y: number; w: number; h: number; t: ThemeTokens; copyAvoid: boolean; hatch: string;
}) {
  if (!slot) {
    return <rect x={x} y={y} width={w} height={h} rx={3} fill={t.background} stroke={t.grid} strokeWidth={1.5} data-slot-state="empty" />;
  }
  const state = !copyAvoid ? 'copy' : slot.lent ? 'lent' : 'old';
  const fill = state === 'copy' ? groupColour('copy', t.name) : state === 'lent' ? groupColour('map', t.name) : `url(#${hatch})`;
  const ink = state === 'old' ? t.text : textOn(state === 'copy' ? groupColour('copy', t.name) : groupColour('map', t.name));
  const choices = state === 'copy' ? [`copy of ${slot.buffer}`, `copy ${slot.buffer}`]
    : state === 'old' ? [`${slot.buffer} (old)`] : [`buffer ${slot.buffer}`, `buf ${slot.buffer}`];
  const text = choices.find((c) => c.length * t.smallSize * 0.62 <= w - 6) ?? String(slot.buffer);
  return (
    <g data-slot-state={state} data-slot-buffer={slot.buffer}>
      <rect x={x} y={y} width={w} height={h} rx={3} fill={fill} stroke={slot.waiting ? t.text : t.axis} strokeWidth={1.5}
        strokeDasharray={slot.waiting ? '5 3' : undefined} />
      {w >= 12 && (
        <text x={x + w / 2} y={y + h / 2 + t.smallSize * 0.35} fontSize={fitFontSize(text, w - 4, t.smallSize, 8)} fontWeight={700}
          textAnchor="middle" style={{ fill: ink, ...(state === 'old' ? { stroke: t.background, strokeWidth: 3, paintOrder: 'stroke' } : {}) }}>{text}</text>
      )}
    </g>
  );
}

function OldSwatch({ theme }: { theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const id = `slv-hpux-oldkey-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={s * 1.4} height={s}>
      <OldPattern id={id} t={t} />
      <rect x={1} y={1} width={s * 1.4 - 2} height={s - 2} rx={3} fill={`url(#${id})`} stroke={t.text} strokeWidth={1} />
    </svg>
  );
}

/** Stripes of the lent colour: pages the transport still has, the application no longer uses. */
function OldPattern({ id, t }: { id: string; t: ThemeTokens }) {
  return (
    <defs>
      <pattern id={id} patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">
        <rect width="8" height="8" fill={t.background} />
        <line x1="0" y1="0" x2="0" y2="8" stroke={groupColour('map', t.name)} strokeWidth={3} />
      </pattern>
    </defs>
  );
}

function BuffersLegend({ theme, copyAvoid }: { theme?: Theme; copyAvoid: boolean }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const box = (fill: string, dash?: string) => (
    <svg width={s * 1.4} height={s}><rect x={1} y={1} width={s * 1.4 - 2} height={s - 2} rx={3} fill={fill} stroke={t.text} strokeWidth={1}
      strokeDasharray={dash} /></svg>
  );
  const items = copyAvoid
    ? [
      { key: 'held', label: 'Held by the transport (lent copy-on-write; in SO_SNDBUF: that buffer\u2019s pages)', swatch: box(groupColour('map', theme)) },
      { key: 'free', label: 'The application\u2019s: free to write', swatch: box(t.surface) },
      { key: 'old', label: 'In SO_SNDBUF: old pages the application has copied away from', swatch: <OldSwatch theme={theme} /> },
      { key: 'missing', label: 'Missing: buffers the rule asks for', swatch: box('none', '4 3') },
    ]
    : [
      { key: 'own', label: 'The application\u2019s buffer', swatch: box(t.surface) },
      { key: 'copy', label: 'In SO_SNDBUF: the kernel\u2019s copy of a send', swatch: box(groupColour('copy', theme)) },
    ];
  return (
    <Legend label="Send buffers legend" items={[
      ...items,
      { key: 'dirty', label: 'Bar: bytes dirty in the cache (written)', swatch: box(groupColour('write', theme)) },
      { key: 'next', label: 'Thick outline and arrow: the buffer written next (red: the write forces a copy)', swatch: (
        <svg width={s * 1.4} height={s}><rect x={2} y={2} width={s * 1.4 - 4} height={s - 4} rx={3} fill={t.surface} stroke={groupColour('copy', theme)} strokeWidth={3} /></svg>
      ) },
    ]} />
  );
}

