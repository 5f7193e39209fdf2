/*
 * validators.ts -- the front matter's and each component's JSON Schema, compiled once.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { COMPONENT_SCHEMAS, FRONT_MATTER_SCHEMA, type ComponentName } from '../components.js';

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
export const frontMatterValidator = ajv.compile(FRONT_MATTER_SCHEMA);
export const componentValidators = new Map<ComponentName, ValidateFunction>(
  (Object.keys(COMPONENT_SCHEMAS) as ComponentName[]).map((name) => [name, ajv.compile(COMPONENT_SCHEMAS[name])]),
);
