/*
 * CompareLink.tsx -- the lab's way into a comparison: a link to #/compare with the
 * lab's scenario beside its counterpart (the other kernel; for SNA the other lock
 * kind; for NUMA the other placement), both with the lab's view state. The baseline
 * (the classic kernel, lockl(), a home RAD, a test-and-set lock) is always side A and
 * the remedy side B, whichever the lab was running, so B − A reads as what the remedy
 * changes (KernelPair.baseline). Small on purpose: it is part of the lab's first page;
 * the compare page itself loads lazily.
 */
import type { ScenarioValues } from '../../core/scenario-values.js';
import type { Schema } from '../../core/schema.js';
import { encodeLabState, routeHash, type LabViewState } from '../url.js';
import { compareQuery, compareSides, pairField } from './pairing.js';

/** The compare page's hash for a lab's scenario beside its counterpart, the baseline on side A. */
export function compareHash(schema: Schema, scenario: ScenarioValues, view: LabViewState): string {
  const { a, b } = compareSides(scenario);
  return routeHash({ page: 'compare', query: compareQuery(encodeLabState(schema, a, view), encodeLabState(schema, b, view)) });
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
