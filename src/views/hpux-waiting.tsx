/*
 * hpux-waiting.tsx -- what an HP-UX view draws before the first report with the hpux
 * figures has come: its frame, its legend, and a sentence saying what it waits for.
 */
import type { ReactNode } from 'react';
import type { Theme } from './palette.js';
import { ViewFrame } from './common/ViewFrame.js';

export function HpuxWaiting({ view, theme, width, title, summary, legend }: {
  view: string; theme?: Theme; width: number; title: string; summary: string; legend: ReactNode;
}) {
  return (
    <ViewFrame view={view} theme={theme} width={width} title={title} summary={summary} legend={legend}>
      <p style={{ margin: 0 }} data-hpux-message="">Waiting for the first report with the HP-UX figures (kernel hpux).</p>
    </ViewFrame>
  );
}
