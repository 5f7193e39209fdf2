/*
 * cross-checks.ts -- what the parts of a lesson say about each other and about the
 * rest of the project: every scenario a lesson names resolves to a preset (and its
 * fields to the core's, when the schema is given); every lab, predict and check id is
 * unique; a lab's required predictions, a compare's lab and runs exist; every run a
 * task asks for can be made with the controls its lab shows.
 */
import { checkScenario, closest, flattenScenario, nestScenario, type FlatScenario } from '../../core/scenario.js';
import { describeValue } from '../../core/schema-errors.js';
import { fieldsByPath } from '../../core/schema.js';
import type { PathPart, YamlText } from '../../core/yaml-lines.js';
import {
  CHECKS_PER_LESSON,
  COMPONENTS,
  SECTIONS,
  type CheckComponent,
  type Component,
  type FieldSettings,
  type FrontMatter,
  type LabComponent,
  type PredictComponent,
  type PredictSketch,
  type SectionTitle,
} from '../components.js';
import { CONCLUSION_COMMON_FIELDS, RELATION_FIELDS } from '../conclusions.js';
import { componentLines, lineIn } from './read-component.js';
import type { Lesson, LessonProblem, LessonSection, ParseContext, Step } from './types.js';

export function resolveScenarios(
  meta: FrontMatter,
  yaml: YamlText,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
): Record<string, FlatScenario> {
  const resolved: Record<string, FlatScenario> = {};
  const names = Object.keys(context.presets);
  for (const [name, scenario] of Object.entries(meta.scenarios)) {
    const preset = context.presets[scenario.preset];
    if (!preset) {
      const suggestion = closest(scenario.preset, names);
      problems.push({
        file,
        line: yaml.line(['scenarios', name, 'preset']),
        message: `scenario "${name}" uses the preset "${scenario.preset}", which does not exist.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        fix: `use one of the presets in lessons/scenarios/: ${names.join(', ')}.`,
      });
      continue;
    }
    const values = { ...flattenScenario(preset), ...(scenario.set ?? {}) };
    checkScenarioValues(
      values,
      scenario.set ?? {},
      (path) => yaml.line(['scenarios', name, 'set'], path),
      `scenario "${name}"`,
      file,
      context,
      problems,
      yaml.line(['scenarios', name]),
    );
    resolved[name] = values;
  }
  return resolved;
}

/**
 * With the core's schema: every field exists and every value is allowed. Each problem
 * is reported where its value was set: at the line of a path in `given`, or, for a
 * preset's own values, at `presetLine`. Without `presetLine` (labs, runs and claims
 * build on a front-matter scenario already checked), problems they inherit are not
 * reported again.
 */
function checkScenarioValues(
  values: FlatScenario,
  given: FieldSettings,
  lineOfPath: (path: string) => number,
  what: string,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
  presetLine?: number,
): void {
  if (!context.schema) return;
  const checked = checkScenario(context.schema, nestScenario(values));
  if (checked.ok) return;
  for (const scenarioProblem of checked.problems) {
    const inGiven = Object.keys(given).find(
      (path) => path === scenarioProblem.path || scenarioProblem.path.startsWith(path + '.') || path.startsWith(scenarioProblem.path + '.'),
    );
    const line = inGiven ? lineOfPath(inGiven) : presetLine;
    if (line === undefined) continue;
    problems.push({
      file,
      line,
      message: `${what}: ${scenarioProblem.message.replace(/ Fix: .*$/, '')}`,
      fix: /Fix: (.*)$/.exec(scenarioProblem.message)?.[1] ?? 'see docs/scenario.md for the field and its range.',
    });
  }
}

/** With the core's schema: every listed path is a scenario field. */
export function checkFieldList(
  paths: string[],
  at: PathPart[],
  yaml: YamlText,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
): void {
  if (!context.schema) return;
  const known = fieldsByPath(context.schema);
  paths.forEach((path, index) => {
    if (known.has(path)) return;
    const suggestion = closest(path, [...known.keys()]);
    problems.push({
      file,
      line: yaml.line([...at, index]),
      message: `"${path}" is not a scenario field.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fix: 'use a field path from docs/scenario.md, such as "machine.cpus".',
    });
  });
}

