/*
 * ParameterPanel.tsx -- the scenario's controls. Each control has a label in plain
 * words with its unit, its range, and a description of what the field means in the
 * real system (the core's own words, generated from its schema into
 * src/core/field-docs.json and loaded when the panel first shows; other fields named by
 * their labels, a choice's doc cut to the value chosen or pointed at: help-words.ts),
 * shown when the control is hovered or focused and read by screen readers as the
 * control's description. The tooltip closes after a choice and on Escape, and opens
 * again when focus or the pointer comes back to the control (WCAG 1.4.13).
 * Number fields are checked as they are typed and applied on Enter or when focus
 * leaves them; choices apply at once. A changed scenario restarts the run.
 */
import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { defaultValue, fieldsByPath, type Schema, type SchemaField } from '../core/schema.js';
import type { ScenarioProblem, ScenarioValues } from '../core/scenario-values.js';
import { capitalised, kernelInfo } from '../kernels/index.js';
import { controlFor, fromDisplay, groupOf, toDisplay, unitLabel, type PanelControl } from './controls.js';
import { useFieldDocs } from './field-docs.js';
import type { LabelOf } from './help-words.js';

export interface ParameterPanelProps {
  schema: Schema;
  scenario: ScenarioValues;
  problems: ScenarioProblem[];
  /** Field paths to show; undefined shows the main controls and, folded, every other field. */
  controls?: string[];
  onChange(values: ScenarioValues): void;
  /** Embedded in a lesson: fewer words, and the title is a label, not a heading (the lesson owns the heading levels). */
  compact?: boolean;
}

const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });

/** A field's allowed range given the rest of the scenario (a CPU number must name an existing CPU). */
function rangeOf(field: SchemaField, scenario: ScenarioValues): { min: number; max: number } {
  const cpus = Number(scenario['machine.cpus'] ?? field.max + 1);
  if (field.path === 'kernel.designated_cpu' || field.path === 'machine.interrupt_cpu') {
    return { min: field.min, max: Math.min(field.max, cpus - 1) };
  }
  return { min: field.min, max: field.max };
}

/** Applies a change, moving CPU numbers that a smaller machine no longer has. */
function withChange(scenario: ScenarioValues, path: string, value: number | string): { values: ScenarioValues; note?: string } {
  const values = { ...scenario, [path]: value };
  if (path !== 'machine.cpus') return { values };
  const cpus = Number(value);
  const notes: string[] = [];
  if (Number(values['kernel.designated_cpu']) >= cpus) {
    notes.push(`The designated CPU is now the last CPU: a ${cpus}-CPU machine has no CPU ${values['kernel.designated_cpu']}.`);
    values['kernel.designated_cpu'] = -1;
  }
  if (Number(values['machine.interrupt_cpu']) >= cpus) {
    notes.push(`Interrupts now go to CPU 0: a ${cpus}-CPU machine has no CPU ${values['machine.interrupt_cpu']}.`);
    values['machine.interrupt_cpu'] = 0;
  }
  return { values, note: notes.join(' ') || undefined };
}

