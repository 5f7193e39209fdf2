/*
 * Legend.tsx -- legends for every chart: the CPU modes (swatch with its pattern, and
 * the mode's name in the source's words) and any other keyed marks (kernels, markers).
 */
import { useId, type ReactNode } from 'react';
import { MODES, modeInfo, modesFor, themeTokens, type SeriesName, type ModeName, type ModeVocabulary, type Theme } from '../palette.js';
import { ModeRect, PatternDefs, SeriesMarker } from './marks.js';

export interface LegendItem {
  key: string;
  label: string;
  swatch: ReactNode;
}

export function Legend({ items, label = 'Legend' }: { items: readonly LegendItem[]; label?: string }) {
  return (
    <ul className="slv-legend" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="slv-swatch" aria-hidden="true">
            {item.swatch}
          </span>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The size of legend swatches for the theme, in px. */
export function swatchSize(theme?: Theme): number {
  return themeTokens(theme).name === 'projector' ? 24 : 18;
}

export function ModeSwatch({ mode, theme }: { mode: ModeName; theme?: Theme }) {
  const id = useId();
  const s = swatchSize(theme);
  return (
    <svg width={s} height={s} viewBox={`0 0 ${s} ${s}`}>
      <PatternDefs prefix={id} theme={theme} />
      <ModeRect
        mode={mode}
        x={0.5}
        y={0.5}
        width={s - 1}
        height={s - 1}
        rx={3}
        theme={theme}
        patterns={id}
        stroke={themeTokens(theme).axis}
        strokeWidth={1}
      />
    </svg>
  );
}

/** Legend of CPU modes, in the core's order (or the order given). */
export function ModeLegend({
  theme,
  modes = MODES,
  label = 'CPU modes',
  vocabulary,
}: {
  theme?: Theme;
  modes?: readonly ModeName[];
  label?: string;
  vocabulary?: ModeVocabulary;
}) {
  return (
    <Legend
      label={label}
      items={modesFor(vocabulary, modes).map((mode) => ({
        key: mode,
        label: modeInfo(mode, vocabulary).label,
        swatch: <ModeSwatch mode={mode} theme={theme} />,
      }))}
    />
  );
}

/** A series' line and marker (palette.ts SeriesName), for a legend. */
export function SeriesSwatch({ series, theme }: { series: SeriesName; theme?: Theme }) {
  const t = themeTokens(theme);
  const s = swatchSize(theme);
  const style = t.series[series];
  return (
    <svg width={s * 2} height={s} viewBox={`0 0 ${s * 2} ${s}`}>
      <line
        x1={1}
        x2={s * 2 - 1}
        y1={s / 2}
        y2={s / 2}
        stroke={style.colour}
        strokeWidth={t.strokeWidth}
        strokeDasharray={style.dash || undefined}
      />
      <SeriesMarker series={series} x={s} y={s / 2} size={s * 0.5} theme={theme} />
    </svg>
  );
}
