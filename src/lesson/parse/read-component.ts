/*
 * read-component.ts -- one fenced component block (```predict, ```lab, ...): its YAML
 * read with line numbers and checked against the component's schema; each component
 * remembers where it came from, for the cross-checks' messages.
 */
import { explainSchemaErrors } from '../../core/schema-errors.js';
import { readYaml, YamlText, type PathPart } from '../../core/yaml-lines.js';
import { COMPONENT_SCHEMAS, type Component, type ComponentName } from '../components.js';
import type { LessonProblem } from './types.js';
import { componentValidators } from './validators.js';

export function readComponent(
  name: ComponentName,
  content: string,
  firstLine: number,
  file: string,
  problems: LessonProblem[],
): Component | undefined {
  const yaml = new YamlText(content, firstLine);
  const what = `\`\`\`${name}`;
  const value = readYaml(yaml, file, what, problems);
  if (value === undefined) return undefined;
  const validate = componentValidators.get(name)!;
  if (!validate(value)) {
    explainSchemaErrors(validate.errors ?? [], value, COMPONENT_SCHEMAS[name], yaml, file, what, problems);
    return undefined;
  }
  const component = { type: name, ...(value as object) } as Component;
  componentLines.set(component, yaml);
  return component;
}

/** Where each component's YAML came from, for cross-reference errors. */
export const componentLines = new WeakMap<Component, YamlText>();

export function lineIn(component: Component, path: PathPart[], fallback: number, key?: string): number {
  return componentLines.get(component)?.line(path, key) ?? fallback;
}
