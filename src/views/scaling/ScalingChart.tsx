/*
 * ScalingChart.tsx -- a sweep over the number of CPUs: each kernel's main throughput
 * (KernelInfo.throughput: transmit packets per second for the OpenVMS pair, requests per
 * second for the service under a lock) and its time spent spinning (MP synchronization,
 * in OpenVMS's words) against CPUs (the paper's Figures 4 and 6), the current run
 * highlighted, and, for a kernel with a CPU of a role of its own (KernelInfo.roleCpu: the
 * Scalable Kernel's designated CPU), the CPU count where that CPU
 * saturates marked. Each series' throughput is fitted (the Universal Scalability Law,
 * or Amdahl's law by a two-button switch): the fitted curve dashed, its N_max marked
 * when it lies in or near the range, and the coefficients said in words in the kernel's
 * terms. A poor fit (core/fit.ts: its peak disagrees with the sweep's own) is drawn in
 * sparser dashes and labelled "poor fit: …" under the axis, with no N_max marked; its
 * reasons are in the words under the chart and in the summary. Partial sweeps draw (and
 * fit) what has arrived; the shell renders the progress bar and the cancel button.
 */
import { useId, useMemo, useState } from 'react';
import { line, scaleLinear } from 'd3';
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { spinningWords, themeTokens, type SeriesStyle, type Theme, type ThemeTokens } from '../palette.js';
import { boldWidthEm, formatCount, formatOne, formatPct, wrapBoldWords } from '../format.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { SeriesMarker } from '../common/marks.js';
import { XAxis, YGrid } from '../common/axes.js';
import { Legend, SeriesSwatch, swatchSize } from '../common/Legend.js';
import {
  allPoints,
  cpuDomain,
  designatedSeries,
  fitCurve,
  fitsOf,
  fittedAt,
  FIT_NOTE,
  fitSummary,
  fitWords,
  isPoorFit,
  kernelOrder,
  nMaxMark,
  pointOf,
  poorFitLabel,
  provisionalSeriesOf,
  provisionalText,
  provisionalWords,
  roleShort,
  saturationCpus,
  scalingSummary,
  seriesOf,
  spinApplies,
  SATURATION_PCT,
  type FitModel,
  type FittedSeries,
  type ProvisionalReport,
  type ProvisionalSeries,
  type SweepPoint,
} from './model.js';
import { capitalised, kernelInfo } from '../../kernels/index.js';
import { stackOffsets } from '../common/stack.js';
import './scaling.css';

