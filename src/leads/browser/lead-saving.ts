/**
 * Saving a multi-step form as it goes, one incomplete lead updated step by step.
 *
 * Every Continue saves the steps reached so far as an Incomplete lead, so a shopper who stops
 * half way still reaches the dealer as a partial lead. The first save creates the lead and its
 * id is reused for every later save (PUT /api/leads/{id}); Submit on the last step sends the
 * lead as Complete with the event id, then fires the tracking event and opens the success page.
 * A save that fails keeps the shopper on the step with the error showing.
 *
 * The controller drives the step machine too, so "the step does not advance on an error" is a
 * rule of this module rather than of a component. `send` is injected (sendLead in the browser,
 * a fake in tests); nothing here touches the DOM.
 */
import { SUBMIT_ERROR, type LeadResult, type SendLeadRequest } from './client';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { successUrl } from '../model/success';
import {
  goBack as machineGoBack,
  isSkipped,
  next,
  setSubmitting,
  skipTo,
  startSteps,
  stepNumberOf,
  complete as machineComplete,
  type SkippedSteps,
  type StepState,
} from '../model/multi-step';

export type FieldValues = Record<string, unknown>;

export interface LeadSaverConfig {
  stepCount: number;
  send: (request: SendLeadRequest) => Promise<LeadResult>;
  /** Context and fixed fields (form, category, car_id, …) sent with every save; read at each save. */
  base: () => FieldValues;
  newIdempotencyKey: () => string;
  /** The final save's custom event id, which the dashboard counts the lead under; 22 unless the form says otherwise. */
  eventId?: number;
  /** Fired once after the last step is accepted. */
  track?: (event: { eventId: number; leadId: string; category: string | undefined }) => void;
  /** Where to send the shopper after the last step; with no `success`, the form stays (e.g. to show an estimate). */
  navigate?: (url: string) => void;
  success?: { category: string; extra?: Record<string, string> };
}

export interface LeadSaverState {
  steps: StepState;
  leadId: string | undefined;
  /** The current error message, shown under the step's fields; cleared by the next successful save. */
  error: string | undefined;
  /** Per-field messages the API returned with the error, by field name. */
  fieldErrors: Record<string, string> | undefined;
  /** The URL the shopper was sent to after completing, once complete. */
  successUrl: string | undefined;
}

export type SaveOutcome = { ok: true; leadId: string; sent: boolean } | { ok: false; error: string; fields?: Record<string, string> };

export { successUrl };

/** Stable text of a value for "is this the same save?": object keys sorted, so field order never matters. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export interface LeadSaver {
  getState: () => LeadSaverState;
  /** For React's useSyncExternalStore. */
  subscribe: (listener: () => void) => () => void;
  /**
   * Continue (or Submit on the last step) with the current step's values. `skipTo` jumps to a
   * later step instead of the next one ('No trade-in' → Employment).
   */
  continueWith: (values: FieldValues, options?: { skipTo?: number }) => Promise<SaveOutcome>;
  goBack: () => void;
  /** The values entered for a step so far, to refill it when the shopper comes back. */
  valuesOf: (stepIndex: number) => FieldValues | undefined;
  /** Merged values of the steps reached and not skipped. */
  collected: () => FieldValues;
}

