/*
 * HerdView.tsx -- the thundering herd: the threads asleep on the SNA kernel's hot
 * blocking lock (hs_region as ported), the run queue and what each CPU runs, drawn as a
 * loop: a release wakes every sleeper (down the left, into the run queue), each is
 * dispatched (a context switch), one takes the lock and the rest miss and go back to
 * sleep (up the right). Each thread is one chip that moves between the three places as
 * the snapshots come; the last bounce is told in words, with running counts of futile
 * wake-ups and context switches and the lock's miss rate. With `compare`, a panel beside
 * it sets this run's figures against another run of the same workload (simple locks,
 * say). For a spin lock it shows the CPUs spinning instead, and for the other kernels
 * it says what it is for and which preset to load.
 *
 * Everything drawn is a function of the props, except the last bounce, which the view
 * remembers from the snapshots it was given (model.ts: advanceHerd). Where each thing
 * goes is layout.ts's to say; this file draws it.
 */
import { useId, useState } from 'react';
import type { Report } from '../../../core/report.js';
import type { Snapshot } from '../../../core/snapshot.js';
import { MODE_INFO, themeTokens, type ModeName, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { formatCount, formatPct } from '../../../views/format.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, ModeSwatch, swatchSize } from '../../../views/common/Legend.js';
import { ModeRect, PatternDefs } from '../../../views/common/marks.js';
import { slideStyle, useSlideWhenCalm } from '../../../views/common/slide.js';
import { LOCK_KIND_WORDS, runFiguresFromReport, runFiguresLive, threadName } from '../data.js';
import {
  advanceHerd,
  bounceText,
  compareRows,
  herdScene,
  herdSummary,
  hotLockIndex,
  noHerdText,
  type CompareRow,
  type HerdMemory,
  type HerdScene,
} from './model.js';
import {
  bandLineY,
  chipPlaces,
  chipText,
  compareLayout,
  emptyNoteAt,
  herdColumns,
  herdGeometry,
  loopArrows,
  tileParts,
  tileWords,
  type ChipKind,
  type ChipPlace,
  type HerdGeometry,
} from './layout.js';

export interface HerdViewProps {
  snapshot: Snapshot;
  /** The newest report: the exact miss rate and the transfer's response for this run. */
  report?: Report;
  /** The same workload with the other lock kind (e.g. simple locks), shown side by side. */
  compare?: { label: string; report: Report };
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** The most height the loop's drawing may take, in px (the presenter's stage): its places take one row of chips where two would not fit. */
  height?: number;
  /**
   * On the presenter's stage: the places' names stand beside their chips, the lock is
   * described in one line with its miss rate (the headline keeps the wake-ups), and the
   * legend's words are short.
   */
  stage?: boolean;
  /** schema.modes, the order of each CPU's modeNs (default palette.MODES). */
  modeNames?: readonly string[];
  title?: string;
}

/** How long a chip takes to move from one place to the next, and how calm the places must have been. */
const SLIDE_MS = 260;
const CALM_MS = 120;

/** What the view remembers after a snapshot: the snapshot, the lock it follows and the last bounce. */
interface Followed {
  snapshot: Snapshot;
  lock?: string;
  lockIndex: number;
  memory: HerdMemory | undefined;
}

function follow(snapshot: Snapshot, before: Followed | undefined): Followed {
  const lockIndex = hotLockIndex(snapshot, before?.lock);
  const memory = advanceHerd(before?.memory, snapshot, lockIndex);
  return { snapshot, lock: snapshot.locks[lockIndex]?.name, lockIndex, memory };
}

/**
 * The view remembers the lock it follows and the last bounce, from the snapshots it was
 * given: state moved on while rendering when the snapshot changes (react.dev, "Storing
 * information from previous renders"), so a discarded render changes nothing.
 */
