/*
 * index.ts -- everything the lab shell and lessons use from src/views: the view
 * components and their props, the palette and themes, the motion hook, and the
 * helpers that turn the trace into what the views draw. See README.md in this folder.
 * The scaling chart (scaling/ScalingChart.tsx), the lock table, and the NUMA and network
 * views are imported lazily from their own files (a kernel's own views, from its folder:
 * src/kernels/<name>/views.tsx), so labs that do not show them do not download them:
 * they are not exported here.
 */
export { CpuGrid, type CpuGridProps } from './cpu-grid/CpuGrid.js';
export { LockView, type LockViewProps } from './lock/LockView.js';
export { ModeBars, type ModeBarsProps } from './modes/ModeBars.js';
export { Timeline, type TimelineProps } from './timeline/Timeline.js';

export {
  MODES,
  MODE_INFO,
  MONITOR_ORDER,
  THEMES,
  themeTokens,
  modeColour,
  type Theme,
  type ThemeTokens,
  type ModeName,
  type ModeInfo,
  type SeriesName,
} from './palette.js';
export { prefersReducedMotion, usePrefersReducedMotion, useTweened, onFrame } from './motion.js';
export { SegmentBuilder, buildSegments, type TimelineSegments, type TraceNames } from './timeline/segments.js';
export { SegmentFeed, traceNames, type TraceWindowLike } from './timeline/feed.js';
export { primaryLock, LOCK_INFO } from './lock/model.js';
