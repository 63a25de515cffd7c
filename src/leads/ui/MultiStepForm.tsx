/**
 * A multi-step lead form: the current step's fields under
 * their heading, 'Go Back' / 'Continue' / 'Submit', a progress bar and 'Step X of Y'.
 *
 * Each step is its own react-hook-form form over that step's zod schema (the same schema the API
 * checks), validated on submit only. The step machine and the saving live in the lead saver
 * (src/leads/browser/lead-saving.ts); this component renders its state and hands it each step's values.
 * The flows (finance, service, trade-in) supply the fields of each step.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod/mini';
import type { FormStep } from '../model/forms';
import type { LeadSaver, LeadSaverState } from '../browser/lead-saving';
import { nextShownStep, viewOf } from '../model/multi-step';
import { FormAlert, SubmitButton } from './fields';
import './multi-step.css';

// The site's CSP has no 'unsafe-eval': zod must not even try its compiled fast path, or every
// form page would log a CSP violation.
// zod/mini sets no locale, where classic zod set English: without it, the messages zod writes
// itself (react-hook-form shows a union option's, such as 'Invalid input: expected string,
// received undefined') would shrink to 'Invalid input'.
z.config({ jitless: true, ...z.locales.en() });

export interface StepContext {
  step: FormStep;
  index: number;
  form: UseFormReturn<FieldValues>;
  /** Fields are disabled while a save is in flight. */
  disabled: boolean;
  /** Unique prefix for element ids within this form. */
  idPrefix: string;
}

export interface MultiStepFormProps {
  steps: readonly FormStep[];
  saver: LeadSaver;
  /** Visible form heading (h2). */
  heading: string;
  renderStep: (context: StepContext) => ReactNode;
  /** Starting values of a step the shopper has not filled in yet (prefills, lookups). */
  initialValues?: (index: number) => FieldValues | undefined;
  /** Where Continue goes from this step with these values; by default the next step whose `skipWhen` does not hold. */
  skipTarget?: (index: number, values: FieldValues) => number | undefined;
  /**
   * Runs after a step validates and before it is saved (e.g. the rego lookup); shown as busy.
   * 'stay' keeps the shopper on the step, unsaved: something outside the step's fields (the car
   * photos) needs their attention first, and says so itself.
   */
  beforeContinue?: (index: number, values: FieldValues) => Promise<void | 'stay'>;
  /** Runs once the last step is accepted (e.g. the valuation); shown as busy. */
  afterComplete?: (leadId: string, values: FieldValues) => Promise<void>;
  /** What replaces the form once complete, when the saver does not navigate away. */
  renderComplete?: () => ReactNode;
  /** Labels already in the site's wording. */
  labels?: Partial<Record<'goBack' | 'continue' | 'submit' | 'sending' | 'progress', string>>;
}

function useSaverState(saver: LeadSaver): LeadSaverState {
  return useSyncExternalStore(saver.subscribe, saver.getState, saver.getState);
}