function useHerdMemory(snapshot: Snapshot): { lockIndex: number; memory: HerdMemory | undefined } {
  const [followed, setFollowed] = useState(() => follow(snapshot, undefined));
  if (followed.snapshot !== snapshot) {
    const next = follow(snapshot, followed);
    setFollowed(next);
    return next;
  }
  return followed;
}

export function HerdView(props: HerdViewProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const { lockIndex, memory } = useHerdMemory(snapshot);
  const bounce = memory?.last ?? null;
  const inFlight = (memory?.awake.length ?? 0) > 0;
  const scene = herdScene(snapshot, lockIndex, props.report, memory?.awake);
  const rows = props.compare
    ? compareRows(runFiguresLive(snapshot, props.report, props.modeNames), runFiguresFromReport(props.compare.report))
    : null;
  const { side, gapX, herdW, compareW } = herdColumns(innerW, t.fontSize, !!rows);
  const stage = !!props.stage;
  const geo = herdGeometry(scene, herdW, t, { stage, height: props.height });
  const places = chipPlaces(scene, geo);
  const slide = useSlideWhenCalm(places.map((p) => `${p.key}@${p.x},${p.y}`).join('|'), CALM_MS);
  const summary = herdSummary(snapshot, scene, memory, rows && props.compare ? { label: props.compare.label, rows } : undefined);

  if (scene.mode === 'none') {
    return (
      <ViewFrame
        view="herd"
        theme={theme}
        width={width}
        title={props.title ?? 'The thundering herd'}
        summary={summary}
        legend={<Legend label="Thundering herd legend" items={[]} />}
      >
        <p style={{ margin: 0, maxWidth: '60ch' }} data-no-herd="">
          {noHerdText(snapshot)}
        </p>
      </ViewFrame>
    );
  }

  const herd = scene.mode === 'herd';
  const name = (id: number) => threadName(snapshot, id);
  const headline = (
    <span data-futile={scene.futile} data-context-switches={scene.contextSwitches}>
      <strong>{formatCount(scene.futile)}</strong> futile wake-ups
      <span className="slv-muted"> of </span>
      <strong>{formatCount(scene.contextSwitches)}</strong> context switches
      <span className="slv-muted"> ({formatPct(scene.wastedPct)} wasted)</span>
      {Number.isFinite(scene.missRatePct) && !stage && (
        <span className="slv-muted">
          {' '}
          · {scene.name}&apos;s own miss rate {scene.missExact ? '' : '≈'}
          {formatPct(scene.missRatePct)}
        </span>
      )}
    </span>
  );

  return (
    <ViewFrame
      view="herd"
      theme={theme}
      width={width}
      title={props.title ?? 'The thundering herd'}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="Thundering herd legend"
          items={legendItems(
            herd
              ? [
                  { key: 'asleep', label: `Asleep on ${scene.name}`, swatch: <ChipSwatch theme={theme} kind="asleep" /> },
                  {
                    key: 'woken',
                    label: 'Woken by the last release, waiting for a CPU',
                    short: 'Woken by the release',
                    swatch: <ChipSwatch theme={theme} kind="woken" />,
                  },
                  {
                    key: 'ready',
                    label: 'Runnable for another reason',
                    short: 'Runnable, other reason',
                    swatch: <ChipSwatch theme={theme} kind="ready" />,
                  },
                  {
                    key: 'running',
                    label: "Running: the CPU's mode, as in the CPU grid",
                    swatch: <ModeSwatch mode="kernel" theme={theme} />,
                  },
                  { key: 'cswitch', label: MODE_INFO.cswitch.label, swatch: <ModeSwatch mode="cswitch" theme={theme} /> },
                  { key: 'holder', label: `Holds ${scene.name}`, swatch: <HolderSwatch theme={theme} /> },
                ]
              : [
                  {
                    key: 'spin',
                    label: `CPU spinning for ${scene.name}, in the order it started`,
                    short: `Spinning for ${scene.name}, in the order it started`,
                    swatch: <ModeSwatch mode="spin" theme={theme} />,
                  },
                  { key: 'ready', label: 'Runnable thread, waiting for a CPU', swatch: <ChipSwatch theme={theme} kind="ready" /> },
                  {
                    key: 'running',
                    label: "Running: the CPU's mode, as in the CPU grid",
                    swatch: <ModeSwatch mode="kernel" theme={theme} />,
                  },
                  { key: 'holder', label: `Holds ${scene.name}`, swatch: <HolderSwatch theme={theme} /> },
                ],
            stage,
          )}
        />
      }
      table={{
        caption: `Who waits for ${scene.name} now`,
        columns: ['Place', 'Count', 'Who, in order'],
        rows: [
          [
            herd ? `Asleep on ${scene.name}` : `Spinning for ${scene.name}`,
            scene.waiting.length,
            scene.waiting.map((id) => (herd ? name(id) : `CPU ${id}`)).join(', ') || '—',
          ],
          ['Run queue', scene.ready.length, scene.ready.map(name).join(', ') || '—'],
          ...scene.cpus.map((c) => [
            `CPU ${c.cpu}`,
            c.thread >= 0 ? 1 : 0,
            `${c.thread >= 0 ? name(c.thread) : 'idle'} (${MODE_INFO[c.mode].short})${c.holdsLock ? `, holds ${scene.name}` : ''}`,
          ]),
        ],
      }}
    >
      <p style={{ margin: '0 0 6px' }}>
        <strong style={{ fontSize: 'var(--slv-fs-large)' }}>{scene.name}</strong>
        {/* on the stage the kind in short: the loop's words say what a release does */}
        <span className="slv-muted" style={stage ? { whiteSpace: 'nowrap' } : undefined}>
          {stage
            ? `: ${LOCK_KIND_WORDS[scene.kind].short}`
            : `${scene.label ? ` — ${scene.label}` : ''}. ${capital(LOCK_KIND_WORDS[scene.kind].long)}.`}
        </span>
        {/* on the stage the miss rate moves here from the headline, which then takes one line fewer */}
        {stage && Number.isFinite(scene.missRatePct) && (
          <>
            {' '}
            <span className="slv-muted" style={{ whiteSpace: 'nowrap' }}>
              · own miss rate {scene.missExact ? '' : '≈'}
              {formatPct(scene.missRatePct)}
            </span>
          </>
        )}
      </p>
      <div style={{ display: 'flex', flexDirection: side ? 'row' : 'column', gap: side ? gapX : 12, alignItems: 'flex-start' }}>
        <div style={{ width: herdW }}>
          <svg width={herdW} height={geo.height} aria-hidden="true" data-herd-lock={scene.name}>
            <PatternDefs prefix={patterns} theme={theme} />
            <HerdLoop scene={scene} geo={geo} t={t} inFlight={inFlight} />
            {places.map((p) => (
              <Chip
                key={p.key}
                place={p}
                geo={geo}
                t={t}
                theme={theme}
                patterns={patterns}
                slide={slide}
                label={p.thread >= 0 ? name(p.thread) : `CPU ${p.cpu}`}
              />
            ))}
          </svg>
          {/* on the stage, room for the longest of its words (two lines: SHORT_BOUNCE_CHARS) kept
              from the start: the view is fitted to its area once, and words that grew a line would spill */}
          <p style={{ margin: '6px 0 0', ...(stage ? { minHeight: '2lh' } : {}) }} data-bounce={bounce ? bounce.atNs : ''}>
            {!herd
              ? stage
                ? 'Nobody sleeps on a spin lock: no wake-up, no wasted context switch; the price is CPUs spinning.'
                : 'No thread sleeps on a spin lock, so none is woken and no context switch is wasted: the price is CPUs spinning.'
              : bounce
                ? bounceText(snapshot, bounce, scene.kind, stage)
                : 'Waiting for a release that wakes sleepers.'}
          </p>
        </div>
        {rows && props.compare && (
          <ComparePanel
            rows={rows}
            label={props.compare.label}
            width={compareW}
            t={t}
            current={`This run: ${LOCK_KIND_WORDS[scene.kind].short}`}
          />
        )}
      </div>
    </ViewFrame>
  );
}

