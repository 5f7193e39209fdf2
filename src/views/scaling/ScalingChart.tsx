/*
 * ScalingChart.tsx -- a sweep over the number of CPUs for both kernels: transmit
 * packets per second and MP synchronization against CPUs (the paper's Figures 4 and
 * 6), the current run highlighted, and the CPU count where the designated TCP/IP CPU
 * saturates marked. Partial sweeps draw what has arrived; the shell renders the
 * progress bar and the cancel button.
 */
import { line, scaleLinear } from 'd3';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { themeTokens, type KernelName, type Theme, type ThemeTokens } from '../palette.js';
import { formatCount, formatPct } from '../format.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { KernelMarker } from '../common/marks.js';
import { KernelSwatch, Legend, swatchSize } from '../common/Legend.js';
import {
  cpuDomain, pointOf, saturationCpus, scalingSummary, seriesOf, SATURATION_PCT, type SweepPoint,
} from './model.js';
import { kernelInfo } from '../../kernels/index.js';

export interface ScalingChartProps {
  /** The sweep so far: one report per (kernel, CPU count). */
  points: readonly Report[];
  /** The current run's report, highlighted. */
  report?: Report;
  /** Not needed; accepted so every view takes the same props. */
  snapshot?: Snapshot;
  /** Fraction of the sweep done, 0..1 (default 1); below 1 the chart says the sweep is partial. */
  progress?: number;
  /** The CPU counts the sweep covers, so the axis does not jump while points arrive. */
  cpuRange?: readonly [number, number];
  /** Designated-CPU busy % that counts as saturated (default 97.5). */
  saturationPct?: number;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 900). */
  width?: number;
  /** Height of each panel in CSS px (default by theme). */
  height?: number;
  title?: string;
}

interface Panel {
  key: 'tx' | 'mpsynch';
  title: string;
  value: (p: SweepPoint) => number;
  format: (v: number) => string;
}

const PANELS: readonly Panel[] = [
  { key: 'tx', title: 'TCP/IP transmit packets per second', value: (p) => p.transmitPps, format: (v) => formatCount(v) },
  { key: 'mpsynch', title: 'MP synchronization (% of all CPU time)', value: (p) => p.mpsynchPct, format: (v) => formatPct(v) },
];

export function ScalingChart(props: ScalingChartProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 900;
  const innerW = innerWidth(width);
  const series = seriesOf(props.points);
  const all = [...series.classic, ...series.scalable];
  const threshold = props.saturationPct ?? SATURATION_PCT;
  const saturation = saturationCpus(series.scalable, threshold);
  const current = props.report ? pointOf(props.report) : undefined;
  const progress = Math.max(0, Math.min(1, props.progress ?? 1));
  const side = innerW >= 760;
  const panelW = side ? Math.floor((innerW - 24) / 2) : innerW;
  const panelH = props.height ?? Math.round(t.fontSize * 19);
  const domain = cpuDomain(current ? [...all, current] : all, props.cpuRange);

  const headline = progress < 1
    ? <span>Sweep <strong>{Math.round(progress * 100)}%</strong> <span className="slv-muted">done · {all.length} runs</span></span>
    : saturation !== null
      ? <span>designated CPU saturates at <strong>{saturation}</strong> CPUs</span>
      : undefined;

  return (
    <ViewFrame view="scaling" theme={theme} width={width} title={props.title ?? 'Scaling with the number of CPUs'}
      headline={headline}
      summary={scalingSummary(series, saturation, progress, current)}
      legend={<Legend label="Scaling chart legend" items={[
        { key: 'classic', label: t.kernels.classic.label, swatch: <KernelSwatch kernel="classic" theme={theme} /> },
        { key: 'scalable', label: t.kernels.scalable.label, swatch: <KernelSwatch kernel="scalable" theme={theme} /> },
        ...(current ? [{ key: 'current', label: 'This run', swatch: <CurrentSwatch t={t} size={swatchSize(theme)} /> }] : []),
        { key: 'sat', label: `Designated TCP/IP CPU saturated (≥ ${threshold}% busy); hollow points from there on`, swatch: <SaturationSwatch t={t} size={swatchSize(theme)} /> },
      ]} />}
      table={{
        caption: 'Sweep results per CPU count',
        columns: ['CPUs', 'Classic: transmit pkts/s', 'Scalable: transmit pkts/s', 'Classic: MP sync', 'Scalable: MP sync', 'Designated CPU busy'],
        rows: [...new Set(all.map((p) => p.cpus))].sort((a, b) => a - b).map((n) => {
          const c = series.classic.find((p) => p.cpus === n);
          const s = series.scalable.find((p) => p.cpus === n);
          return [n, c ? formatCount(c.transmitPps) : '—', s ? formatCount(s.transmitPps) : '—',
            c ? formatPct(c.mpsynchPct) : '—', s ? formatPct(s.mpsynchPct) : '—', s ? formatPct(s.designatedBusyPct) : '—'];
        }),
      }}>
      {all.length === 0 && !current && (
        <p className="slv-muted">{progress < 1 ? 'The sweep is starting…' : 'No sweep yet: run one to see how each kernel scales.'}</p>
      )}
      {(all.length > 0 || current) && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
          {PANELS.map((panel) => (
            <PanelChart key={panel.key} panel={panel} series={series} domain={domain} saturation={saturation} current={current}
              width={panelW} height={panelH} t={t} theme={theme} />
          ))}
        </div>
      )}
    </ViewFrame>
  );
}

