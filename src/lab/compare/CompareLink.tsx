/*
 * CompareLink.tsx -- the lab's way into a comparison: a link to #/compare with the
 * lab's scenario (and view state) as side A and its counterpart as side B (the other
 * kernel; for SNA the other lock kind; for NUMA the other placement). Small on
 * purpose: it is part of the lab's first page; the compare page itself loads lazily.
 */
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Schema } from '../../core/schema.js';
import { encodeLabState, routeHash, type LabViewState } from '../url.js';
import { compareQuery, counterpart, pairField } from './pairing.js';

/** The compare page's hash for a lab's scenario beside its counterpart. */
export function compareHash(schema: Schema, scenario: ScenarioValues, view: LabViewState): string {
  const a = encodeLabState(schema, scenario, view);
  const b = encodeLabState(schema, counterpart(scenario), view);
  return routeHash({ page: 'compare', query: compareQuery(a, b) });
}

export function CompareLink({ schema, scenario, view }: { schema?: Schema; scenario: ScenarioValues; view: LabViewState }) {
  if (!schema) return null;
  const words = pairField(scenario).words;
  return (
    <a className="btn" href={compareHash(schema, scenario, view)} title={`Opens this scenario beside the same ${words}, on one clock`}>
      Compare…<span className="visually-hidden"> this scenario with the same {words}</span>
    </a>
  );
}
