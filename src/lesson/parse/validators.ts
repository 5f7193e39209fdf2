/*
 * validators.ts -- the front matter's and each component's JSON Schema validator. They
 * are compiled when the site is built (src/build/validators-plugin.ts turns the schemas
 * of components.ts into Ajv's standalone code), so the browser runs no generated code
 * (`new Function`) and the site works under a Content-Security-Policy without 'unsafe-eval'.
 */
import type { ValidateFunction } from 'ajv';
import { components, frontMatter } from 'virtual:stacklab-validators/lessons';
import { COMPONENT_SCHEMAS, type ComponentName } from '../components.js';

export const frontMatterValidator = frontMatter;
export const componentValidators = new Map<ComponentName, ValidateFunction>(
  (Object.keys(COMPONENT_SCHEMAS) as ComponentName[]).map((name) => [name, components[name]!]),
);
