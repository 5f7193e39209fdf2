/*
 * DiffTable.tsx -- the comparison's figures: each key measure for A and for B and
 * their difference B − A with its sign, its unit and a word for what it means
 * ("B is lower (better)"); an arrow and a colour repeat the words, never replace
 * them. CpuTable gives every CPU's busy and spinning share on both sides. Both are
 * real tables (caption, header cells), so a screen reader reads them as such.
 */
import { useMemo, useState } from 'react';
import { formatPct, plural } from '../../views/format.js';
import { useLab } from '../hooks.js';
import type { LabStore } from '../store.js';
import { cpuRows, describeDiff, formatValue, metricRows, type SideSample } from './metrics.js';
import { sideTitle } from './words.js';

function useSample(store: LabStore): SideSample {
  const snapshot = useLab(store, 'snapshot');
  const report = useLab(store, 'report');
  const schema = useLab(store, 'schema');
  return useMemo(() => ({ snapshot, report, modes: schema?.modes ?? [] }), [snapshot, report, schema]);
}

/** The arrow follows the number (up: B higher); the colour and the words say whether that is better. */
function arrow(value: number): string {
  if (!Number.isFinite(value)) return '';
  return value > 0 ? '▲' : value < 0 ? '▼' : '';
}

export function DiffTable({ stores }: { stores: readonly [LabStore, LabStore] }) {
  const a = useSample(stores[0]);
  const b = useSample(stores[1]);
  const titleA = sideTitle(useLab(stores[0], 'scenario'));
  const titleB = sideTitle(useLab(stores[1], 'scenario'));
  const rows = metricRows(a, b);
  return (
    <div className="compare-table-wrap">
      <table className="compare-table" data-testid="compare-diffs">
        <caption>Key figures over the measured window, live</caption>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col" className="num">
              <span className="compare-badge compare-badge-small" aria-hidden="true">
                A
              </span>
              <span className="visually-hidden">A: </span>
              <span className="compare-th-title">{titleA}</span>
            </th>
            <th scope="col" className="num">
              <span className="compare-badge compare-badge-small" aria-hidden="true">
                B
              </span>
              <span className="visually-hidden">B: </span>
              <span className="compare-th-title">{titleB}</span>
            </th>
            <th scope="col" className="num">
              Difference B − A
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const diff = describeDiff(row);
            return (
              <tr
                key={row.id}
                data-metric={row.id}
                data-a={Number.isFinite(row.a) ? row.a : ''}
                data-b={Number.isFinite(row.b) ? row.b : ''}
                data-diff={Number.isFinite(diff.value) ? diff.value : ''}
                data-verdict={diff.verdict}
                className={row.headline ? 'compare-row-headline' : undefined}
              >
                <th scope="row">
                  <span className="compare-metric">{row.label}</span>
                  <span className="compare-metric-detail">
                    {row.detail}
                    {row.better ? ` · ${row.better} is better` : ''}
                  </span>
                </th>
                <td className="num">{formatValue(row.unit, row.a)}</td>
                <td className="num">{formatValue(row.unit, row.b)}</td>
                <td className={`num compare-diff compare-diff-${diff.verdict}`}>
                  <span className="compare-diff-text">
                    {arrow(diff.verdict === 'same' ? 0 : diff.value) && (
                      <span aria-hidden="true" className="compare-arrow">
                        {arrow(diff.verdict === 'same' ? 0 : diff.value)}{' '}
                      </span>
                    )}
                    {diff.text}
                  </span>
                  <span className="compare-diff-words">{diff.words}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Each CPU's busy (not idle) and spinning share on both sides, with bars and numbers. */
export function CpuTable({ stores }: { stores: readonly [LabStore, LabStore] }) {
  // Open where it fits beside the figures (wide screens); a click away elsewhere.
  const [openAtFirst] = useState(() => typeof window !== 'undefined' && window.innerWidth >= 1500);
  const a = useSample(stores[0]);
  const b = useSample(stores[1]);
  const rows = cpuRows(a, b);
  const signed = (value: number) =>
    !Number.isFinite(value) ? '–' : `${value > 0.05 ? '+' : value < -0.05 ? '\u2212' : '±'}${Math.abs(value).toFixed(1)}`;
  return (
    <details className="compare-cpus" open={openAtFirst}>
      <summary>Per CPU: busy and spinning ({plural(rows.length, 'CPU')})</summary>
      <p className="compare-cpu-key">
        Each bar is a CPU's time busy (not idle); its <span className="compare-key-spin" aria-hidden="true" /> hatched part is spinning.
        Numbers in percentage points of the measured window.
      </p>
      <table className="compare-cpu-table" data-testid="compare-cpus">
        <caption className="visually-hidden">
          Each CPU's share of the measured window busy (not idle) and spinning, A and B, and B − A in percentage points
        </caption>
        <thead>
          <tr>
            <th scope="col">CPU</th>
            <th scope="col">Busy, A and B</th>
            <th scope="col" className="num">
              B − A
            </th>
            <th scope="col" className="num">
              Spin A
            </th>
            <th scope="col" className="num">
              Spin B
            </th>
            <th scope="col" className="num">
              B − A
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.cpu}>
              <th scope="row">{row.cpu}</th>
              <td>
                <span className="compare-bars">
                  <Bar side="a" busy={row.aBusy} spin={row.aSpin} />
                  <Bar side="b" busy={row.bBusy} spin={row.bSpin} />
                </span>
              </td>
              <td className="num">{signed(row.bBusy - row.aBusy)} pts</td>
              <td className="num">{formatPct(row.aSpin)}</td>
              <td className="num">{formatPct(row.bSpin)}</td>
              <td className="num">{signed(row.bSpin - row.aSpin)} pts</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Bar({ side, busy, spin }: { side: 'a' | 'b'; busy: number; spin: number }) {
  const width = (value: number) => `${Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0))}%`;
  return (
    <span className={`compare-bar-row compare-bar-${side}`}>
      <span className="compare-bar-letter" aria-hidden="true">
        {side.toUpperCase()}
      </span>
      <span className="compare-bar-track" aria-hidden="true">
        <span className="compare-bar-busy" style={{ width: width(busy) }} />
        <span className="compare-bar-spin" style={{ width: width(spin) }} />
      </span>
      <span className="compare-bar-value">{formatPct(busy)}</span>
    </span>
  );
}
