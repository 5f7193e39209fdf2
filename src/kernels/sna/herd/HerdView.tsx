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
 * remembers from the snapshots it was given (model.ts: advanceHerd).
 */
import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import type { Report } from '../../../core/report.js';
import type { Snapshot } from '../../../core/snapshot.js';
import { leastWordSize, MODE_INFO, themeTokens, type ModeName, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { firstThatFits, fitFontSize, formatCount, formatPct, wrapWords } from '../../../views/format.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, ModeSwatch, swatchSize } from '../../../views/common/Legend.js';
import { ModeRect, PatternDefs } from '../../../views/common/marks.js';
import { slideStyle, useSlideWhenCalm } from '../../../views/common/slide.js';
import { LOCK_KIND_WORDS, runFiguresFromReport, runFiguresLive, threadName } from '../data.js';
import { stackOffsets } from '../../../views/common/stack.js';
import {
  advanceHerd, bounceText, compareRows, herdScene, herdSummary, hotLockIndex, noHerdText,
  type CompareRow, type HerdMemory, type HerdScene,
} from './model.js';

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

/** The view remembers the lock it follows and the last bounce, from the snapshots it was given. */
function useHerdMemory(snapshot: Snapshot): { lockIndex: number; memory: HerdMemory | undefined } {
  const ref = useRef<{ lock?: string; memory?: HerdMemory }>({});
  const result = useMemo(() => {
    const lockIndex = hotLockIndex(snapshot, ref.current.lock);
    return { lockIndex, memory: advanceHerd(ref.current.memory, snapshot, lockIndex) };
  }, [snapshot]);
  useLayoutEffect(() => { ref.current = { lock: snapshot.locks[result.lockIndex]?.name, memory: result.memory }; });
  return result;
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
  const side = !!rows && innerW >= 760;
  const gapX = Math.round(t.fontSize * 1.4);
  const herdW = side ? Math.round((innerW - gapX) * 0.6) : innerW;
  const compareW = side ? innerW - gapX - herdW : innerW;
  const stage = !!props.stage;
  const geo = herdGeometry(scene, herdW, t, { stage, height: props.height });
  const places = chipPlaces(scene, geo);
  const slide = useSlideWhenCalm(places.map((p) => `${p.key}@${p.x},${p.y}`).join('|'), CALM_MS);
  const summary = herdSummary(snapshot, scene, memory, rows && props.compare ? { label: props.compare.label, rows } : undefined);

  if (scene.mode === 'none') {
    return (
      <ViewFrame view="herd" theme={theme} width={width} title={props.title ?? 'The thundering herd'} summary={summary}
        legend={<Legend label="Thundering herd legend" items={[]} />}>
        <p style={{ margin: 0, maxWidth: '60ch' }} data-no-herd="">{noHerdText(snapshot)}</p>
      </ViewFrame>
    );
  }

  const herd = scene.mode === 'herd';
  const name = (id: number) => threadName(snapshot, id);
  const headline = (
    <span data-futile={scene.futile} data-context-switches={scene.contextSwitches}>
      <strong>{formatCount(scene.futile)}</strong> futile wake-ups
      <span className="slv-muted"> of </span><strong>{formatCount(scene.contextSwitches)}</strong> context switches
      <span className="slv-muted"> ({formatPct(scene.wastedPct)} wasted)</span>
      {Number.isFinite(scene.missRatePct) && !stage && (
        <span className="slv-muted"> · {scene.name}&apos;s own miss rate {scene.missExact ? '' : '≈'}{formatPct(scene.missRatePct)}</span>
      )}
    </span>
  );

  return (
    <ViewFrame view="herd" theme={theme} width={width} title={props.title ?? 'The thundering herd'} headline={headline}
      summary={summary}
      legend={<Legend label="Thundering herd legend" items={legendItems(herd ? [
        { key: 'asleep', label: `Asleep on ${scene.name}`, swatch: <ChipSwatch theme={theme} kind="asleep" /> },
        { key: 'woken', label: 'Woken by the last release, waiting for a CPU', short: 'Woken by the release', swatch: <ChipSwatch theme={theme} kind="woken" /> },
        { key: 'ready', label: 'Runnable for another reason', short: 'Runnable, other reason', swatch: <ChipSwatch theme={theme} kind="ready" /> },
        { key: 'running', label: 'Running: the CPU\'s mode, as in the CPU grid', swatch: <ModeSwatch mode="kernel" theme={theme} /> },
        { key: 'cswitch', label: MODE_INFO.cswitch.label, swatch: <ModeSwatch mode="cswitch" theme={theme} /> },
        { key: 'holder', label: `Holds ${scene.name}`, swatch: <HolderSwatch theme={theme} /> },
      ] : [
        { key: 'spin', label: `CPU spinning for ${scene.name}, in the order it started`, short: `Spinning for ${scene.name}, in the order it started`, swatch: <ModeSwatch mode="spin" theme={theme} /> },
        { key: 'ready', label: 'Runnable thread, waiting for a CPU', swatch: <ChipSwatch theme={theme} kind="ready" /> },
        { key: 'running', label: 'Running: the CPU\'s mode, as in the CPU grid', swatch: <ModeSwatch mode="kernel" theme={theme} /> },
        { key: 'holder', label: `Holds ${scene.name}`, swatch: <HolderSwatch theme={theme} /> },
      ], stage)} />}
      table={{
        caption: `Who waits for ${scene.name} now`,
        columns: ['Place', 'Count', 'Who, in order'],
        rows: [
          [herd ? `Asleep on ${scene.name}` : `Spinning for ${scene.name}`, scene.waiting.length,
            scene.waiting.map((id) => (herd ? name(id) : `CPU ${id}`)).join(', ') || '—'],
          ['Run queue', scene.ready.length, scene.ready.map(name).join(', ') || '—'],
          ...scene.cpus.map((c) => [`CPU ${c.cpu}`, c.thread >= 0 ? 1 : 0,
            `${c.thread >= 0 ? name(c.thread) : 'idle'} (${MODE_INFO[c.mode].short})${c.holdsLock ? `, holds ${scene.name}` : ''}`]),
        ],
      }}>
      <p style={{ margin: '0 0 6px' }}>
        <strong style={{ fontSize: 'var(--slv-fs-large)' }}>{scene.name}</strong>
        {/* on the stage the kind in short: the loop's words say what a release does */}
        <span className="slv-muted" style={stage ? { whiteSpace: 'nowrap' } : undefined}>
          {stage ? `: ${LOCK_KIND_WORDS[scene.kind].short}` : `${scene.label ? ` — ${scene.label}` : ''}. ${capital(LOCK_KIND_WORDS[scene.kind].long)}.`}
        </span>
        {/* on the stage the miss rate moves here from the headline, which then takes one line fewer */}
        {stage && Number.isFinite(scene.missRatePct) && (
          <>{' '}<span className="slv-muted" style={{ whiteSpace: 'nowrap' }}>· own miss rate {scene.missExact ? '' : '≈'}{formatPct(scene.missRatePct)}</span></>
        )}
      </p>
      <div style={{ display: 'flex', flexDirection: side ? 'row' : 'column', gap: side ? gapX : 12, alignItems: 'flex-start' }}>
        <div style={{ width: herdW }}>
          <svg width={herdW} height={geo.height} aria-hidden="true" data-herd-lock={scene.name}>
            <PatternDefs prefix={patterns} theme={theme} />
            <HerdLoop scene={scene} geo={geo} t={t} inFlight={inFlight} />
            {places.map((p) => (
              <Chip key={p.key} place={p} geo={geo} t={t} theme={theme} patterns={patterns} slide={slide}
                label={p.thread >= 0 ? name(p.thread) : `CPU ${p.cpu}`} />
            ))}
          </svg>
          {/* on the stage, room for the longest of its words (two lines: SHORT_BOUNCE_CHARS) kept
              from the start: the view is fitted to its area once, and words that grew a line would spill */}
          <p style={{ margin: '6px 0 0', ...(stage ? { minHeight: '2lh' } : {}) }} data-bounce={bounce ? bounce.atNs : ''}>
            {!herd
              ? (stage ? 'Nobody sleeps on a spin lock: no wake-up, no wasted context switch; the price is CPUs spinning.'
                : 'No thread sleeps on a spin lock, so none is woken and no context switch is wasted: the price is CPUs spinning.')
              : bounce ? bounceText(snapshot, bounce, scene.kind, stage)
                : 'Waiting for a release that wakes sleepers.'}
          </p>
        </div>
        {rows && props.compare && (
          <ComparePanel rows={rows} label={props.compare.label} width={compareW} t={t}
            current={`This run: ${LOCK_KIND_WORDS[scene.kind].short}`} />
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

// ---- geometry -----------------------------------------------------------------------------

/** One line of words between two places: what happens going down (start) and coming back up (end). */
export interface BandRow { start?: string; end?: string }

export interface HerdGeometry {
  fs: number;
  small: number;
  chipW: number;
  chipH: number;
  gap: number;
  /** The chips run from x0 to x1; the loop's arrows run outside, down the left and back up the right. */
  x0: number;
  x1: number;
  /** Where the chips begin: x0, or on the stage after the places' names. */
  chipX: number;
  /** Where the CPU tiles begin: chipX, or on the stage x0 (the tiles name their CPUs, so the row needs no name). */
  tileX: number;
  width: number;
  perRow: number;
  /** Top of each place's chips, and how many rows of chips it has room for. */
  waitY: number;
  waitRows: number;
  readyY: number;
  readyRows: number;
  cpuY: number;
  tileW: number;
  tileH: number;
  tileCols: number;
  /** Where the CPU tiles end. */
  tilesRight: number;
  lineH: number;
  /** The label above each place (on the stage, beside it), and the words between places. */
  labels: { y: number; text: string; key?: string }[];
  bands: { y: number; rows: BandRow[] }[];
  height: number;
}

/** Room text takes at a size, erring wide (0.6 em a glyph) so it never runs out of its box. */
function textW(text: string, size: number): number {
  return text.length * size * 0.6;
}

/**
 * Where everything goes. On the presenter's stage (`stage`) each place's name stands to
 * the left of its chips instead of above them, and given a `height` (the room the stage
 * leaves the drawing) the places take one row of chips where two would not fit (a place
 * with more than a row holds ends with "+N more").
 */
export function herdGeometry(scene: HerdScene, width: number, t: Pick<ThemeTokens, 'fontSize' | 'smallSize'>,
  { stage = false, height }: { stage?: boolean; height?: number } = {}): HerdGeometry {
  const fs = t.fontSize;
  const small = t.smallSize;
  const chipW = Math.round(fs * 4.6);
  // chips a little flatter on the stage, where height is what runs out
  const chipH = Math.round(fs * (stage ? 1.7 : 1.9));
  const gap = Math.round(fs * 0.45);
  const x0 = Math.round(fs * 1.8);
  const x1 = width - Math.round(fs * 1.8);
  // the names' column on the stage: "Run queue" in bold at the small size, erring wide
  const chipX = stage ? x0 + Math.round(small * 0.64 * 9 + gap) : x0;
  const perRow = Math.max(1, Math.floor((x1 - chipX + gap) / (chipW + gap)));
  // a fixed number of rows, so the view does not grow and shrink as threads come and go
  const twoRows = perRow < 10 && (height === undefined || herdGeometry(scene, width, t, { stage }).height <= height);
  const rows = twoRows ? 2 : 1;
  const labelH = stage ? 0 : small + 10;
  const lineH = small + 6;
  const herd = scene.mode === 'herd';
  const labels: { y: number; text: string; key?: string }[] = [];
  const bands: { y: number; rows: BandRow[] }[] = [];
  const chars = Math.max(12, Math.floor((x1 - x0) / (small * 0.6)));
  const band = (y: number, rows: BandRow[]) => {
    bands.push({ y, rows });
    return y + rows.length * lineH + 8;
  };
  const pair = (start: string, end: string): BandRow[] =>
    textW(start, small) + textW(end, small) + fs * 2 <= x1 - x0 ? [{ start, end }]
      : [...wrapWords(start, chars).map((line) => ({ start: line })), ...wrapWords(end, chars).map((line) => ({ end: line }))];
  const words = (text: string): BandRow[] => wrapWords(text, chars).map((line) => ({ start: line }));

  // a place's name: above its chips, or on the stage beside them (its name, and its count under it)
  const label = (y: number, name: string, count?: number) => {
    if (!stage) {
      labels.push({ y: y + small, text: count === undefined ? name : `${name} · ${count}` });
      return;
    }
    labels.push({ y: y + chipH / 2 + small * (count === undefined ? 0.35 : -0.25), text: name });
    if (count !== undefined) labels.push({ y: y + chipH / 2 + small * 0.95, text: String(count), key: `${name} count` });
  };
  let y = 0;
  label(y, stage ? (herd ? 'Asleep' : 'Spinning') : `${herd ? 'Asleep on' : 'Spinning for'} ${scene.name}`, scene.waiting.length);
  const waitY = y + labelH;
  const waitRows = herd || perRow < scene.cpus.length ? rows : 1;
  y = waitY + waitRows * (chipH + gap) + 4;
  // on the stage in fewer words, so the two fit one line beside a question
  y = band(y, herd
    ? (stage ? pair(scene.kind === 'wake_all' ? '↓ release wakes all' : '↓ release wakes one', 'a miss: sleep again ↑')
      : pair(scene.kind === 'wake_all' ? '↓ a release wakes every sleeper' : '↓ a release wakes the longest sleeper', 'missed the lock: back to sleep ↑'))
    : words(stage ? 'a release lets the first spinner in' : 'a release lets the first spinner in: nobody sleeps, nobody is woken'));
  label(y, 'Run queue', scene.ready.length);
  const readyY = y + labelH;
  const readyRows = rows;
  y = readyY + readyRows * (chipH + gap) + 4;
  y = band(y, words(herd ? (stage ? '↓ each is dispatched: a context switch each' : '↓ each is dispatched: one context switch apiece')
    : 'runnable threads wait for a CPU'));
  const cpuY = y + labelH;
  const n = Math.max(1, scene.cpus.length);
  // on the stage the tiles take the whole width: each names its CPU, so the row needs no name beside it
  const tileX = stage ? x0 : chipX;
  const tileCols = Math.max(1, Math.min(n, Math.floor((x1 - tileX + gap) / (chipW + Math.round(fs * 0.5) + gap))));
  const tileW = Math.min(fs * 8, (x1 - tileX - gap * (tileCols - 1)) / tileCols);
  const tilesRight = tileX + tileCols * (tileW + gap) - gap;
  const tileH = small + 10 + chipH + small + 12;
  if (!stage) labels.push({ y: y + small, text: 'CPUs' });
  y = cpuY + Math.ceil(n / tileCols) * (tileH + gap);
  return {
    fs, small, chipW, chipH, gap, x0, x1, chipX, tileX, width, perRow, waitY, waitRows, readyY, readyRows, cpuY, tileW, tileH, tileCols,
    tilesRight, lineH, labels, bands, height: Math.ceil(y + 2),
  };
}

export type ChipKind = 'asleep' | 'woken' | 'ready' | 'running' | 'spinning' | 'more';

export interface ChipPlace {
  key: string;
  thread: number;
  cpu: number;
  kind: ChipKind;
  mode?: ModeName;
  holds: boolean;
  x: number;
  y: number;
  /** For 'more': how many are not drawn. */
  more?: number;
}

/** The top-left corner of CPU i's tile. */
export function tileAt(geo: HerdGeometry, i: number): { x: number; y: number } {
  return {
    x: geo.tileX + (i % geo.tileCols) * (geo.tileW + geo.gap),
    y: geo.cpuY + Math.floor(i / geo.tileCols) * (geo.tileH + geo.gap),
  };
}

/**
 * Where each chip goes: threads keyed by id, so a thread moves from the sleepers to
 * the run queue to a CPU and back; spinning CPUs keyed by CPU. A place with more than
 * it has room for ends with a "+N more" chip.
 */
export function chipPlaces(scene: HerdScene, geo: HerdGeometry): ChipPlace[] {
  const out: ChipPlace[] = [];
  const onCpu = new Set(scene.cpus.map((c) => c.thread).filter((id) => id >= 0));
  const woken = new Set(scene.woken);
  const zone = (ids: readonly number[], top: number, rows: number, make: (id: number) => Omit<ChipPlace, 'x' | 'y'>) => {
    const capacity = rows * geo.perRow;
    const shown = ids.length > capacity ? capacity - 1 : ids.length;
    const slot = (i: number) => ({
      x: geo.chipX + (i % geo.perRow) * (geo.chipW + geo.gap),
      y: top + Math.floor(i / geo.perRow) * (geo.chipH + geo.gap),
    });
    ids.slice(0, shown).forEach((id, i) => out.push({ ...make(id), ...slot(i) }));
    if (shown < ids.length) {
      out.push({ key: `more-${top}`, thread: -1, cpu: -1, kind: 'more', holds: false, more: ids.length - shown, ...slot(shown) });
    }
  };
  if (scene.mode === 'herd') {
    zone(scene.waiting.filter((id) => !onCpu.has(id)), geo.waitY, geo.waitRows,
      (id) => ({ key: `t${id}`, thread: id, cpu: -1, kind: 'asleep', holds: false }));
  } else {
    zone(scene.waiting, geo.waitY, geo.waitRows, (cpu) => ({ key: `c${cpu}`, thread: -1, cpu, kind: 'spinning', mode: 'spin', holds: false }));
  }
  const asleep = new Set(scene.mode === 'herd' ? scene.waiting : []);
  zone(scene.ready.filter((id) => !onCpu.has(id) && !asleep.has(id)), geo.readyY, geo.readyRows,
    (id) => ({ key: `t${id}`, thread: id, cpu: -1, kind: woken.has(id) ? 'woken' : 'ready', holds: id === scene.ownerThread }));
  scene.cpus.forEach((c, i) => {
    if (c.thread < 0) return;
    const tile = tileAt(geo, i);
    out.push({
      key: `t${c.thread}`, thread: c.thread, cpu: c.cpu, kind: 'running', mode: c.mode, holds: c.holdsLock,
      x: tile.x + (geo.tileW - geo.chipW) / 2, y: tile.y + geo.small + 10,
    });
  });
  return out;
}

// ---- drawing ------------------------------------------------------------------------------

/** What a CPU is doing, in a word under its thread. */
const TILE_WORDS: Readonly<Record<ModeName, string>> = {
  user: 'user', kernel: 'kernel', fork: 'fork', spin: 'spinning', interrupt: 'interrupt', cswitch: 'switching', idle: 'idle',
};

function arrowHead(x: number, y: number, dir: 'right' | 'left' | 'down' | 'up', size: number): string {
  const s = size;
  switch (dir) {
    case 'right': return `M ${x} ${y} l ${-s} ${-s * 0.6} v ${s * 1.2} z`;
    case 'left': return `M ${x} ${y} l ${s} ${-s * 0.6} v ${s * 1.2} z`;
    case 'down': return `M ${x} ${y} l ${-s * 0.6} ${-s} h ${s * 1.2} z`;
    default: return `M ${x} ${y} l ${-s * 0.6} ${s} h ${s * 1.2} z`;
  }
}

/** The places' labels, the CPU tiles, and the loop: down the left (wake, dispatch), back up the right (miss, sleep). */
function HerdLoop({ scene, geo, t, inFlight }: { scene: HerdScene; geo: HerdGeometry; t: ThemeTokens; inFlight: boolean }) {
  const least = leastWordSize(t);
  const holderWords = firstThatFits(['holds lock', 'holder'], geo.tileW - 8, t.smallSize, 10, least, true) ?? '';
  const { fs, small, chipH, x0, x1, lineH } = geo;
  const herd = scene.mode === 'herd';
  const hot = t.modes.cswitch;
  const sw = t.strokeWidth;
  const waitMid = geo.waitY + chipH / 2;
  const readyMid = geo.readyY + chipH / 2;
  const cpuMid = geo.cpuY + geo.small + 10 + chipH / 2;
  const xl = Math.round(x0 * 0.45);
  const xr = geo.width - Math.round(x0 * 0.45);
  const head = fs * 0.6;
  const wake = inFlight ? hot : t.text;
  return (
    <g>
      {geo.labels.map((l) => (
        <text key={l.key ?? l.text} x={x0} y={l.y} fontSize={small} fontWeight={700}>{l.text}</text>
      ))}
      {scene.waiting.length === 0 && (
        <text x={geo.chipX + 4} y={geo.waitY + chipH / 2 + small * 0.35} fontSize={small} style={{ fill: t.muted }}>
          {herd ? 'nobody asleep on the lock' : 'no CPU spinning for it'}
        </text>
      )}
      {scene.ready.length === 0 && (
        <text x={geo.chipX + 4} y={geo.readyY + chipH / 2 + small * 0.35} fontSize={small} style={{ fill: t.muted }}>empty</text>
      )}
      {geo.bands.map((b, i) => b.rows.map((row, j) => {
        const y = b.y + (j + 1) * lineH - 4;
        const strongStart = herd && i === 0 && inFlight;
        return (
          <g key={`${i}-${j}`}>
            {row.start && <text x={x0} y={y} fontSize={small} fontWeight={strongStart ? 800 : 400}
              style={{ fill: strongStart ? t.text : t.muted }}>{row.start}</text>}
            {row.end && <text x={x1} y={y} fontSize={small} textAnchor="end" style={{ fill: t.muted }}>{row.end}</text>}
          </g>
        );
      }))}
      {/* the holder's tile is also marked by its padlock and thick frame: in a narrow tile its words shorten, then go (every tile is as wide) */}
      {scene.cpus.map((c, i) => {
        const tile = tileAt(geo, i);
        const foot = tile.y + small + 10 + chipH + small + 4;
        const words = c.holdsLock ? holderWords : TILE_WORDS[c.mode];
        return (
          <g key={c.cpu} data-cpu={c.cpu}>
            <rect x={tile.x} y={tile.y} width={geo.tileW} height={geo.tileH} rx={6} fill={t.surface}
              stroke={c.holdsLock ? t.text : t.axis} strokeWidth={c.holdsLock ? sw : 1} />
            <text x={tile.x + 6} y={tile.y + small + 3} fontSize={small} fontWeight={700}>CPU {c.cpu}</text>
            {c.holdsLock && <Padlock x={tile.x + geo.tileW - small * 0.5 - 6} y={tile.y + small * 0.5 + 4} size={small} t={t} />}
            <text x={tile.x + geo.tileW / 2} y={c.thread < 0 ? tile.y + small + 10 + chipH / 2 + small * 0.35 : foot}
              fontSize={c.holdsLock ? fitFontSize(words, geo.tileW - 8, small, Math.max(10, least), true) : fitFontSize(words, geo.tileW - 8, small, 10)} fontWeight={c.holdsLock ? 700 : 400} textAnchor="middle"
              style={{ fill: c.holdsLock ? t.text : t.muted }}>{words}</text>
          </g>
        );
      })}
      {herd && (
        <g fill="none" strokeLinejoin="round">
          {/* down the left: a release takes the sleepers to the run queue, a dispatch the run queue to a CPU */}
          <path d={`M ${x0 - 4} ${waitMid} H ${xl} V ${readyMid} H ${x0 - head - 2}`} stroke={wake} strokeWidth={inFlight ? sw + 1 : sw} />
          <path d={arrowHead(x0 - 2, readyMid, 'right', head)} fill={wake} />
          <path d={`M ${xl} ${readyMid} V ${cpuMid} H ${x0 - head - 2}`} stroke={t.text} strokeWidth={sw} />
          <path d={arrowHead(x0 - 2, cpuMid, 'right', head)} fill={t.text} />
          {/* back up the right: a miss puts the thread back to sleep */}
          <path d={`M ${geo.tilesRight + 4} ${cpuMid} H ${xr} V ${waitMid} H ${x1 + head + 2}`} stroke={t.text} strokeWidth={sw} strokeDasharray="6 4" />
          <path d={arrowHead(x1 + 2, waitMid, 'left', head)} fill={t.text} />
        </g>
      )}
    </g>
  );
}

const Chip = function Chip({ place, geo, t, theme, patterns, slide, label }: {
  place: ChipPlace; geo: HerdGeometry; t: ThemeTokens; theme?: Theme; patterns: string; slide: boolean; label: string;
}) {
  const { chipW: w, chipH: h, fs } = geo;
  const move = slideStyle(place.x, place.y, slide, SLIDE_MS);
  if (place.kind === 'more') {
    return (
      <g {...move} data-more={place.more}>
        <text x={4} y={h / 2 + geo.small * 0.35} fontSize={geo.small} fontWeight={700}>+{place.more} more</text>
      </g>
    );
  }
  const style = chipStyle(place.kind, t, place.mode);
  const r = h / 2;
  return (
    <g {...move} data-thread={place.thread >= 0 ? place.thread : undefined} data-spinner={place.cpu >= 0 && place.thread < 0 ? place.cpu : undefined}
      data-place={place.kind}>
      {place.mode && (place.kind === 'running' || place.kind === 'spinning')
        ? <ModeRect mode={place.mode} x={0} y={0} width={w} height={h} rx={r} theme={theme} patterns={patterns} stroke={t.text} strokeWidth={1} />
        : <rect x={0} y={0} width={w} height={h} rx={r} fill={style.fill} stroke={t.text} strokeWidth={place.kind === 'asleep' ? 1.5 : 1}
          strokeDasharray={place.kind === 'asleep' ? '5 3' : undefined} />}
      {place.holds && <rect x={-3} y={-3} width={w + 6} height={h + 6} rx={r + 3} fill="none" stroke={t.text} strokeWidth={t.strokeWidth} />}
      <text x={w / 2} y={h / 2 + fs * 0.36} fontSize={fs} fontWeight={800} textAnchor="middle"
        style={place.mode ? { fill: style.ink, stroke: style.fill, strokeWidth: 4, paintOrder: 'stroke', strokeLinejoin: 'round' } : { fill: style.ink }}>{label}</text>
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
      <path d={`M ${s * 0.34} ${s * 0.5} v ${-s * 0.12} a ${s * 0.16} ${s * 0.16} 0 0 1 ${s * 0.32} 0 v ${s * 0.12}`}
        fill="none" stroke={t.background} strokeWidth={Math.max(1.5, s * 0.09)} />
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
      <rect x={1} y={1} width={s * 1.8 - 2} height={s - 2} rx={(s - 2) / 2} fill={style.fill} stroke={t.text}
        strokeWidth={kind === 'asleep' ? 1.5 : 1} strokeDasharray={kind === 'asleep' ? '4 2' : undefined} />
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
function ComparePanel({ rows, label, current, width, t }: {
  rows: readonly CompareRow[]; label: string; current: string; width: number; t: ThemeTokens;
}) {
  const fs = t.fontSize;
  const small = t.smallSize;
  const chars = Math.max(12, Math.floor((width - fs * 1.6) / (small * 0.6)));
  const legend = [
    { solid: true, lines: wrapWords(current, chars) },
    { solid: false, lines: wrapWords(label, chars) },
  ];
  const barH = Math.round(fs * 0.95);
  const valueW = Math.round(fs * 6.2);
  const barMax = Math.max(40, width - valueW);
  const legendStack = stackOffsets(legend.map((item) => item.lines.length * (small + 4) + 6));
  const legendAt = legendStack.starts;
  const rowStack = stackOffsets(rows.map(() => small + 8 + 2 * (barH + 6) + fs * 0.6), legendStack.end + 6);
  const laid = rows.map((row, i) => ({ row, at: rowStack.starts[i]! }));
  const height = Math.ceil(rowStack.end);
  return (
    <div style={{ width }} data-compare="">
      <p style={{ margin: '0 0 8px', fontWeight: 700 }}>Side by side: the same workload</p>
      <svg width={width} height={height} aria-hidden="true">
        {legend.map((item, i) => (
          <g key={i} transform={`translate(0, ${legendAt[i]})`}>
            <rect x={0} y={2} width={fs * 1.1} height={small} fill={item.solid ? t.text : t.background} stroke={t.text}
              strokeWidth={item.solid ? 1 : 2} strokeDasharray={item.solid ? undefined : '4 2'} />
            <text x={fs * 1.6} y={small} fontSize={small} fontWeight={700}>
              {item.lines.map((line, j) => <tspan key={j} x={fs * 1.6} dy={j === 0 ? 0 : small + 4}>{line}</tspan>)}
            </text>
          </g>
        ))}
        {laid.map(({ row, at }) => {
          const max = Math.max(Number.isFinite(row.current) ? row.current : 0, Number.isFinite(row.other) ? row.other : 0);
          const len = (v: number) => (Number.isFinite(v) && max > 0 ? Math.max(2, (barMax * v) / max) : 0);
          const bars = [
            { v: row.current, text: row.currentText, solid: true },
            { v: row.other, text: row.otherText, solid: false },
          ];
          return (
            <g key={row.key} transform={`translate(0, ${at})`} data-figure={row.key}>
              <text x={0} y={small} fontSize={small} fontWeight={700}>{row.label}</text>
              {bars.map((b, i) => {
                const by = small + 8 + i * (barH + 6);
                const w = len(b.v);
                return (
                  <g key={i}>
                    {w > 0 && <rect x={0} y={by} width={w} height={barH} fill={b.solid ? t.text : t.background} stroke={t.text}
                      strokeWidth={b.solid ? 1 : 2} strokeDasharray={b.solid ? undefined : '4 2'} />}
                    <text x={w + 6} y={by + barH * 0.82} fontSize={Number.isFinite(b.v) ? fs : small}
                      fontWeight={Number.isFinite(b.v) ? 800 : 400} style={Number.isFinite(b.v) ? undefined : { fill: t.muted }}>{b.text}</text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