/**
 * The legend's keys: the lab's, or on the stage only those with a short label, the keys
 * the drawing does not say in words (its places are named; each CPU's tile says its mode
 * and its holder).
 */
function legendItems<T extends { key: string; label: string; short?: string }>(items: T[], stage: boolean): T[] {
  return stage ? items.filter((item) => item.short).map((item) => ({ ...item, label: item.short! })) : items;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---- drawing ------------------------------------------------------------------------------

/** The places' labels, the CPU tiles, and the loop: down the left (wake, dispatch), back up the right (miss, sleep). */
function HerdLoop({ scene, geo, t, inFlight }: { scene: HerdScene; geo: HerdGeometry; t: ThemeTokens; inFlight: boolean }) {
  const { small, x0, x1 } = geo;
  const herd = scene.mode === 'herd';
  const hot = t.modes.cswitch;
  const sw = t.strokeWidth;
  const wake = inFlight ? hot : t.text;
  const arrows = loopArrows(geo);
  const nobody = emptyNoteAt(geo, geo.waitY);
  const empty = emptyNoteAt(geo, geo.readyY);
  return (
    <g>
      {geo.labels.map((l) => (
        <text key={l.key ?? l.text} x={x0} y={l.y} fontSize={small} fontWeight={700}>
          {l.text}
        </text>
      ))}
      {scene.waiting.length === 0 && (
        <text x={nobody.x} y={nobody.y} fontSize={small} style={{ fill: t.muted }}>
          {herd ? 'nobody asleep on the lock' : 'no CPU spinning for it'}
        </text>
      )}
      {scene.ready.length === 0 && (
        <text x={empty.x} y={empty.y} fontSize={small} style={{ fill: t.muted }}>
          empty
        </text>
      )}
      {geo.bands.map((b, i) =>
        b.rows.map((row, j) => {
          const y = bandLineY(geo, b, j);
          const strongStart = herd && i === 0 && inFlight;
          return (
            <g key={`${i}-${j}`}>
              {row.start && (
                <text x={x0} y={y} fontSize={small} fontWeight={strongStart ? 800 : 400} style={{ fill: strongStart ? t.text : t.muted }}>
                  {row.start}
                </text>
              )}
              {row.end && (
                <text x={x1} y={y} fontSize={small} textAnchor="end" style={{ fill: t.muted }}>
                  {row.end}
                </text>
              )}
            </g>
          );
        }),
      )}
      {/* the holder's tile is also marked by its padlock and thick frame: in a narrow tile its words shorten, then go (every tile is as wide) */}
      {scene.cpus.map((c, i) => {
        const tile = tileParts(geo, i, c.thread >= 0);
        const words = tileWords(geo, t, c.mode, c.holdsLock);
        return (
          <g key={c.cpu} data-cpu={c.cpu}>
            <rect
              x={tile.x}
              y={tile.y}
              width={tile.w}
              height={tile.h}
              rx={6}
              fill={t.surface}
              stroke={c.holdsLock ? t.text : t.axis}
              strokeWidth={c.holdsLock ? sw : 1}
            />
            <text x={tile.name.x} y={tile.name.y} fontSize={small} fontWeight={700}>
              CPU {c.cpu}
            </text>
            {c.holdsLock && <Padlock x={tile.padlock.x} y={tile.padlock.y} size={small} t={t} />}
            <text
              x={tile.words.x}
              y={tile.words.y}
              fontSize={words.size}
              fontWeight={words.bold ? 700 : 400}
              textAnchor="middle"
              style={{ fill: c.holdsLock ? t.text : t.muted }}
            >
              {words.text}
            </text>
          </g>
        );
      })}
      {herd && (
        <g fill="none" strokeLinejoin="round">
          {/* down the left: a release takes the sleepers to the run queue, a dispatch the run queue to a CPU */}
          <path d={arrows.wake} stroke={wake} strokeWidth={inFlight ? sw + 1 : sw} />
          <path d={arrows.wakeHead} fill={wake} />
          <path d={arrows.dispatch} stroke={t.text} strokeWidth={sw} />
          <path d={arrows.dispatchHead} fill={t.text} />
          {/* back up the right: a miss puts the thread back to sleep */}
          <path d={arrows.miss} stroke={t.text} strokeWidth={sw} strokeDasharray="6 4" />
          <path d={arrows.missHead} fill={t.text} />
        </g>
      )}
    </g>
  );
}

const Chip = function Chip({
  place,
  geo,
  t,
  theme,
  patterns,
  slide,
  label,
}: {
  place: ChipPlace;
  geo: HerdGeometry;
  t: ThemeTokens;
  theme?: Theme;
  patterns: string;
  slide: boolean;
  label: string;
}) {
  const { chipW: w, chipH: h, fs } = geo;
  const at = chipText(geo);
  const move = slideStyle(place.x, place.y, slide, SLIDE_MS);
  if (place.kind === 'more') {
    return (
      <g {...move} data-more={place.more}>
        <text x={at.more.x} y={at.more.y} fontSize={geo.small} fontWeight={700}>
          +{place.more} more
        </text>
      </g>
    );
  }
  const style = chipStyle(place.kind, t, place.mode);
  const r = h / 2;
  return (
    <g
      {...move}
      data-thread={place.thread >= 0 ? place.thread : undefined}
      data-spinner={place.cpu >= 0 && place.thread < 0 ? place.cpu : undefined}
      data-place={place.kind}
    >
      {place.mode && (place.kind === 'running' || place.kind === 'spinning') ? (
        <ModeRect
          mode={place.mode}
          x={0}
          y={0}
          width={w}
          height={h}
          rx={r}
          theme={theme}
          patterns={patterns}
          stroke={t.text}
          strokeWidth={1}
        />
      ) : (
        <rect
          x={0}
          y={0}
          width={w}
          height={h}
          rx={r}
          fill={style.fill}
          stroke={t.text}
          strokeWidth={place.kind === 'asleep' ? 1.5 : 1}
          strokeDasharray={place.kind === 'asleep' ? '5 3' : undefined}
        />
      )}
      {place.holds && (
        <rect x={-3} y={-3} width={w + 6} height={h + 6} rx={r + 3} fill="none" stroke={t.text} strokeWidth={t.strokeWidth} />
      )}
      <text
        x={at.label.x}
        y={at.label.y}
        fontSize={fs}
        fontWeight={800}
        textAnchor="middle"
        style={
          place.mode
            ? { fill: style.ink, stroke: style.fill, strokeWidth: 4, paintOrder: 'stroke', strokeLinejoin: 'round' }
            : { fill: style.ink }
        }
      >
        {label}
      </text>
    </g>
  );
};

function chipStyle(kind: ChipKind, t: ThemeTokens, mode?: ModeName): { fill: string; ink: string } {
  if ((kind === 'running' || kind === 'spinning') && mode) return { fill: t.modes[mode], ink: t.modeText[mode] };
  if (kind === 'woken') return { fill: t.modes.cswitch, ink: t.modeText.cswitch };
  return { fill: t.background, ink: t.text };
}

/** A padlock on a dark disc: this thread (or CPU) holds the lock. */
function Padlock({ x, y, size, t }: { x: number; y: number; size: number; t: ThemeTokens }) {
  const s = size;
  return (
    <g transform={`translate(${x - s / 2}, ${y - s / 2})`}>
      <circle cx={s / 2} cy={s / 2} r={s / 2 + 2} fill={t.text} stroke={t.background} strokeWidth={1.5} />
      <path
        d={`M ${s * 0.34} ${s * 0.5} v ${-s * 0.12} a ${s * 0.16} ${s * 0.16} 0 0 1 ${s * 0.32} 0 v ${s * 0.12}`}
        fill="none"
        stroke={t.background}
        strokeWidth={Math.max(1.5, s * 0.09)}
      />
      <rect x={s * 0.27} y={s * 0.48} width={s * 0.46} height={s * 0.3} rx={s * 0.05} fill={t.background} />
    </g>
  );
}

function ChipSwatch({ theme, kind }: { theme?: Theme; kind: 'asleep' | 'woken' | 'ready' }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const style = chipStyle(kind, t);
  return (
    <svg width={s * 1.8} height={s} viewBox={`0 0 ${s * 1.8} ${s}`}>
      <rect
        x={1}
        y={1}
        width={s * 1.8 - 2}
        height={s - 2}
        rx={(s - 2) / 2}
        fill={style.fill}
        stroke={t.text}
        strokeWidth={kind === 'asleep' ? 1.5 : 1}
        strokeDasharray={kind === 'asleep' ? '4 2' : undefined}
      />
    </svg>
  );
}

function HolderSwatch({ theme }: { theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  return (
    <svg width={s + 4} height={s + 4} viewBox={`0 0 ${s + 4} ${s + 4}`}>
      <Padlock x={(s + 4) / 2} y={(s + 4) / 2} size={s - 2} t={t} />
    </svg>
  );
}

// ---- side by side ---------------------------------------------------------------------------

/** This run's figures against another run's: one pair of bars per figure, this run solid, the other outlined. */
function ComparePanel({
  rows,
  label,
  current,
  width,
  t,
}: {
  rows: readonly CompareRow[];
  label: string;
  current: string;
  width: number;
  t: ThemeTokens;
}) {
  const { fs, small, barH, swatchW, textX, legend, rows: laid, height } = compareLayout(rows, current, label, width, t);
  return (
    <div style={{ width }} data-compare="">
      <p style={{ margin: '0 0 8px', fontWeight: 700 }}>Side by side: the same workload</p>
      <svg width={width} height={height} aria-hidden="true">
        {legend.map((item, i) => (
          <g key={i} transform={`translate(0, ${item.y})`}>
            <rect
              x={0}
              y={2}
              width={swatchW}
              height={small}
              fill={item.solid ? t.text : t.background}
              stroke={t.text}
              strokeWidth={item.solid ? 1 : 2}
              strokeDasharray={item.solid ? undefined : '4 2'}
            />
            <text x={textX} y={small} fontSize={small} fontWeight={700}>
              {item.lines.map((line, j) => (
                <tspan key={j} x={textX} dy={j === 0 ? 0 : small + 4}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        ))}
        {laid.map(({ row, y: at, bars }) => (
          <g key={row.key} transform={`translate(0, ${at})`} data-figure={row.key}>
            <text x={0} y={small} fontSize={small} fontWeight={700}>
              {row.label}
            </text>
            {bars.map((b, i) => (
              <g key={i}>
                {b.w > 0 && (
                  <rect
                    x={0}
                    y={b.y}
                    width={b.w}
                    height={barH}
                    fill={b.solid ? t.text : t.background}
                    stroke={t.text}
                    strokeWidth={b.solid ? 1 : 2}
                    strokeDasharray={b.solid ? undefined : '4 2'}
                  />
                )}
                <text
                  x={b.w + 6}
                  y={b.y + barH * 0.82}
                  fontSize={Number.isFinite(b.v) ? fs : small}
                  fontWeight={Number.isFinite(b.v) ? 800 : 400}
                  style={Number.isFinite(b.v) ? undefined : { fill: t.muted }}
                >
                  {b.text}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
    </div>
  );
}
