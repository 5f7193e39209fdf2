/*
 * components.ts -- the fixed vocabulary of a lesson: the skeleton of sections every
 * lesson follows in order, the components a lesson may use (fenced blocks with YAML
 * bodies), where each may stand, and the JSON Schemas that the parser checks front
 * matter and components against. docs/lessons.md documents the same list; a lesson
 * using anything not named here is an error, never silently ignored.
 */
import { VIEW_IDS } from '../shared/view-ids.js';
import { METRIC_IDS } from '../shared/metrics.js';

/** The skeleton: every lesson has exactly these level-2 headings, in this order. */
export const SECTIONS = ['What you will learn', 'Predict', 'Experiment', 'Observe', 'Explain', 'Check', 'Sources'] as const;

export type SectionTitle = (typeof SECTIONS)[number];

/** The built-in diagrams a ```figure may draw (src/lesson/Diagrams.tsx). */
export const DIAGRAM_IDS = ['classic-kernel', 'scalable-kernel'] as const;

/** Ordinary code blocks (shown as code, not components) may use these languages. */
export const CODE_LANGUAGES = ['sh', 'json', 'c', 'text'] as const;

/** The components and the sections each may stand in. */
export const COMPONENTS = {
  predict: { sections: ['Predict'], purpose: 'the learner commits a prediction before the experiment; the answer is kept' },
  lab: {
    sections: ['Experiment'],
    purpose: 'an embedded lab with a scenario, only the relevant controls and views, and a task of runs to make',
  },
  compare: { sections: ['Observe'], purpose: "shows the learner's prediction again beside what their own run measured" },
  check: { sections: ['Check'], purpose: 'a question with options, one correct, each with an explanation' },
  figure: { sections: SECTIONS.filter((s) => s !== 'Check'), purpose: 'a captioned table of figures or a built-in diagram' },
  note: { sections: [...SECTIONS], purpose: 'a short aside: a tip, a caution, or what the paper says' },
} as const satisfies Record<string, { sections: readonly SectionTitle[]; purpose: string }>;

export type ComponentName = keyof typeof COMPONENTS;

export function isComponentName(name: string): name is ComponentName {
  return Object.prototype.hasOwnProperty.call(COMPONENTS, name);
}

/** How many check questions a lesson has. */
export const CHECKS_PER_LESSON = { min: 3, max: 5 } as const;

// ---- data shapes -----------------------------------------------------------------

/** A scenario field value as a lesson writes it: a number, or a name for enum fields. */
export type FieldValue = number | string;

/** Dotted field path -> value, e.g. { "machine.cpus": 16 }. */
export type FieldSettings = Record<string, FieldValue>;

export interface SourceRef {
  title: string;
  authors: string[];
  publisher?: string;
  note?: string;
}

export interface LessonScenario {
  preset: string;
  set?: FieldSettings;
  about?: string;
}

export interface Claim {
  scenario: string;
  set?: FieldSettings;
  metric: (typeof METRIC_IDS)[number];
  value: number;
  within: number;
  says?: string;
}

/** The relations a conclusion may state (docs/lessons.md, "Conclusions"). */
export const CONCLUSION_RELATIONS = ['greater', 'less', 'order', 'monotone', 'flat', 'peak_at', 'rises_then_falls'] as const;
export type ConclusionRelation = (typeof CONCLUSION_RELATIONS)[number];
export const DIRECTIONS = ['increasing', 'decreasing'] as const;

/** One run of a conclusion: a front-matter scenario with overrides. */
export interface ConclusionRun {
  scenario: string;
  set?: FieldSettings;
}

/** A side of greater / less: a run and the metric read from it. */
export interface ConclusionSide extends ConclusionRun {
  metric: (typeof METRIC_IDS)[number];
}

/**
 * A direction, an order or a shape the lesson teaches, checked in CI like a claim and
 * across costs by `npm run robustness`. Which fields a relation takes:
 * - greater / less: a, b (and factor: a >= factor x b; a x factor <= b);
 * - order: metric, direction, runs (the metric strictly increases or decreases along them);
 * - monotone: scenario, set?, metric, field, at, direction, tolerance_pct?;
 * - flat: scenario, set?, metric, field, at, past, tolerance_pct;
 * - peak_at: scenario, set?, metric, field, at, peak, tolerance?.
 * - rises_then_falls: scenario, set?, metric, field, at.
 */
export interface Conclusion {
  id: string;
  says: string;
  relation: ConclusionRelation;
  scope?: string;
  a?: ConclusionSide;
  b?: ConclusionSide;
  factor?: number;
  runs?: ConclusionRun[];
  metric?: (typeof METRIC_IDS)[number];
  direction?: (typeof DIRECTIONS)[number];
  scenario?: string;
  set?: FieldSettings;
  field?: string;
  at?: number[];
  tolerance_pct?: number;
  past?: number;
  peak?: number;
  tolerance?: number;
}

