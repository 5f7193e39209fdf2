/*
 * validators.ts -- the front matter's and each component's JSON Schema validator,
 * compiled by Ajv at run time. This is what plain Node runs (the Playwright specs read
 * lessons with the parser). The site never runs it: Ajv compiles with `new Function`,
 * which a Content-Security-Policy without 'unsafe-eval' forbids, so Vite (the build,
 * the dev server and Vitest alike) replaces this module with the same validators
 * compiled when the site is built (src/build/validators-plugin.ts). Both export the same.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { COMPONENT_SCHEMAS, FRONT_MATTER_SCHEMA, LESSON_AJV_OPTIONS, type ComponentName } from '../components.js';

const ajv = new Ajv(LESSON_AJV_OPTIONS);
export const frontMatterValidator = ajv.compile(FRONT_MATTER_SCHEMA);
export const componentValidators = new Map<ComponentName, ValidateFunction>(
  (Object.keys(COMPONENT_SCHEMAS) as ComponentName[]).map((name) => [name, ajv.compile(COMPONENT_SCHEMAS[name])]),
);
