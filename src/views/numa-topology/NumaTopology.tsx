/*
 * NumaTopology.tsx -- the topology map of a machine of several RADs (an AlphaServer GS:
 * each QBB a RAD): a box per RAD with its CPUs coloured by their current mode, its
 * memory and the RAM disks the scenario put there, and the devices (the adapters'
 * preferred CPU, which takes their interrupts); the dedicated lock manager's CPU
 * outlined. The traffic between RADs runs as arcs across the band between the two rows
 * of boxes, as wide as their rate, from the RAD where the data was to the CPU's RAD;
 * packets travel along them unless the user prefers reduced motion.
 *
 * The geometry is computed once per machine, width and theme (model.ts); a frame only
 * changes the tiles' fills, and the arcs change with the report (four times a second), so
 * a GS320 costs 8 boxes, 32 tiles and at most 56 arcs. The map is four stacked layers,
 * each its own compositing layer: the boxes (static SVG), the arcs (SVG), the packets
 * (a canvas) and the tiles (SVG). A tile that changes colour then re-rasters only its own rectangle in its
 * own layer, and the packets' canvas is redrawn alone, never re-drawing the wide curves
 * (re-drawing those on every frame, as dashes moving along them did, held a GS320 to
 * 20-30 frames a second on a 2-core machine without a GPU).
 */
import { memo, useEffect, useId, useMemo, useRef } from 'react';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { leastWordSize, MODE_INFO, themeTokens, type ModeName, type Theme, type ThemeTokens } from '../palette.js';
import { fitFontSize, formatPct } from '../format.js';
import { onFrame, usePrefersReducedMotion } from '../motion.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { Legend, ModeLegend } from '../common/Legend.js';
import { ModeRect, PatternDefs } from '../common/marks.js';
import { formatBytesRate, numaLayout, numaOf, radName, type NumaLayout } from '../numa-data.js';
import {
  arcFlows,
  cpuRoles,
  localTraffic,
  memoryWords,
  packetBounds,
  topologyGeometry,
  topologySummary,
  type ArcFlow,
  type CpuRoleOnMap,
  type TopologyGeometry,
} from './model.js';
import './numa.css';

export interface NumaTopologyProps {
  snapshot: Snapshot;
  /** The newest report: the traffic between RADs and where the scenario put things. */
  report?: Report;
  theme?: Theme;
  width?: number;
  title?: string;
}

/** Okabe-Ito blue for the traffic arcs. */
const ARC = { light: '#0072B2', projector: '#00589A' } as const;

