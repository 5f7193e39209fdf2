/*
 * Diagrams.tsx -- the built-in diagrams a lesson's ```figure may draw (components.ts
 * DIAGRAM_IDS), redrawn after the paper's figures in the lab's own palette and marks
 * (views/palette.ts, views/common/marks.tsx), so a spinning CPU in a lesson looks
 * exactly like a spinning CPU in the lab: vermillion and hatched, with its name in words.
 * Each diagram is an SVG with a title and a description for screen readers.
 */
import { useId } from 'react';
import { ModeLegend } from '../views/common/Legend.js';
import { ModeRect, PatternDefs } from '../views/common/marks.js';
import { themeTokens, type ModeName } from '../views/palette.js';
import type { DIAGRAM_IDS } from './components.js';

type DiagramId = (typeof DIAGRAM_IDS)[number];

const t = themeTokens('light');
const FONT = { fontFamily: t.fontFamily };

function CpuTile({
  x,
  y,
  w,
  h,
  mode,
  name,
  note,
  patterns,
  outline,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  mode: ModeName;
  name: string;
  note: string;
  patterns: string;
  outline?: boolean;
}) {
  const ink = t.modeText[mode];
  return (
    <g>
      <ModeRect
        mode={mode}
        x={x}
        y={y}
        width={w}
        height={h}
        rx={6}
        patterns={patterns}
        stroke={outline ? t.designated : t.axis}
        strokeWidth={outline ? 3 : 1}
      />
      <rect x={x + 6} y={y + 6} width={w - 12} height={h - 12} rx={4} fill={t.background} opacity={mode === 'spin' ? 0.85 : 0} />
      <text
        x={x + w / 2}
        y={y + h / 2 - 3}
        textAnchor="middle"
        fontSize={15}
        fontWeight={700}
        fill={mode === 'spin' ? t.text : ink}
        {...FONT}
      >
        {name}
      </text>
      <text x={x + w / 2} y={y + h / 2 + 15} textAnchor="middle" fontSize={13} fill={mode === 'spin' ? t.text : ink} {...FONT}>
        {note}
      </text>
    </g>
  );
}

function Arrow({ d, colour, dash, id }: { d: string; colour: string; dash?: string; id: string }) {
  return <path d={d} fill="none" stroke={colour} strokeWidth={2.5} strokeDasharray={dash} markerEnd={`url(#${id})`} />;
}

function ArrowHead({ id, colour }: { id: string; colour: string }) {
  return (
    <marker id={id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
      <path d="M0,0 L10,5 L0,10 z" fill={colour} />
    </marker>
  );
}

function Database({ x, y, w, label }: { x: number; y: number; w: number; label: string }) {
  return (
    <g>
      <path
        d={`M${x},${y + 8} a${w / 2},8 0 0 1 ${w},0 v40 a${w / 2},8 0 0 1 ${-w},0 z`}
        fill={t.surface}
        stroke={t.axis}
        strokeWidth={1.5}
      />
      <path d={`M${x},${y + 8} a${w / 2},8 0 0 0 ${w},0`} fill="none" stroke={t.axis} strokeWidth={1.5} />
      <text x={x + w / 2} y={y + 38} textAnchor="middle" fontSize={14} fill={t.text} {...FONT}>
        {label}
      </text>
    </g>
  );
}

function LockBox({ x, y, w, label, sub }: { x: number; y: number; w: number; label: string; sub: string }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={46} rx={8} fill={t.background} stroke={t.text} strokeWidth={2.5} />
      <text x={x + w / 2} y={y + 20} textAnchor="middle" fontSize={14} fontWeight={700} fill={t.text} {...FONT}>
        {label}
      </text>
      <text x={x + w / 2} y={y + 37} textAnchor="middle" fontSize={12.5} fill={t.muted} {...FONT}>
        {sub}
      </text>
    </g>
  );
}

function ClassicKernel() {
  const id = useId();
  const patterns = `${id}-p`;
  const head = `${id}-a`;
  const spinHead = `${id}-s`;
  const modes: ModeName[] = ['user', 'spin', 'kernel', 'spin', 'user', 'spin', 'spin', 'user'];
  const notes: Record<string, string> = { user: 'application', spin: 'spinning', kernel: 'holds lock' };
  const w = 80;
  const gap = 10;
  const x0 = 4;
  const lockX = 265;
  const lockW = 190;
  return (
    <svg viewBox="0 0 724 292" className="lesson-diagram" role="img" aria-labelledby={`${id}-t ${id}-d`}>
      <title id={`${id}-t`}>The classic kernel: every CPU needs I/O lock 8</title>
      <desc id={`${id}-d`}>
        Eight CPUs in a row. One holds I/O lock 8 and works on the TCP/IP database; four spin, waiting for the lock; three run the
        application. Every path to the database passes through the one lock.
      </desc>
      <defs>
        <ArrowHead id={head} colour={t.text} />
        <ArrowHead id={spinHead} colour={t.modes.spin} />
      </defs>
      <PatternDefs prefix={patterns} />
      {modes.map((mode, i) => {
        const x = x0 + i * (w + gap);
        const cx = x + w / 2;
        const tx = lockX + lockW / 2 + (i - 3.5) * 18;
        return (
          <g key={i}>
            <CpuTile x={x} y={8} w={w} h={62} mode={mode} name={`CPU ${i}`} note={notes[mode]!} patterns={patterns} />
            {mode === 'spin' && <Arrow id={spinHead} d={`M${cx},72 C${cx},118 ${tx},104 ${tx},138`} colour={t.modes.spin} dash="6 5" />}
            {mode === 'kernel' && <Arrow id={head} d={`M${cx},72 C${cx},118 ${tx},104 ${tx},138`} colour={t.text} />}
          </g>
        );
      })}
      <LockBox x={lockX} y={140} w={lockW} label="I/O lock 8" sub="TCP/IP global spinlock" />
      <Arrow id={head} d={`M${lockX + lockW / 2},188 V218`} colour={t.text} />
      <Database x={lockX + 10} y={220} w={lockW - 20} label="TCP/IP database" />
      <text x={lockX + lockW + 22} y={160} fontSize={13.5} fill={t.text} {...FONT}>
        One CPU at a time gets through;
      </text>
      <text x={lockX + lockW + 22} y={178} fontSize={13.5} fill={t.text} {...FONT}>
        the rest spin, doing no work.
      </text>
    </svg>
  );
}

