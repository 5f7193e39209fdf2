/*
 * numa.ts -- OpenVMS on an AlphaServer GS: where processes, data and locks live in the
 * resource affinity domains, and a batch run that pays for it (source 004).
 */
import { NUMA_MAIN_CONTROLS } from '../lab/controls.js';
import type { KernelInfo } from './types.js';

const PLACEMENT_WORDS: Record<string, string> = { none: 'any CPU', home_rad: 'home RAD', cpu_affinity: 'CPU affinity' };

export const numa: KernelInfo = {
  name: 'numa',
  title: 'AlphaServer GS (NUMA)',
  short: 'NUMA',
  choice: 'OpenVMS on an AlphaServer GS (NUMA)',
  mainControls: NUMA_MAIN_CONTROLS,
  views: ['cpu-grid', 'lock', 'modes', 'timeline', 'lock-table'],
  figures: () => import('../lab/figures/NumaFigures.js'),
  designatedCpu: false,
  threadRoles: false,
  rads: true,
  journey: false,
  openvmsPair: 'classic',
  pair(values) {
    const from = String(values['numa.placement'] ?? 'home_rad');
    const to = from === 'home_rad' ? 'cpu_affinity' : 'home_rad';
    return { path: 'numa.placement', from, to, words: to === 'home_rad' ? 'with processes in a home RAD' : 'with hard CPU affinity' };
  },
  sideWords: (values) => (values['numa.placement'] === undefined ? [] : [PLACEMENT_WORDS[String(values['numa.placement'])] ?? String(values['numa.placement'])]),
  compareRows: ['records', 'runtime', 'hold', 'spin', 'ramdisk-cross', 'cross-rad'],
  headlineRows: ['mpsynch', 'records'],
};