export interface FrontMatter {
  id: string;
  title: string;
  summary: string;
  minutes: number;
  sources: SourceRef[];
  scenarios: Record<string, LessonScenario>;
  parameters: string[];
  views: (typeof VIEW_IDS)[number][];
  claims?: Claim[];
  conclusions?: Conclusion[];
}

export interface PredictOption {
  text: string;
  /** The values of the compared metric this option stands for, [low, high]. */
  range?: [number, number];
  /** The answer the source published, where the model does not reproduce it: a learner
   * who chose it is told so, never that they were wrong. */
  published?: boolean;
}

export interface PredictComponent {
  type: 'predict';
  id: string;
  question: string;
  options?: PredictOption[];
  numeric?: { unit: string; min: number; max: number; step?: number };
  /** Sketch the curve: a value for each setting of one field, drawn as points. */
  sketch?: PredictSketch;
  hint?: string;
}

/** A "sketch the curve" prediction: the learner drags a point for each value of `field`. */
export interface PredictSketch {
  /** The scenario field along the curve, e.g. machine.cpus. */
  field: string;
  /** Its values, left to right: the lab's runs a compare reads, one each. */
  at: number[];
  /** The x axis's words, e.g. "CPUs". */
  label: string;
  /** The y axis's unit, as the compared metric is shown. */
  unit: string;
  /** The y axis runs from 0 to max; a point moves by step. */
  max: number;
  step: number;
}

export interface LabTask {
  text: string;
  runs: FieldSettings[];
  record: (typeof METRIC_IDS)[number][];
}

export interface LabComponent {
  type: 'lab';
  id: string;
  scenario: string;
  set?: FieldSettings;
  controls: string[];
  views: (typeof VIEW_IDS)[number][];
  requires?: string[];
  task: LabTask;
}

export interface CompareComponent {
  type: 'compare';
  predict: string;
  lab: string;
  /** The run it reads; a sketch's compare has none: it reads one run per point. */
  run?: FieldSettings;
  metric: (typeof METRIC_IDS)[number];
}

export interface CheckOption {
  text: string;
  correct?: boolean;
  explain: string;
}

export interface CheckComponent {
  type: 'check';
  id: string;
  question: string;
  options: CheckOption[];
  /** The conclusions (front matter) its right answer rests on. */
  rests_on?: string[];
  /** Its right answer's direction is the source's own (published), which the model does
   * not measure: no conclusion can check it. */
  rests_on_source?: true;
  /** What the check asks the learner to carry over that the text did not work through
   * (a new number, machine or case, or a prediction): it makes the check a transfer item. */
  transfer?: string;
}

export interface FigureComponent {
  type: 'figure';
  caption: string;
  diagram?: (typeof DIAGRAM_IDS)[number];
  table?: { columns: string[]; rows: (string | number)[][] };
  source?: string;
}

export interface NoteComponent {
  type: 'note';
  kind: 'tip' | 'caution' | 'paper';
  title?: string;
  text: string;
}

export type Component = PredictComponent | LabComponent | CompareComponent | CheckComponent | FigureComponent | NoteComponent;

// ---- JSON Schemas ----------------------------------------------------------------

type JsonSchema = Record<string, unknown>;

/** The options every lesson schema is compiled with (at build time: src/build/validators-plugin.ts). */
export const LESSON_AJV_OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false } as const;

const text: JsonSchema = { type: 'string', minLength: 1 };
const id: JsonSchema = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' };
const fieldPath: JsonSchema = { type: 'string', pattern: '^[a-z_]+(\\.[a-z_0-9]+)+$' };
const fieldSettings: JsonSchema = {
  type: 'object',
  propertyNames: fieldPath,
  additionalProperties: { type: ['number', 'string'] },
};
const metric: JsonSchema = { type: 'string', enum: METRIC_IDS };
const view: JsonSchema = { type: 'string', enum: [...VIEW_IDS] };
const conclusionRun: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['scenario'],
  properties: { scenario: id, set: fieldSettings },
};
const conclusionSide: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['scenario', 'metric'],
  properties: { scenario: id, set: fieldSettings, metric },
};
const nonNegative: JsonSchema = { type: 'number', minimum: 0 };

