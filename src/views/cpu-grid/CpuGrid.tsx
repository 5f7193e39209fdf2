/*
 * CpuGrid.tsx -- one tile per CPU (1..64, the layout adapts), coloured by the CPU's
 * mode, saying what it runs and what it spins for; from 65 CPUs (up to 256) a dense
 * grid of numbered squares on a canvas instead (DenseCells.tsx), read one CPU at a
 * time. A CPU with a role of its own in the kernel (KernelInfo.roleCpu: the Scalable
 * Kernel's designated TCP/IP CPU) is outlined and labelled in the kernel's words;
 * the headline gives MP synchronization now (CPUs spinning, count and share) and over
 * the run. A pure function of its props.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { MODES, spinningWords, themeTokens, type Theme } from '../palette.js';
import { formatOne, formatPct, plural } from '../format.js';
import { measuredWhen, mpsynch } from '../snapshot-data.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { ModeLegend } from '../common/Legend.js';
import { ModeRect, PatternDefs } from '../common/marks.js';
import {
  cpuGridSummary,
  cpuModeShares,
  defaultGridHeight,
  DENSE_GRID_FROM,
  gridLayout,
  roleCpuOf,
  runningText,
  tileDetail,
  tileDetailText,
  tileModeText,
} from './model.js';
import { badgeBox, sharesShown, TILE_PAD, tileButton, tileOrigin, tileText, tileType } from './layout.js';
import { DenseCells } from './DenseCells.js';
import { stackOffsets } from '../common/stack.js';
import { kernelInfo, modeVocabulary } from '../../kernels/index.js';

export interface CpuGridProps {
  snapshot: Snapshot;
  /** Not needed by this view; accepted so every view takes the same props. */
  report?: Report;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 720). */
  width?: number;
  /** Height of the tile area in CSS px (default: enough for readable tiles; a dense grid's at most, default square). */
  height?: number;
  /** The CPU that takes device interrupts (scenario machine.interrupt_cpu), marked when given. */
  interruptCpu?: number;
  /** schema.modes, the order of each CPU's modeNs (default palette.MODES). */
  modeNames?: readonly string[];
  title?: string;
  /** A tile was chosen (click, Enter or Space): the lab opens its "Why" panel on that CPU's wait. */
  onCpuActivate?: (cpu: number) => void;
}

