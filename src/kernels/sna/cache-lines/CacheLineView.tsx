/*
 * CacheLineView.tsx -- the cache lines that hold lock words: one row per line with
 * activity, hottest first, naming its locks; a token for the line sits in the lane of
 * the CPU whose cache owns it (coloured and labelled by CPU) and moves to the new owner
 * when a CPU writes one of its lock words (a coherence transfer); transfers per second
 * and so far beside it. A line with two or more locks in use is marked "false sharing:
 * N locks in one line" with its locks listed. Past eight CPUs, or when the lanes do not
 * fit, one owner slot replaces the lanes. A pure function of its props (the row order
 * only changes when a line clearly overtakes another: model.ts, orderLines).
 */
import { useRememberedOrder } from '../../../views/common/order.js';
import type { Report } from '../../../core/report.js';
import type { Snapshot } from '../../../core/snapshot.js';
import { themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { formatCount, formatRate, wrapWords } from '../../../views/format.js';
import { soFar } from '../../../views/snapshot-data.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { slideStyle, useSlideWhenCalm } from '../../../views/common/slide.js';
import { cacheLinesSummary, cpuColour, falseSharingText, lineLocksText, shownLines, type CacheLine, type ShownLines } from './model.js';

export interface CacheLineViewProps {
  snapshot: Snapshot;
  /** Not needed by this view; accepted so every view takes the same props. */
  report?: Report;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** At most this many lines are drawn (default 8); the rest are counted. */
  max?: number;
  title?: string;
}

/** A token's move to its new owner: brief, and always (one token per row, nothing to collide with). */
const MOVE_MS = 180;
/** Rows change places only when their order has been calm this long. */
const CALM_MS = 400;

/** The lines to draw, in an order that remembers the one shown before. */
function useShownLines(snapshot: Snapshot, max: number): ShownLines {
  return useRememberedOrder<ShownLines, number>(
    (previous) => shownLines(snapshot, max, previous),
    (lines) => [...lines.shown, ...lines.more].map((l) => l.line),
    [snapshot, max],
  );
}

export function CacheLineView(props: CacheLineViewProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const lines = useShownLines(snapshot, props.max ?? 8);
  const geo = cacheLineGeometry(lines.shown, snapshot.cpus.length, innerW, t);
  const slideRows = useSlideWhenCalm(lines.shown.map((l) => l.line).join(','), CALM_MS);
  const hottest = lines.shown[0];
  const shared = lines.all.filter((l) => l.falseSharing);
  const cpus = snapshot.cpus.length;

  return (
    <ViewFrame
      view="cache-lines"
      theme={theme}
      width={width}
      title={props.title ?? 'Cache lines'}
      headline={
        hottest && (
          <span data-shared={shared.length}>
            <strong>{formatCount(hottest.transfersPerS)}</strong> transfers/s
            <span className="slv-muted">
              {' '}
              in the hottest line (
              {hottest.locks
                .filter((l) => l.inUse)
                .map((l) => l.name)
                .slice(0, 2)
                .join(', ') || hottest.locks[0]?.name}
              ) ·{' '}
            </span>
            {shared.length > 0 ? (
              <>
                <strong>{shared.length}</strong> {shared.length === 1 ? 'line' : 'lines'} falsely shared
              </>
            ) : (
              <span className="slv-muted">no false sharing</span>
            )}
          </span>
        )
      }
      summary={cacheLinesSummary(snapshot, lines)}
      legend={
        <Legend
          label="Cache lines legend"
          items={[
            ...(geo.lanes
              ? Array.from({ length: cpus }, (_, cpu) => ({
                  key: `cpu-${cpu}`,
                  label: `CPU ${cpu}'s cache`,
                  swatch: <CpuSwatch cpu={cpu} theme={theme} />,
                }))
              : [
                  {
                    key: 'owner',
                    label: 'Owner: the CPU whose cache has the line, coloured and numbered',
                    swatch: <CpuSwatch cpu={0} theme={theme} />,
                  },
                ]),
            { key: 'shared', label: 'False sharing: two or more locks in use in one line', swatch: <SharedSwatch theme={theme} /> },
          ]}
        />
      }
      table={{
        caption: 'Cache lines holding lock words, hottest first',
        columns: ['Line', 'Locks in it', 'Owner now', 'Transfers/s', `Transfers ${soFar(snapshot)}`, 'False sharing'],
        rows: [...lines.shown, ...lines.more].map((l) => [
          `line ${l.line}`,
          lineLocksText(l),
          l.owner >= 0 ? `CPU ${l.owner}` : 'none',
          formatRate(l.transfersPerS),
          formatCount(l.transfers),
          l.falseSharing ? `yes, ${l.inUse} locks` : 'no',
        ]),
      }}
    >
      {lines.shown.length === 0 ? (
        <p style={{ margin: 0 }}>No cache line holding a lock word has been touched yet in this run.</p>
      ) : (
        <svg width={innerW} height={geo.height} aria-hidden="true">
          <Header geo={geo} t={t} theme={theme} cpus={cpus} />
          {lines.shown.map((line, i) => (
            <g
              key={line.line}
              {...slideStyle(0, geo.rowY[i]!, slideRows, 300)}
              data-line={line.line}
              data-owner={line.owner}
              data-false-sharing={line.falseSharing ? line.inUse : undefined}
            >
              <LineRow
                line={line}
                geo={geo}
                t={t}
                theme={theme}
                index={i}
                soFar={soFar(snapshot)}
                maxRate={Math.max(1, ...lines.shown.map((l) => l.transfersPerS))}
              />
            </g>
          ))}
        </svg>
      )}
      {lines.more.length > 0 && (
        <p className="slv-muted" style={{ margin: '6px 0 0' }} data-more-lines={lines.more.length}>
          +{lines.more.length} more {lines.more.length === 1 ? 'line' : 'lines'} with activity ({formatCount(lines.moreTransfersPerS)}{' '}
          transfers/s together):{' '}
          {lines.more
            .slice(0, 4)
            .map((l) => l.locks.filter((k) => k.inUse)[0]?.name ?? l.locks[0]?.name)
            .join(', ')}
          {lines.more.length > 4 ? ', …' : '.'}
        </p>
      )}
    </ViewFrame>
  );
}

// ---- geometry -----------------------------------------------------------------------------

export interface CacheLineGeometry {
  fs: number;
  small: number;
  width: number;
  /** One lane per CPU, or one owner slot. */
  lanes: boolean;
  slots: number;
  laneW: number;
  tokenW: number;
  tokenH: number;
  /** The words (line, locks) run from 0 to labelW; stacked, they sit above the lanes. */
  labelW: number;
  stacked: boolean;
  lanesX: number;
  rateX: number;
  rateW: number;
  lineH: number;
  headerH: number;
  /** Each row: its words' lines, where its words end, the token's top and its height. */
  rows: { words: string[]; wordsY: number; tokenY: number; height: number }[];
  rowY: number[];
  height: number;
}

export function cacheLineGeometry(
  lines: readonly CacheLine[],
  cpus: number,
  width: number,
  t: Pick<ThemeTokens, 'fontSize' | 'smallSize'>,
): CacheLineGeometry {
  const fs = t.fontSize;
  const small = t.smallSize;
  const tokenW = Math.round(fs * 3.7);
  const tokenH = Math.round(fs * 1.7);
  const laneW = tokenW + Math.round(fs * 0.6);
  const rateW = Math.round(fs * 7.2);
  const gap = Math.round(fs * 0.8);
  const lineH = small + 5;
  const fits = (slots: number) => width - slots * laneW - rateW - 2 * gap >= fs * 11;
  // lanes while they fit beside the numbers (the words go above them when they must)
  const lanes = cpus <= 8 && width - cpus * laneW - rateW - gap >= 0;
  const slots = lanes ? cpus : 1;
  const stacked = !fits(slots);
  const labelW = stacked ? width : width - slots * laneW - rateW - 2 * gap;
  const chars = Math.max(10, Math.floor(labelW / (small * 0.6)));
  const lanePart = Math.max(tokenH + 8, Math.round(fs * 0.9) + small + 22);
  const headerH = small + 12;
  const rowY: number[] = [];
  let y = headerH;
  const rows = lines.map((line) => {
    const first = line.locks.find((l) => l.inUse) ?? line.locks[0];
    const words = wrapWords(line.falseSharing ? lineLocksText(line) : (first?.label ?? ''), chars);
    const wordsY = fs + 8 + (line.falseSharing ? small + 12 : 0);
    const wordsEnd = wordsY + words.length * lineH;
    const tokenY = stacked ? wordsEnd + 6 : 6;
    const height = Math.ceil((stacked ? wordsEnd + 6 + lanePart : Math.max(wordsEnd, 6 + lanePart)) + 10);
    rowY.push(y);
    y += height;
    return { words, wordsY, tokenY, height };
  });
  return {
    fs,
    small,
    width,
    lanes,
    slots,
    laneW,
    tokenW,
    tokenH,
    labelW,
    stacked,
    lanesX: stacked ? 0 : labelW + gap,
    rateX: width - rateW,
    rateW,
    lineH,
    headerH,
    rows,
    rowY,
    height: Math.ceil(y + 2),
  };
}

// ---- drawing ------------------------------------------------------------------------------

function Header({ geo, t, theme, cpus }: { geo: CacheLineGeometry; t: ThemeTokens; theme?: Theme; cpus: number }) {
  const y = geo.small + 2;
  return (
    <g>
      {!geo.stacked && (
        <text x={0} y={y} fontSize={geo.small} fontWeight={700}>
          Line: the lock words in it
        </text>
      )}
      {geo.lanes ? (
        Array.from({ length: cpus }, (_, cpu) => {
          const c = cpuColour(cpu, theme);
          const box = geo.small * 0.8;
          const left = geo.lanesX + cpu * geo.laneW + (geo.laneW - (box + 4 + `CPU ${cpu}`.length * geo.small * 0.62)) / 2;
          return (
            <g key={cpu}>
              <rect x={left} y={y - box} width={box} height={box} fill={c.fill} stroke={t.text} strokeWidth={1} />
              <text x={left + box + 4} y={y} fontSize={geo.small} fontWeight={700}>
                CPU {cpu}
              </text>
            </g>
          );
        })
      ) : (
        <text x={geo.lanesX} y={y} fontSize={geo.small} fontWeight={700}>
          Owner
        </text>
      )}
      <text x={geo.width} y={y} fontSize={geo.small} fontWeight={700} textAnchor="end">
        Transfers
      </text>
    </g>
  );
}

function LineRow({
  line,
  geo,
  t,
  theme,
  index,
  maxRate,
  soFar: when,
}: {
  line: CacheLine;
  geo: CacheLineGeometry;
  t: ThemeTokens;
  theme?: Theme;
  index: number;
  maxRate: number;
  /** "so far", or "in the full run" (snapshot-data.ts). */
  soFar: string;
}) {
  const { fs, small, tokenW, tokenH, laneW, lineH } = geo;
  const row = geo.rows[index]!;
  const laneY = row.tokenY;
  const owner = line.owner;
  const slot = geo.lanes ? Math.max(0, owner) : 0;
  const tokenX = geo.lanesX + slot * laneW + (laneW - tokenW) / 2;
  const c = cpuColour(Math.max(0, owner), theme);
  const first = line.locks.find((l) => l.inUse) ?? line.locks[0];
  const barW = geo.rateW - 6;
  return (
    <>
      <line x1={0} x2={geo.width} y1={0} y2={0} stroke={t.grid} />
      {/* the line and its locks */}
      <text x={0} y={fs + 4} fontSize={fs} fontWeight={800}>
        line {line.line}
        {!line.falseSharing && (
          <tspan fontWeight={400} style={{ fill: t.text }}>
            {'  '}
            {first?.name}
          </tspan>
        )}
      </text>
      {line.falseSharing && (
        <g transform={`translate(0, ${fs + 10})`}>
          <rect
            x={0}
            y={0}
            width={Math.min(geo.labelW, falseSharingText(line).length * small * 0.62 + 16)}
            height={small + 8}
            rx={4}
            fill={t.text}
          />
          <text x={8} y={small + 2} fontSize={small} fontWeight={800} style={{ fill: t.background }}>
            ⚠ {falseSharingText(line)}
          </text>
        </g>
      )}
      <text x={0} y={row.wordsY + small} fontSize={small} style={{ fill: line.falseSharing ? t.text : t.muted }}>
        {row.words.map((text, i) => (
          <tspan key={i} x={0} dy={i === 0 ? 0 : lineH}>
            {text}
          </tspan>
        ))}
      </text>
      {/* the CPUs' caches, and the line in its owner's */}
      {Array.from({ length: geo.slots }, (_, i) => (
        <rect
          key={i}
          x={geo.lanesX + i * laneW + 2}
          y={laneY - 3}
          width={laneW - 4}
          height={tokenH + 6}
          rx={6}
          fill={t.surface}
          stroke={t.grid}
        />
      ))}
      {owner >= 0 ? (
        <g {...slideStyle(tokenX, laneY, true, MOVE_MS)} data-token={owner}>
          <rect x={0} y={0} width={tokenW} height={tokenH} rx={5} fill={c.fill} stroke={t.text} strokeWidth={line.falseSharing ? 2.5 : 1} />
          <text
            x={tokenW / 2}
            y={tokenH / 2 + fs * 0.33}
            fontSize={fs * 0.9}
            fontWeight={800}
            textAnchor="middle"
            style={{ fill: c.ink, stroke: c.fill, strokeWidth: 3, paintOrder: 'stroke' }}
          >
            CPU {owner}
          </text>
        </g>
      ) : (
        <text x={geo.lanesX + 6} y={laneY + tokenH / 2 + small * 0.35} fontSize={small} style={{ fill: t.muted }}>
          not fetched yet
        </text>
      )}
      {/* transfers per second, so far, and a bar against the hottest line shown */}
      <text x={geo.width} y={laneY + fs * 0.9} fontSize={fs} fontWeight={800} textAnchor="end">
        {formatRate(line.transfersPerS)}
      </text>
      <text x={geo.width} y={laneY + fs * 0.9 + small + 3} fontSize={small} textAnchor="end" style={{ fill: t.muted }}>
        {formatCount(line.transfers)} {when}
      </text>
      <rect
        x={geo.rateX + 6}
        y={laneY + fs * 0.9 + small + 12}
        width={Math.max(1, (barW * line.transfersPerS) / maxRate)}
        height={5}
        fill={t.text}
      />
    </>
  );
}

function CpuSwatch({ cpu, theme }: { cpu: number; theme?: Theme }) {
  const s = swatchSize(theme);
  const c = cpuColour(cpu, theme);
  return (
    <svg width={s} height={s} viewBox={`0 0 ${s} ${s}`}>
      <rect x={0.5} y={0.5} width={s - 1} height={s - 1} rx={3} fill={c.fill} stroke={themeTokens(theme).text} strokeWidth={1} />
    </svg>
  );
}

function SharedSwatch({ theme }: { theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  return (
    <svg width={s * 1.6} height={s} viewBox={`0 0 ${s * 1.6} ${s}`}>
      <rect x={0} y={0} width={s * 1.6} height={s} rx={3} fill={t.text} />
      <text x={s * 0.8} y={s * 0.78} fontSize={s * 0.8} fontWeight={800} textAnchor="middle" style={{ fill: t.background }}>
        ⚠
      </text>
    </svg>
  );
}
