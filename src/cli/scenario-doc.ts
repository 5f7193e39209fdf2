/*
 * scenario-doc.ts -- docs/scenario.md, written from the core's schema so that the
 * documentation of the scenario format cannot drift from the fields the core has.
 * scripts/gen-scenario-doc.mjs writes it; a test checks the file is current.
 */
import type { FieldDocs } from '../core/field-docs.js';
import { defaultValue, nestScenario, type Schema, type SchemaField } from '../core/index.js';

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function typeText(field: SchemaField): string {
  return field.type === 'int' ? 'whole number' : field.type === 'number' ? 'number' : 'name';
}

function rangeText(field: SchemaField): string {
  if (field.type === 'enum') return field.values!.map((name) => `\`${name}\``).join(', ');
  return `${number.format(field.min)} to ${number.format(field.max)}${field.unit ? ' ' + field.unit : ''}`;
}

function defaultText(field: SchemaField): string {
  const value = defaultValue(field);
  return typeof value === 'string' ? `\`${value}\`` : number.format(value);
}

/**
 * The whole of docs/scenario.md. The wasm core's schema has no docs: they come from
 * src/core/field-docs.json (node.ts: readFieldDocs), which the native core writes.
 */
export function scenarioDoc(schema: Schema, docs: FieldDocs): string {
  const docOf = (field: SchemaField): string => {
    const doc = docs[field.path] || field.doc;
    if (!doc) throw new Error(`${field.path} has no doc in src/core/field-docs.json; run \`npm run gen:field-docs\``);
    return doc;
  };
  const groups = new Map<string, SchemaField[]>();
  for (const field of schema.fields) {
    const group = field.path.split('.')[0]!;
    groups.set(group, [...(groups.get(group) ?? []), field]);
  }
  // The example: each group's first field (a whole cost triple when that is a cost).
  const exampleFields = [...groups.values()].flatMap((fields) => {
    const first = fields[0]!;
    const prefix = first.path.replace(/\.dist$/, '.');
    return first.path.endsWith('.dist') ? fields.filter((f) => f.path.startsWith(prefix)) : [first];
  });
  const example = {
    meta: { name: 'my-scenario', title: 'A short title', description: 'What this scenario shows.' },
    ...nestScenario(Object.fromEntries(exampleFields.map((field) => [field.path, defaultValue(field)]))),
  };
  const distribution = schema.fields.find((field) => field.path.endsWith('.dist'));
  const costLines = distribution
    ? [
        `- Costs come in threes: \`<cost>.dist\` (${distribution.values!.map((name) => `\`${name}\``).join(', ')}),`,
        "  `<cost>.mean_ns` and `<cost>.spread_ns`; each field's meaning below says more.",
      ]
    : [];
  const lines = [
    '# Scenario format',
    '',
    "<!-- Generated from the core's schema (lab_schema_json) by scripts/gen-scenario-doc.mjs.",
    '     Do not edit by hand: run `npm run gen:doc`. A test fails when this file is out of date. -->',
    '',
    'A scenario is one JSON object that says everything a simulation needs: the machine, the',
    'kernel, the workload, the network, the costs and the run itself. Presets in',
    "`lessons/scenarios/*.json`, lessons, the lab's URL and the `stacklab` CLI all carry scenarios",
    'in this format.',
    '',
    '- Objects nest by the dotted path of each field: `machine.cpus` is written',
    '  `{"machine": {"cpus": 16}}`.',
    '- Every field is optional; a field not given takes its default.',
    '- `meta` describes the scenario for people (`name`, `title`, `description`, and `reproduces`,',
    '  a list of the published figures it reproduces). The simulator ignores it.',
    '- Whole numbers must be whole; numbers may have fractions. Times are in nanoseconds (ns).',
    '- Names (choices) are written as JSON strings, for example `"scalable"`.',
    ...costLines,
    '- Any field can be changed on the command line: `stacklab run <scenario> --set machine.cpus=8`.',
    '',
    'A field the simulator does not know, a value of the wrong type or out of range, and fields',
    'that do not fit together (for example a designated CPU the machine does not have) are',
    "errors, explained with the field's path, the value and what is allowed.",
    '',
    '## Example',
    '',
    '```json',
    JSON.stringify(example, null, 2),
    '```',
    '',
    '## Fields',
    '',
  ];
  for (const [group, fields] of groups) {
    lines.push(`### ${group}`, '', '| Field | Type | Allowed | Default | Meaning |', '|---|---|---|---|---|');
    for (const field of fields) {
      lines.push(`| \`${field.path}\` | ${typeText(field)} | ${cell(rangeText(field))} | ${defaultText(field)} | ${cell(docOf(field))} |`);
    }
    lines.push('');
  }
  lines.push(
    '## Names in reports',
    '',
    `- CPU modes: ${schema.modes.map((mode) => `\`${mode}\``).join(', ')}`,
    ...schema.kernels.map((kernel) => `- Locks of the ${kernel.name} kernel: ${kernel.locks.map((lock) => `\`${lock}\``).join(', ')}`),
    `- Queues: ${schema.queues.map((queue) => `\`${queue}\``).join(', ')}`,
    '',
  );
  return lines.join('\n');
}
