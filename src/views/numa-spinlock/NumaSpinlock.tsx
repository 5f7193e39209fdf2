/*
 * NumaSpinlock.tsx -- who wins the watched spinlock, per RAD: for each RAD a group of
 * bars, one per CPU, its acquisitions against a fair share (the dashed line at 1), the
 * RAD's mean acquire time under it, and Jain's fairness index as the headline. With
 * the dedicated lock manager nobody takes the lock manager spinlock, and it says so.
 */
import type { Report } from '../../core/report.js';
import type { Snapshot } from '../../core/snapshot.js';
import { scaleLinear } from 'd3';
import { themeTokens, type Theme } from '../palette.js';
import { fitFontSize, formatCount, formatNs, formatOne, formatRate } from '../format.js';
import { innerWidth, ViewFrame } from '../common/ViewFrame.js';
import { YGrid } from '../common/axes.js';
import { Legend } from '../common/Legend.js';
import { radName } from '../numa-data.js';
import { jainWords, noWinsText, spinlockFigures, spinlockSummary } from './model.js';
import '../numa-topology/numa.css';

export interface NumaSpinlockProps {
  snapshot?: Snapshot;
  report?: Report;
  theme?: Theme;
  width?: number;
  title?: string;
}

/** Okabe-Ito blue for wins, and a deeper one in the projector theme. */
const WIN_FILL = { light: '#0072B2', projector: '#00589A' } as const;