export const FRONT_MATTER_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'summary', 'minutes', 'sources', 'scenarios', 'parameters', 'views'],
  properties: {
    id,
    title: text,
    summary: text,
    minutes: { type: 'integer', minimum: 1, maximum: 120 },
    sources: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'authors'],
        properties: {
          title: text,
          authors: { type: 'array', minItems: 1, items: text },
          publisher: text,
          note: text,
        },
      },
    },
    scenarios: {
      type: 'object',
      minProperties: 1,
      propertyNames: id,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['preset'],
        properties: { preset: text, set: fieldSettings, about: text },
      },
    },
    parameters: { type: 'array', items: fieldPath, uniqueItems: true },
    views: { type: 'array', minItems: 1, items: view, uniqueItems: true },
    claims: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['scenario', 'metric', 'value', 'within'],
        properties: {
          scenario: id,
          set: fieldSettings,
          metric,
          value: { type: 'number' },
          within: { type: 'number', exclusiveMinimum: 0 },
          says: text,
        },
      },
    },
    conclusions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'says', 'relation'],
        properties: {
          id,
          says: text,
          relation: { type: 'string', enum: [...CONCLUSION_RELATIONS] },
          scope: text,
          a: conclusionSide,
          b: conclusionSide,
          factor: { type: 'number', minimum: 1 },
          runs: { type: 'array', minItems: 2, items: conclusionRun },
          metric,
          direction: { type: 'string', enum: [...DIRECTIONS] },
          scenario: id,
          set: fieldSettings,
          field: fieldPath,
          at: { type: 'array', minItems: 2, items: { type: 'number' }, uniqueItems: true },
          tolerance_pct: nonNegative,
          past: { type: 'number' },
          peak: { type: 'number' },
          tolerance: nonNegative,
        },
      },
    },
  },
};

export const COMPONENT_SCHEMAS: Record<ComponentName, JsonSchema> = {
  predict: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'question'],
    oneOf: [{ required: ['options'] }, { required: ['numeric'] }, { required: ['sketch'] }],
    properties: {
      id,
      question: text,
      hint: text,
      sketch: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'at', 'label', 'unit', 'max', 'step'],
        properties: {
          field: fieldPath,
          at: { type: 'array', minItems: 3, maxItems: 8, items: { type: 'number' }, uniqueItems: true },
          label: { type: 'string', minLength: 1 },
          unit: { type: 'string' },
          max: { type: 'number', exclusiveMinimum: 0 },
          step: { type: 'number', exclusiveMinimum: 0 },
        },
      },
      options: {
        type: 'array',
        minItems: 2,
        maxItems: 6,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text'],
          properties: {
            text,
            range: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } },
            published: { type: 'boolean' },
          },
        },
      },
      numeric: {
        type: 'object',
        additionalProperties: false,
        required: ['unit', 'min', 'max'],
        properties: {
          unit: { type: 'string' },
          min: { type: 'number' },
          max: { type: 'number' },
          step: { type: 'number', exclusiveMinimum: 0 },
        },
      },
    },
  },
  lab: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'scenario', 'controls', 'views', 'task'],
    properties: {
      id,
      scenario: id,
      set: fieldSettings,
      controls: { type: 'array', items: fieldPath, uniqueItems: true },
      views: { type: 'array', minItems: 1, items: view, uniqueItems: true },
      requires: { type: 'array', items: id, uniqueItems: true },
      task: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'runs', 'record'],
        properties: {
          text,
          runs: { type: 'array', minItems: 1, items: { ...fieldSettings, minProperties: 1 } },
          record: { type: 'array', minItems: 1, items: metric, uniqueItems: true },
        },
      },
    },
  },
  compare: {
    type: 'object',
    additionalProperties: false,
    required: ['predict', 'lab', 'metric'],
    properties: { predict: id, lab: id, run: { ...fieldSettings, minProperties: 1 }, metric },
  },
  check: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'question', 'options'],
    properties: {
      id,
      question: text,
      options: {
        type: 'array',
        minItems: 2,
        maxItems: 5,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'explain'],
          properties: { text, correct: { type: 'boolean' }, explain: text },
        },
      },
      rests_on: { type: 'array', minItems: 1, items: id, uniqueItems: true },
      rests_on_source: { const: true },
      transfer: text,
    },
  },
  figure: {
    type: 'object',
    additionalProperties: false,
    required: ['caption'],
    oneOf: [{ required: ['diagram'] }, { required: ['table'] }],
    properties: {
      caption: text,
      source: text,
      diagram: { type: 'string', enum: [...DIAGRAM_IDS] },
      table: {
        type: 'object',
        additionalProperties: false,
        required: ['columns', 'rows'],
        properties: {
          columns: { type: 'array', minItems: 2, items: text },
          rows: { type: 'array', minItems: 1, items: { type: 'array', items: { type: ['string', 'number'] } } },
        },
      },
    },
  },
  note: {
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'text'],
    properties: {
      kind: { type: 'string', enum: ['tip', 'caution', 'paper'] },
      title: text,
      text,
    },
  },
};
