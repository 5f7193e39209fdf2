/*
 * NetCurveControls.tsx -- runs one of the views' curves (net-curves.ts): the lab's
 * scenario again at each message size on each stack, at each offered load in each
 * receive mode, or (HP-UX) at each number of send buffers and bytes written with copy
 * avoidance on and off, as short runs in workers of their own (store.runVariants); a Run
 * curve button, a progress bar, a Cancel button and the curve's state in words for
 * screen readers. Native buttons, so the keyboard works as everywhere else.
 */
import { useEffect, useMemo } from 'react';
import type { ScenarioValues } from '../core/scenario-values.js';
import { variantKey } from '../core/sweep.js';
import { useLab } from './hooks.js';
import { CURVE_DURATION_NS, curveStatus, curveVariants, receiveModes, selectCurveRun, type NetCurveId } from './net-curves.js';
import { HPUX_CURVE_DURATION_NS, hpuxCurveSetup } from './hpux-curves.js';
import type { LabState, LabStore } from './store.js';

const selectReady = (s: LabState) => s.status === 'ready';

const WHAT: Record<NetCurveId, { name: string; what: (scenario: ScenarioValues) => string }> = {
  'net-size-curve': {
    name: 'Throughput against message size',
    what: () => `7 message sizes (16 B to 64 KiB) on the kernel stack and on Onload, TCP stream, ${CURVE_DURATION_NS / 1e6} ms runs`,
  },
  'net-livelock': {
    name: 'Receive livelock',
    what: (scenario) => {
      const napi = receiveModes(scenario).find((mode) => mode.mode === 'napi');
      const napiWords = napi ? `NAPI (${String(napi.values['net.napi_budget'])} packets a poll${napi.values['net.queue_feedback'] === 'on' ? ', feedback on' : ''})` : '';
      const modes = napi ? `an interrupt per packet, interrupt moderation, Onload polling and ${napiWords}` : 'an interrupt per packet, interrupt moderation and Onload polling';
      return `8 offered loads (250k to 3M packets/s) with ${modes}, UDP receive, ${CURVE_DURATION_NS / 1e6} ms runs`;
    },
  },
  'hpux-curves': {
    name: 'CPU and throughput against buffers and dirtiness',
    what: (scenario) => `1 to ${hpuxCurveSetup(scenario).maxBuffers} send buffers, and 0 B to 4 KiB written into each, with copy avoidance on and off (NIO FDDI, send(2), page-aligned), ${HPUX_CURVE_DURATION_NS / 1e6} ms runs`,
  },
};

export function NetCurveControls({ store, curve }: { store: LabStore; curve: NetCurveId }) {
  const name = curve;   // the variant run is named after its view
  const run = useLab(store, selectCurveRun[curve]);
  const ready = useLab(store, selectReady);
  const scenario = useLab(store, 'scenario');
  const variants = useMemo(() => curveVariants(curve, scenario), [curve, scenario]);
  const current = run?.key === variantKey(variants);
  const running = run?.status === 'running';
  const refusals = run?.refusals.filter((r): r is string => !!r) ?? [];
  const pct = run && run.variants.length > 0 ? Math.round((100 * run.done) / run.variants.length) : 0;
  // a curve still running when the view goes away (another kernel, the view hidden) stops
  useEffect(() => () => store.cancelVariants(name), [store, name]);
  return (
    <div className="sweep" role="group" aria-label={`${WHAT[curve].name}: curve run`} data-net-curve={curve}>
      <div className="sweep-row">
        {running ? (
          <button type="button" className="btn" onClick={() => store.cancelVariants(name)}>Cancel</button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={!ready} onClick={() => void store.runVariants(name, variants)}>
            {run ? 'Run curve again' : 'Run curve'}
          </button>
        )}
        <span className="sweep-what">{WHAT[curve].what(scenario)}; this scenario otherwise</span>
      </div>
      {run && (
        <div className="sweep-progress">
          <progress max={run.variants.length || 1} value={run.done} aria-label={`${WHAT[curve].name}: runs done`} data-testid={`${curve}-progress`} />
          <span className="sweep-pct" aria-hidden="true">{pct}%</span>
        </div>
      )}
      <p className="sweep-status" role="status">{curveStatus(run, current)}</p>
      {refusals.length > 0 && (
        <ul className="sweep-note">
          {refusals.slice(0, 3).map((why, i) => <li key={i}>{why}</li>)}
          {refusals.length > 3 && <li>and {refusals.length - 3} more</li>}
        </ul>
      )}
    </div>
  );
}
