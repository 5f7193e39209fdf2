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
import { leastWordSize, MODES, spinningWords, themeTokens, type Theme } from '../palette.js';
import { fitFontSizeOrNone, formatOne, formatPct, plural } from '../format.js';
import { measuredWhen, mpsynch } from '../snapshot-data.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { ModeLegend } from '../common/Legend.js';
import { ModeRect, PatternDefs } from '../common/marks.js';
import {
  cpuGridSummary, cpuModeShares, defaultGridHeight, DENSE_GRID_FROM, gridLayout, roleCpuOf, runningText, tileDetail, tileDetailText, tileModeText,
} from './model.js';
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
  const pad = 3; // room for the designated outline
  // long badges ("TCP/IP", "IRQ") only where they leave room for the tile's "CPU nn"
  // A tile's small words shrink with short tiles, except in the projector theme: there no
  // word goes under its small size, the least a lecture hall reads, and a word that does
  // not fit at that size is left out (the tile's colour and pattern, the legend and the
  // data table still say it).
  const least = leastWordSize(t);
  const small = Math.max(11, least, Math.min(t.smallSize, layout.tileH * 0.2));
  const big = Math.max(12, least, Math.min(t.largeSize, layout.tileH * 0.26));
  const badgeFont = badgeSize(small, least);
  const longBadges = detail === 'full'
    && 6 * 0.62 * small + 'TCP/IP · IRQ'.length * badgeFont * 0.62 + 24 <= layout.tileW;
  /** A word's size in the tile, or 0 where it does not fit at the least size (then it is left out). */
  const wordSize = (text: string, room: number, max: number, min: number, bold = false) => fitFontSizeOrNone(text, room, max, min, least, bold);

  const vocabulary = modeVocabulary(snapshot.kernel);
  const headline = (
    <>
      <span>Spinning now <strong data-testid="spinning-now">{m.spinningNow}</strong> of {plural(m.cpus, 'CPU')}{' '}
        ({formatPct(m.nowPct, 0)})</span>
      <span className="slv-muted"> · {spinningWords(vocabulary)} over the run {snapshot.windowNs > 0
        ? <>{formatPct(m.windowPct)} = {formatOne(m.windowCpus)} CPUs</>
        // nothing measured yet (the warm-up, or the full run still running): unknown, not 0.0%
        : <>— ({measuredWhen(snapshot)})</>}</span>
    </>
  );

  return (
    <ViewFrame view="cpu-grid" theme={theme} width={width} title={props.title ?? `CPUs (${n})`} headline={headline}
      summary={() => cpuGridSummary(snapshot, props.modeNames)}
      legend={<ModeLegend theme={theme} vocabulary={vocabulary} />}
      table={{
        caption: 'Each CPU now',
        columns: ['CPU', 'Mode', 'Running', 'Spinning for', 'Role'],
        rows: () => snapshot.cpus.map((c) => [
          `CPU ${c.id}`, tileModeText(c), runningText(c, nameOf),
          c.mode === 'spin' && c.spinLock >= 0 ? lockNames[c.spinLock] ?? '' : '',
          [role && c.id === designated ? role.name : '', c.id === props.interruptCpu ? 'interrupt CPU' : ''].filter(Boolean).join(', '),
        ]),
      }}>
      {dense ? (
        <DenseCells cpus={snapshot.cpus} lockNames={lockNames} theme={theme} width={innerW} maxHeight={props.height}
          designated={designated} roleWords={role && `the ${role.name}`} interruptCpu={props.interruptCpu} threadName={nameOf} onCpuActivate={props.onCpuActivate} />
      ) : (
      <div className="slv-cpu-tiles" ref={tilesRef} style={{ position: 'relative', width: layout.width + pad * 2 }}
        {...(props.onCpuActivate ? {
          role: 'group', 'aria-label': 'CPU tiles: arrow keys move between them, Enter explains why a CPU waits',
          onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
            const move: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -layout.cols, ArrowDown: layout.cols };
            let next = event.key === 'Home' ? 0 : event.key === 'End' ? n - 1 : move[event.key] !== undefined ? activeTile + move[event.key]! : -1;
            if (next < 0 && event.key !== 'Home') return;
            next = Math.max(0, Math.min(n - 1, next));
            event.preventDefault();
            setActiveTile(next);
            tilesRef.current?.querySelector<HTMLButtonElement>(`[data-cpu-button="${next}"]`)?.focus();
          },
        } : {})}>
      <svg width={layout.width + pad * 2} height={layout.height + pad * 2} aria-hidden="true">
        <PatternDefs prefix={patterns} theme={theme} />
        {snapshot.cpus.map((cpu, i) => {
          const col = i % layout.cols;
          const row = Math.floor(i / layout.cols);
          const x = pad + col * (layout.tileW + layout.gap);
          const y = pad + row * (layout.tileH + layout.gap);
          const isDesignated = cpu.id === designated;
          const isInterrupt = cpu.id === props.interruptCpu;
          const ink = t.modeText[cpu.mode];
          const halo = { stroke: t.modes[cpu.mode], strokeWidth: 4, paintOrder: 'stroke' as const, strokeLinejoin: 'round' as const };
          const modeY = y + Math.max(small * 2.4 + 4, layout.tileH * 0.52);
          const modeText = tileModeText(cpu);
          const modeSize = wordSize(modeText, layout.tileW - 10, big, 10, true);
          const detailText = tileDetailText(cpu, lockNames, nameOf);
          const detailSize = wordSize(detailText, layout.tileW - 8, small, 0);
          // under the mode word; the projector theme's larger words need its descenders' room too
          const detailY = modeY + (least > 0 ? modeSize * 0.3 + detailSize + 2 : small + 3);
          const labelModeSize = wordSize(modeText, layout.tileW - 6, small, 9, true);
          return (
            <g key={cpu.id} data-cpu={cpu.id} data-mode={cpu.mode}>
              <ModeRect className="slv-fill" mode={cpu.mode} x={x} y={y} width={layout.tileW} height={layout.tileH} rx={6}
                theme={theme} patterns={patterns} stroke={t.axis} strokeWidth={1} />
              {isDesignated && (
                <rect x={x - 2} y={y - 2} width={layout.tileW + 4} height={layout.tileH + 4} rx={8} fill="none"
                  stroke={t.designated} strokeWidth={4} />
              )}
              {detail === 'full' && (
                <>
                  <text x={x + 7} y={y + small + 3} fontSize={small} fontWeight={700} fill={ink} style={{ fill: ink, ...halo }}>CPU {cpu.id}</text>
                  {modeSize > 0 && modeY + modeSize * 0.3 <= y + layout.tileH && (
                    <text x={x + layout.tileW / 2} y={modeY} fontSize={modeSize} fontWeight={800} textAnchor="middle"
                      style={{ fill: ink, ...halo }}>{modeText}</text>
                  )}
                  {detailSize > 0 && detailY + detailSize * 0.3 <= y + layout.tileH && (
                    <text x={x + layout.tileW / 2} y={detailY} fontSize={detailSize} textAnchor="middle"
                      style={{ fill: ink, ...halo }}>{detailText}</text>
                  )}
                  {layout.tileH >= t.fontSize * 5 && <ShareBar x={x + 6} y={y + layout.tileH - 12} width={layout.tileW - 12} height={7}
                    shares={cpuModeShares(cpu, snapshot.windowNs, props.modeNames)} theme={theme} />}
                </>
              )}
              {detail === 'label' && (
                <>
                  <text x={x + 5} y={y + small + 3} fontSize={small} fontWeight={700} style={{ fill: ink, ...halo }}>{cpu.id}</text>
                  {labelModeSize > 0 && (
                    <text x={x + layout.tileW / 2} y={y + layout.tileH * 0.68} fontSize={labelModeSize} fontWeight={700} textAnchor="middle"
                      style={{ fill: ink, ...halo }}>{modeText}</text>
                  )}
                </>
              )}
              {detail === 'number' && (
                <text x={x + layout.tileW / 2} y={y + layout.tileH / 2 + small * 0.35} fontSize={small} fontWeight={700}
                  textAnchor="middle" style={{ fill: ink, ...halo }}>{cpu.id}</text>
              )}
              {(isDesignated || isInterrupt) && detail !== 'none' && (
                <Badge x={x + layout.tileW - 4} y={y + 4} theme={theme} size={badgeFont}
                  text={longBadges
                    ? [isDesignated ? role?.badge : '', isInterrupt ? 'IRQ' : ''].filter(Boolean).join(' · ')
                    : [isDesignated ? role?.letter : '', isInterrupt ? 'I' : ''].join('')} />
              )}
            </g>
          );
        })}
      </svg>
      {props.onCpuActivate && snapshot.cpus.map((cpu, i) => {
        // a transparent button over each tile: the picture stays aria-hidden, the buttons carry the words
        const x = pad + (i % layout.cols) * (layout.tileW + layout.gap);
        const y = pad + Math.floor(i / layout.cols) * (layout.tileH + layout.gap);
        const doing = cpu.mode === 'spin' && cpu.spinLock >= 0 ? `spinning for ${lockNames[cpu.spinLock] ?? 'a lock'}` : tileModeText(cpu);
        return (
          <button key={cpu.id} type="button" className="slv-tile-button" data-cpu-button={cpu.id}
            tabIndex={i === Math.min(activeTile, n - 1) ? 0 : -1} onFocus={() => setActiveTile(i)}
            style={{ left: x, top: y, width: Math.max(24, layout.tileW), height: Math.max(24, layout.tileH) }}
            aria-label={`CPU ${cpu.id}, ${doing}: why is it waiting?`}
            onClick={() => props.onCpuActivate!(cpu.id)} />
        );
      })}
      </div>
      )}
      {dense ? (
        <p className="slv-muted" style={{ margin: '6px 0 0', fontSize: 'var(--slv-fs-small)' }}>
          {role && designated >= 0 && <>{`Thick outline: CPU ${designated}, the ${role.name} ${role.does}. `}</>}
          {props.interruptCpu !== undefined && props.interruptCpu < n && <>Dark corner: CPU {props.interruptCpu} takes the network interrupts.</>}
        </p>
      ) : (
      <p className="slv-muted" style={{ margin: '6px 0 0', fontSize: 'var(--slv-fs-small)' }}>
        {role && designated >= 0 && <>Thick outline, <b>{longBadges ? role.badge : role.letter}</b>{`: CPU ${designated}, the ${role.name} ${role.does}. `}</>}
        {props.interruptCpu !== undefined && detail !== 'none' && <><b>{longBadges ? 'IRQ' : 'I'}</b>: CPU {props.interruptCpu} takes the network interrupts. </>}
        {detail === 'full' && layout.tileH >= t.fontSize * 5 && <>Strip at the foot of a tile: how that CPU's time was shared between the modes over the run. </>}
        {props.onCpuActivate && <>Click a tile (or Tab to the tiles, move with the arrow keys, press Enter) to see why that CPU is waiting, or why it last waited.</>}
      </p>
      )}
    </ViewFrame>
  );
}