export function NumaTopology(props: NumaTopologyProps) {
  const { snapshot, report, theme } = props;
  const t = themeTokens(theme);
  const patterns = useId();
  const reduced = usePrefersReducedMotion();
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const layout = numaLayout(report, snapshot.cpus.length);
  const layoutKey = `${layout.rads}|${layout.radOfCpu.join(',')}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the geometry only changes with the machine (layoutKey), the width and the type size
  const geo = useMemo(() => topologyGeometry(layout, innerW, t.fontSize), [layoutKey, innerW, t.fontSize]);
  const traffic = numaOf(report)?.traffic_bytes_per_s;
  const flows = useMemo(() => arcFlows(report, layout.rads, geo.maxArcWidth), [traffic, layout.rads, geo.maxArcWidth]); // eslint-disable-line react-hooks/exhaustive-deps -- traffic is the part of the report the arcs read
  const local = useMemo(() => localTraffic(report, layout.rads), [traffic, layout.rads]); // eslint-disable-line react-hooks/exhaustive-deps -- traffic is the part of the report it reads
  const numa = numaOf(report);
  const arcColour = ARC[t.name];
  const markerId = patterns.replace(/[^a-zA-Z0-9_-]/g, '');

  const headline = numa ? (
    <span data-cross-pct={numa.cross_rad_pct}>
      <strong>{formatPct(numa.cross_rad_pct, 0)}</strong> of the bytes cross RADs
      <span className="slv-muted">
        {' '}
        · {layout.rads} RADs, {layout.cpus} CPUs
      </span>
    </span>
  ) : (
    <span className="slv-muted">
      {layout.rads} RADs, {layout.cpus} CPUs
    </span>
  );

  return (
    <ViewFrame
      view="numa-topology"
      theme={theme}
      width={width}
      title={props.title ?? 'RADs and the traffic between them'}
      headline={headline}
      summary={topologySummary(snapshot, layout, report)}
      legend={
        <>
          <Legend
            label="Topology legend"
            items={[
              {
                key: 'arc',
                label:
                  "Arc through the switch between QBBs: bytes per second from the RAD where the data was to the CPU's RAD (width = rate; packets move the way the data goes)",
                swatch: (
                  <svg width={34} height={18}>
                    <path d="M2,14 C10,2 24,2 32,14" fill="none" stroke={arcColour} strokeWidth={4} />
                  </svg>
                ),
              },
              { key: 'irq', label: "IRQ: the adapters' preferred CPU (takes their interrupts)", swatch: <Badge t={t} text="IRQ" /> },
              ...(layout.lckmgrCpu >= 0
                ? [
                    {
                      key: 'lm',
                      label: "LM, thick outline: the dedicated lock manager's CPU (LCKMGR_SERVER)",
                      swatch: <Badge t={t} text="LM" />,
                    },
                  ]
                : []),
            ]}
          />
          <ModeLegend theme={theme} />
        </>
      }
      table={{
        caption: 'Each RAD: its CPUs, what its memory holds, and its local traffic',
        columns: ['RAD', 'CPUs', 'Memory', 'Roles', 'Local traffic'],
        rows: geo.boxes.map((b) => [
          radName(b.rad),
          b.cpus.map((c) => c.cpu).join(', '),
          memoryWords(layout, b.rad),
          b.cpus.flatMap((c) => cpuRoles(layout, c.cpu).map((r) => `${r} CPU ${c.cpu}`)).join(', ') || '—',
          numa ? formatBytesRate(local[b.rad] ?? 0) : '—',
        ]),
      }}
    >
      <div className="slv-numa-map" style={{ width: innerW, height: geo.height }} data-rads={layout.rads}>
        <svg width={innerW} height={geo.height} aria-hidden="true">
          <StaticBoxes geo={geo} layout={layout} t={t} local={local} hasTraffic={!!numa} />
        </svg>
        <svg width={innerW} height={geo.height} aria-hidden="true" className="slv-numa-layer">
          <defs>
            <marker
              id={`${markerId}-arrow`}
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="9"
              markerHeight="9"
              markerUnits="userSpaceOnUse"
              orient="auto"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={arcColour} />
            </marker>
          </defs>
          <g data-arcs="">
            {geo.arcs.map((arc, i) => {
              const flow = flows[i];
              if (!flow || flow.width <= 0) return null;
              return (
                <path
                  key={`${arc.from}-${arc.to}`}
                  d={arc.d}
                  fill="none"
                  stroke={arcColour}
                  strokeOpacity={flow.labelled ? 0.85 : 0.55}
                  strokeWidth={flow.width}
                  strokeLinecap="butt"
                  data-arc={`${arc.from}-${arc.to}`}
                  markerEnd={`url(#${markerId}-arrow)`}
                />
              );
            })}
            {geo.arcs.map((arc, i) => {
              const flow = flows[i];
              if (!flow?.labelled) return null;
              return (
                <text
                  key={`l${arc.from}-${arc.to}`}
                  x={arc.mid[0]}
                  y={arc.mid[1] + t.smallSize * 0.35}
                  fontSize={t.smallSize}
                  fontWeight={700}
                  textAnchor="middle"
                  stroke={t.background}
                  strokeWidth={4}
                  paintOrder="stroke"
                  strokeLinejoin="round"
                >
                  {formatBytesRate(flow.bytesPerS)}
                </text>
              );
            })}
          </g>
        </svg>
        {!reduced && <Packets arcs={geo.arcs} flows={flows} t={t} />}
        <svg width={innerW} height={geo.height} aria-hidden="true" className="slv-numa-layer">
          <PatternDefs prefix={patterns} theme={theme} />
          {geo.boxes
            .flatMap((b) => b.cpus)
            .map((slot) => (
              <CpuTile
                key={slot.cpu}
                slot={slot}
                mode={snapshot.cpus[slot.cpu]?.mode ?? 'idle'}
                roles={cpuRoles(layout, slot.cpu)}
                t={t}
                theme={theme}
                patterns={patterns}
              />
            ))}
        </svg>
      </div>
    </ViewFrame>
  );
}