export interface ScalingChartProps {
  /** The sweep so far: one report per (kernel, CPU count). */
  points: readonly Report[];
  /** Provisional points (a progressive sweep's first pass); drawn faint with their interval where no final point is yet. */
  provisional?: readonly ProvisionalReport[];
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
  /** The law fitted through each kernel's throughput at first (default the USL); the learner can switch. */
  fitModel?: FitModel;
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

/** A kernel's line style: the colour, dash and marker of its series (KernelInfo.series). */
const styleOf = (t: ThemeTokens, kernel: string): SeriesStyle => t.series[kernelInfo(kernel).series];

/** The legend's words for a kernel's series: its own (KernelInfo.seriesLabel), else its title. */
function seriesLabel(kernel: string): string {
  const info = kernelInfo(kernel);
  return info.seriesLabel ?? capitalised(info.title);
}

export function ScalingChart(props: ScalingChartProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 900;
  const innerW = innerWidth(width);
  const series = useMemo(() => seriesOf(props.points), [props.points]);
  const fits = useMemo(() => fitsOf(series), [series]);
  const provisional = useMemo(() => provisionalSeriesOf(props.provisional ?? [], series), [props.provisional, series]);
  const provisionalPoints = provisional.flatMap((s) => s.points);
  const [model, setModel] = useState<FitModel>(props.fitModel ?? 'usl');
  const all = allPoints(series);
  const threshold = props.saturationPct ?? SATURATION_PCT;
  const designated = designatedSeries(series);
  const saturation = designated ? saturationCpus(designated.points, threshold) : null;
  const current = props.report ? pointOf(props.report) : undefined;
  // the CPU that saturates, in its kernel's words ("designated CPU": KernelInfo.roleCpu), from the sweep or this run
  const role = designated ? kernelInfo(designated.kernel).roleCpu : current ? kernelInfo(current.kernel).roleCpu : undefined;
  const roleWords = roleShort(designated);
  const progress = Math.max(0, Math.min(1, props.progress ?? 1));
  const panelH = props.height ?? Math.round(t.fontSize * 19);
  const domain = cpuDomain([...all, ...provisionalPoints, ...(current ? [current] : [])], props.cpuRange);
  // The kernel whose words the panels speak: the first series' (the pair share theirs), or this run's.
  const lead = kernelInfo(series[0]?.kernel ?? current?.kernel);
  const lawShort = model === 'usl' ? 'USL' : 'Amdahl';
  const panels: Panel[] = [
    { key: 'tx', title: lead.throughput.label, value: (p) => p.throughput, format: (v) => formatCount(v) },
    // time spent spinning where there is any: a kernel that never spins would draw a flat line at 0
    ...(spinApplies(current ? [...all, current] : all)
      ? [
          {
            key: 'mpsynch' as const,
            title: `${spinningWords(lead.vocabulary)} (% of all CPU time)`,
            value: (p: SweepPoint) => p.mpsynchPct,
            format: (v: number) => formatPct(v),
          },
        ]
      : []),
  ];
  const side = innerW >= 760 && panels.length > 1;
  // two panels side by side when they fit; one panel alone no wider than reads well
  const panelW = side ? Math.floor((innerW - 24) / 2) : panels.length > 1 ? innerW : Math.min(innerW, 960);

  const headline =
    provisionalPoints.length > 0 ? (
      <span>
        Provisional curve{' '}
        <span className="slv-muted">
          · {all.length} of {all.length + provisionalPoints.length} points final
        </span>
      </span>
    ) : progress < 1 ? (
      <span>
        Sweep <strong>{Math.round(progress * 100)}%</strong> <span className="slv-muted">done · {all.length} runs</span>
      </span>
    ) : saturation !== null ? (
      <span>
        {roleWords} saturates at <strong>{saturation}</strong> CPUs
      </span>
    ) : undefined;
  const spinColumn = panels.some((p) => p.key === 'mpsynch');
  // the table's kernels: every fitted series, and a kernel whose points are all provisional so far (no fit yet)
  const missing = provisional.filter((p) => !series.some((s) => s.kernel === p.kernel)).map((p) => ({ kernel: p.kernel, points: [] }));
  const columnsOf: FittedSeries[] =
    missing.length === 0 ? fits : [...fits, ...fitsOf(missing)].sort((a, b) => kernelOrder(a.kernel) - kernelOrder(b.kernel));

  return (
    <ViewFrame
      view="scaling"
      theme={theme}
      width={width}
      title={props.title ?? 'Scaling with the number of CPUs'}
      headline={headline}
      summary={[
        // a curve all provisional so far is said by its own words, not as "no sweep yet"
        all.length === 0 && !current && provisionalPoints.length > 0 ? '' : scalingSummary(series, saturation, progress, current),
        provisionalWords(provisional, all.length),
        fitSummary(fits, model),
      ]
        .filter(Boolean)
        .join(' ')}
      legend={
        <Legend
          label="Scaling chart legend"
          items={[
            ...(series.length > 0 || provisional.length > 0
              ? [...new Set([...series, ...provisional].map((s) => s.kernel))]
              : current
                ? [current.kernel]
                : []
            ).map((k) => ({
              key: k,
              label: seriesLabel(k),
              swatch: <SeriesSwatch series={kernelInfo(k).series} theme={theme} />,
            })),
            ...(provisionalPoints.length > 0
              ? [
                  {
                    key: 'provisional',
                    label: 'Provisional (faint): a short window of each run, bar: 95% interval',
                    swatch: <ProvisionalSwatch t={t} size={swatchSize(theme)} />,
                  },
                ]
              : []),
            ...(current ? [{ key: 'current', label: 'This run', swatch: <CurrentSwatch t={t} size={swatchSize(theme)} /> }] : []),
            { key: 'fit', label: `${lawShort} fit (dashed, thin)`, swatch: <FitSwatch t={t} size={swatchSize(theme)} /> },
            ...(fits.some((s) => s.points.length > 0 && isPoorFit(s.fit, model))
              ? [
                  {
                    key: 'poor-fit',
                    label: `Poor ${lawShort} fit (sparse dashes): its peak is no prediction`,
                    swatch: <FitSwatch t={t} size={swatchSize(theme)} poor />,
                  },
                ]
              : []),
            ...(model === 'usl'
              ? [{ key: 'nmax', label: 'N_max, where the fitted throughput peaks', swatch: <NmaxSwatch t={t} size={swatchSize(theme)} /> }]
              : []),
            ...(role
              ? [
                  {
                    key: 'sat',
                    label: `${capitalised(role.short)} saturated (≥ ${threshold}% busy); hollow points from there on`,
                    swatch: <SaturationSwatch t={t} size={swatchSize(theme)} />,
                  },
                ]
              : []),
          ]}
        />
      }
      table={{
        caption: 'Sweep results per CPU count',
        columns: [
          'CPUs',
          ...columnsOf.flatMap((s) => {
            const info = kernelInfo(s.kernel);
            return [`${info.short}: ${info.throughput.unit}`, `${info.short}: ${lawShort} fit${isPoorFit(s.fit, model) ? ' (poor)' : ''}`];
          }),
          ...(spinColumn ? columnsOf.map((s) => `${kernelInfo(s.kernel).short}: ${spinningWords(kernelInfo(s.kernel).vocabulary)}`) : []),
          ...(designated ? [`${capitalised(roleWords)} busy`] : []),
        ],
        rows: [...new Set([...all, ...provisionalPoints].map((p) => p.cpus))]
          .sort((a, b) => a - b)
          .map((n) => {
            const at = (s: FittedSeries) => s.points.find((p) => p.cpus === n);
            const early = (kernel: string) => provisional.find((s) => s.kernel === kernel)?.points.find((p) => p.cpus === n);
            const throughputCell = (kernel: string, final: SweepPoint | undefined) => {
              if (final) return formatCount(final.throughput);
              const p = early(kernel);
              return p ? `${provisionalText(p, formatCount)} (provisional)` : '—';
            };
            const fitted = (s: FittedSeries) => {
              const v = s.points.length > 0 ? fittedAt(s.fit, model, n) : null;
              return v === null ? '—' : formatCount(v);
            };
            const d = designated && designated.points.find((p) => p.cpus === n);
            return [
              n,
              ...columnsOf.flatMap((s) => [throughputCell(s.kernel, at(s)), fitted(s)]),
              ...(spinColumn ? columnsOf.map((s) => (at(s) ? formatPct(at(s)!.mpsynchPct) : '—')) : []),
              ...(designated ? [d ? formatPct(d.designatedBusyPct) : '—'] : []),
            ];
          }),
      }}
    >
      {all.length === 0 && provisionalPoints.length === 0 && !current && (
        <p className="slv-muted">
          {progress < 1 ? 'The sweep is starting…' : 'No sweep yet: run one to see how throughput scales with the CPUs.'}
        </p>
      )}
      {(all.length > 0 || provisionalPoints.length > 0 || current) && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
          {panels.map((panel) => (
            <PanelChart
              key={panel.key}
              panel={panel}
              fits={fits}
              provisional={provisional}
              domain={domain}
              saturation={saturation}
              current={current}
              showFits={panel.key === 'tx'}
              model={model}
              width={panelW}
              height={panelH}
              t={t}
              theme={theme}
            />
          ))}
        </div>
      )}
      {all.length > 0 && (
        <div className="slv-scaling-fit" data-fit={model}>
          <div className="slv-scaling-switch" role="group" aria-label="The law fitted through each kernel's throughput">
            {(['usl', 'amdahl'] as const).map((m) => (
              <button
                key={m}
                type="button"
                className="slv-button slv-choice"
                aria-pressed={model === m}
                data-fit-model={m}
                onClick={() => setModel(m)}
              >
                {m === 'usl' ? 'USL fit' : 'Amdahl fit'}
              </button>
            ))}
          </div>
          <ul>
            {fits.map((s) => {
              const words = fitWords(s.kernel, s.points, s.fit, model);
              return (
                words && (
                  <li key={s.kernel} data-fit-kernel={s.kernel} style={{ borderLeftColor: styleOf(t, s.kernel).colour }}>
                    {words}
                  </li>
                )
              );
            })}
          </ul>
          <p className="slv-muted">{FIT_NOTE}</p>
        </div>
      )}
    </ViewFrame>
  );
}