export function NumaSpinlock(props: NumaSpinlockProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 720;
  const innerW = innerWidth(width);
  const f = spinlockFigures(props.report, props.snapshot?.cpus.length);
  const title = props.title ?? `Spinlock wins per RAD${f?.lock ? `: ${f.lock}` : ''}`;
  const summary = spinlockSummary(f);
  const none = f ? noWinsText(f) : 'Waiting for the first report with the NUMA figures.';

  if (!f || none) {
    return (
      <ViewFrame
        view="numa-spinlock"
        theme={theme}
        width={width}
        title={title}
        summary={summary}
        headline={
          f ? (
            <span>
              Jain's index <strong>{f.jain.toFixed(3)}</strong>
            </span>
          ) : undefined
        }
      >
        <p style={{ margin: 0, maxWidth: '70ch' }} data-no-wins="">
          {none}
        </p>
      </ViewFrame>
    );
  }

  const fs = t.fontSize;
  const cpus = f.rads.reduce((s, r) => s + r.cpus.length, 0);
  const axisW = Math.round(fs * 3.2);
  const gap = Math.round(fs * 0.9);
  const groupsW = innerW - axisW;
  const groupW = (groupsW - gap * (f.rads.length - 1)) / Math.max(1, f.rads.length);
  // room above the top tick's label for the axis's unit
  const plotTop = Math.round(t.smallSize * 2.1);
  const plotH = Math.round(fs * 9);
  const base = plotTop + plotH;
  const y = scaleLinear().domain([0, f.maxShare]).range([base, plotTop]).nice();
  const ticks = y.ticks(4);
  const acquireMax = Math.max(1, ...f.rads.map((r) => r.meanAcquireNs));
  const radLabelY = base + t.smallSize * 1.3 + fs * 1.05;
  const acquireY = radLabelY + fs * 0.6 + t.smallSize * 1.3;
  const acquireH = Math.round(fs * 0.9);
  const height = acquireY + acquireH + fs * 1.9;
  const fill = WIN_FILL[t.name];
  const shortNames = groupW < fs * 3.6;

  const headline = (
    <span data-jain={f.jain}>
      Jain's index <strong>{f.jain.toFixed(3)}</strong>
      <span className="slv-muted"> ({jainWords(f.jain, cpus)})</span>
    </span>
  );

  return (
    <ViewFrame
      view="numa-spinlock"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="How to read the bars"
          items={[
            {
              key: 'cpu',
              label: 'One bar per CPU: its wins against a fair share (1 = every CPU wins equally)',
              swatch: (
                <svg width={18} height={18}>
                  <rect x={4} y={3} width={10} height={15} fill={fill} />
                </svg>
              ),
            },
            {
              key: 'fair',
              label: 'Fair share',
              swatch: (
                <svg width={28} height={18}>
                  <line x1={1} x2={27} y1={9} y2={9} stroke={t.text} strokeWidth={2} strokeDasharray="5 3" />
                </svg>
              ),
            },
            {
              key: 'acquire',
              label: 'Under each RAD: mean time from wanting the lock to holding it',
              swatch: (
                <svg width={28} height={18}>
                  <rect x={1} y={5} width={26} height={8} fill={t.muted} />
                </svg>
              ),
            },
          ]}
        />
      }
      table={{
        caption: `Acquisitions of ${f.lock} per RAD and per CPU`,
        columns: ['RAD', 'CPUs', 'Wins per second', 'Share of fair', 'Mean acquire', 'Wins per CPU'],
        rows: f.rads.map((r) => [
          radName(r.rad),
          r.cpus.length,
          formatRate(r.winsPerS),
          formatOne(r.share),
          formatNs(r.meanAcquireNs),
          r.cpus.map((c) => `CPU ${c.cpu}: ${formatCount(c.wins)}`).join(', '),
        ]),
      }}
    >
      <svg width={innerW} height={height} aria-hidden="true" data-rads={f.rads.length}>
        <YGrid ticks={ticks} y={y} box={{ left: axisW, right: innerW, base }} format={formatOne} theme={theme} dashed />
        <text x={0} y={plotTop - t.smallSize * 1.1} fontSize={t.smallSize} style={{ fill: t.muted }}>
          ×fair
        </text>
        {f.rads.map((r, i) => {
          const gx = axisW + i * (groupW + gap);
          const bw = groupW / Math.max(1, r.cpus.length);
          const name = shortNames ? `R${r.rad}` : radName(r.rad);
          const shareText = groupW >= t.smallSize * 6 ? `${formatOne(r.share)}× fair` : `${formatOne(r.share)}×`;
          const labelFont = fitFontSize(name, groupW, fs, 9, true);
          const shareFont = fitFontSize(shareText, groupW, t.smallSize, 9);
          const acquireText = formatNs(r.meanAcquireNs);
          return (
            <g key={r.rad} data-rad={r.rad} data-share={r.share}>
              {r.cpus.map((c, k) => (
                <g key={c.cpu} data-cpu={c.cpu}>
                  <rect
                    x={gx + k * bw + Math.min(3, bw * 0.12)}
                    y={y(c.share)}
                    width={Math.max(1, bw - 2 * Math.min(3, bw * 0.12))}
                    height={Math.max(0, base - y(c.share))}
                    fill={fill}
                  />
                  {bw >= t.smallSize * 1.6 && (
                    <text
                      x={gx + k * bw + bw / 2}
                      y={base + t.smallSize * 0.95}
                      fontSize={Math.min(t.smallSize, bw * 0.5)}
                      textAnchor="middle"
                      style={{ fill: t.muted }}
                    >
                      {c.cpu}
                    </text>
                  )}
                </g>
              ))}
              <text x={gx + groupW / 2} y={radLabelY + labelFont * 0.1} fontSize={labelFont} fontWeight={700} textAnchor="middle">
                {name}
              </text>
              <text
                x={gx + groupW / 2}
                y={radLabelY + labelFont * 0.1 + shareFont * 1.35}
                fontSize={shareFont}
                textAnchor="middle"
                style={{ fill: t.muted }}
              >
                {shareText}
              </text>
              <rect x={gx} y={acquireY} width={Math.max(1, (groupW * r.meanAcquireNs) / acquireMax)} height={acquireH} fill={t.muted} />
              <text x={gx} y={acquireY + acquireH + t.smallSize * 1.15} fontSize={fitFontSize(acquireText, groupW, t.smallSize, 9)}>
                {acquireText}
              </text>
            </g>
          );
        })}
        <line x1={axisW} x2={innerW} y1={y(1)} y2={y(1)} stroke={t.text} strokeWidth={2} strokeDasharray="6 4" />
      </svg>
      {f.lockOpsPerS !== null && (
        <p className="slv-muted" style={{ margin: '2px 0 0', fontSize: 'var(--slv-fs-small)' }}>
          Lock manager: {formatRate(f.lockOpsPerS)} operations{f.lckmgrCpu >= 0 ? `, dedicated on CPU ${f.lckmgrCpu}` : ''}.{' '}
          {shortNames ? `R0 … R${f.rads.length - 1} are RADs 0 to ${f.rads.length - 1}; ` : ''}CPU numbers under the bars where they fit;
          mean acquire time under each RAD.
        </p>
      )}
    </ViewFrame>
  );
}
