/*
 * controls.ts -- what a kernel's module says about its controls: the fields the
 * parameter panel shows first while it runs (KernelInfo.mainControls), and the words,
 * display units and choice words it gives them. A control's label is the core's
 * (schema.fields[].label, from wasm-core/src/scenario/fields.def or the kernel folder's
 * fields.def) unless the kernel words it for its panel; what a field means, its range
 * and default are the core's, never said here. src/lab/controls.ts turns these into the panel's controls.
 */

export type ControlKind = 'slider' | 'number' | 'choice' | 'select';

export interface DisplayUnit {
  /** Unit shown to the learner. */
  label: string;
  /** Field units per shown unit (1000 shows ns as µs). */
  factor: number;
}

export interface ControlSpec {
  path: string;
  /** Words for the field; the core's label (schema.fields[].label) when not given. */
  label?: string;
  kind: ControlKind;
  unit?: DisplayUnit;
  /** Words for enum values, by name. */
  choices?: Record<string, string>;
  /** An enum value in a few words for running text ("ticket lock"): a lesson's run, a Compare side (valueWords). */
  short?: Readonly<Record<string, string>>;
  /** A short note shown under the control (for example what -1 means). */
  note?: string;
  /** Only meaningful for this kernel; the control says so when another one runs. */
  kernel?: string;
}

export const ns: DisplayUnit = { label: 'ns', factor: 1 };
export const us: DisplayUnit = { label: 'µs', factor: 1e3 };
export const ms: DisplayUnit = { label: 'ms', factor: 1e6 };

export const CPUS: ControlSpec = { path: 'machine.cpus', kind: 'slider' };
/** The kernel choice; its words for each kernel come from the kernel registry (controlFor's kernelChoices). */
export const KERNEL: ControlSpec = { path: 'kernel.kind', kind: 'choice' };

/** kernel.lock_kind's values in a few words (ControlSpec.short). */
export const SPINLOCK_SHORT: Readonly<Record<string, string>> = {
  tas: 'test-and-set lock',
  ticket: 'ticket lock',
  fair: 'OpenVMS fair lock',
  mcs: 'MCS queue lock',
};

export const SPINLOCK_CHOICES = {
  tas: 'Test-and-set (any spinner may win)',
  ticket: 'Ticket (first come, first served)',
  fair: 'OpenVMS fair (as modelled): test-and-set until contention, then queued',
  mcs: 'MCS queue lock (each spinner on its own line)',
};