export function crossCheck(
  file: string,
  meta: FrontMatter,
  frontYaml: YamlText,
  sections: LessonSection[],
  components: { component: Component; line: number; section: SectionTitle | undefined }[],
  scenarios: Record<string, FlatScenario>,
  body: string,
  context: ParseContext,
  problems: LessonProblem[],
): Lesson {
  const problem = (line: number, message: string, fix: string) => problems.push({ file, line, message, fix });
  const predicts: Record<string, PredictComponent> = {};
  const labs: Record<string, LabComponent> = {};
  const checks: Record<string, CheckComponent> = {};
  const labScenarios: Record<string, FlatScenario> = {};
  const steps: Step[] = [];
  const ids = new Map<string, number>();
  const addStep = (kind: Step['kind'], id: string, section: SectionTitle | undefined) => {
    const step = { kind, id };
    steps.push(step);
    sections.find((s) => s.title === section)?.steps.push(step);
  };

  for (const { component, line, section } of components) {
    const allowed: readonly SectionTitle[] = COMPONENTS[component.type].sections;
    if (section && !allowed.includes(section)) {
      problem(
        line,
        `a \`\`\`${component.type} cannot stand in "## ${section}".`,
        `move it to ${allowed.map((s) => `"## ${s}"`).join(' or ')}.`,
      );
    }
    if ('id' in component) {
      const first = ids.get(component.id);
      if (first !== undefined) {
        problem(
          lineIn(component, ['id'], line),
          `the id "${component.id}" is used twice (first on line ${first}).`,
          'give every predict, lab and check its own id.',
        );
        continue;
      }
      ids.set(component.id, line);
    }
    switch (component.type) {
      case 'predict': {
        predicts[component.id] = component;
        addStep('predict', component.id, section);
        if (component.numeric && component.numeric.min >= component.numeric.max) {
          problem(
            lineIn(component, ['numeric', 'min'], line),
            `numeric min (${component.numeric.min}) must be below max (${component.numeric.max}).`,
            'swap or correct them.',
          );
        }
        if (component.sketch) {
          const { at, max, step } = component.sketch;
          if (at.some((x, i) => i > 0 && x <= at[i - 1]!)) {
            problem(
              lineIn(component, ['sketch', 'at'], line),
              `the sketch's points [${at.join(', ')}] are not in increasing order.`,
              'list them left to right, smallest first.',
            );
          }
          if (step > max) {
            problem(
              lineIn(component, ['sketch', 'step'], line),
              `the sketch's step (${step}) is larger than its max (${max}).`,
              'make the step a small part of the axis, such as a fiftieth of max.',
            );
          }
        }
        component.options?.forEach((option, index) => {
          if (option.range && option.range[0] > option.range[1]) {
            problem(
              lineIn(component, ['options', index, 'range'], line),
              `option ${index + 1}'s range [${option.range.join(', ')}] runs backwards.`,
              'write it as [low, high].',
            );
          }
          if (option.published && !option.range) {
            problem(
              lineIn(component, ['options', index, 'published'], line),
              `option ${index + 1} is marked published but has no range, so a run can never be compared with it.`,
              'give it the range of values the source published.',
            );
          }
        });
        break;
      }
      case 'lab': {
        labs[component.id] = component;
        addStep('lab', component.id, section);
        checkLab(component, line, meta, scenarios, predicts, labScenarios, file, context, problems);
        break;
      }
      case 'check': {
        checks[component.id] = component;
        addStep('check', component.id, section);
        const correct = component.options.filter((option) => option.correct === true).length;
        if (correct !== 1) {
          problem(
            lineIn(component, ['options'], line),
            `a check has exactly one correct option, but this one has ${correct}.`,
            'mark one option "correct: true" and no other.',
          );
        }
        break;
      }
      case 'compare': {
        const predict = predicts[component.predict];
        const lab = labs[component.lab];
        if (!predict) {
          problem(
            lineIn(component, ['predict'], line),
            `compare reads the prediction "${component.predict}", but no \`\`\`predict before it has that id.`,
            `use one of: ${Object.keys(predicts).join(', ') || '(none yet)'}.`,
          );
        }
        if (!lab) {
          problem(
            lineIn(component, ['lab'], line),
            `compare reads the lab "${component.lab}", but no \`\`\`lab before it has that id.`,
            `use one of: ${Object.keys(labs).join(', ') || '(none yet)'}.`,
          );
        } else {
          if (predict?.sketch) {
            if (component.run) {
              problem(
                lineIn(component, ['run'], line),
                `compare reads the sketch "${predict.id}", which has a point for each run, so it takes no run.`,
                "remove run: the compare reads the lab's run at each of the sketch's points.",
              );
            }
            for (const x of predict.sketch.at) {
              if (sketchRunIndex(predict.sketch, lab, x) < 0) {
                problem(
                  lineIn(component, ['lab'], line),
                  `the sketch "${predict.id}" has a point at ${predict.sketch.field} = ${x}, but lab "${lab.id}"'s task has no run with that value alone.`,
                  `add the run { ${predict.sketch.field}: ${x} } to the lab's task, or take ${x} out of the sketch's at.`,
                );
              }
            }
          } else if (!component.run) {
            problem(
              line,
              'compare names no run.',
              `add run: one of lab "${lab.id}"'s runs: ${lab.task.runs.map(settingsText).join('; ')}.`,
            );
          } else if (!lab.task.runs.some((run) => sameSettings(run, component.run!))) {
            problem(
              lineIn(component, ['run'], line),
              `compare reads a run (${settingsText(component.run)}) that lab "${lab.id}"'s task does not ask for.`,
              `use one of its runs: ${lab.task.runs.map(settingsText).join('; ')}.`,
            );
          }
          if (!lab.task.record.includes(component.metric)) {
            problem(
              lineIn(component, ['metric'], line),
              `compare reads "${component.metric}", which lab "${lab.id}" does not record.`,
              `add it to that lab's task.record, or use one of: ${lab.task.record.join(', ')}.`,
            );
          }
        }
        break;
      }
      case 'figure':
      case 'note':
        break;
    }
  }

  const countIn = (type: Component['type']) => components.filter((c) => c.component.type === type).length;
  const sectionLine = (title: SectionTitle) => sections.find((s) => s.title === title)?.line ?? 1;
  if (sections.length === SECTIONS.length) {
    if (countIn('predict') === 0)
      problem(sectionLine('Predict'), '"## Predict" has no ```predict.', 'ask the learner to predict before the experiment.');
    if (countIn('lab') === 0) problem(sectionLine('Experiment'), '"## Experiment" has no ```lab.', 'embed a lab with a task.');
    const checkCount = countIn('check');
    if (checkCount < CHECKS_PER_LESSON.min || checkCount > CHECKS_PER_LESSON.max) {
      problem(
        sectionLine('Check'),
        `"## Check" has ${checkCount} check question${checkCount === 1 ? '' : 's'}; a lesson has ${CHECKS_PER_LESSON.min} to ${CHECKS_PER_LESSON.max}.`,
        checkCount < CHECKS_PER_LESSON.min ? 'add check questions.' : 'keep the best ones.',
      );
    }
  }

  const bodyText = normalizeSpace(body);
  (meta.claims ?? []).forEach((claim, index) => {
    const at = (key: string) => frontYaml.line(['claims', index, key]);
    const base = scenarios[claim.scenario];
    if (!(claim.scenario in meta.scenarios)) {
      problem(
        at('scenario'),
        `claim ${index + 1} names the scenario "${claim.scenario}", which the front matter does not define.`,
        `use one of: ${Object.keys(meta.scenarios).join(', ')}.`,
      );
    } else if (base) {
      checkScenarioValues(
        { ...base, ...(claim.set ?? {}) },
        claim.set ?? {},
        (path) => frontYaml.line(['claims', index, 'set'], path),
        `claim ${index + 1}`,
        file,
        context,
        problems,
      );
    }
    if (claim.says !== undefined && !bodyText.includes(normalizeSpace(claim.says))) {
      problem(
        at('says'),
        `claim ${index + 1} says the text contains "${claim.says}", but the lesson's body does not.`,
        'quote the words exactly as the body writes them, or correct the body.',
      );
    }
  });

  checkConclusions(meta, frontYaml, scenarios, bodyText, file, context, problems);

  return { file, meta, sections, steps, predicts, labs, checks, scenarios, labScenarios };
}