export function CpuGrid(props: CpuGridProps) {
  const { snapshot, theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  // the tile buttons (with onCpuActivate) are one tab stop; arrow keys move between them
  const [activeTile, setActiveTile] = useState(0);
  const tilesRef = useRef<HTMLDivElement>(null);
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const n = snapshot.cpus.length;
  const dense = n >= DENSE_GRID_FROM;
  const height = props.height ?? defaultGridHeight(n, innerW, t.fontSize);
  const layout = gridLayout(n, innerW, height, n > 32 ? 4 : 6);
  const detail = tileDetail(layout.tileW, t.fontSize);
  // the CPU with a role of its own (the Scalable Kernel's designated TCP/IP CPU), in its kernel's words
  const { cpu: designated, role } = roleCpuOf(snapshot);
  const m = mpsynch(snapshot, props.modeNames);
  const lockNames = snapshot.locks.map((l) => l.name);
  // SNA threads have names of their own (TP 12, HS 12, DLC 0); OpenVMS runs processes.
  const named = kernelInfo(snapshot.kernel).threads;
  const nameOf = named ? (thread: number) => named.name(snapshot.threads.length, thread) : undefined;
  const pad = TILE_PAD; // room for the designated outline
  // A tile's words shrink with short tiles, but in the projector theme never under its
  // least size: a word that does not fit at that size is left out (the tile's colour and
  // pattern, the legend and the data table still say it). layout.ts: tileType, tileText.
  const type = tileType(layout, detail, t);
  const { small, badge: badgeFont, longBadges } = type;

  const vocabulary = modeVocabulary(snapshot.kernel);
  const headline = (
    <>
      <span>
        Spinning now <strong data-testid="spinning-now">{m.spinningNow}</strong> of {plural(m.cpus, 'CPU')} ({formatPct(m.nowPct, 0)})
      </span>
      <span className="slv-muted">
        {' '}
        · {spinningWords(vocabulary)} over the run{' '}
        {snapshot.windowNs > 0 ? (
          <>
            {formatPct(m.windowPct)} = {formatOne(m.windowCpus)} CPUs
          </>
        ) : (
          // nothing measured yet (the warm-up, or the full run still running): unknown, not 0.0%
          <>— ({measuredWhen(snapshot)})</>
        )}
      </span>
    </>
  );

  return (
    <ViewFrame
      view="cpu-grid"
      theme={theme}
      width={width}
      title={props.title ?? `CPUs (${n})`}
      headline={headline}
      summary={() => cpuGridSummary(snapshot, props.modeNames)}
      legend={<ModeLegend theme={theme} vocabulary={vocabulary} />}
      table={{
        caption: 'Each CPU now',
        columns: ['CPU', 'Mode', 'Running', 'Spinning for', 'Role'],
        rows: () =>
          snapshot.cpus.map((c) => [
            `CPU ${c.id}`,
            tileModeText(c),
            runningText(c, nameOf),
            c.mode === 'spin' && c.spinLock >= 0 ? (lockNames[c.spinLock] ?? '') : '',
            [role && c.id === designated ? role.name : '', c.id === props.interruptCpu ? 'interrupt CPU' : ''].filter(Boolean).join(', '),
          ]),
      }}
    >
      {dense ? (
        <DenseCells
          cpus={snapshot.cpus}
          lockNames={lockNames}
          theme={theme}
          width={innerW}
          maxHeight={props.height}
          designated={designated}
          roleWords={role && `the ${role.name}`}
          interruptCpu={props.interruptCpu}
          threadName={nameOf}
          onCpuActivate={props.onCpuActivate}
        />
      ) : (
        <div
          className="slv-cpu-tiles"
          ref={tilesRef}
          style={{ position: 'relative', width: layout.width + pad * 2 }}
          {...(props.onCpuActivate
            ? {
                role: 'group',
                'aria-label': 'CPU tiles: arrow keys move between them, Enter explains why a CPU waits',
                onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
                  const move: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -layout.cols, ArrowDown: layout.cols };
                  let next =
                    event.key === 'Home'
                      ? 0
                      : event.key === 'End'
                        ? n - 1
                        : move[event.key] !== undefined
                          ? activeTile + move[event.key]!
                          : -1;
                  if (next < 0 && event.key !== 'Home') return;
                  next = Math.max(0, Math.min(n - 1, next));
                  event.preventDefault();
                  setActiveTile(next);
                  tilesRef.current?.querySelector<HTMLButtonElement>(`[data-cpu-button="${next}"]`)?.focus();
                },
              }
            : {})}
        >
          <svg width={layout.width + pad * 2} height={layout.height + pad * 2} aria-hidden="true">
            <PatternDefs prefix={patterns} theme={theme} />
            {snapshot.cpus.map((cpu, i) => {
              const { x, y } = tileOrigin(layout, i);
              const isDesignated = cpu.id === designated;
              const isInterrupt = cpu.id === props.interruptCpu;
              const ink = t.modeText[cpu.mode];
              const halo = { stroke: t.modes[cpu.mode], strokeWidth: 4, paintOrder: 'stroke' as const, strokeLinejoin: 'round' as const };
              const modeText = tileModeText(cpu);
              const detailText = tileDetailText(cpu, lockNames, nameOf);
              const words = tileText(layout, detail, type, { x, y }, modeText, detailText, t.fontSize);
              return (
                <g key={cpu.id} data-cpu={cpu.id} data-mode={cpu.mode}>
                  <ModeRect
                    className="slv-fill"
                    mode={cpu.mode}
                    x={x}
                    y={y}
                    width={layout.tileW}
                    height={layout.tileH}
                    rx={6}
                    theme={theme}
                    patterns={patterns}
                    stroke={t.axis}
                    strokeWidth={1}
                  />
                  {isDesignated && (
                    <rect
                      x={x - 2}
                      y={y - 2}
                      width={layout.tileW + 4}
                      height={layout.tileH + 4}
                      rx={8}
                      fill="none"
                      stroke={t.designated}
                      strokeWidth={4}
                    />
                  )}
                  {detail === 'full' && (
                    <>
                      <text x={words.name.x} y={words.name.y} fontSize={small} fontWeight={700} fill={ink} style={{ fill: ink, ...halo }}>
                        CPU {cpu.id}
                      </text>
                      {words.mode.shown && (
                        <text
                          x={words.mode.x}
                          y={words.mode.y}
                          fontSize={words.mode.size}
                          fontWeight={800}
                          textAnchor="middle"
                          style={{ fill: ink, ...halo }}
                        >
                          {modeText}
                        </text>
                      )}
                      {words.detail.shown && (
                        <text
                          x={words.detail.x}
                          y={words.detail.y}
                          fontSize={words.detail.size}
                          textAnchor="middle"
                          style={{ fill: ink, ...halo }}
                        >
                          {detailText}
                        </text>
                      )}
                      {words.shares && (
                        <ShareBar
                          x={words.shares.x}
                          y={words.shares.y}
                          width={words.shares.w}
                          height={words.shares.h}
                          shares={cpuModeShares(cpu, snapshot.windowNs, props.modeNames)}
                          theme={theme}
                        />
                      )}
                    </>
                  )}
                  {detail === 'label' && (
                    <>
                      <text x={words.name.x} y={words.name.y} fontSize={small} fontWeight={700} style={{ fill: ink, ...halo }}>
                        {cpu.id}
                      </text>
                      {words.mode.shown && (
                        <text
                          x={words.mode.x}
                          y={words.mode.y}
                          fontSize={words.mode.size}
                          fontWeight={700}
                          textAnchor="middle"
                          style={{ fill: ink, ...halo }}
                        >
                          {modeText}
                        </text>
                      )}
                    </>
                  )}
                  {detail === 'number' && (
                    <text
                      x={words.name.x}
                      y={words.name.y}
                      fontSize={small}
                      fontWeight={700}
                      textAnchor="middle"
                      style={{ fill: ink, ...halo }}
                    >
                      {cpu.id}
                    </text>
                  )}
                  {(isDesignated || isInterrupt) && detail !== 'none' && (
                    <Badge
                      x={x + layout.tileW - 4}
                      y={y + 4}
                      theme={theme}
                      size={badgeFont}
                      text={
                        longBadges
                          ? [isDesignated ? role?.badge : '', isInterrupt ? 'IRQ' : ''].filter(Boolean).join(' · ')
                          : [isDesignated ? role?.letter : '', isInterrupt ? 'I' : ''].join('')
                      }
                    />
                  )}
                </g>
              );
            })}
          </svg>
          {props.onCpuActivate &&
            snapshot.cpus.map((cpu, i) => {
              // a transparent button over each tile: the picture stays aria-hidden, the buttons carry the words
              const doing =
                cpu.mode === 'spin' && cpu.spinLock >= 0 ? `spinning for ${lockNames[cpu.spinLock] ?? 'a lock'}` : tileModeText(cpu);
              return (
                <button
                  key={cpu.id}
                  type="button"
                  className="slv-tile-button"
                  data-cpu-button={cpu.id}
                  tabIndex={i === Math.min(activeTile, n - 1) ? 0 : -1}
                  onFocus={() => setActiveTile(i)}
                  style={tileButton(layout, i)}
                  aria-label={`CPU ${cpu.id}, ${doing}: why is it waiting?`}
                  onClick={() => props.onCpuActivate!(cpu.id)}
                />
              );
            })}
        </div>
      )}
      {dense ? (
        <p className="slv-muted" style={{ margin: '6px 0 0', fontSize: 'var(--slv-fs-small)' }}>
          {role && designated >= 0 && <>{`Thick outline: CPU ${designated}, the ${role.name} ${role.does}. `}</>}
          {props.interruptCpu !== undefined && props.interruptCpu < n && (
            <>Dark corner: CPU {props.interruptCpu} takes the network interrupts.</>
          )}
        </p>
      ) : (
        <p className="slv-muted" style={{ margin: '6px 0 0', fontSize: 'var(--slv-fs-small)' }}>
          {role && designated >= 0 && (
            <>
              Thick outline, <b>{longBadges ? role.badge : role.letter}</b>
              {`: CPU ${designated}, the ${role.name} ${role.does}. `}
            </>
          )}
          {props.interruptCpu !== undefined && detail !== 'none' && (
            <>
              <b>{longBadges ? 'IRQ' : 'I'}</b>: CPU {props.interruptCpu} takes the network interrupts.{' '}
            </>
          )}
          {sharesShown(layout, detail, t.fontSize) && (
            <>Strip at the foot of a tile: how that CPU's time was shared between the modes over the run. </>
          )}
          {props.onCpuActivate && (
            <>
              Click a tile (or Tab to the tiles, move with the arrow keys, press Enter) to see why that CPU is waiting, or why it last
              waited.
            </>
          )}
        </p>
      )}
    </ViewFrame>
  );
}

