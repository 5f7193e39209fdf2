/*
 * url-check.ts -- a lab link's scenario checked against the core's schema, in words.
 * The page leaves this to the worker (which loads the scenario and explains a refusal);
 * this module gives the same answer without a worker, for tests and tools.
 */
import { checkScenario, type ScenarioProblem, type ScenarioValues } from '../core/scenario.js';
import type { Schema } from '../core/schema.js';
import { defaultScenarioNotice, type SharedLab } from './url.js';

/**
 * The shared scenario checked against the schema: every field's value, or the
 * problems in words (the lab then opens the default scenario and says why). Controls
 * the link names that the simulator does not have are said either way (`notes`; the
 * lab's parameter panel shows the same words where the control would be).
 */
export function checkSharedScenario(
  schema: Schema,
  shared: SharedLab,
): { ok: true; values: ScenarioValues; notes: string[] } | { ok: false; message: string; problems: ScenarioProblem[] } {
  const checked = checkScenario(schema, shared.scenario);
  const unknownControls = (shared.view.controls ?? []).filter((path) => !schema.fields.some((field) => field.path === path));
  const controlProblems = unknownControls.map((path) => ({ path, message: `there is no control for "${path}".` }));
  if (checked.ok)
    return {
      ok: true,
      values: checked.values,
      notes: controlProblems.map((problem) => `This lab asks for a control “${problem.path}” that the simulator does not have.`),
    };
  const problems = [...checked.problems, ...controlProblems];
  return { ok: false, problems, message: defaultScenarioNotice('link', problems) };
}
