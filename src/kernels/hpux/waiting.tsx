/*
 * waiting.tsx -- what an HP-UX view draws before the first report with the hpux
 * figures has come, or before a send has finished in it: its frame, its legend, and a
 * sentence saying what it waits for.
 */
import type { ReactNode } from 'react';
import type { Theme } from '../../views/palette.js';
import { ViewFrame } from '../../views/common/ViewFrame.js';

export function HpuxWaiting({
  view,
  theme,
  width,
  title,
  summary,
  legend,
  message,
}: {
  view: string;
  theme?: Theme;
  width: number;
  title: string;
  summary: string;
  legend: ReactNode;
  /** What it waits for, if not the first report (data.ts: NO_SEND_YET). */
  message?: string;
}) {
  return (
    <ViewFrame view={view} theme={theme} width={width} title={title} summary={summary} legend={legend}>
      <p style={{ margin: 0 }} data-hpux-message="">
        {message ?? 'Waiting for the first report with the HP-UX figures (kernel hpux).'}
      </p>
    </ViewFrame>
  );
}
