/*
 * DenseCells.tsx -- the CPU grid from DENSE_GRID_FROM CPUs on (up to the core's 256):
 * one small square per CPU on a canvas (draw.ts), numbered along the edges, and a
 * readout line under it that says what the CPU under the pointer, or under the
 * keyboard cursor, is doing. The canvas is one tab stop: arrow keys move the cursor
 * (Page Up/Down four rows, Home/End), screen readers hear each CPU as the cursor
 * reaches it, and Enter, Space or a click call onCpuActivate when given. The data
 * table (CpuGrid's) lists every CPU.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CpuState } from '../../core/snapshot.js';
import { MODES, themeTokens, type Theme } from '../palette.js';
import { canvasContext, PatternCache } from '../common/canvas.js';
import { DenseGridPainter } from './draw.js';
import { cpuReadout, denseCellAt, denseGridLayout, moveCell } from './model.js';

export interface DenseCellsProps {
  cpus: readonly CpuState[];
  lockNames: readonly string[];
  theme?: Theme;
  /** Room across, px, and at most this tall. */
  width: number;
  maxHeight?: number;
  /** The CPU with a role of its own (KernelInfo.roleCpu), outlined, and its role in words ("the designated TCP/IP CPU"). */
  designated: number;
  roleWords?: string;
  interruptCpu?: number;
  threadName?: (thread: number) => string;
  onCpuActivate?: (cpu: number) => void;
}

export function DenseCells(props: DenseCellsProps) {
  const { cpus, theme } = props;
  const t = themeTokens(theme);
  const n = cpus.length;
  const layout = denseGridLayout(n, props.width, t.smallSize, props.maxHeight);
  const [hover, setHover] = useState(-1);
  const [cursor, setCursor] = useState(0);
  const [focused, setFocused] = useState(false);
  const [announce, setAnnounce] = useState('');
  const keysId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const patterns = useRef(new PatternCache());
  const painter = useRef(new DenseGridPainter());
  const at = Math.min(cursor, n - 1);
  const roles = (i: number) => ({ role: i === props.designated ? props.roleWords : undefined, interrupt: i === props.interruptCpu });
  const readout = (i: number) => cpuReadout(cpus[i]!, props.lockNames, roles(i), props.threadName);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const size = canvas ? `${canvas.width}x${canvas.height}` : '';
    const ctx = canvasContext(canvas, layout.width, layout.height);
    if (!ctx) return;
    // a canvas resized is a canvas cleared: draw it all
    if (`${canvas!.width}x${canvas!.height}` !== size) painter.current.reset();
    const modes = new Uint8Array(n);
    for (let i = 0; i < n; i++) modes[i] = Math.max(0, MODES.indexOf(cpus[i]!.mode));
    painter.current.paint(ctx, {
      t,
      layout,
      modes,
      patterns: patterns.current.get(ctx, t),
      designated: props.designated,
      interrupt: props.interruptCpu ?? -1,
      hover,
      cursor: focused ? at : -1,
    });
  });

  const cellOf = (e: { currentTarget: HTMLCanvasElement; clientX: number; clientY: number }) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return denseCellAt(layout, n, e.clientX - rect.left, e.clientY - rect.top);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if ((e.key === 'Enter' || e.key === ' ') && props.onCpuActivate) {
      e.preventDefault();
      props.onCpuActivate(cpus[at]!.id);
      return;
    }
    const next = moveCell(at, e.key, layout.cols, n);
    if (next === null) return;
    e.preventDefault();
    setCursor(next);
    setAnnounce(readout(next));
  };

  const example = { row: layout.cols * Math.min(2, layout.rows - 1), col: Math.min(5, layout.cols - 1) };
  // what the readout line says: the CPU pointed at, else the keyboard's, else how to read one
  const shown = hover >= 0 ? hover : focused ? at : -1;
  return (
    <div className="slv-dense-grid">
      <canvas
        ref={canvasRef}
        className="slv-focusable"
        style={{ width: layout.width, height: layout.height, display: 'block' }}
        tabIndex={0}
        role="application"
        aria-roledescription="CPU grid"
        aria-label={`${n} CPUs, one square each: arrow keys move between them${props.onCpuActivate ? ', Enter explains why a CPU waits' : ''}`}
        aria-describedby={keysId}
        onPointerMove={(e) => setHover(cellOf(e))}
        onPointerLeave={() => setHover(-1)}
        onClick={(e) => {
          const i = cellOf(e);
          if (i < 0) return;
          setCursor(i);
          props.onCpuActivate?.(cpus[i]!.id);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <p className="slv-cpu-readout" aria-hidden="true">
        {shown >= 0 ? readout(shown) : 'Point at a square, or Tab to the grid and use the arrow keys, to read one CPU.'}
      </p>
      <p className="slv-keys" id={keysId}>
        Left: the row's first CPU; top: add it (CPU {example.row + example.col} is row {example.row}, +{example.col}). <kbd>←</kbd>{' '}
        <kbd>→</kbd> <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>PgUp</kbd> <kbd>PgDn</kbd> four rows · <kbd>Home</kbd> <kbd>End</kbd>
        {props.onCpuActivate && (
          <>
            {' '}
            · click a CPU or <kbd>Enter</kbd>: why it waits
          </>
        )}
      </p>
      <p className="slv-sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