function ScalableKernel() {
  const id = useId();
  const patterns = `${id}-p`;
  const head = `${id}-a`;
  const modes: ModeName[] = ['user', 'kernel', 'user', 'kernel', 'user', 'user'];
  const notes: Record<string, string> = { user: 'application', kernel: 'queues KRP' };
  const w = 88;
  const gap = 12;
  const x0 = 6;
  const q = { x: 6, y: 140, w: 560, h: 48 };
  const d = { x: 598, w: 158 };
  return (
    <svg viewBox="0 0 760 350" className="lesson-diagram" role="img" aria-labelledby={`${id}-t ${id}-d`}>
      <title id={`${id}-t`}>The Scalable Kernel: KRPs queued for the designated CPU</title>
      <desc id={`${id}-d`}>
        Six CPUs run their processes' reads and writes in parallel; each copies the data, leaves a kernel request packet on one queue and
        goes on, with no lock. The designated TCP/IP CPU takes the packets first come, first served, holding the TCP/IP global lock, which
        no other CPU ever takes.
      </desc>
      <defs>
        <ArrowHead id={head} colour={t.text} />
      </defs>
      <PatternDefs prefix={patterns} />
      {modes.map((mode, i) => {
        const x = x0 + i * (w + gap);
        const cx = x + w / 2;
        return (
          <g key={i}>
            <CpuTile x={x} y={8} w={w} h={62} mode={mode} name={`CPU ${i}`} note={notes[mode]!} patterns={patterns} />
            {mode === 'kernel' && <Arrow id={head} d={`M${cx},72 V${q.y - 4}`} colour={t.text} />}
          </g>
        );
      })}
      <rect x={q.x} y={q.y} width={q.w} height={q.h} rx={8} fill={t.surface} stroke={t.axis} strokeWidth={1.5} />
      <text x={q.x + 14} y={q.y + 29} fontSize={15} fontWeight={700} fill={t.text} {...FONT}>
        KRP queue
      </text>
      {[0, 1, 2, 3, 4].map((k) => (
        <g key={k}>
          <rect
            x={q.x + q.w - 66 - k * 62}
            y={q.y + 9}
            width={54}
            height={30}
            rx={4}
            fill={t.background}
            stroke={t.text}
            strokeWidth={1.5}
          />
          <text x={q.x + q.w - 39 - k * 62} y={q.y + 29} textAnchor="middle" fontSize={13.5} fill={t.text} {...FONT}>
            KRP
          </text>
        </g>
      ))}
      <Arrow id={head} d={`M${q.x + q.w + 2},${q.y + q.h / 2} H${d.x - 4}`} colour={t.text} />
      <CpuTile x={d.x} y={q.y - 22} w={d.w} h={92} mode="fork" name="CPU 7" note="designated CPU" patterns={patterns} outline />
      <Arrow id={head} d={`M${d.x + d.w / 2},${q.y + 72} V${q.y + 88}`} colour={t.text} />
      <LockBox x={d.x} y={q.y + 90} w={d.w} label="TCP/IP global lock" sub="only CPU 7 takes it" />
      <Arrow id={head} d={`M${d.x + d.w / 2},${q.y + 138} V${q.y + 150}`} colour={t.text} />
      <Database x={d.x + 15} y={q.y + 152} w={d.w - 30} label="TCP/IP database" />
      <text x={q.x} y={q.y + 84} fontSize={14} fill={t.text} {...FONT}>
        Every CPU: copy the user&apos;s data, queue a KRP, post the I/O at once.
      </text>
      <text x={q.x} y={q.y + 104} fontSize={14} fill={t.text} {...FONT}>
        No lock, so no spinning.
      </text>
      <text x={d.x - 16} y={q.y + 124} textAnchor="end" fontSize={14} fill={t.text} {...FONT}>
        One fork thread takes the KRPs in order,
      </text>
      <text x={d.x - 16} y={q.y + 144} textAnchor="end" fontSize={14} fill={t.text} {...FONT}>
        holding a lock nobody else wants.
      </text>
    </svg>
  );
}

const LEGEND_MODES: Record<DiagramId, ModeName[]> = {
  'classic-kernel': ['user', 'kernel', 'spin'],
  'scalable-kernel': ['user', 'kernel', 'fork'],
};

export function Diagram({ id }: { id: DiagramId }) {
  return (
    <div className="lesson-diagram-wrap">
      {id === 'classic-kernel' ? <ClassicKernel /> : <ScalableKernel />}
      <ModeLegend modes={LEGEND_MODES[id]} label="Colours in this diagram" />
    </div>
  );
}
