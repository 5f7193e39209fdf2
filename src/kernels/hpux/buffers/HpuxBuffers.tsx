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
import { textOn } from '../../../views/color.js';
import { firstThatFits, fitFontSize, fitFontSizeOrNone, formatPct, plural, wrapWords } from '../../../views/format.js';
import { leastWordSize, themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { formatSize, groupColour, type HpuxViewProps } from '../data.js';
import {
  buffersSummary,
  buffersView,
  MAX_BUFFERS_DRAWN,
  nextWords,
  ruleWords,
  type BuffersModel,
  type NextState,
  type SendBuffer,
  type SocketSlot,
} from './model.js';
import { HpuxWaiting } from '../waiting.js';
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

/**
 * On the presenter's stage the legend's words are shorter (two lines, not five), the
 * diagram's headings take the shortest words that fit one line, the next buffer's fate
 * is told in fewer words, and the rule is said once, by the diagram's line under the
 * buffers, not again below it.
 */
export function HpuxBuffers({ report, theme, width = 760, stage = false, title = 'Send buffers and the socket buffer' }: HpuxBuffersProps) {
  const view = buffersView(report);
  const summary = buffersSummary(view);
  if (view.kind !== 'buffers') {
    return (
      <HpuxWaiting
        view="hpux-buffers"
        theme={theme}
        width={width}
        title={title}
        summary={summary}
        legend={<BuffersLegend theme={theme} copyAvoid stage={stage} />}
      />
    );
  }
  const m = view.model;
  const headline = (
    <span data-k={m.k} data-needed={m.needed} data-next-state={m.nextState} data-next-copy={m.nextCopy ? 'true' : 'false'}>
      <strong>{m.k}</strong> buffer{m.k === 1 ? '' : 's'}
      {m.copyAvoid ? (
        <>
          {' '}
          of <strong>{m.needed}</strong> needed{' · '}copies forced <strong>{formatPct(m.hp.forced_copies_pct, 0)}</strong>
        </>
      ) : (
        <span className="slv-muted"> · copies: no copy avoidance</span>
      )}
    </span>
  );
  const fromBuffer = (b: number) => m.slots.filter((s) => s.buffer === b).length;
  return (
    <ViewFrame
      view="hpux-buffers"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={<BuffersLegend theme={theme} copyAvoid={m.copyAvoid} stage={stage} />}
      table={{
        caption: `The application's ${plural(m.k, 'send buffer')} and the unacknowledged sends in SO_SNDBUF (${formatSize(m.soSndbuf)})`,
        columns: ['Buffer', 'Held by the transport', 'Dirty bytes', 'Written next', 'Unacknowledged sends from it'],
        rows: m.buffers.map((b) => [
          `buffer ${b.index}`,
          b.held ? 'yes' : 'no',
          formatSize(b.dirty),
          b.next ? 'yes' : '',
          fromBuffer(b.index),
        ]),
      }}
    >
      <BufferDiagram model={m} width={innerWidth(width)} t={themeTokens(theme)} stage={stage} />
      <p className="slv-hpux-rule" data-next-words="">
        {nextWords(m, stage)}
      </p>
      {!stage && (
        <p className="slv-hpux-rule" data-rule-words="">
          {ruleWords(m)}
        </p>
      )}
    </ViewFrame>
  );
}

function BufferDiagram({ model: m, width, t, stage }: { model: BuffersModel; width: number; t: ThemeTokens; stage: boolean }) {
  const hatch = `slv-hpux-old-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const fs = t.fontSize;
  const small = t.smallSize;
  const line = small * 1.25;
  const positions = Math.min(MAX_BUFFERS_DRAWN, Math.max(m.k, m.copyAvoid ? m.needed : 0));
  const more = m.k - Math.min(m.k, positions);
  const gap = Math.max(3, Math.round(fs * 0.3));
  const cardW = Math.max(fs * 2.6, Math.min(fs * 5.6, (width - gap * (positions - 1)) / positions));
  // wide cards say the dirty bytes in words; narrow ones show the bar alone (the words are below and in the table)
  const roomy = cardW >= fs * 4.4;
  const cols = Math.max(1, Math.min(positions, Math.floor((width + gap) / (cardW + gap))));
  const rows = Math.ceil(positions / cols);
  const cardH = Math.round(roomy ? fs * 3.6 : fs * 3.2);
  const chars = Math.max(20, Math.floor(width / (small * 0.64)));
  // on the stage, the first words that take one line, else the shortest wrapped (the lab's in full, wrapped)
  const lines = (options: string[]) =>
    wrapWords(stage ? (options.find((o) => o.length <= chars) ?? options[options.length - 1]!) : options[0]!, chars);
  const drawn = more > 0 ? `; the first ${positions} drawn` : '';
  const heading = lines([
    `The application\u2019s send buffers: ${plural(m.k, 'buffer')} of ${formatSize(m.sendBytes)}, used in turn${drawn}`,
    `The application\u2019s ${plural(m.k, 'send buffer')} of ${formatSize(m.sendBytes)}${drawn}`,
  ]);
  const arrowH = Math.round(fs * 2.2);
  const nextRow = Math.floor(m.next / cols);
  // the arrow's band only above the row of the buffer written next
  const rowTop = (r: number) => heading.length * line + 6 + r * (cardH + gap) + (r >= nextRow ? arrowH : 0);
  const at = (i: number) => ({ x: (i % cols) * (cardW + gap), y: rowTop(Math.floor(i / cols)) });
  const bracketY = rowTop(rows - 1) + cardH + 6;
  const unacked = `${formatSize(Math.min(m.unackedBytes, m.soSndbuf))} unacknowledged`;
  const socketHeading = lines([
    `Socket buffer SO_SNDBUF, ${formatSize(m.soSndbuf)}: room for ${plural(m.capacity, 'send')}, ${unacked}`,
    `SO_SNDBUF, ${formatSize(m.soSndbuf)}: room for ${plural(m.capacity, 'send')}, ${unacked}`,
    `SO_SNDBUF, ${formatSize(m.soSndbuf)}: ${plural(m.capacity, 'send')}, ${unacked}`,
    `SO_SNDBUF, ${formatSize(m.soSndbuf)}: ${unacked}`,
  ]);
  const missing = m.enough ? '' : `: ${m.needed - m.k} missing`;
  const ruleLabel = m.copyAvoid
    ? lines([`SO_SNDBUF / send + 1 = ${m.needed} buffers needed${missing}`, `SO_SNDBUF / send + 1 = ${m.needed} needed${missing}`])
    : [];
  const socketTop = bracketY + (m.copyAvoid ? 5 + ruleLabel.length * line : 0) + fs * (stage ? 0.6 : 1.2);
  const boxTop = socketTop + socketHeading.length * line + 4;
  const waiting = m.slots.find((s) => s.waiting);
  const waitW = waiting ? Math.min(fs * 7, width * 0.2) : 0;
  // under the waiting send: shortened, then left out (its place beside the full socket says it) where too narrow to read
  const waitWords = firstThatFits(['waits in send(2)', 'waits'], waitW + gap * 2, small, 8, leastWordSize(t));
  const slotGap = 3;
  const boxW = width - (waiting ? waitW + gap * 3 : 0);
  const slotW = Math.max(1, (boxW - 8 - slotGap * (m.capacity - 1)) / m.capacity);
  const slotH = Math.round(fs * 2.6);
  const socketH = slotH + 8;
  const height = boxTop + socketH + small * 2;
  const copyColour = groupColour('copy', t.name);
  const slotLabel = slotLabelStyle(m, Math.min(slotW, waitW || slotW), small);
  const next = m.next < positions ? at(m.next) : null;
  const nextLabel = NEXT_LABEL[m.nextState];
  const half = (nextLabel.length * small * 0.62) / 2 + 2;
  return (
    <svg width={width} height={height} aria-hidden="true" data-diagram="buffers" data-k={m.k} data-next={m.next}>
      <OldPattern id={hatch} t={t} />
      <text x={0} y={small} fontSize={small} fontWeight={700}>
        {heading.map((l, n) => (
          <tspan key={n} x={0} dy={n === 0 ? 0 : line}>
            {l}
          </tspan>
        ))}
      </text>
      {Array.from({ length: positions }, (_, i) => {
        const p = at(i);
        const b = m.buffers[i];
        if (!b) {
          // the dashed card is the mark (the legend names it); the word goes where it cannot be read
          const size = fitFontSizeOrNone('missing', cardW - 6, small, 8, leastWordSize(t));
          return (
            <g key={i} data-missing={i}>
              <rect
                x={p.x}
                y={p.y}
                width={cardW}
                height={cardH}
                rx={6}
                fill="none"
                stroke={t.muted}
                strokeWidth={1.5}
                strokeDasharray="5 4"
              />
              {size > 0 && (
                <text x={p.x + cardW / 2} y={p.y + cardH / 2 + small * 0.35} fontSize={size} textAnchor="middle" style={{ fill: t.muted }}>
                  missing
                </text>
              )}
            </g>
          );
        }
        return <BufferCard key={i} b={b} m={m} x={p.x} y={p.y} w={cardW} h={cardH} t={t} roomy={roomy} />;
      })}
      {next && (
        <g data-next-marker="">
          <line
            x1={next.x + cardW / 2}
            x2={next.x + cardW / 2}
            y1={next.y - arrowH + small * 1.3}
            y2={next.y - 3}
            stroke={m.nextCopy ? copyColour : t.text}
            strokeWidth={2.5}
          />
          <path
            d={`M${next.x + cardW / 2 - 5},${next.y - 9} l5,7 l5,-7`}
            fill="none"
            stroke={m.nextCopy ? copyColour : t.text}
            strokeWidth={2.5}
          />
          <text
            x={Math.min(Math.max(next.x + cardW / 2, half), width - half)}
            y={next.y - arrowH + small * 0.95}
            fontSize={small}
            fontWeight={800}
            textAnchor="middle"
            style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
          >
            {nextLabel}
          </text>
        </g>
      )}
      {m.copyAvoid && (
        <g data-needed={m.needed}>
          <path
            d={`M1,${bracketY} v5 H${(m.needed <= cols ? at(Math.min(positions, m.needed) - 1).x + cardW : width) - 1} v-5`}
            fill="none"
            stroke={t.text}
            strokeWidth={1.5}
          />
          <text x={2} y={bracketY + 5 + small * 1.15} fontSize={small} fontWeight={700}>
            {ruleLabel.map((l, n) => (
              <tspan key={n} x={2} dy={n === 0 ? 0 : line}>
                {l}
              </tspan>
            ))}
          </text>
        </g>
      )}
      <text x={0} y={socketTop + small} fontSize={small} fontWeight={700}>
        {socketHeading.map((l, n) => (
          <tspan key={n} x={0} dy={n === 0 ? 0 : line}>
            {l}
          </tspan>
        ))}
      </text>
      <g data-socket="" data-capacity={m.capacity} data-filled={m.slots.filter((s) => !s.waiting).length}>
        <rect x={0} y={boxTop} width={boxW} height={socketH} rx={6} fill="none" stroke={t.text} strokeWidth={2} />
        {Array.from({ length: m.capacity }, (_, i) => (
          <Slot
            key={i}
            slot={m.slots[i]}
            x={4 + i * (slotW + slotGap)}
            y={boxTop + 4}
            w={slotW}
            h={slotH}
            t={t}
            copyAvoid={m.copyAvoid}
            hatch={hatch}
            label={slotLabel}
          />
        ))}
        {waiting && (
          <g data-waiting={waiting.buffer}>
            <Slot
              slot={waiting}
              x={boxW + gap * 3}
              y={boxTop + 4}
              w={waitW}
              h={slotH}
              t={t}
              copyAvoid={m.copyAvoid}
              hatch={hatch}
              label={slotLabel}
            />
            {waitWords && (
              <text
                x={boxW + gap * 3 + waitW / 2}
                y={boxTop + socketH + small * 1.2}
                fontSize={fitFontSize(waitWords, waitW + gap * 2, small, Math.max(8, leastWordSize(t)))}
                textAnchor="middle"
              >
                {waitWords}
              </text>
            )}
          </g>
        )}
      </g>
      <text x={2} y={boxTop + socketH + small * 1.2} fontSize={small} style={{ fill: t.muted }}>
        &larr; oldest: acknowledged next
      </text>
      {boxW > fs * 18 && (
        <text x={boxW - 2} y={boxTop + socketH + small * 1.2} fontSize={small} textAnchor="end" style={{ fill: t.muted }}>
          newest &rarr;
        </text>
      )}
    </svg>
  );
}

function BufferCard({
  b,
  m,
  x,
  y,
  w,
  h,
  t,
  roomy,
}: {
  b: SendBuffer;
  m: BuffersModel;
  x: number;
  y: number;
  w: number;
  h: number;
  t: ThemeTokens;
  roomy: boolean;
}) {
  const small = t.smallSize;
  const held = m.copyAvoid && b.held;
  const fill = held ? groupColour('map', t.name) : t.surface;
  const ink = held ? textOn(fill) : t.text;
  const warn = b.next && m.nextCopy;
  const state = m.copyAvoid ? (held ? 'held' : 'free') : 'own';
  const barH = Math.round(small * (roomy ? 1.1 : 0.8));
  const barY = y + h - barH - 5;
  const dirtyW = Math.max(3, (w - 10) * Math.min(1, b.dirty / m.sendBytes));
  return (
    <g data-buffer={b.index} data-held={held ? 'true' : 'false'} data-dirty={b.dirty}>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={6}
        fill={fill}
        stroke={warn ? groupColour('copy', t.name) : b.next ? t.text : t.axis}
        strokeWidth={warn || b.next ? t.strokeWidth + 1.5 : 1.5}
      />
      {roomy ? (
        <>
          <text x={x + 7} y={y + small * 1.25} fontSize={small} fontWeight={800} style={{ fill: ink }}>
            {b.index}
          </text>
          <text x={x + w - 6} y={y + small * 1.25} fontSize={small} textAnchor="end" style={{ fill: ink }}>
            {state}
          </text>
          <text
            x={x + w / 2}
            y={barY - small * 0.35}
            fontSize={fitFontSize(`${formatSize(b.dirty)} dirty`, w - 8, small * 0.9, 9)}
            textAnchor="middle"
            style={{ fill: ink }}
          >
            {b.dirty > 0 ? `${formatSize(b.dirty)} dirty` : 'clean'}
          </text>
        </>
      ) : (
        <>
          <text x={x + w / 2} y={y + small * 1.2} fontSize={small} fontWeight={800} textAnchor="middle" style={{ fill: ink }}>
            {b.index}
          </text>
          <text x={x + w / 2} y={y + small * 2.35} fontSize={fitFontSize(state, w - 6, small, 9)} textAnchor="middle" style={{ fill: ink }}>
            {state}
          </text>
        </>
      )}
      <rect x={x + 5} y={barY} width={w - 10} height={barH} rx={2} fill={t.background} stroke={t.axis} strokeWidth={1} />
      {b.dirty > 0 && (
        <rect
          x={x + 5}
          y={barY}
          width={dirtyW}
          height={barH}
          rx={2}
          fill={groupColour('write', t.name)}
          stroke={t.text}
          strokeWidth={0.75}
        />
      )}
    </g>
  );
}

type SlotLabel = 'long' | 'short' | 'number';

/** One label style for every slot: the longest that fits the narrowest. */
function slotLabelStyle(m: BuffersModel, w: number, small: number): SlotLabel {
  const widest = String(Math.max(0, m.k - 1)).length;
  const fits = (chars: number) => chars * small * 0.62 <= w - 6;
  if (fits((m.copyAvoid ? 'buffer  (old)' : 'copy of ').length + widest)) return 'long';
  if (fits((m.copyAvoid ? ' (old)' : 'copy ').length + widest)) return 'short';
  return 'number';
}

function Slot({
  slot,
  x,
  y,
  w,
  h,
  t,
  copyAvoid,
  hatch,
  label,
}: {
  slot: SocketSlot | undefined;
  x: number;
  y: number;
  w: number;
  h: number;
  t: ThemeTokens;
  copyAvoid: boolean;
  hatch: string;
  label: SlotLabel;
}) {
  if (!slot) {
    return <rect x={x} y={y} width={w} height={h} rx={3} fill={t.background} stroke={t.grid} strokeWidth={1.5} data-slot-state="empty" />;
  }
  const state = !copyAvoid ? 'copy' : slot.lent ? 'lent' : 'old';
  const solid = groupColour(state === 'copy' ? 'copy' : 'map', t.name);
  const ink = state === 'old' ? t.text : textOn(solid);
  const n = slot.buffer;
  const words: Record<typeof state, Record<SlotLabel, string>> = {
    copy: { long: `copy of ${n}`, short: `copy ${n}`, number: String(n) },
    lent: { long: `buffer ${n}`, short: `buf ${n}`, number: String(n) },
    old: { long: `buffer ${n} (old)`, short: `${n} (old)`, number: String(n) },
  };
  const text = words[state][label];
  return (
    <g data-slot-state={state} data-slot-buffer={n}>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={3}
        fill={state === 'old' ? `url(#${hatch})` : solid}
        stroke={slot.waiting ? t.text : t.axis}
        strokeWidth={1.5}
        strokeDasharray={slot.waiting ? '5 3' : undefined}
      />
      {w >= 12 && (
        <text
          x={x + w / 2}
          y={y + h / 2 + t.smallSize * 0.35}
          fontSize={fitFontSize(text, w - 4, t.smallSize, 8, true)}
          fontWeight={700}
          textAnchor="middle"
          style={{ fill: ink, ...(state === 'old' ? { stroke: t.background, strokeWidth: 3, paintOrder: 'stroke' } : {}) }}
        >
          {text}
        </text>
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

function BuffersLegend({ theme, copyAvoid, stage }: { theme?: Theme; copyAvoid: boolean; stage: boolean }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const box = (fill: string, dash?: string) => (
    <svg width={s * 1.4} height={s}>
      <rect x={1} y={1} width={s * 1.4 - 2} height={s - 2} rx={3} fill={fill} stroke={t.text} strokeWidth={1} strokeDasharray={dash} />
    </svg>
  );
  // [the lab's words, the stage's]
  const words = (lab: string, short: string) => (stage ? short : lab);
  const items = copyAvoid
    ? [
        {
          key: 'held',
          label: words('Held by the transport (lent copy-on-write; in SO_SNDBUF: that buffer\u2019s pages)', 'Held by the transport'),
          swatch: box(groupColour('map', theme)),
        },
        { key: 'free', label: words('The application\u2019s: free to write', 'Free to write'), swatch: box(t.surface) },
        {
          key: 'old',
          label: words('In SO_SNDBUF: old pages the application has copied away from', 'Old pages (copied away)'),
          swatch: <OldSwatch theme={theme} />,
        },
        { key: 'missing', label: words('Missing: buffers the rule asks for', 'Missing'), swatch: box('none', '4 3') },
      ]
    : [
        { key: 'own', label: words('The application\u2019s buffer', 'The application\u2019s'), swatch: box(t.surface) },
        {
          key: 'copy',
          label: words('In SO_SNDBUF: the kernel\u2019s copy of a send', 'The kernel\u2019s copy'),
          swatch: box(groupColour('copy', theme)),
        },
      ];
  return (
    <Legend
      label="Send buffers legend"
      items={[
        ...items,
        {
          key: 'dirty',
          label: words('Bar: bytes dirty in the cache (written)', 'Bar: dirty bytes'),
          swatch: box(groupColour('write', theme)),
        },
        {
          key: 'next',
          label: words('Thick outline and arrow: the buffer written next (red: the write forces a copy)', 'Written next (red: a copy)'),
          swatch: (
            <svg width={s * 1.4} height={s}>
              <rect
                x={2}
                y={2}
                width={s * 1.4 - 4}
                height={s - 4}
                rx={3}
                fill={t.surface}
                stroke={groupColour('copy', theme)}
                strokeWidth={3}
              />
            </svg>
          ),
        },
      ]}
    />
  );
}