export function ParameterPanel(props: ParameterPanelProps) {
  const { schema, scenario } = props;
  const byPath = fieldsByPath(schema);
  const [note, setNote] = useState<string>();
  const titleId = useId();
  const change = (path: string, value: number | string) => {
    const { values, note: why } = withChange(scenario, path, value);
    setNote(why);
    props.onChange(values);
  };
  const kernel = kernelInfo(scenario['kernel.kind']);
  const labelOf: LabelOf = (path) => {
    const field = byPath.get(path);
    return field && controlFor(field, kernel.name).label;
  };
  const render = (path: string) => {
    const field = byPath.get(path);
    if (!field)
      return (
        <p key={path} className="field-missing">
          This lab asks for a control “{path}” that the simulator does not have.
        </p>
      );
    return (
      <Control key={path} field={field} spec={controlFor(field, kernel.name)} scenario={scenario} onChange={change} labelOf={labelOf} />
    );
  };
  const chosen = props.controls;
  const main = chosen ?? kernel.mainControls.map((spec) => spec.path);
  // A kernel's own fields only matter when it runs (the schema says whose each field is).
  const rest = chosen
    ? []
    : schema.fields
        .filter((field) => !main.includes(field.path) && (field.kernel === '' || field.kernel.split(' ').includes(kernel.name)))
        .map((field) => field.path);
  const groups = [...new Set(rest.map(groupOf))];
  return (
    <div className="params" role="group" aria-labelledby={titleId}>
      {/* In a lesson the lab sits under the lesson's own headings: a label there, not an h2 that would break their order. */}
      {props.compact ? (
        <p className="params-title" id={titleId}>
          Scenario
        </p>
      ) : (
        <h2 className="params-title" id={titleId}>
          Scenario
        </h2>
      )}
      {!props.compact && <p className="params-hint">Hover or focus a control to read what it means in the real system.</p>}
      {props.problems.length > 0 && (
        <div className="problems" role="alert">
          <p>
            <strong>The simulator did not accept this change:</strong>
          </p>
          <ul>
            {props.problems.map((problem, i) => (
              <li key={i}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      {note && (
        <p className="params-note" role="status">
          {note}
        </p>
      )}
      {main.map(render)}
      {groups.length > 0 && (
        <details className="all-params">
          <summary>All parameters ({rest.length} more)</summary>
          {groups.map((group) => (
            <fieldset key={group} className="param-group">
              <legend>{group}</legend>
              {rest.filter((path) => groupOf(path) === group).map(render)}
            </fieldset>
          ))}
        </details>
      )}
    </div>
  );
}

interface ControlProps {
  field: SchemaField;
  spec: PanelControl;
  scenario: ScenarioValues;
  onChange(path: string, value: number | string): void;
  labelOf: LabelOf;
}

type TipState = 'auto' | 'closed' | 'hover';

/**
 * Whether a field's tooltip shows: on hover or focus ('auto'), not at all after a
 * choice or Escape ('closed'), then on hover alone once the pointer comes back
 * ('hover'), and on hover or focus again once focus leaves the field and returns.
 */
function useTip() {
  const [tip, setTip] = useState<TipState>('auto');
  const outside = (event: FocusEvent<HTMLElement>) =>
    !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget));
  return {
    close: () => setTip('closed'),
    className: tip === 'auto' ? '' : ` field-tip-${tip}`,
    handlers: {
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Escape' && tip !== 'closed') setTip('closed');
      },
      onPointerEnter: () => setTip((now) => (now === 'closed' ? 'hover' : now)),
      onFocus: (event: FocusEvent<HTMLElement>) => {
        if (outside(event)) setTip('auto');
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (outside(event)) setTip('auto');
      },
    },
  };
}

function Control(props: ControlProps) {
  const { field, spec } = props;
  if (field.type === 'enum') return spec.kind === 'choice' ? <ChoiceControl {...props} /> : <SelectControl {...props} />;
  return <NumberControl {...props} />;
}

/**
 * The description (the core's doc, loaded lazily, in a student's words) and the note on
 * which kernel uses the field; for a choice, about `value` (the one chosen or pointed at).
 */
function Help({
  id,
  field,
  spec,
  scenario,
  range,
  labelOf,
  value,
}: {
  id: string;
  field: SchemaField;
  spec: PanelControl;
  scenario: ScenarioValues;
  range?: string;
  labelOf: LabelOf;
  value?: string;
}) {
  const help = useFieldDocs();
  const unused = spec.kernel && scenario['kernel.kind'] !== spec.kernel;
  const doc = help?.docs[field.path];
  const words =
    help === undefined || doc === undefined
      ? undefined
      : help.words(
          doc,
          labelOf,
          value !== undefined && field.values ? { values: field.values, value, words: spec.choices?.[value] } : undefined,
        );
  return (
    <div className="field-help" id={id}>
      {range && <span className="field-range">{range}. </span>}
      {spec.note && <span>{spec.note} </span>}
      {unused && <span className="field-unused">Only the {capitalised(kernelInfo(spec.kernel).title)} uses it. </span>}
      <span className="field-doc" role="tooltip" data-testid={`doc-${field.path}`}>
        {words?.title && <strong className="field-doc-title">{words.title}. </strong>}
        {words?.text}
      </span>
    </div>
  );
}

function NumberControl({ field, spec, scenario, onChange, labelOf }: ControlProps) {
  const id = useId();
  const tip = useTip();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const value = Number(scenario[field.path] ?? defaultValue(field));
  const shown = toDisplay(value, spec);
  // what is typed; a new value (applied, a preset, a link, an import, undo) replaces it at
  // once, in this render (React's "adjusting state when a prop changes"). A draft kept by
  // the value it was typed over came back when the value did: typed 4 over 16, applied,
  // then an import of 16 showed and applied 4 again.
  const [draft, setDraft] = useState(String(shown));
  const [draftOf, setDraftOf] = useState(shown);
  if (!Object.is(draftOf, shown)) {
    setDraftOf(shown);
    setDraft(String(shown));
  }
  const { min, max } = rangeOf(field, scenario);
  const unit = unitLabel(field, spec);
  // "CPUs (CPUs)" says nothing twice: the unit is shown only when the label lacks it.
  const shownUnit = unit && !spec.label.toLowerCase().includes(unit.toLowerCase()) ? unit : '';
  const [lo, hi] = [toDisplay(min, spec), toDisplay(max, spec)];
  // A bound of billions is "no practical limit": say so rather than print it.
  const upTo = hi >= 1e7 && field.path !== 'sim.seed' ? ' or more' : ` to ${numberFormat.format(hi)}`;
  const rangeText = `${numberFormat.format(lo)}${upTo}${unit ? ' ' + unit : ''}, default ${numberFormat.format(toDisplay(Number(defaultValue(field)), spec))}`;

  const parsed = draft.trim() === '' ? NaN : Number(draft);
  let error: string | undefined;
  if (!Number.isFinite(parsed)) error = `${spec.label}: type a number.`;
  else if (field.type === 'int' && !Number.isInteger(parsed)) error = `${spec.label}: type a whole number.`;
  else if (parsed < lo || parsed > hi)
    error = `${spec.label} must be from ${numberFormat.format(lo)} to ${numberFormat.format(hi)}${unit ? ' ' + unit : ''}.`;

  const commit = () => {
    if (error) return;
    const next = field.type === 'int' ? Math.round(fromDisplay(parsed, spec)) : fromDisplay(parsed, spec);
    if (next !== value) onChange(field.path, next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setDraft(String(shown));
  };
  const describedBy = error ? `${helpId} ${errorId}` : helpId;

  if (spec.kind === 'slider') {
    return (
      <div className={`field field-slider${tip.className}`} {...tip.handlers}>
        <label htmlFor={id}>
          {spec.label}
          {shownUnit && <span className="unit"> ({shownUnit})</span>}
        </label>
        <div className="slider-row">
          <input
            id={id}
            type="range"
            min={lo}
            max={hi}
            step={1}
            value={Number.isFinite(parsed) ? Math.min(hi, Math.max(lo, parsed)) : shown}
            aria-describedby={helpId}
            aria-valuetext={`${draft} ${unit}`}
            onChange={(event) => setDraft(event.target.value)}
            onPointerUp={commit}
            onKeyUp={(event) => {
              if (event.key !== 'Tab') commit();
            }}
            onBlur={commit}
          />
          <input
            className="slider-number"
            type="number"
            min={lo}
            max={hi}
            step={1}
            value={draft}
            aria-label={`${spec.label}${shownUnit ? ` (${shownUnit})` : ''}, as a number`}
            aria-describedby={describedBy}
            aria-invalid={!!error}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={onKeyDown}
          />
        </div>
        <Help id={helpId} field={field} spec={spec} scenario={scenario} range={rangeText} labelOf={labelOf} />
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className={`field${tip.className}`} {...tip.handlers}>
      <label htmlFor={id}>
        {spec.label}
        {shownUnit && <span className="unit"> ({shownUnit})</span>}
      </label>
      <input
        id={id}
        type="number"
        inputMode={field.type === 'int' ? 'numeric' : 'decimal'}
        min={lo}
        max={hi}
        step={field.type === 'int' ? 1 : 'any'}
        value={draft}
        aria-describedby={describedBy}
        aria-invalid={!!error}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <Help id={helpId} field={field} spec={spec} scenario={scenario} range={rangeText} labelOf={labelOf} />
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

function ChoiceControl({ field, spec, scenario, onChange, labelOf }: ControlProps) {
  const id = useId();
  const tip = useTip();
  const value = String(scenario[field.path] ?? defaultValue(field));
  // The tooltip is about the choice under the pointer, else the one chosen.
  const [pointed, setPointed] = useState<string>();
  return (
    <fieldset
      className={`field field-choice${tip.className}`}
      aria-describedby={`${id}-help`}
      {...tip.handlers}
      onPointerLeave={() => setPointed(undefined)}
    >
      <legend>{spec.label}</legend>
      <div className="choice-row">
        {field.values!.map((name) => (
          <label key={name} className={name === value ? 'choice choice-on' : 'choice'} onPointerEnter={() => setPointed(name)}>
            <input
              type="radio"
              name={id}
              value={name}
              checked={name === value}
              onChange={() => {
                tip.close();
                onChange(field.path, name);
              }}
            />
            <span>{spec.choices?.[name] ?? name}</span>
          </label>
        ))}
      </div>
      <Help id={`${id}-help`} field={field} spec={spec} scenario={scenario} labelOf={labelOf} value={pointed ?? value} />
    </fieldset>
  );
}

function SelectControl({ field, spec, scenario, onChange, labelOf }: ControlProps) {
  const id = useId();
  const tip = useTip();
  const value = String(scenario[field.path] ?? defaultValue(field));
  return (
    <div className={`field${tip.className}`} {...tip.handlers}>
      <label htmlFor={id}>{spec.label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-help`}
        onChange={(event) => {
          tip.close();
          onChange(field.path, event.target.value);
        }}
      >
        {field.values!.map((name) => (
          <option key={name} value={name}>
            {spec.choices?.[name] ?? name}
          </option>
        ))}
      </select>
      <Help id={`${id}-help`} field={field} spec={spec} scenario={scenario} labelOf={labelOf} value={value} />
    </div>
  );
}
