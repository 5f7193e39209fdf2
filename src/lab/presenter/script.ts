/*
 * script.ts -- reads a scene script (lessons/scenes/<id>.yaml): the scenes an
 * instructor steps through in presenter mode, each a scenario (a preset and the fields
 * it changes), the views shown, a caption, and optionally a freeze-and-ask step (the
 * run pauses at a simulated time, the class predicts, the instructor reveals) and the
 * numbers the scene's text states (claims, checked against the core in CI).
 *
 * Parsing is pure and never throws: a script that is wrong comes back with problems,
 * each naming the file, the line, the field and the fix (the lesson parser's YAML and
 * schema helpers, so scripts and lessons explain errors the same way). Scenario field
 * values are checked where every scenario is checked: by the worker when a scene loads
 * (and against the core's schema in script.test.ts).
 */
import { closest } from '../../core/scenario.js';
import { flattenScenario, isPlainObject, type ScenarioDocument, type ScenarioValues } from '../../core/scenario-values.js';
import type { MetricId } from '../../shared/metrics.js';
import { explainSchemaErrors } from '../../core/schema-errors.js';
import { readYaml, YamlText, type SourceProblem } from '../../core/yaml-lines.js';
import type { KnownViewId } from '../../shared/view-ids.js';
import type { WatchId } from './watch.js';
import { SCRIPT_SCHEMA } from './script-schema.js';
import { sceneScriptValidator } from './script-validator.js';

export type ScriptProblem = SourceProblem;

export interface SceneChoice {
  text: string;
  correct?: boolean;
}

/** The run freezes at `at_ms` of simulated time (after the warm-up); the class answers; R reveals. */
export interface SceneAsk {
  at_ms: number;
  /**
   * What the caption tells the class to watch (watch.ts): from `at_ms` the run goes on in
   * small steps until it is on screen, and freezes there.
   */
  until?: WatchId;
  question: string;
  choices: SceneChoice[];
  explain: string;
  /**
   * The scene's views that answer the question: hidden, under a note that says so, from
   * the start of the scene until the answer is revealed.
   */
  conceal?: KnownViewId[];
}

export interface SceneClaim {
  metric: MetricId;
  value: number;
  within: number;
  says: string;
}

export interface Scene {
  title: string;
  scenario: { preset: string; set?: Record<string, number | string> };
  views: KnownViewId[];
  caption: string;
  ask?: SceneAsk;
  claims?: SceneClaim[];
  /** 1-based line of the scene in its file (for messages). */
  line: number;
}

export interface SceneScript {
  id: string;
  title: string;
  summary?: string;
  scenes: Scene[];
  file: string;
}

export type ScriptResult = { ok: true; script: SceneScript } | { ok: false; file: string; problems: ScriptProblem[] };

// Compiled when the site is built (script-validator.ts says how).
const validate = sceneScriptValidator;
const DOCS = 'docs/presenting.md';

/**
 * Parses one script. `file` is its path for messages ("lessons/scenes/x.yaml");
 * `presets` are the names of lessons/scenarios/*.json. A bundled script's link is its
 * file name, so its id must match it; a script opened from a file (`linked` false) has
 * no link.
 */
export function parseScript(file: string, source: string, presets: readonly string[], linked = true): ScriptResult {
  const problems: ScriptProblem[] = [];
  const yaml = new YamlText(source.replace(/^\uFEFF/, ''), 1);
  const data = readYaml(yaml, file, 'the scene script', problems);
  if (data === undefined) return { ok: false, file, problems };
  if (!validate(data)) {
    explainSchemaErrors(
      validate.errors ?? [],
      data,
      SCRIPT_SCHEMA as unknown as Record<string, unknown>,
      yaml,
      file,
      'the scene script',
      problems,
      DOCS,
    );
    return { ok: false, file, problems };
  }
  const script = data as Omit<SceneScript, 'file' | 'scenes'> & { scenes: Omit<Scene, 'line'>[] };
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
  if (linked && base !== script.id) {
    problems.push({
      file,
      line: yaml.line([], 'id'),
      message: `"id" is "${script.id}", but the file is named ${base}.yaml; the presenter's link (#/present/${base}) uses the file name.`,
      fix: `rename the file to ${script.id}.yaml or set "id: ${base}".`,
    });
  }
  script.scenes.forEach((scene, index) => {
    const at = ['scenes', index];
    const where = `scene ${index + 1} ("${scene.title}")`;
    if (!presets.includes(scene.scenario.preset)) {
      const guess = closest(scene.scenario.preset, [...presets]);
      problems.push({
        file,
        line: yaml.line([...at, 'scenario'], 'preset'),
        message: `"scenes › item ${index + 1} › scenario › preset" is "${scene.scenario.preset}", which is not a preset.${guess ? ` Did you mean "${guess}"?` : ''}`,
        fix: `use one of the presets in lessons/scenarios: ${presets.join(', ')}.`,
      });
    }
    if (scene.ask) {
      const correct = scene.ask.choices.filter((choice) => choice.correct === true).length;
      if (correct !== 1) {
        problems.push({
          file,
          line: yaml.line([...at, 'ask'], 'choices'),
          message: `the question in ${where} has ${correct} choices marked "correct: true"; it needs exactly one, so the reveal can show it.`,
          fix: correct === 0 ? 'add "correct: true" to the right answer.' : 'keep "correct: true" on one choice only.',
        });
      }
      for (const view of scene.ask.conceal ?? []) {
        if (scene.views.includes(view)) continue;
        problems.push({
          file,
          line: yaml.line([...at, 'ask'], 'conceal'),
          message: `the question in ${where} conceals the view "${view}", which the scene does not show (its views: ${scene.views.join(', ')}).`,
          fix: `add "${view}" to the scene's views, or take it off "conceal".`,
        });
      }
    }
  });
  if (problems.length > 0) return { ok: false, file, problems };
  return {
    ok: true,
    script: { ...script, file, scenes: script.scenes.map((scene, index) => ({ ...scene, line: yaml.line(['scenes', index]) })) },
  };
}

/** The scenario values a scene runs: its preset (without meta) with its fields changed. */
export function sceneValues(scene: Scene, presets: Readonly<Record<string, ScenarioDocument>>): ScenarioValues {
  const document = presets[scene.scenario.preset];
  const values = isPlainObject(document) ? (flattenScenario(document) as ScenarioValues) : {};
  return { ...values, ...(scene.scenario.set ?? {}) };
}

/** "lessons/scenes/x.yaml:12: message Fix: fix" */
export function formatScriptProblem(problem: ScriptProblem): string {
  return `${problem.file}:${problem.line}: ${problem.message} Fix: ${problem.fix}`;
}

/**
 * The scene a link asks for (#/present/<id>/<n>, 1-based) as an index, or why it cannot
 * be shown, in words. No number is scene 1.
 */
export function sceneFromLink(
  raw: string | undefined,
  script: Pick<SceneScript, 'title' | 'scenes'>,
): { ok: true; index: number } | { ok: false; message: string } {
  if (raw === undefined) return { ok: true, index: 0 };
  const count = script.scenes.length;
  const range = count === 1 ? 'it has one scene, scene 1' : `its scenes are numbered 1 to ${count}`;
  const text = raw.trim();
  if (!/^\d+$/.test(text)) {
    return { ok: false, message: `This link asks "${script.title}" for scene "${raw}", which is not a scene number: ${range}.` };
  }
  const n = Number(text);
  if (n < 1 || n > count) {
    return { ok: false, message: `This link asks for scene ${n} of "${script.title}", but ${range}.` };
  }
  return { ok: true, index: n - 1 };
}
