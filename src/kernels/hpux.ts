/*
 * hpux.ts -- HP-UX 9.0's TCP stream: checksum offload and copy avoidance, byte by
 * byte (source 003).
 */
import { HPUX_MAIN_CONTROLS } from '../lab/controls.js';
import type { KernelInfo } from './types.js';

export const hpux: KernelInfo = {
  name: 'hpux',
  title: 'HP-UX 9.0 TCP stream',
  short: 'HP-UX',
  choice: 'HP-UX 9.0: checksum offload and copy avoidance',
  mainControls: HPUX_MAIN_CONTROLS,
  views: ['cpu-grid', 'hpux-journey', 'hpux-buffers', 'modes', 'timeline', 'hpux-curves'],
  figures: () => import('../lab/figures/HpuxFigures.js'),
  designatedCpu: false,
  threadRoles: false,
  rads: false,
  journey: false,
  openvmsPair: 'classic',
  pair: (values) => ({ path: 'kernel.kind', from: String(values['kernel.kind'] ?? 'hpux'), to: 'scalable', words: 'on the Scalable Kernel' }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
};