function PanelChart({
  panel,
  fits,
  provisional,
  domain,
  saturation,
  current,
  showFits,
  model,
  width,
  height,
  t,
  theme,
}: {
  panel: Panel;
  fits: readonly FittedSeries[];
  provisional: readonly ProvisionalSeries[];
  domain: [number, number];
  saturation: number | null;
  current?: SweepPoint;
  showFits: boolean;
  model: FitModel;
  width: number;
  height: number;
  t: ThemeTokens;
  theme?: Theme;
}) {
  const fs = t.fontSize;
  const drawn = fits.filter((s) => s.points.length > 0);
  // the CPU that saturates, in its kernel's words ("designated CPU": KernelInfo.roleCpu)
  const roleWords = roleShort(designatedSeries(fits));
  // room on the right for the direct labels at the lines' ends (two series or more), else for the ring of this run
  const margin = { top: fs * 2.2, right: fs * (drawn.length > 1 ? 5.2 : 1.6), bottom: fs * 3, left: fs * 4.4 };
  // the title over the plot; in a narrow frame from the left edge, and on as many lines as it needs
  const titleX = boldWidthEm(panel.title) * fs <= width - margin.left ? margin.left : 0;
  const titleLines = titleX > 0 ? [panel.title] : wrapBoldWords(panel.title, (width - 2) / fs);
  margin.top += (titleLines.length - 1) * fs * 1.2;
  // a poor fit's label, under the axis's title: wrapped to the panel's width, one label per poor fit, the drawing
  // made taller by their lines (so no label lies over a curve, a point or another label, and the plot keeps its size)
  const lineH = t.smallSize * 1.3;
  const poorLabels = showFits
    ? drawn.flatMap((s) => {
        const label = poorFitLabel(s.kernel, s.fit, model);
        return label ? [{ k: s.kernel, lines: wrapBoldWords(label, (width - margin.left - 4) / t.smallSize) }] : [];
      })
    : [];
  const poorLines = poorLabels.reduce((n, l) => n + l.lines.length, 0);
  const captionH = poorLines > 0 ? poorLines * lineH + t.smallSize * 0.8 : 0;
  const early = provisional.flatMap((s) => s.points);
  const all = [...allPoints(fits), ...(current ? [current] : [])];
  // a provisional point's interval is its throughput's: the spin panel draws the point alone
  const intervals = panel.key === 'tx';
  const earlyTop = early.map((p) => panel.value(p) + (intervals && Number.isFinite(p.halfWidth) ? p.halfWidth : 0));
  // The fitted curves across the axis. They may rise above the sweep's points (a peak past
  // its end), but lift the scale by a quarter at most; the rest is clipped.
  const curves = showFits ? drawn.map((s) => ({ k: s.kernel, points: fitCurve(s.fit, model, domain), poor: isPoorFit(s.fit, model) })) : [];
  const pointsMax = Math.max(1, ...all.map(panel.value).filter(Number.isFinite), ...earlyTop.filter(Number.isFinite));
  const fitMax = Math.max(0, ...curves.flatMap((c) => c.points.map(([, v]) => v)));
  const yMax = Math.max(pointsMax, Math.min(fitMax, pointsMax * 1.25));
  const clipId = useId();
  const marks = showFits && model === 'usl' ? drawn.map((s) => ({ k: s.kernel, mark: nMaxMark(s.fit, domain) })) : [];
  const x = scaleLinear()
    .domain(domain)
    .range([margin.left, width - margin.right]);
  const y = scaleLinear()
    .domain([0, yMax * 1.08])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const xTicks = x
    .ticks(Math.max(3, Math.min(10, Math.floor((width - margin.left - margin.right) / (fs * 3.5)))))
    .filter((v) => Number.isInteger(v));
  const yTicks = y.ticks(5);
  const box = { left: margin.left, right: width - margin.right, base: height - margin.bottom };
  const path = line<SweepPoint>()
    .x((p) => x(p.cpus))
    .y((p) => y(panel.value(p)));
  const fitPath = line<[number, number]>()
    .x(([n]) => x(n))
    .y(([, v]) => y(v));
  const markerSize = t.name === 'projector' ? 10 : 8;
  const compactY = (v: number) => (panel.key === 'tx' ? (v >= 1000 ? `${formatCount(v / 1000)}k` : formatCount(v)) : `${formatCount(v)}%`);

  // direct labels at the end of each line, nudged apart (one series alone is named by the legend)
  const ends =
    drawn.length < 2
      ? []
      : drawn.map((s) => {
          const last = s.points[s.points.length - 1]!;
          return { k: s.kernel, x: x(last.cpus) + 8, y: y(panel.value(last)) };
        });
  if (ends.length === 2 && Math.abs(ends[0]!.y - ends[1]!.y) < fs * 1.2) {
    const [a, b] = ends[0]!.y < ends[1]!.y ? [ends[0]!, ends[1]!] : [ends[1]!, ends[0]!];
    const mid = (a.y + b.y) / 2;
    a.y = mid - fs * 0.65;
    b.y = mid + fs * 0.65;
  }

  return (
    <svg width={width} height={height + captionH} aria-hidden="true" data-panel={panel.key}>
      <text x={titleX} y={fs * 1.1} fontSize={fs} fontWeight={700}>
        {titleLines.length === 1
          ? panel.title
          : titleLines.map((l, i) => (
              <tspan key={i} x={titleX} dy={i === 0 ? 0 : fs * 1.2}>
                {l}
              </tspan>
            ))}
      </text>
      <YGrid ticks={yTicks} y={y} box={box} format={compactY} theme={theme} />
      <XAxis ticks={xTicks} x={x} box={box} title="CPUs" titleY={height - fs * 0.3} theme={theme} />
      {(() => {
        // the poor fits' labels, each line's baseline one line below the last
        const { starts } = stackOffsets(poorLabels.map(({ lines }) => lines.length));
        return poorLabels.map(({ k, lines }, index) => {
          const first = height + t.smallSize * 1.4 + starts[index]! * lineH;
          return (
            <text
              key={k}
              data-poor-fit={k}
              x={margin.left}
              y={first}
              fontSize={t.smallSize}
              fontWeight={700}
              style={{ fill: styleOf(t, k).colour }}
            >
              {/* a space ends each wrapped line but the last, so the text reads as words (screen readers, copy) */}
              {lines.map((l, i) => (
                <tspan key={i} x={margin.left} dy={i === 0 ? 0 : lineH}>
                  {i < lines.length - 1 ? `${l} ` : l}
                </tspan>
              ))}
            </text>
          );
        });
      })()}

      {saturation !== null && roleWords && (
        <g data-saturation={saturation}>
          <line
            x1={x(saturation)}
            x2={x(saturation)}
            y1={margin.top - 4}
            y2={height - margin.bottom}
            stroke={t.text}
            strokeWidth={2}
            strokeDasharray="2 4"
          />
          {panel.key === 'tx' &&
            (() => {
              const textW = `${roleWords} saturated`.length * t.smallSize * 0.55;
              const left = x(saturation) - margin.left >= textW + 8;
              const right = width - margin.right - x(saturation) >= textW + 8;
              const y0 = margin.top + t.smallSize * 1.6;
              if (left || right) {
                return (
                  <text
                    x={x(saturation) + (left ? -6 : 6)}
                    y={y0}
                    fontSize={t.smallSize}
                    textAnchor={left ? 'end' : 'start'}
                    fontWeight={700}
                    style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
                  >{`${roleWords} saturated`}</text>
                );
              }
              return (
                <text
                  x={x(saturation) - 6}
                  y={y0}
                  fontSize={t.smallSize}
                  textAnchor="end"
                  fontWeight={700}
                  style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
                >
                  <tspan x={x(saturation) - 6}>{roleWords}</tspan>
                  <tspan x={x(saturation) - 6} dy={t.smallSize * 1.15}>
                    saturated
                  </tspan>
                </text>
              );
            })()}
          <text x={x(saturation) + 4} y={height - margin.bottom - 6} fontSize={t.smallSize}>
            {saturation}
          </text>
        </g>
      )}

      <clipPath id={clipId}>
        <rect
          x={margin.left}
          y={margin.top - 4}
          width={width - margin.left - margin.right}
          height={height - margin.bottom - margin.top + 4}
        />
      </clipPath>
      {curves.length > 0 && (
        <g data-fit-curves={model} clipPath={`url(#${clipId})`}>
          {curves.map(({ k, points, poor }) => (
            <path
              key={k}
              data-fit-curve={k}
              data-fit-quality={poor ? 'poor' : 'good'}
              d={fitPath(points) ?? ''}
              fill="none"
              stroke={styleOf(t, k).colour}
              strokeWidth={t.strokeWidth * 0.75}
              strokeDasharray={poor ? POOR_DASH : FIT_DASH}
            />
          ))}
        </g>
      )}
      {marks.map(({ k, mark }, i) => {
        if (!mark) return null;
        const colour = styleOf(t, k).colour;
        const label = `${kernelInfo(k).short}: N_max ${formatOne(mark.nMax)}${mark.beyond ? ' CPUs' : ''}`;
        const halo = { stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' as const, fill: colour };
        if (mark.beyond) {
          // past the axis's end: an arrow at the edge, by the axis, says where
          return (
            <text
              key={k}
              data-nmax={k}
              data-nmax-value={mark.nMax.toFixed(1)}
              x={width - margin.right - 6}
              y={height - margin.bottom - 6 - (i + (saturation !== null ? 1 : 0)) * t.smallSize * 1.3}
              fontSize={t.smallSize}
              fontWeight={700}
              textAnchor="end"
              style={halo}
            >
              {label} →
            </text>
          );
        }
        // a diamond on the curve's peak, a dotted line down to the axis, the label by the axis (below the curves)
        const px = x(mark.nMax);
        const py = Math.max(margin.top, y(mark.peak));
        const left = px - margin.left > width - margin.right - px;
        return (
          <g key={k} data-nmax={k} data-nmax-value={mark.nMax.toFixed(1)}>
            <line
              x1={px}
              x2={px}
              y1={py}
              y2={height - margin.bottom}
              stroke={colour}
              strokeWidth={2}
              strokeDasharray="1 3"
              strokeLinecap="round"
            />
            <path
              d={`M${px},${py - 6}L${px + 6},${py}L${px},${py + 6}L${px - 6},${py}Z`}
              fill={t.background}
              stroke={colour}
              strokeWidth={2}
            />
            <text
              x={px + (left ? -6 : 6)}
              y={height - margin.bottom - 6 - i * t.smallSize * 1.3}
              fontSize={t.smallSize}
              fontWeight={700}
              textAnchor={left ? 'end' : 'start'}
              style={halo}
            >
              {label}
            </text>
          </g>
        );
      })}
      {drawn.map(({ kernel: k, points: s }) => {
        const style = styleOf(t, k);
        const hollowFrom = kernelInfo(k).roleCpu ? saturation : null;
        return (
          <g key={k} data-kernel={k}>
            <path
              d={path(s) ?? ''}
              fill="none"
              stroke={style.colour}
              strokeWidth={t.strokeWidth + 0.5}
              strokeDasharray={style.dash || undefined}
              strokeLinejoin="round"
            />
            {s.map((p) => (
              <SeriesMarker
                key={p.cpus}
                series={kernelInfo(k).series}
                x={x(p.cpus)}
                y={y(panel.value(p))}
                size={markerSize * (s.length > 24 ? 0.7 : 1)}
                theme={theme}
                filled={!(hollowFrom !== null && p.cpus >= hollowFrom)}
              />
            ))}
          </g>
        );
      })}
      {provisional.map(({ kernel: k, points: s }) => {
        const style = styleOf(t, k);
        // the curve so far: the final points and the provisional ones, joined faintly
        const finals = fits.find((f) => f.kernel === k)?.points ?? [];
        const merged = [...finals, ...s].sort((a, b) => a.cpus - b.cpus);
        return (
          <g key={k} data-provisional={k} opacity={0.55}>
            <path
              d={path(merged) ?? ''}
              fill="none"
              stroke={style.colour}
              strokeWidth={t.strokeWidth}
              strokeDasharray={style.dash || undefined}
              strokeLinejoin="round"
            />
            {s.map((p) => {
              const v = panel.value(p);
              if (!Number.isFinite(v)) return null;
              const bar = intervals && Number.isFinite(p.halfWidth) && p.halfWidth > 0;
              const cx = x(p.cpus);
              return (
                <g key={p.cpus} data-provisional-point={p.cpus}>
                  {bar && (
                    <path
                      d={`M${cx - 4},${y(v - p.halfWidth)}H${cx + 4}M${cx},${y(v - p.halfWidth)}V${y(v + p.halfWidth)}M${cx - 4},${y(v + p.halfWidth)}H${cx + 4}`}
                      stroke={style.colour}
                      strokeWidth={2}
                      fill="none"
                    />
                  )}
                  <SeriesMarker
                    series={kernelInfo(k).series}
                    x={cx}
                    y={y(v)}
                    size={markerSize * (s.length + finals.length > 24 ? 0.7 : 1)}
                    theme={theme}
                  />
                </g>
              );
            })}
          </g>
        );
      })}
      {ends.map((e) => (
        <text
          key={e.k}
          x={e.x + 4}
          y={e.y + t.smallSize * 0.35}
          fontSize={t.smallSize}
          fontWeight={700}
          style={{ fill: styleOf(t, e.k).colour }}
        >
          {kernelInfo(e.k).short}
        </text>
      ))}

      {current &&
        Number.isFinite(panel.value(current)) &&
        (() => {
          const cx = x(current.cpus);
          const cy = y(panel.value(current));
          const label = `this run: ${panel.format(panel.value(current))}`;
          // to the right of the ring, or to its left where the panel ends first (bold: about 0.66 em a glyph);
          // above the ring, or below it where the panel's top is near
          const labelW = label.length * t.smallSize * 0.66;
          const right = cx + markerSize * 1.8 + labelW <= width;
          const above = cy - markerSize * 1.4 - t.smallSize >= 0;
          const ly = above ? cy - markerSize * 1.4 : cy + markerSize * 1.4 + t.smallSize;
          // on the left only clear of the y axis's numbers; else (a narrow panel) centred over or under the ring
          const left = !right && cx - markerSize * 1.8 - labelW >= margin.left;
          const anchor = right ? 'start' : left ? 'end' : 'middle';
          const lx = right
            ? cx + markerSize * 1.8
            : left
              ? cx - markerSize * 1.8
              : Math.min(width - labelW / 2, Math.max(margin.left + labelW / 2, cx));
          // centred, clear of the ring's outline
          const lyClear = anchor === 'middle' ? ly + (above ? -6 : 4) : ly;
          return (
            <g data-current="">
              <circle cx={cx} cy={cy} r={markerSize * 1.4} fill="none" stroke={t.text} strokeWidth={3} />
              <circle cx={cx} cy={cy} r={markerSize * 1.4 + 3} fill="none" stroke={t.background} strokeWidth={2} />
              <text
                x={lx}
                y={lyClear}
                fontSize={t.smallSize}
                fontWeight={700}
                textAnchor={anchor}
                style={{ stroke: t.background, strokeWidth: 4, paintOrder: 'stroke' }}
              >
                {label}
              </text>
            </g>
          );
        })()}
    </svg>
  );
}

/** A fitted curve's dashes; a poor fit's, sparser. */
const FIT_DASH = '3 3';
const POOR_DASH = '2 7';

function FitSwatch({ t, size, poor = false }: { t: ThemeTokens; size: number; poor?: boolean }) {
  return (
    <svg width={size * 1.6} height={size}>
      <line
        x1={0}
        x2={size * 1.6}
        y1={size / 2}
        y2={size / 2}
        stroke={t.text}
        strokeWidth={t.strokeWidth * 0.75}
        strokeDasharray={poor ? POOR_DASH : FIT_DASH}
      />
    </svg>
  );
}

function NmaxSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  const c = size / 2;
  return (
    <svg width={size} height={size}>
      <line x1={c} x2={c} y1={c} y2={size} stroke={t.text} strokeWidth={2} strokeDasharray="1 3" strokeLinecap="round" />
      <path d={`M${c},${c - 5}L${c + 5},${c}L${c},${c + 5}L${c - 5},${c}Z`} fill={t.background} stroke={t.text} strokeWidth={2} />
    </svg>
  );
}

function ProvisionalSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  const c = size / 2;
  return (
    <svg width={size} height={size} opacity={0.55}>
      <path d={`M${c - 3},1H${c + 3}M${c},1V${size - 1}M${c - 3},${size - 1}H${c + 3}`} stroke={t.text} strokeWidth={2} fill="none" />
      <circle cx={c} cy={c} r={size / 4} fill={t.text} stroke={t.text} strokeWidth={2} />
    </svg>
  );
}

function CurrentSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  return (
    <svg width={size} height={size}>
      <circle cx={size / 2} cy={size / 2} r={size / 2 - 2} fill="none" stroke={t.text} strokeWidth={3} />
    </svg>
  );
}

function SaturationSwatch({ t, size }: { t: ThemeTokens; size: number }) {
  return (
    <svg width={size} height={size}>
      <line x1={size / 2} x2={size / 2} y1={0} y2={size} stroke={t.text} strokeWidth={2} strokeDasharray="2 4" />
    </svg>
  );
}
