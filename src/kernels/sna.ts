/*
 * sna.ts -- SNA Server/6000 on AIX SMP: the thundering herd of lockl(), the port's
 * remedies, and the porting journey (source 001).
 */
import { SNA_MAIN_CONTROLS } from '../lab/controls.js';
import type { KernelInfo } from './types.js';

const LOCK_WORDS: Record<string, string> = { lockl: 'lockl (wake all)', wake_one: 'wake one', simple: 'simple (spin) locks' };

export const sna: KernelInfo = {
  name: 'sna',
  title: 'SNA Server/6000',
  short: 'SNA',
  choice: 'SNA Server/6000 on AIX SMP',
  mainControls: SNA_MAIN_CONTROLS,
  views: ['cpu-grid', 'lock', 'herd', 'cache-lines', 'modes', 'timeline', 'lock-table'],
  figures: () => import('../lab/figures/SnaFigures.js'),
  designatedCpu: false,
  threadRoles: true,
  rads: false,
  journey: true,
  openvmsPair: 'classic',
  pair(values) {
    const from = String(values['sna.lock_kind'] ?? 'lockl');
    const to = from === 'simple' ? 'lockl' : 'simple';
    return { path: 'sna.lock_kind', from, to, words: to === 'simple' ? 'with spinning simple locks' : 'with lockl() (wake all)' };
  },
  sideWords: (values) => (values['sna.lock_kind'] === undefined ? [] : [LOCK_WORDS[String(values['sna.lock_kind'])] ?? String(values['sna.lock_kind'])]),
  compareRows: ['round-trip', 'transfer', 'cswitch', 'futile', 'miss'],
  headlineRows: ['round-trip'],
  /** The thundering herd sets the lock kinds side by side: spinning simple locks against lockl. */
  companion(scenario, shown) {
    if (!shown.includes('herd')) return null;
    return scenario['sna.lock_kind'] === 'simple'
      ? { overrides: { 'sna.lock_kind': 'lockl' }, label: 'The same with lockl() (wake all)' }
      : { overrides: { 'sna.lock_kind': 'simple' }, label: 'The same with simple (spin) locks' };
  },
};
