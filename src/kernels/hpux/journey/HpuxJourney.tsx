/*
 * HpuxJourney.tsx -- one send, byte by byte (HP-UX 9.0, source 003): the eight stages a
 * send's bytes pass from the sending application's buffer to the receiving one's, as
 * boxes in a row (two rows when narrow), each saying what this run does there and what
 * it costs the CPU (report.hpux.per_send_ns / per_recv_ns), a bar as long as that cost,
 * and a byte token that visits them in turn, lingering where the CPU works longest; the
 * stage it is at in words; Pause, Previous and Next step it by hand (under reduced
 * motion it never moves on its own). Below, the rules as a table: which stages touch the
 * bytes for each combination of features, this run's row marked.
 */
import { useState } from 'react';
import { formatNs, wrapWords } from '../../../views/format.js';
import { usePrefersReducedMotion } from '../../../views/motion.js';
import { themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { useWallClock } from '../../../views/common/clock.js';
import {
  byteTokenColour,
  formatSize,
  GROUP_WORDS,
  groupColour,
  interfaceShort,
  TOUCH_WORDS,
  TOUCHES,
  type HpuxViewProps,
  type TouchGroup,
} from '../data.js';
import {
  boxTitleLines,
  cpuPasses,
  FEATURE_ROWS,
  journeySummary,
  journeyView,
  stageDwellsMs,
  stageRules,
  STAGES,
  stageSentence,
  tokenAt,
  type JourneyConfig,
  type JourneyModel,
  type MeasuredStage,
  type StageInfo,
} from './model.js';
import { HpuxWaiting } from '../waiting.js';
import '../hpux.css';

/**
 * report: report.hpux (per_send_ns, per_recv_ns, the bytes) and report.scenario.hpux
 * (bytes written); width default 1100. On the presenter's stage (`stage`) it is a slide:
 * the stages' boxes give their title, cost and bar (what each does, the "Now:" line says
 * as the token reaches it), the legend's words are short, and the rules table is left to
 * the lab.
 */
export type HpuxJourneyProps = HpuxViewProps;

const GROUPS: readonly TouchGroup[] = ['write', 'copy', 'checksum', 'cache', 'map', 'card'];

export function HpuxJourney(props: HpuxJourneyProps) {
  const { theme } = props;
  const width = props.width ?? 1100;
  const view = journeyView(props.report);
  const title = props.title ?? 'One send, byte by byte';
  const summary = journeySummary(view);
  const stage = !!props.stage;
  // on the stage the legend names only the groups its boxes show (the lab's lists every one, as its rules table does)
  const shown = stage && view.kind === 'journey' ? new Set(view.model.stages.map((s) => s.rule.group)) : undefined;
  const legend = <GroupLegend theme={theme} stage={stage} shown={shown} />;

  if (view.kind !== 'journey') {
    return (
      <HpuxWaiting
        view="hpux-journey"
        theme={theme}
        width={width}
        title={title}
        summary={summary}
        legend={legend}
        message={view.kind === 'no-send' ? summary : undefined}
      />
    );
  }
  const m = view.model;
  const headline = (
    <span data-per-send={m.perSendNs} data-per-recv={m.perRecvNs} data-bytes={m.bytesTouchedPerSend}>
      per send <strong>{formatNs(m.perSendNs)}</strong>
      {' · '}per receive <strong>{formatNs(m.perRecvNs)}</strong>
      {!stage && (
        <>
          {' · '}
          <span style={{ whiteSpace: 'nowrap' }}>
            <strong>{formatSize(m.bytesTouchedPerSend)}</strong> touched per send
          </span>
        </>
      )}
    </span>
  );
  return (
    <ViewFrame
      view="hpux-journey"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={legend}
      table={{
        caption: `CPU work on the bytes, measured: per send (sender) and per receive (receiver), ${interfaceShort(m.config.interface)}`,
        columns: ['Touch', 'ns per send', 'bytes per send', 'ns per receive', 'bytes per receive'],
        rows: TOUCHES.map((k) => [
          TOUCH_WORDS[k],
          formatNs(m.hp.per_send_ns?.[k] ?? 0),
          formatSize(m.hp.per_send_bytes?.[k] ?? 0),
          formatNs(m.hp.per_recv_ns?.[k] ?? 0),
          formatSize(m.hp.per_recv_bytes?.[k] ?? 0),
        ]),
      }}
    >
      <Journey model={m} width={innerWidth(width)} theme={theme} stage={stage} />
      {!stage && <RulesTable model={m} width={innerWidth(width)} t={themeTokens(theme)} theme={theme} />}
    </ViewFrame>
  );
}

// ---- the stages and the token ------------------------------------------------------------------

function Journey({ model: m, width, theme, stage }: { model: JourneyModel; width: number; theme?: Theme; stage: boolean }) {
  const t = themeTokens(theme);
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [step, setStep] = useState(0);
  const playing = !reduced && !paused;
  const wall = useWallClock(playing);
  const dwells = stageDwellsMs(m.stages);
  const offset = dwells.slice(0, step).reduce((a, b) => a + b, 0);
  const token = playing && wall !== null ? tokenAt(dwells, wall + offset) : { stage: step, glide: 0, position: step };
  const n = m.stages.length;
  const go = (to: number) => {
    setPaused(true);
    setStep(((to % n) + n) % n);
  };
  return (
    <div className={stage ? 'slv-hpux-journey slv-hpux-journey-stage' : 'slv-hpux-journey'}>
      <StageBoxes model={m} width={width} t={t} token={token} reduced={reduced} stage={stage} />
      <p className="slv-hpux-now" data-stage-words={m.stages[token.stage]!.id} aria-live={playing ? 'off' : 'polite'}>
        <strong>Now: </strong>
        {stageSentence(m, token.stage, stage)}
      </p>
      <div className="slv-hpux-controls" role="group" aria-label="The byte token">
        {!reduced && (
          <button type="button" className="slv-button" data-token-play="" onClick={() => (paused ? setPaused(false) : go(token.stage))}>
            {paused ? 'Play the trip' : 'Pause'}
          </button>
        )}
        <button type="button" className="slv-button" onClick={() => go(token.stage - 1)}>
          Previous stage
        </button>
        <button type="button" className="slv-button" onClick={() => go(token.stage + 1)}>
          Next stage
        </button>
        {!stage && (
          <span className="slv-muted">
            {reduced ? 'Reduced motion: step through the stages with the buttons.' : 'The token lingers where the CPU spends longest.'}
          </span>
        )}
      </div>
    </div>
  );
}

function StageBoxes({
  model: m,
  width,
  t,
  token,
  reduced,
  stage,
}: {
  model: JourneyModel;
  width: number;
  t: ThemeTokens;
  token: { stage: number; position: number };
  reduced: boolean;
  stage: boolean;
}) {
  const fs = t.fontSize;
  const small = t.smallSize;
  const n = m.stages.length;
  // one row where the eight boxes fit, else two; in a narrow frame (a phone, a docs
  // column) four rows of two, where a box of four to a row would be too narrow for its
  // words (the stage's boxes have none: a title, a cost and a bar, four to a row)
  const cols = width >= Math.round(fs * 58) ? n : stage || width >= Math.round(fs * 30) ? n / 2 : 2;
  // closer on the stage, where a box's title needs every px of its width
  const gap = Math.round(fs * (stage ? 0.8 : 1.1));
  const boxW = (width - gap * (cols - 1)) / cols;
  const chars = Math.max(8, Math.floor((boxW - 16) / (small * 0.56)));
  // a title starts 13 px in (the group's band, then a gap) and ends 2 px short of the edge
  const titles = m.stages.map((_, i) => boxTitleLines(i, (boxW - 15) / small));
  // on the stage a box gives its title, cost and bar; the "Now:" line says what the stage does
  const words = m.stages.map((s) => (stage ? [] : wrapWords(s.rule.long, chars)));
  const titleLines = Math.max(...titles.map((l) => l.length));
  const wordLines = Math.max(...words.map((l) => l.length));
  const line = small * 1.2;
  const valueFs = Math.round(fs * 1.15);
  const boxH = Math.round(10 + titleLines * line + (wordLines > 0 ? 6 + wordLines * line : 0) + valueFs * 1.5 + 14);
  const hostH = Math.round(small * 1.9);
  // the token's lane above each row (closer on the stage, where every px of height counts)
  const laneH = Math.round(fs * (stage ? 1.4 : 1.7));
  const rowH = hostH + laneH + boxH + Math.round(fs * 0.9);
  const rows = n / cols;
  // the last row needs no gap under it
  const height = rows * rowH - Math.round(fs * 0.9);
  const most = Math.max(1, ...m.stages.map((s) => s.ns));
  const place = (i: number) => ({ x: (i % cols) * (boxW + gap), y: Math.floor(i / cols) * rowH + hostH + laneH });
  const centre = (i: number) => ({ x: place(i).x + boxW / 2, y: place(i).y });
  const a = centre(Math.floor(token.position));
  const b = centre(Math.min(n - 1, Math.ceil(token.position)));
  const u = token.position - Math.floor(token.position);
  const tok = { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u - laneH / 2 };
  const hosts = hostSpans(m);
  const tokenSize = Math.round(fs * 1.1);
  return (
    <svg
      width={width}
      height={height}
      aria-hidden="true"
      data-journey=""
      data-cols={cols}
      data-token-stage={m.stages[token.stage]!.id}
      data-reduced={reduced ? '' : undefined}
    >
      {hosts.map((h) => {
        // a bracket over each row the host's stages take; its name over the widest
        const segments = rowSegments(h.from, h.to, cols);
        const named = segments.reduce((best, seg) => (seg.to - seg.from > best.to - best.from ? seg : best), segments[0]!);
        return (
          <g key={h.label} data-host={h.label}>
            {segments.map((seg) => {
              const x0 = place(seg.from).x;
              const x1 = place(seg.to).x + boxW;
              const y = Math.floor(seg.from / cols) * rowH + small * 1.1;
              return (
                <g key={seg.from}>
                  <path d={`M${x0 + 1},${y + small * 0.45} v-4 H${x1 - 1} v4`} fill="none" stroke={t.muted} strokeWidth={1.5} />
                  {seg === named && (
                    <text
                      x={(x0 + x1) / 2}
                      y={y - 2}
                      fontSize={small}
                      fontWeight={700}
                      textAnchor="middle"
                      style={{ stroke: t.background, strokeWidth: 5, paintOrder: 'stroke' }}
                    >
                      {h.label}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
      {m.stages.map((s, i) => {
        const p = place(i);
        const next = i + 1 < n && Math.floor((i + 1) / cols) === Math.floor(i / cols);
        return (
          <g key={s.id}>
            <StageBox
              stage={s}
              x={p.x}
              y={p.y}
              w={boxW}
              h={boxH}
              t={t}
              title={titles[i]!}
              words={words[i]!}
              barShare={s.ns / most}
              current={token.stage === i}
              valueFs={valueFs}
              titleLines={titleLines}
            />
            {next && (
              <path
                d={`M${p.x + boxW + gap * 0.28},${p.y + boxH / 2 - 6} l${gap * 0.4},6 l${-gap * 0.4},6`}
                fill="none"
                stroke={t.muted}
                strokeWidth={2}
                strokeLinejoin="round"
              />
            )}
          </g>
        );
      })}
      <g data-token="" transform={`translate(${tok.x},${tok.y})`}>
        <line x1={0} x2={0} y1={tokenSize / 2} y2={laneH / 2 - 1} stroke={t.text} strokeWidth={1.5} />
        <rect
          x={-tokenSize / 2}
          y={-tokenSize / 2}
          width={tokenSize}
          height={tokenSize}
          rx={3}
          fill={byteTokenColour(t.name)}
          stroke={t.text}
          strokeWidth={2}
        />
      </g>
    </svg>
  );
}

/** Stages from..to split at the ends of rows of `cols`: one span per row they take. */
function rowSegments(from: number, to: number, cols: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let i = from; i <= to; i = (Math.floor(i / cols) + 1) * cols)
    out.push({ from: i, to: Math.min(to, (Math.floor(i / cols) + 1) * cols - 1) });
  return out;
}

/** The hosts' brackets: the sending host's stages, the wire's, the receiving host's (one host for loopback). */
function hostSpans(m: JourneyModel): { label: string; from: number; to: number }[] {
  const send = m.oneHost ? 'The host, sending (one CPU)' : 'Sending host (CPU 0)';
  const recv = m.oneHost ? 'The same host, receiving' : 'Receiving host (CPU 1)';
  const wire = m.config.interface === 'nio_fddi' || m.config.interface === 'eisa_fddi' ? 'FDDI' : 'loopback';
  // in two rows the wire begins the second, under the sending host
  return [
    { label: send, from: 0, to: 3 },
    { label: wire, from: 4, to: 4 },
    { label: recv, from: 5, to: 7 },
  ];
}

function StageBox({
  stage: s,
  x,
  y,
  w,
  h,
  t,
  title,
  words,
  barShare,
  current,
  valueFs,
  titleLines,
}: {
  stage: MeasuredStage;
  x: number;
  y: number;
  w: number;
  h: number;
  t: ThemeTokens;
  title: string[];
  words: string[];
  barShare: number;
  current: boolean;
  valueFs: number;
  titleLines: number;
}) {
  const small = t.smallSize;
  const line = small * 1.2;
  const colour = groupColour(s.rule.group, t.name);
  const card = s.rule.group === 'card';
  const band = 7;
  const tx = x + band + 6;
  const wordsY = y + 10 + titleLines * line + 6;
  const valueY = y + h - 14 - valueFs * 0.35;
  const barW = Math.max(0, (w - band - 12) * Math.min(1, barShare));
  const value = s.side === 'wire' || s.ns <= 0 ? 'no CPU' : formatNs(s.ns);
  return (
    <g data-stage={s.id} data-group={s.rule.group} data-ns={s.ns} data-current={current ? '' : undefined}>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={7}
        fill={t.background}
        stroke={current ? t.text : t.axis}
        strokeWidth={current ? t.strokeWidth + 1.5 : 1.5}
        strokeDasharray={card && !current ? '6 4' : undefined}
      />
      {!card && <rect x={x + 1.5} y={y + 1.5} width={band} height={h - 3} rx={3} fill={colour} />}
      <text x={tx} y={y + 6 + small} fontSize={small} fontWeight={700}>
        {title.map((l, i) => (
          <tspan key={i} x={tx} dy={i === 0 ? 0 : line}>
            {l}
          </tspan>
        ))}
      </text>
      <text x={tx} y={wordsY + small * 0.9} fontSize={small}>
        {words.map((l, i) => (
          <tspan key={i} x={tx} dy={i === 0 ? 0 : line}>
            {l}
          </tspan>
        ))}
      </text>
      <text
        x={tx}
        y={valueY}
        fontSize={valueFs}
        fontWeight={800}
        className={value === 'no CPU' ? 'slv-muted' : undefined}
        style={value === 'no CPU' ? { fill: t.muted } : undefined}
      >
        {value}
      </text>
      {barW > 0 && <rect x={tx} y={y + h - 10} width={barW} height={5} rx={2} fill={colour} stroke={t.text} strokeWidth={0.75} />}
    </g>
  );
}

// ---- the rules --------------------------------------------------------------------------------

function Chip({ group, theme }: { group: TouchGroup; theme?: Theme }) {
  const card = group === 'card';
  return (
    <span
      className="slv-hpux-chip"
      aria-hidden="true"
      style={{ background: card ? 'transparent' : groupColour(group, theme), borderStyle: card ? 'dashed' : 'solid' }}
    />
  );
}

type PassSide = 'both' | 'send' | 'recv';

function RulesRow({
  label,
  config,
  current,
  preset,
  stages,
  side,
  theme,
}: {
  label: string;
  config: JourneyConfig;
  current: boolean;
  preset?: string;
  stages: readonly StageInfo[];
  side: PassSide;
  theme?: Theme;
}) {
  const rules = stageRules(config);
  const passes = cpuPasses(rules);
  return (
    <tr className={current ? 'slv-hpux-current' : undefined} data-row={preset ?? 'this-run'} aria-current={current ? 'true' : undefined}>
      <th scope="row">
        {label}
        {current && <span className="slv-hpux-badge">this run</span>}
      </th>
      {stages.map((s) => (
        <td key={s.id} data-group={rules[s.id].group}>
          <Chip group={rules[s.id].group} theme={theme} />
          {rules[s.id].short}
        </td>
      ))}
      <td className="slv-hpux-passes">{side === 'both' ? `${passes.send} + ${passes.recv}` : passes[side]}</td>
    </tr>
  );
}

/**
 * The rules for every combination of features, this run's row marked: one table when it
 * fits, else (narrow, or projected) one for the sending host's stages and one for the
 * wire's and the receiving host's, as the stages' two rows.
 */
function RulesTable({ model: m, width, t, theme }: { model: JourneyModel; width: number; t: ThemeTokens; theme?: Theme }) {
  const parts: { side: PassSide; stages: readonly StageInfo[]; caption: string }[] =
    width >= t.smallSize * 62
      ? [
          {
            side: 'both',
            stages: STAGES,
            caption:
              'Which stages touch the bytes, for each combination of features; CPU passes: how often the CPU reads or writes every byte, sending + receiving',
          },
        ]
      : [
          {
            side: 'send',
            stages: STAGES.slice(0, 4),
            caption:
              'Sending: which stages touch the bytes, for each combination of features; CPU passes: how often the CPU reads or writes every byte',
          },
          {
            side: 'recv',
            stages: STAGES.slice(4),
            caption: 'The wire and receiving: which stages touch the bytes; CPU passes over every byte on receive',
          },
        ];
  const label = `This run: ${interfaceShort(m.config.interface)}, send copy avoidance ${m.config.sendCopyAvoid ? 'on' : 'off'}, remapping ${m.config.recvRemap ? 'on' : 'off'}`;
  return (
    <>
      {parts.map((part) => (
        <div
          key={part.side}
          className="slv-table-scroll slv-hpux-rules-wrap"
          tabIndex={0}
          role="region"
          aria-label={part.caption.split(';')[0]!}
        >
          <table className="slv-hpux-rules" data-rules={part.side}>
            <caption>{part.caption}</caption>
            <thead>
              <tr>
                <th scope="col">Features</th>
                {part.stages.map((s) => (
                  <th key={s.id} scope="col">
                    {STAGES.indexOf(s) + 1} {s.column}
                  </th>
                ))}
                <th scope="col">CPU passes</th>
              </tr>
            </thead>
            <tbody>
              {FEATURE_ROWS.map((row) => (
                <RulesRow
                  key={row.key}
                  label={row.label}
                  config={row.config}
                  preset={row.preset}
                  current={m.row?.key === row.key}
                  stages={part.stages}
                  side={part.side}
                  theme={theme}
                />
              ))}
              {!m.row && <RulesRow label={label} config={m.config} current stages={part.stages} side={part.side} theme={theme} />}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}

/** The groups' short words, for the stage. */
const GROUP_SHORT: Readonly<Record<TouchGroup, string>> = {
  write: 'application writes',
  copy: 'CPU copies',
  checksum: 'CPU checksums',
  cache: 'cache flush, purge',
  map: 'pages lent, swapped',
  card: 'card: no CPU',
};

function GroupLegend({ theme, stage = false, shown }: { theme?: Theme; stage?: boolean; shown?: ReadonlySet<TouchGroup> }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  return (
    <Legend
      label="Byte touches legend"
      items={[
        ...GROUPS.filter((g) => !shown || shown.has(g)).map((g) => ({
          key: g,
          label: (stage ? GROUP_SHORT : GROUP_WORDS)[g],
          swatch: (
            <svg width={s} height={s}>
              <rect
                x={1}
                y={1}
                width={s - 2}
                height={s - 2}
                rx={3}
                fill={g === 'card' ? t.background : groupColour(g, theme)}
                stroke={t.text}
                strokeWidth={1}
                strokeDasharray={g === 'card' ? '3 2' : undefined}
              />
            </svg>
          ),
        })),
        {
          key: 'token',
          label: stage ? 'one send, now' : 'The bytes of one send, where they are now (thick outline)',
          swatch: (
            <svg width={s} height={s}>
              <rect x={2} y={2} width={s - 4} height={s - 4} rx={3} fill={byteTokenColour(theme)} stroke={t.text} strokeWidth={2} />
            </svg>
          ),
        },
      ]}
    />
  );
}