export function MultiStepForm({
  steps,
  saver,
  heading,
  renderStep,
  initialValues,
  skipTarget,
  beforeContinue,
  afterComplete,
  renderComplete,
  labels = {},
}: MultiStepFormProps) {
  const state = useSaverState(saver);
  const view = viewOf(state.steps);
  const index = state.steps.stepIndex;
  const step = steps[index];
  const idPrefix = useId().replace(/:/g, '');
  const [busy, setBusy] = useState(false);
  /** What the shopper typed on each step, as typed (not as parsed), to refill it on Go Back. */
  const typed = useRef(new Map<number, FieldValues>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(index);

  // Focus follows the step: a screen reader hears the new step's heading, a keyboard user starts there.
  useEffect(() => {
    if (shownStep.current === index) return;
    shownStep.current = index;
    headingRef.current?.focus();
  }, [index]);

  if (!step) return null;
  if (state.steps.completed && renderComplete && !state.successUrl) {
    return <div className="multi-step">{renderComplete()}</div>;
  }

  const disabled = view.disabled || busy;
  // A later step made irrelevant by the answers so far (its `skipWhen`) is skipped.
  const defaultSkipTarget = (from: number, values: FieldValues) => nextShownStep(steps, from, { ...saver.collected(), ...values });
  const headingId = `${idPrefix}-step-${step.id}`;
  const alertId = `${idPrefix}-alert`;

  return (
    <div className="multi-step">
      <h2>{heading}</h2>
      <div className="multi-step-progress">
        <span id={`${idPrefix}-progress`}>{view.label}</span>
        <progress
          max={100}
          value={view.progress}
          aria-labelledby={`${idPrefix}-progress`}
          aria-valuenow={view.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${view.label}, ${view.progress}% ${labels.progress ?? 'complete'}`}
        />
      </div>
      <StepForm
        key={step.id}
        step={step}
        index={index}
        defaultValues={typed.current.get(index) ?? initialValues?.(index) ?? {}}
        headingId={headingId}
        headingRef={headingRef}
        alertId={alertId}
        error={state.error}
        serverFieldErrors={state.fieldErrors}
        disabled={disabled}
        idPrefix={idPrefix}
        renderStep={renderStep}
        onValid={async (values, raw) => {
          typed.current.set(index, raw);
          setBusy(true);
          try {
            if ((await beforeContinue?.(index, values)) === 'stay') return {};
            const target = view.isLast ? undefined : (skipTarget ?? defaultSkipTarget)(index, values);
            const outcome = await saver.continueWith(values, target !== undefined ? { skipTo: target } : {});
            if (outcome.ok && view.isLast) await afterComplete?.(outcome.leadId, saver.collected());
            return outcome.ok ? undefined : (outcome.fields ?? {});
          } finally {
            setBusy(false);
          }
        }}
        footer={
          <div className="multi-step-buttons">
            {view.showGoBack && (
              <button type="button" className="button button-outline" disabled={disabled} onClick={() => saver.goBack()}>
                {labels.goBack ?? 'Go Back'}
              </button>
            )}
            <SubmitButton
              label={view.isLast ? (labels.submit ?? 'Submit') : (labels.continue ?? 'Continue')}
              busy={disabled && !state.steps.completed}
              disabled={disabled}
              busyLabel={labels.sending ?? 'Sending…'}
            />
          </div>
        }
      />
    </div>
  );
}

interface StepFormProps {
  step: FormStep;
  index: number;
  defaultValues: FieldValues;
  headingId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  alertId: string;
  error: string | undefined;
  serverFieldErrors: Record<string, string> | undefined;
  disabled: boolean;
  idPrefix: string;
  renderStep: (context: StepContext) => ReactNode;
  /** Resolves with the API's field errors when the save failed, undefined when it went through. */
  onValid: (values: FieldValues, raw: FieldValues) => Promise<Record<string, string> | undefined>;
  footer: ReactNode;
}

function StepForm({ step, index, defaultValues, headingId, headingRef, alertId, error, disabled, idPrefix, renderStep, onValid, footer }: StepFormProps) {
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: zodResolver(step.schema),
    defaultValues,
    // Forms validate on submit only; once a submit has shown a field's message, the message
    // follows what the shopper types, so a field they fixed stops saying it is wrong.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = form.handleSubmit(async (values) => {
    const fields = await onValid(values, form.getValues());
    for (const [name, message] of Object.entries(fields ?? {})) {
      // Only fields on this step can show their message; the rest is in the alert.
      if (name in form.getValues()) form.setError(name, { type: 'server', message });
    }
  });

  // Kept on purpose, odd as it is: on the User Details step a send failure shows in the success style.
  const alertStyle = step.id === 'user_details' || step.title === 'User Details' ? ('success' as const) : ('destructive' as const);

  return (
    <FormProvider {...form}>
      <form className="multi-step-form" noValidate aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
        <fieldset disabled={disabled} className="multi-step-fields">
          <h3 id={headingId} ref={headingRef} tabIndex={-1}>
            {step.title}
          </h3>
          {renderStep({ step, index, form, disabled, idPrefix })}
        </fieldset>
        <FormAlert id={alertId} message={error} tone={alertStyle} />
        {footer}
      </form>
    </FormProvider>
  );
}
