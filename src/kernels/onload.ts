/*
 * onload.ts -- two hosts back to back: the Linux kernel stack against the OpenOnload
 * user-level stack, latency, throughput and receive livelock (source 002).
 */
import { ONLOAD_MAIN_CONTROLS } from '../lab/controls.js';
import type { KernelInfo } from './types.js';

export const onload: KernelInfo = {
  name: 'onload',
  title: 'OpenOnload benchmark',
  short: 'Onload',
  choice: 'Two hosts: kernel stack vs OpenOnload',
  mainControls: ONLOAD_MAIN_CONTROLS,
  views: ['cpu-grid', 'net-latency', 'net-stack-lock', 'modes', 'timeline', 'net-size-curve', 'net-livelock'],
  figures: () => import('../lab/figures/NetFigures.js'),
  designatedCpu: false,
  threadRoles: false,
  rads: false,
  journey: false,
  openvmsPair: 'classic',
  pair: (values) => ({ path: 'kernel.kind', from: String(values['kernel.kind'] ?? 'onload'), to: 'scalable', words: 'on the Scalable Kernel' }),
  sideWords: () => [],
  compareRows: [],
  headlineRows: [],
  /** The round-trip breakdown sets the two stacks side by side on the same ping-pong. */
  companion(scenario, shown) {
    if (!shown.includes('net-latency') || scenario['net.test'] !== 'pingpong') return null;
    return scenario['net.stack'] === 'onload'
      ? { overrides: { 'net.stack': 'kernel' }, label: 'The same ping-pong on the Linux kernel stack' }
      : { overrides: { 'net.stack': 'onload' }, label: 'The same ping-pong on OpenOnload' };
  },
};