function Badge({ t, text }: { t: ThemeTokens; text: string }) {
  // 11 px beside the legend's words, the projector theme's small size there
  const fs = Math.max(11, leastWordSize(t));
  const w = Math.ceil(text.length * fs * 0.72 + 8);
  const h = Math.ceil(fs * 1.35 + 3);
  return (
    <svg width={w} height={h}>
      <rect x={0.5} y={1.5} width={w - 1} height={h - 3} rx={3} fill={t.text} />
      <text x={w / 2} y={1.5 + fs * 1.05} fontSize={fs} fontWeight={700} textAnchor="middle" style={{ fill: t.background }}>
        {text}
      </text>
    </svg>
  );
}

/** Milliseconds a packet takes along its arc, and packets on an arc at once. */
const PACKET_MS = 1600;
const PACKETS_PER_ARC = 2;

/** Where a packet is at `phase` (0..1) of its trip along an arc's points. */
function packetAt(points: readonly [number, number][], phase: number): [number, number] {
  const f = phase * (points.length - 1);
  const i = Math.min(points.length - 2, Math.floor(f));
  const u = f - i;
  const [x0, y0] = points[i]!;
  const [x1, y1] = points[i + 1]!;
  return [x0 + (x1 - x0) * u, y0 + (y1 - y0) * u];
}

/**
 * Packets moving along every arc that carries traffic, from the RAD where the data was to
 * the CPU's RAD: dots on one canvas, drawn from the views' shared frame loop (onFrame).
 * A frame clears and redraws about a hundred small circles in one layer, and never
 * touches the SVG of the arcs or the tiles. Not drawn under reduced motion.
 */
function Packets({ arcs, flows, t }: { arcs: TopologyGeometry['arcs']; flows: readonly ArcFlow[]; t: ThemeTokens }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const moving = useMemo(
    () =>
      arcs.flatMap((arc, i) => {
        const flow = flows[i];
        return flow && flow.width > 0
          ? [{ points: arc.points, r: Math.max(2, Math.min(4.5, flow.width * 0.45)), offset: (i % 7) / 7 }]
          : [];
      }),
    [arcs, flows],
  );
  const box = useMemo(() => packetBounds(moving), [moving]);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !box) return undefined;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(box.w * dpr);
    el.height = Math.round(box.h * dpr);
    return onFrame((now) => {
      ctx.setTransform(dpr, 0, 0, dpr, -box.x * dpr, -box.y * dpr);
      ctx.clearRect(box.x, box.y, box.w, box.h);
      ctx.fillStyle = t.background;
      ctx.strokeStyle = t.text;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (const p of moving) {
        for (let k = 0; k < PACKETS_PER_ARC; k++) {
          const phase = (now / PACKET_MS + p.offset / PACKETS_PER_ARC + k / PACKETS_PER_ARC) % 1;
          const [x, y] = packetAt(p.points, phase);
          ctx.moveTo(x + p.r, y);
          ctx.arc(x, y, p.r, 0, 2 * Math.PI);
        }
      }
      ctx.fill();
      ctx.stroke();
    });
  }, [moving, box, t.background, t.text]);
  if (!box) return null;
  return (
    <canvas
      ref={canvas}
      className="slv-numa-layer"
      style={{ left: box.x, top: box.y, width: box.w, height: box.h }}
      aria-hidden="true"
      data-packets=""
    />
  );
}

/** The boxes, their headers, memory and devices: the same on every frame, so memoised. */
const StaticBoxes = memo(function StaticBoxes({
  geo,
  layout,
  t,
  local,
  hasTraffic,
}: {
  geo: TopologyGeometry;
  layout: NumaLayout;
  t: ThemeTokens;
  local: number[];
  hasTraffic: boolean;
}) {
  const fs = t.fontSize;
  return (
    <g>
      {geo.boxes.map((b) => {
        const header = `${radName(b.rad)} · QBB ${b.rad}`;
        const mem = memoryWords(layout, b.rad);
        const hasDisk = mem !== 'Memory';
        const localText = hasTraffic ? `local ${formatBytesRate(local[b.rad] ?? 0)}` : '';
        const irq = b.cpus.some((c) => c.cpu === layout.interruptCpu);
        const devText = irq ? `I/O adapters → CPU ${layout.interruptCpu}` : 'I/O hoses (no devices)';
        const memFont = fitFontSize(mem, b.memory.w - 10, t.smallSize, 9, hasDisk);
        return (
          <g key={b.rad} data-rad={b.rad}>
            <rect
              x={b.x + 0.5}
              y={b.y + 0.5}
              width={b.w - 1}
              height={b.h - 1}
              rx={8}
              fill={t.surface}
              stroke={t.axis}
              strokeWidth={t.strokeWidth}
            />
            <text x={b.header.x} y={b.header.y + fs * 0.95} fontSize={fitFontSize(header, b.header.w, fs, 10, true)} fontWeight={700}>
              {header}
            </text>
            <rect
              x={b.memory.x}
              y={b.memory.y}
              width={b.memory.w}
              height={b.memory.h}
              rx={4}
              fill={t.background}
              stroke={hasDisk ? t.text : t.grid}
              strokeWidth={hasDisk ? 2 : 1}
              data-memory={mem}
            />
            <text x={b.memory.x + 5} y={b.memory.y + memFont * 1.05} fontSize={memFont} fontWeight={hasDisk ? 700 : 400}>
              {mem}
            </text>
            {localText && (
              <text
                x={b.memory.x + 5}
                y={b.memory.y + b.memory.h - 5}
                fontSize={fitFontSize(localText, b.memory.w - 10, t.smallSize, 9)}
                style={{ fill: t.muted }}
              >
                {localText}
              </text>
            )}
            <text
              x={b.devices.x}
              y={b.devices.y + t.smallSize}
              fontSize={fitFontSize(devText, b.devices.w, t.smallSize, 9, irq)}
              fontWeight={irq ? 700 : 400}
              style={{ fill: irq ? t.text : t.muted }}
              data-devices={irq ? 'irq' : ''}
            >
              {devText}
            </text>
          </g>
        );
      })}
    </g>
  );
});

