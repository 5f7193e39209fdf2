/*
 * why-state.ts -- which wait the learner asked about, per lab: the views call open()
 * (a timeline segment or a CPU tile was chosen), the Why panel reads the query and
 * close()s it. Kept beside the lab's store (one per LabStore), not in it, so the panel
 * and its sentences load only when first asked for.
 */
import type { LabStore } from '../store.js';

export type { WhyRequest } from '../../shared/view-inputs.js';
import type { WhyRequest } from '../../shared/view-inputs.js';

type Listener = () => void;

export class WhyState {
  private request: WhyRequest | undefined;
  /** Bumped on every open, so the panel recomputes even for the same place. */
  private seq = 0;
  private listeners = new Set<Listener>();
  /** Where focus was when the panel opened, to return it on close. */
  returnFocus: HTMLElement | null = null;

  constructor(private readonly store: LabStore) {}

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get current(): { request: WhyRequest; seq: number } | undefined {
    return this.request ? { request: this.request, seq: this.seq } : undefined;
  }

  getSnapshot = (): number => (this.request ? this.seq : 0);

  /** Opens the panel on a wait; playback pauses so the moment stays in the trace. */
  open(request: WhyRequest): void {
    if (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) this.returnFocus = document.activeElement;
    if (this.store.getState().playing) this.store.pause();
    this.request = request;
    this.seq++;
    this.emit();
  }

  close(): void {
    this.request = undefined;
    this.emit();
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back?.isConnected) back.focus();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

const states = new WeakMap<LabStore, WhyState>();

/** The lab's Why state (made on first use). */
export function whyFor(store: LabStore): WhyState {
  let state = states.get(store);
  if (!state) states.set(store, (state = new WhyState(store)));
  return state;
}