/**
 * The conclusions: each takes the fields its relation needs and no others, names
 * scenarios the front matter defines with values the core allows, quotes the body in
 * `says` (and `scope`), and reads a curve along a numeric field at points in order.
 */
function checkConclusions(
  meta: FrontMatter,
  frontYaml: YamlText,
  scenarios: Record<string, FlatScenario>,
  bodyText: string,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
): void {
  const problem = (line: number, message: string, fix: string) => problems.push({ file, line, message, fix });
  const firstLine = new Map<string, number>();
  (meta.conclusions ?? []).forEach((conclusion, index) => {
    const at = (...path: PathPart[]) => frontYaml.line(['conclusions', index, ...path]);
    const name = `conclusion "${conclusion.id}"`;
    const first = firstLine.get(conclusion.id);
    if (first !== undefined)
      problem(
        at('id'),
        `the conclusion id "${conclusion.id}" is used twice (first on line ${first}).`,
        'give every conclusion its own id.',
      );
    else firstLine.set(conclusion.id, at('id'));
    for (const key of ['says', 'scope'] as const) {
      const quoted = conclusion[key];
      if (quoted !== undefined && !bodyText.includes(normalizeSpace(quoted))) {
        problem(
          at(key),
          `${name}'s ${key} is "${quoted}", but the lesson's body does not contain it.`,
          'quote the words exactly as the body writes them, or correct the body.',
        );
      }
    }
    const fields = RELATION_FIELDS[conclusion.relation];
    const missing = fields.required.filter((key) => !(key in conclusion));
    if (missing.length > 0) {
      problem(
        at('relation'),
        `${name} (relation ${conclusion.relation}) has no ${missing.join(', ')}.`,
        `a ${conclusion.relation} conclusion takes ${fields.required.join(', ')}${fields.optional.length ? ` and optionally ${fields.optional.join(', ')}` : ''}; see docs/lessons.md, "Conclusions".`,
      );
    }
    for (const key of Object.keys(conclusion)) {
      if (CONCLUSION_COMMON_FIELDS.includes(key) || fields.required.includes(key) || fields.optional.includes(key)) continue;
      problem(
        at(key),
        `${name} (relation ${conclusion.relation}) does not take "${key}".`,
        `remove it; a ${conclusion.relation} conclusion takes ${[...fields.required, ...fields.optional].join(', ')}.`,
      );
    }
    if (missing.length > 0) return;
    const checkRun = (scenario: string, set: FieldSettings | undefined, path: PathPart[], what: string) => {
      if (!(scenario in meta.scenarios)) {
        problem(
          at(...path, 'scenario'),
          `${what} of ${name} names the scenario "${scenario}", which the front matter does not define.`,
          `use one of: ${Object.keys(meta.scenarios).join(', ')}.`,
        );
        return;
      }
      const base = scenarios[scenario];
      if (base)
        checkScenarioValues(
          { ...base, ...(set ?? {}) },
          set ?? {},
          (field) => frontYaml.line(['conclusions', index, ...path, 'set'], field),
          `${what} of ${name}`,
          file,
          context,
          problems,
        );
    };
    switch (conclusion.relation) {
      case 'greater':
      case 'less':
        checkRun(conclusion.a!.scenario, conclusion.a!.set, ['a'], 'side a');
        checkRun(conclusion.b!.scenario, conclusion.b!.set, ['b'], 'side b');
        break;
      case 'order':
        conclusion.runs!.forEach((ref, i) => checkRun(ref.scenario, ref.set, ['runs', i], `run ${i + 1}`));
        break;
      case 'monotone':
      case 'flat':
      case 'peak_at':
      case 'rises_then_falls': {
        const field = conclusion.field!;
        const points = conclusion.at!;
        if (conclusion.set && field in conclusion.set) {
          problem(
            at('set', field),
            `${name} sets ${field}, the field its curve runs along.`,
            `take ${field} out of set: the curve sets it to each value of at.`,
          );
        }
        if (points.some((x, i) => i > 0 && x <= points[i - 1]!)) {
          problem(at('at'), `${name}'s points [${points.join(', ')}] are not in increasing order.`, 'list them smallest first.');
        }
        if ((conclusion.relation === 'peak_at' || conclusion.relation === 'rises_then_falls') && points.length < 3) {
          problem(
            at('at'),
            `${name} finds a peak among ${points.length} points.`,
            'give at least 3 points, some on each side of the peak.',
          );
        }
        if (conclusion.relation === 'flat') {
          if (!points.includes(conclusion.past!))
            problem(
              at('past'),
              `${name} is flat past ${field} = ${conclusion.past}, which is not one of its points [${points.join(', ')}].`,
              'add it to at: the other points are measured against it.',
            );
          else if (!points.some((x) => x > conclusion.past!))
            problem(at('past'), `${name} has no point past ${field} = ${conclusion.past}.`, 'add points after it to at.');
        }
        if (conclusion.relation === 'peak_at' && !points.includes(conclusion.peak!) && conclusion.tolerance === undefined) {
          problem(
            at('peak'),
            `${name} peaks at ${field} = ${conclusion.peak}, which is not one of its points and has no tolerance.`,
            "add it to at, or give a tolerance in the field's units.",
          );
        }
        if (context.schema) {
          const known = fieldsByPath(context.schema).get(field);
          if (!known) {
            const suggestion = closest(field, [...fieldsByPath(context.schema).keys()]);
            problem(
              at('field'),
              `${name} runs along "${field}", which is not a scenario field.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
              'use a numeric field path from docs/scenario.md, such as "machine.cpus".',
            );
          } else if (known.type !== 'int' && known.type !== 'number') {
            problem(
              at('field'),
              `${name} runs along "${field}", a ${known.type} field; a curve needs a numeric one.`,
              'use order with a run for each value of a field that is not a number.',
            );
          }
        }
        if (!(conclusion.scenario! in meta.scenarios)) {
          problem(
            at('scenario'),
            `${name} names the scenario "${conclusion.scenario}", which the front matter does not define.`,
            `use one of: ${Object.keys(meta.scenarios).join(', ')}.`,
          );
        } else if (scenarios[conclusion.scenario!]) {
          for (const x of points) {
            const set = { ...(conclusion.set ?? {}), [field]: x };
            checkScenarioValues(
              { ...scenarios[conclusion.scenario!], ...set },
              set,
              (path) => (path === field ? at('at') : frontYaml.line(['conclusions', index, 'set'], path)),
              `${name} at ${field} = ${x}`,
              file,
              context,
              problems,
            );
          }
        }
        break;
      }
    }
  });
}

function checkLab(
  lab: LabComponent,
  line: number,
  meta: FrontMatter,
  scenarios: Record<string, FlatScenario>,
  predicts: Record<string, PredictComponent>,
  labScenarios: Record<string, FlatScenario>,
  file: string,
  context: ParseContext,
  problems: LessonProblem[],
): void {
  const problem = (at: number, message: string, fix: string) => problems.push({ file, line: at, message, fix });
  const at = (path: PathPart[], key?: string) => lineIn(lab, path, line, key);
  if (!(lab.scenario in meta.scenarios)) {
    const suggestion = closest(lab.scenario, Object.keys(meta.scenarios));
    problem(
      at(['scenario']),
      `lab "${lab.id}" uses the scenario "${lab.scenario}", which the front matter does not define.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      `use one of: ${Object.keys(meta.scenarios).join(', ')}, or add it under "scenarios:".`,
    );
  }
  lab.controls.forEach((control, index) => {
    if (!meta.parameters.includes(control)) {
      problem(
        at(['controls', index]),
        `lab "${lab.id}" shows the control "${control}", which the front matter's "parameters" does not list.`,
        `add "${control}" to parameters, or remove it here. Parameters: ${meta.parameters.join(', ') || '(none)'}.`,
      );
    }
  });
  lab.views.forEach((view, index) => {
    if (!meta.views.includes(view)) {
      problem(
        at(['views', index]),
        `lab "${lab.id}" shows the view "${view}", which the front matter's "views" does not list.`,
        `add "${view}" to views, or remove it here.`,
      );
    }
  });
  (lab.requires ?? []).forEach((required, index) => {
    if (!predicts[required]) {
      problem(
        at(['requires', index]),
        `lab "${lab.id}" requires the prediction "${required}", but no \`\`\`predict before it has that id.`,
        `use one of: ${Object.keys(predicts).join(', ') || '(none yet)'}.`,
      );
    }
  });
  const base = scenarios[lab.scenario];
  if (!base) return;
  const values = { ...base, ...(lab.set ?? {}) };
  labScenarios[lab.id] = values;
  checkScenarioValues(values, lab.set ?? {}, (path) => at(['set'], path), `lab "${lab.id}"`, file, context, problems);
  lab.task.runs.forEach((run, index) => {
    checkScenarioValues(
      { ...values, ...run },
      run,
      (path) => at(['task', 'runs', index], path),
      `lab "${lab.id}" run ${index + 1}`,
      file,
      context,
      problems,
    );
    for (const [path, value] of Object.entries(run)) {
      if (!lab.controls.includes(path) && values[path] !== value) {
        problem(
          at(['task', 'runs', index], path),
          `run ${index + 1} of lab "${lab.id}" needs ${path} = ${value}, but the lab starts with ${path} = ${describeValue(values[path], 'yaml')} and has no control for it.`,
          `add "${path}" to the lab's controls (and the front matter's parameters), or ask for a run the learner can make.`,
        );
      }
    }
  });
  lab.task.runs.forEach((run, index) => {
    if (lab.task.runs.findIndex((other) => sameSettings(other, run)) !== index) {
      problem(at(['task', 'runs', index]), `run ${index + 1} of lab "${lab.id}" repeats an earlier run.`, 'remove the duplicate.');
    }
  });
  checkFieldList(lab.controls, ['controls'], componentLines.get(lab)!, file, context, problems);
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** The index of the lab's task run that a sketch's point at x reads: the run that sets
 * the sketch's field to x and nothing else (-1 if there is none). */
export function sketchRunIndex(sketch: PredictSketch, lab: LabComponent, x: number): number {
  return lab.task.runs.findIndex((run) => sameSettings(run, { [sketch.field]: x }));
}

export function sameSettings(a: FieldSettings, b: FieldSettings): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** { "machine.cpus": 16 } -> "machine.cpus = 16". */
function settingsText(settings: FieldSettings): string {
  return Object.entries(settings)
    .map(([path, value]) => `${path} = ${value}`)
    .join(', ');
}