function CpuTile({
  slot,
  mode,
  roles,
  t,
  theme,
  patterns,
}: {
  slot: { cpu: number; x: number; y: number; w: number; h: number };
  mode: ModeName;
  roles: readonly CpuRoleOnMap[];
  t: ThemeTokens;
  theme?: Theme;
  patterns: string;
}) {
  const lm = roles.includes('lock-manager');
  const irq = roles.includes('interrupts');
  const label = slot.w >= t.fontSize * 3.6 ? `CPU ${slot.cpu}` : String(slot.cpu);
  const font = fitFontSize(label, slot.w - 6, t.fontSize, 9, true);
  const badge = lm ? 'LM' : irq ? 'IRQ' : '';
  // the tile's badge and mode word a little under its small size, or in the projector theme
  // at its small size where the tile has room, and left out where it has not
  const least = leastWordSize(t);
  const badgeFont = Math.max(least, Math.min(t.smallSize * 0.85, slot.h * 0.3));
  const fits = (words: string) => slot.h >= font + badgeFont + 8 && words.length * badgeFont * 0.72 + 6 <= slot.w;
  const showBadge = badge !== '' && (least === 0 || fits(badge));
  const showMode = slot.h >= font + badgeFont + 8 && slot.w >= t.smallSize * 3 && (least === 0 || fits(MODE_INFO[mode].short));
  return (
    <g data-cpu={slot.cpu} data-mode={mode}>
      <ModeRect
        mode={mode}
        x={slot.x}
        y={slot.y}
        width={slot.w}
        height={slot.h}
        rx={3}
        theme={theme}
        patterns={patterns}
        stroke={lm ? t.text : t.axis}
        strokeWidth={lm ? 3.5 : 1}
      />
      <text
        x={slot.x + slot.w / 2}
        y={slot.y + font + 2}
        fontSize={font}
        fontWeight={700}
        textAnchor="middle"
        stroke={t.modes[mode]}
        strokeWidth={3}
        paintOrder="stroke"
        style={{ fill: t.modeText[mode] }}
      >
        {label}
      </text>
      {showBadge ? (
        <g>
          <rect
            x={slot.x + slot.w / 2 - badge.length * badgeFont * 0.36 - 3}
            y={slot.y + slot.h - badgeFont - 4}
            width={badge.length * badgeFont * 0.72 + 6}
            height={badgeFont + 3}
            rx={2}
            fill={t.text}
          />
          <text
            x={slot.x + slot.w / 2}
            y={slot.y + slot.h - 4}
            fontSize={badgeFont}
            fontWeight={700}
            textAnchor="middle"
            style={{ fill: t.background }}
          >
            {badge}
          </text>
        </g>
      ) : showMode && !badge ? (
        <text
          x={slot.x + slot.w / 2}
          y={slot.y + slot.h - 5}
          fontSize={badgeFont}
          textAnchor="middle"
          stroke={t.modes[mode]}
          strokeWidth={3}
          paintOrder="stroke"
          style={{ fill: t.modeText[mode] }}
        >
          {MODE_INFO[mode].short}
        </text>
      ) : null}
    </g>
  );
}