function PanelChart({ panel, series, domain, saturation, current, width, height, t, theme }: {
  panel: Panel; series: Record<KernelName, SweepPoint[]>; domain: [number, number]; saturation: number | null;
  current?: SweepPoint; width: number; height: number; t: ThemeTokens; theme?: Theme;
}) {
  const fs = t.fontSize;
  const margin = { top: fs * 2.2, right: fs * 5.2, bottom: fs * 3, left: fs * 4.4 };
  const all = [...series.classic, ...series.scalable, ...(current ? [current] : [])];
  const yMax = Math.max(1, ...all.map(panel.value));
  const x = scaleLinear().domain(domain).range([margin.left, width - margin.right]);
  const y = scaleLinear().domain([0, yMax * 1.08]).nice().range([height - margin.bottom, margin.top]);
  const xTicks = x.ticks(Math.max(3, Math.min(10, Math.floor((width - margin.left - margin.right) / (fs * 3.5)))))
    .filter((v) => Number.isInteger(v));
  const yTicks = y.ticks(5);
  const path = line<SweepPoint>().x((p) => x(p.cpus)).y((p) => y(panel.value(p)));
  const markerSize = t.name === 'projector' ? 10 : 8;
  const compactY = (v: number) => (panel.key === 'tx' ? (v >= 1000 ? `${formatCount(v / 1000)}k` : formatCount(v)) : `${formatCount(v)}%`);

  // direct labels at the end of each line, nudged apart
  const ends = (['classic', 'scalable'] as KernelName[]).map((k) => {
    const s = series[k];
    const last = s[s.length - 1];
    return last ? { k, x: x(last.cpus) + 8, y: y(panel.value(last)) } : null;
  }).filter((e): e is { k: KernelName; x: number; y: number } => !!e);
  if (ends.length === 2 && Math.abs(ends[0]!.y - ends[1]!.y) < fs * 1.2) {
    const [a, b] = ends[0]!.y < ends[1]!.y ? [ends[0]!, ends[1]!] : [ends[1]!, ends[0]!];
    const mid = (a.y + b.y) / 2;
    a.y = mid - fs * 0.65;
    b.y = mid + fs * 0.65;
  }

  return (
    <svg width={width} height={height} aria-hidden="true" data-panel={panel.key}>
      <text x={margin.left} y={fs * 1.1} fontSize={fs} fontWeight={700}>{panel.title}</text>
      {yTicks.map((v) => (
        <g key={v}>
          <line x1={margin.left} x2={width - margin.right} y1={y(v)} y2={y(v)} stroke={t.grid} />
          <text x={margin.left - 6} y={y(v) + t.smallSize * 0.35} fontSize={t.smallSize} textAnchor="end">{compactY(v)}</text>
        </g>
      ))}
      {xTicks.map((v) => (
        <g key={v}>
          <line x1={x(v)} x2={x(v)} y1={height - margin.bottom} y2={height - margin.bottom + 5} stroke={t.axis} />
          <text x={x(v)} y={height - margin.bottom + t.smallSize + 6} fontSize={t.smallSize} textAnchor="middle">{v}</text>
        </g>
      ))}
      <line x1={margin.left} x2={width - margin.right} y1={height - margin.bottom} y2={height - margin.bottom} stroke={t.axis} strokeWidth={1.5} />
      <text x={(margin.left + width - margin.right) / 2} y={height - fs * 0.3} fontSize={t.smallSize} textAnchor="middle">CPUs</text>

      {saturation !== null && (
        <g data-saturation={saturation}>
          <line x1={x(saturation)} x2={x(saturation)} y1={margin.top - 4} y2={height - margin.bottom} stroke={t.text}
            strokeWidth={2} strokeDasharray="2 4" />
          {panel.key === 'tx' && (() => {
            const textW = 24 * t.smallSize * 0.55;
            const left = x(saturation) - margin.left >= textW + 8;
            const right = width - margin.right - x(saturation) >= textW + 8;
            const y0 = margin.top + t.smallSize * 1.6;
            if (left || right) {
              return (
                <text x={x(saturation) + (left ? -6 : 6)} y={y0} fontSize={t.smallSize} textAnchor={left ? 'end' : 'start'} fontWeight={700}
                  style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}>designated CPU saturated</text>
              );
            }
            return (
              <text x={x(saturation) - 6} y={y0} fontSize={t.smallSize} textAnchor="end" fontWeight={700}
                style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}>
                <tspan x={x(saturation) - 6}>designated CPU</tspan><tspan x={x(saturation) - 6} dy={t.smallSize * 1.15}>saturated</tspan>
              </text>
            );
          })()}
          <text x={x(saturation) + 4} y={height - margin.bottom - 6} fontSize={t.smallSize}>{saturation}</text>
        </g>
      )}

      {(['classic', 'scalable'] as KernelName[]).map((k) => {
        const style = t.kernels[k];
        const s = series[k];
        return (
          <g key={k} data-kernel={k}>
            <path d={path(s) ?? ''} fill="none" stroke={style.colour} strokeWidth={t.strokeWidth + 0.5}
              strokeDasharray={style.dash || undefined} strokeLinejoin="round" />
            {s.map((p) => (
              <KernelMarker key={p.cpus} kernel={k} x={x(p.cpus)} y={y(panel.value(p))} size={markerSize * (s.length > 24 ? 0.7 : 1)} theme={theme}
                filled={!(kernelInfo(k).designatedCpu && saturation !== null && p.cpus >= saturation)} />
            ))}
          </g>
        );
      })}
      {ends.map((e) => (
        <text key={e.k} x={e.x + 4} y={e.y + t.smallSize * 0.35} fontSize={t.smallSize} fontWeight={700}
          style={{ fill: t.kernels[e.k].colour }}>{kernelInfo(e.k).short}</text>
      ))}

      {current && (
        <g data-current="">
          <circle cx={x(current.cpus)} cy={y(panel.value(current))} r={markerSize * 1.4} fill="none" stroke={t.text} strokeWidth={3} />
          <circle cx={x(current.cpus)} cy={y(panel.value(current))} r={markerSize * 1.4 + 3} fill="none" stroke={t.background} strokeWidth={2} />
          <text x={x(current.cpus) + markerSize * 1.8} y={y(panel.value(current)) - markerSize * 1.4} fontSize={t.smallSize} fontWeight={700}
            style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}>
            this run: {panel.format(panel.value(current))}
          </text>
        </g>
      )}
    </svg>
  );
}

function CurrentSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  return <svg width={size} height={size}><circle cx={size / 2} cy={size / 2} r={size / 2 - 2} fill="none" stroke={t.text} strokeWidth={3} /></svg>;
}

function SaturationSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  return <svg width={size} height={size}><line x1={size / 2} x2={size / 2} y1={0} y2={size} stroke={t.text} strokeWidth={2} strokeDasharray="2 4" /></svg>;
}
