/*
 * script-schema.ts -- the JSON Schema of a scene script (lessons/scenes/<id>.yaml) and
 * the Ajv options it is compiled with. Kept apart from script.ts so the build can load
 * it alone: src/build/validators-plugin.ts compiles it into standalone code when the
 * site is built (no `new Function` in the browser), and script.ts imports that.
 */
import { METRIC_IDS } from '../../shared/metrics.js';
import { VIEW_IDS } from '../../shared/view-ids.js';
import { WATCH_IDS } from './watch.js';

/** The options the schema is compiled with (the lesson parser's). */
export const SCRIPT_AJV_OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false } as const;

const NAME = '^[a-z0-9]+(-[a-z0-9]+)*$';
const FIELD_PATH = '^[a-z_]+(\\.[a-z0-9_]+)+$';
const text = { type: 'string', minLength: 1 } as const;

export const SCRIPT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'scenes'],
  properties: {
    id: { type: 'string', pattern: NAME },
    title: text,
    summary: text,
    scenes: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'scenario', 'views', 'caption'],
        properties: {
          title: text,
          caption: text,
          scenario: {
            type: 'object',
            additionalProperties: false,
            required: ['preset'],
            properties: {
              preset: text,
              set: {
                type: 'object',
                propertyNames: { pattern: FIELD_PATH },
                additionalProperties: { type: ['number', 'string'] },
              },
            },
          },
          views: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...VIEW_IDS] } },
          ask: {
            type: 'object',
            additionalProperties: false,
            required: ['at_ms', 'question', 'choices', 'explain'],
            properties: {
              at_ms: { type: 'number', exclusiveMinimum: 0 },
              until: { enum: [...WATCH_IDS] },
              question: text,
              choices: {
                type: 'array',
                minItems: 2,
                maxItems: 5,
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['text'],
                  properties: { text, correct: { type: 'boolean' } },
                },
              },
              explain: text,
              conceal: { type: 'array', uniqueItems: true, items: { enum: [...VIEW_IDS] } },
            },
          },
          claims: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['metric', 'value', 'within', 'says'],
              properties: {
                metric: { enum: [...METRIC_IDS] },
                value: { type: 'number' },
                within: { type: 'number', minimum: 0 },
                says: text,
              },
            },
          },
        },
      },
    },
  },
} as const;