export function createLeadSaver(config: LeadSaverConfig): LeadSaver {
  let state: LeadSaverState = { steps: startSteps(config.stepCount), leadId: undefined, error: undefined, fieldErrors: undefined, successUrl: undefined };
  const listeners = new Set<() => void>();
  const stepValues = new Map<number, FieldValues>();
  /** What was last saved successfully from each step. */
  const savedFrom = new Map<number, string>();
  /** The save awaiting success and its key: a retry of the very same save keeps the key. */
  let pending: { fingerprint: string; key: string } | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const set = (patch: Partial<LeadSaverState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const collected = (upTo: number = state.steps.stepIndex, steps: StepState = state.steps): FieldValues => {
    const merged: FieldValues = {};
    for (let i = 0; i <= upTo; i += 1) {
      if (!isSkipped(steps, i)) Object.assign(merged, stepValues.get(i));
    }
    return merged;
  };

  /** The skip records as they will stand once the shopper leaves this step for `target`. */
  const skippedAfter = (target: number | undefined): readonly SkippedSteps[] => {
    return (target === undefined ? next(state.steps) : skipTo(state.steps, target)).skipped;
  };

  async function save(payload: FieldValues, stepIndex: number, final: boolean): Promise<SaveOutcome> {
    const print = fingerprint({ stepIndex, final, payload });
    if (!final && savedFrom.get(stepIndex) === print && state.leadId !== undefined) return { ok: true, leadId: state.leadId, sent: false };
    if (pending?.fingerprint !== print) pending = { fingerprint: print, key: config.newIdempotencyKey() };
    const id = state.leadId;
    const lead = { ...config.base(), ...payload, ...(id !== undefined ? { lead_id: id } : {}) };
    let result: LeadResult;
    try {
      result = await config.send(
        id === undefined ? { method: 'POST', lead, idempotencyKey: pending.key } : { method: 'PUT', id, lead, idempotencyKey: pending.key },
      );
    } catch {
      result = { ok: false, error: SUBMIT_ERROR };
    }
    if (!result.ok) {
      set({ error: result.error, fieldErrors: result.fields });
      return result.fields ? { ok: false, error: result.error, fields: result.fields } : { ok: false, error: result.error };
    }
    pending = undefined;
    savedFrom.set(stepIndex, print);
    const leadId = id ?? result.id;
    set({ leadId, error: undefined, fieldErrors: undefined });
    return { ok: true, leadId, sent: true };
  }

  async function continueNow(values: FieldValues, options: { skipTo?: number }): Promise<SaveOutcome> {
    const steps = state.steps;
    if (steps.completed || steps.submitting) return { ok: false, error: 'This form is already being sent.' };
    const stepIndex = steps.stepIndex;
    const last = stepIndex === steps.stepCount - 1;
    stepValues.set(stepIndex, values);
    set({ steps: setSubmitting(steps, true) });

    const skipped = last ? steps.skipped : skippedAfter(options.skipTo);
    const payload: FieldValues = {
      ...collected(stepIndex, { ...steps, skipped }),
      skipped_steps: skipped,
      // The step being saved, counted from 1 as the shopper reads it: the API validates the steps up to it.
      step_number: stepNumberOf(stepIndex),
      ...(last
        ? { lead_status: 'Complete', form_completed: true, event_id: config.eventId ?? EVENT_IDS.form }
        : { lead_status: 'Incomplete', form_completed: false }),
    };
    const outcome = await save(payload, stepIndex, last);
    if (!outcome.ok) {
      set({ steps: setSubmitting(state.steps, false) });
      return outcome;
    }
    if (!last) {
      const moved = options.skipTo !== undefined ? skipTo(state.steps, options.skipTo) : next(state.steps);
      set({ steps: setSubmitting(moved, false) });
      return outcome;
    }
    const url = config.success ? successUrl(config.success.category, config.success.extra) : undefined;
    set({ steps: machineComplete(state.steps), successUrl: url });
    config.track?.({ eventId: config.eventId ?? EVENT_IDS.form, leadId: outcome.leadId, category: config.success?.category });
    if (url) config.navigate?.(url);
    return outcome;
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    continueWith: (values, options = {}) => {
      // One save at a time, in order: a second Continue waits for the first's lead id.
      const run = queue.then(() => continueNow(values, options));
      queue = run.catch(() => undefined);
      return run;
    },
    goBack: () => {
      if (state.steps.submitting) return;
      set({ steps: machineGoBack(state.steps), error: undefined, fieldErrors: undefined });
    },
    valuesOf: (stepIndex) => stepValues.get(stepIndex),
    collected: () => collected(),
  };
}