/** A badge's type: a little under the tile's small words, never under the theme's least. */
function badgeSize(small: number, least: number): number {
  return Math.max(10, least, small * 0.85);
}

/** A dark label in a tile's top-right corner. */
function Badge({ x, y, text, theme, size: fs }: { x: number; y: number; text: string; theme?: Theme; size: number }) {
  const t = themeTokens(theme);
  const w = text.length * fs * 0.62 + 8;
  return (
    <g>
      <rect x={x - w} y={y} width={w} height={fs + 6} rx={4} fill={t.designated} />
      <text x={x - w / 2} y={y + fs + 1} fontSize={fs} fontWeight={700} textAnchor="middle" style={{ fill: t.background }}>{text}</text>
    </g>
  );
}

/** Where this CPU's time went over the window: a thin stacked bar of its modes. */
function ShareBar({ x, y, width, height, shares, theme }: {
  x: number; y: number; width: number; height: number; shares: number[]; theme?: Theme;
}) {
  const t = themeTokens(theme);
  const total = shares.reduce((a, b) => a + b, 0) || 1;
  const widths = shares.map((s) => (width * s) / total);
  const { starts } = stackOffsets(widths, x);
  return (
    <g>
      <rect x={x - 1} y={y - 1} width={width + 2} height={height + 2} fill={t.background} stroke={t.axis} strokeWidth={1} />
      {widths.map((w, i) => <rect key={MODES[i]} x={starts[i]} y={y} width={Math.max(0, w)} height={height} fill={t.modes[MODES[i]!]} />)}
    </g>
  );
}
