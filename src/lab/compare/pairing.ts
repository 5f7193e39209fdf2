/*
 * pairing.ts -- which two scenarios a comparison shows, and how a link carries them.
 * A compare link is #/compare?a=...&b=...; each side is a preset's name (a=testbed-
 * classic) or a lab's `s` encoding (url.ts, encodeLabState), so "Compare" in the lab
 * can hand over exactly what the lab runs. The comparison's speed, theme and views
 * travel in side A's encoding (the lab's view state).
 *
 * Reading a link never throws: a side that cannot be read is replaced by a sensible
 * one (A by the classic testbed, B by A's counterpart) and a message says what was
 * wrong with which side. counterpart() is the other half of the pairs a classroom
 * compares: classic against Scalable Kernel, lockl (wake all) against simple (spin)
 * locks, home RAD against hard CPU affinity.
 */
import { flattenScenario, type ScenarioValues } from '../../core/scenario-values.js';
import { decodeLabState, type LabViewState, type SharedLab } from '../url.js';
import { kernelInfo } from '../../kernels/index.js';
import type { KernelPair } from '../../kernels/types.js';

export type SideName = 'A' | 'B';

/** Where a side's scenario comes from. */
export type SideSource =
  | { kind: 'preset'; name: string }
  /** A lab's encoding (the lab's current scenario, or any shared lab link). */
  | { kind: 'link'; shared: SharedLab }
  /** The other side's scenario with the pair's field changed (counterpart()). */
  | { kind: 'counterpart' };

/** One side as the page opens it: the scenario values (partial; the worker fills the rest) and where they came from. */
export interface SideSpec {
  source: SideSource;
  values: ScenarioValues;
}

export interface ComparePlan {
  a: SideSpec;
  b: SideSpec;
  /** The view state of side A's link, if it had one. */
  view?: LabViewState;
  /** What was wrong with the link, one sentence per side, in words. */
  problems: string[];
}

/** What the page knows of the presets (presets.ts; a list is passed in so tests need no bundler). */
export interface PresetLookup {
  names: readonly string[];
  values(name: string): ScenarioValues | undefined;
  title(name: string): string;
}

export const DEFAULT_A = 'testbed-classic';

const PRESET_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The field that tells the pair apart, and its two values, for a scenario's kernel. */
export function pairField(values: ScenarioValues): KernelPair {
  return kernelInfo(values['kernel.kind']).pair(values);
}

/** The scenario a class would set beside this one: the same with the pair's other value. */
export function counterpart(values: ScenarioValues): ScenarioValues {
  const pair = pairField(values);
  return { ...values, [pair.path]: pair.to };
}

/** A lab's scenario and its counterpart as sides A and B: the pair's baseline on A. */
export function compareSides(scenario: ScenarioValues): { a: ScenarioValues; b: ScenarioValues } {
  const other = counterpart(scenario);
  return pairField(scenario).baseline === 'to' ? { a: other, b: scenario } : { a: scenario, b: other };
}

/** A side's parameter (a=...) read as a preset name or a lab encoding; an error in words. */
export function readSide(raw: string, presets: PresetLookup, param = 'a'): { ok: true; spec: SideSpec } | { ok: false; why: string } {
  const text = raw.trim();
  if (text === '') return { ok: false, why: 'it is empty' };
  if (PRESET_NAME.test(text) && !/[A-Z]/.test(text)) {
    const values = presets.values(text);
    if (values) return { ok: true, spec: { source: { kind: 'preset', name: text }, values } };
    // A lowercase word is a preset name that does not exist (encodings mix cases).
    if (text.length <= 40) return { ok: false, why: `there is no preset named "${text}" (presets: ${presets.names.join(', ')})` };
  }
  const decoded = decodeLabState(text.replace(/ /g, '+'));
  if (!decoded.ok) {
    const why = decoded.message.replace(/^This link's lab settings could not be read: /, '').replace(/\.$/, '');
    return { ok: false, why: why.replace(/\bs= part\b/g, `${param}= part`) };
  }
  return {
    ok: true,
    spec: { source: { kind: 'link', shared: decoded.shared }, values: flattenScenario(decoded.shared.scenario) as ScenarioValues },
  };
}

/** Reads a compare page's query (a=...&b=...): both sides, or a stand-in for each that cannot be read and why. */
export function planComparison(query: string, presets: PresetLookup): ComparePlan {
  const params = new URLSearchParams(query);
  const problems: string[] = [];
  const unknown = [...new Set(params.keys())].filter((key) => key !== 'a' && key !== 'b');
  if (unknown.length > 0) {
    problems.push(
      `This compare link has parts StackLab does not know (${unknown.map((k) => `${k}=`).join(', ')}); a compare link carries a= and b=, and they were ignored.`,
    );
  }
  const readA = params.has('a') ? readSide(params.get('a')!, presets, 'a') : undefined;
  const readB = params.has('b') ? readSide(params.get('b')!, presets, 'b') : undefined;
  let a: SideSpec;
  if (readA?.ok) a = readA.spec;
  else {
    a = presetSpec(DEFAULT_A, presets);
    if (readA) problems.push(`Side A of this link could not be read: ${readA.why}. Side A shows the preset ${DEFAULT_A} instead.`);
  }
  let b: SideSpec;
  if (readB?.ok) b = readB.spec;
  else {
    b = counterpartSpec(a, presets);
    if (readB)
      problems.push(
        `Side B of this link could not be read: ${readB.why}. Side B shows side A's scenario ${pairField(a.values).words} instead.`,
      );
  }
  const view = a.source.kind === 'link' ? a.source.shared.view : undefined;
  return { a, b, problems, ...(view ? { view } : {}) };
}

/** The counterpart of a side: a preset when one is exactly it, else the side's values with the pair's field changed. */
export function counterpartSpec(side: SideSpec, presets: PresetLookup): SideSpec {
  const name = side.source.kind === 'preset' ? counterpartPreset(side.source.name, presets) : undefined;
  if (name) return presetSpec(name, presets);
  return { source: { kind: 'counterpart' }, values: counterpart(side.values) };
}

function presetSpec(name: string, presets: PresetLookup): SideSpec {
  return { source: { kind: 'preset', name }, values: presets.values(name) ?? {} };
}

/**
 * The preset that is exactly the counterpart of a preset, if there is one (testbed-
 * classic and testbed-scalable differ only in kernel.kind).
 */
export function counterpartPreset(name: string, presets: PresetLookup): string | undefined {
  const values = presets.values(name);
  if (!values) return undefined;
  const wanted = counterpart(values);
  return presets.names.find((other) => other !== name && sameValues(presets.values(other), wanted));
}

function sameValues(a: ScenarioValues | undefined, b: ScenarioValues): boolean {
  if (!a) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** The query of a compare link: each side a preset's name or a lab encoding. */
export function compareQuery(a: string, b: string): string {
  return `a=${a}&b=${b}`;
}
