/*
 * script-validator.ts -- the scene script's JSON Schema validator, compiled by Ajv at
 * run time: what plain Node would run. The site never runs it: Ajv compiles with
 * `new Function`, which a Content-Security-Policy without 'unsafe-eval' forbids, so Vite
 * (the build, the dev server and Vitest alike) replaces this module with the validator
 * compiled when the site is built (src/build/validators-plugin.ts). Both export the same.
 */
import { Ajv } from 'ajv';
import { SCRIPT_AJV_OPTIONS, SCRIPT_SCHEMA } from './script-schema.js';

export const sceneScriptValidator = new Ajv(SCRIPT_AJV_OPTIONS).compile(SCRIPT_SCHEMA);