/** A dark label in a tile's top-right corner. */
function Badge({ x, y, text, theme, size: fs }: { x: number; y: number; text: string; theme?: Theme; size: number }) {
  const t = themeTokens(theme);
  const box = badgeBox(x, y, text, fs);
  return (
    <g>
      <rect x={box.x} y={box.y} width={box.w} height={box.h} rx={4} fill={t.designated} />
      <text x={box.textX} y={box.textY} fontSize={fs} fontWeight={700} textAnchor="middle" style={{ fill: t.background }}>
        {text}
      </text>
    </g>
  );
}

/** Where this CPU's time went over the window: a thin stacked bar of its modes. */
function ShareBar({
  x,
  y,
  width,
  height,
  shares,
  theme,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  shares: number[];
  theme?: Theme;
}) {
  const t = themeTokens(theme);
  const total = shares.reduce((a, b) => a + b, 0) || 1;
  const widths = shares.map((s) => (width * s) / total);
  const { starts } = stackOffsets(widths, x);
  return (
    <g>
      <rect x={x - 1} y={y - 1} width={width + 2} height={height + 2} fill={t.background} stroke={t.axis} strokeWidth={1} />
      {widths.map((w, i) => (
        <rect key={MODES[i]} x={starts[i]} y={y} width={Math.max(0, w)} height={height} fill={t.modes[MODES[i]!]} />
      ))}
    </g>
  );
}
