/**
 * The multi-step form machine: which step the shopper is on, which
 * steps were skipped on the way there, and what the buttons and progress bar show. Pure
 * functions over a plain state value, so the island's reducer, the lead saver and the unit tests
 * all see the same rules.
 *
 * Steps are counted from 0. A skip is recorded as `{ from, to }`: step `to` was reached straight
 * from step `from`, and the steps between were not shown. The records travel with every lead
 * save as `skipped_steps`, so the API knows which steps not to validate.
 */

export interface SkippedSteps {
  readonly from: number;
  readonly to: number;
}

export interface StepState {
  readonly stepIndex: number;
  readonly stepCount: number;
  readonly skipped: readonly SkippedSteps[];
  readonly completed: boolean;
  readonly submitting: boolean;
}

export function startSteps(stepCount: number): StepState {
  if (!Number.isInteger(stepCount) || stepCount < 1) throw new RangeError(`a multi-step form needs at least one step, not ${stepCount}`);
  return { stepIndex: 0, stepCount, skipped: [], completed: false, submitting: false };
}

/**
 * A forward move from the current step to `target` passes over the steps [current, target).
 * Any skip record whose skipped span overlaps them no longer describes the shopper's path: the
 * shopper is now either visiting a step that was skipped (went back, then chose differently) or
 * leaving the same step a new way. Records wholly behind the move, or wholly ahead of it, stay.
 *
 * Example (finance: 0 Your Loan, 1 Trade-in, 2 Employment, 3 User Details): 'No trade-in'
 * records {0,2}; Continue from Employment to User Details keeps it; Go Back from Employment
 * returns to Your Loan, and choosing a trade-in there (0 → 1) clears it.
 */
function moveForward(state: StepState, target: number): StepState {
  const from = state.stepIndex;
  const skipped = state.skipped.filter((record) => !(record.from < target && record.to > from));
  return { ...state, stepIndex: target, skipped: target > from + 1 ? [...skipped, { from, to: target }] : skipped };
}

function canMove(state: StepState): boolean {
  return !state.completed;
}

/** Continue: the next step. On the last step nothing moves; completing is `complete`. */
export function next(state: StepState): StepState {
  if (!canMove(state) || state.stepIndex >= state.stepCount - 1) return state;
  return moveForward(state, state.stepIndex + 1);
}

/** Jump forward to `target`, recording the skip. A target behind or at the current step, or past the last, is ignored. */
export function skipTo(state: StepState, target: number): StepState {
  if (!canMove(state) || !Number.isInteger(target) || target <= state.stepIndex || target >= state.stepCount) return state;
  return moveForward(state, target);
}

/** One step back, whatever the path was. */
export function previous(state: StepState): StepState {
  if (!canMove(state) || state.stepIndex === 0) return state;
  return { ...state, stepIndex: state.stepIndex - 1 };
}

/**
 * 'Go Back': to the step the current one was skipped to from, else one step back. The skip
 * record stays until a forward move replaces or clears it, so the skipped step is not shown
 * on the way back either.
 */
export function goBack(state: StepState): StepState {
  if (!canMove(state) || state.stepIndex === 0) return state;
  const arrivedBySkip = [...state.skipped].reverse().find((record) => record.to === state.stepIndex);
  return { ...state, stepIndex: arrivedBySkip ? arrivedBySkip.from : state.stepIndex - 1 };
}

export function setSubmitting(state: StepState, submitting: boolean): StepState {
  return state.submitting === submitting ? state : { ...state, submitting };
}

/** The last step was sent and accepted. Only the last step completes a form. */
export function complete(state: StepState): StepState {
  if (state.stepIndex !== state.stepCount - 1) return state;
  return { ...state, completed: true, submitting: false };
}

/** Steps shown to the shopper: indexes not inside any recorded skip. */
export function isSkipped(state: Pick<StepState, 'skipped'>, stepIndex: number): boolean {
  return state.skipped.some((record) => stepIndex > record.from && stepIndex < record.to);
}

/**
 * Where Continue leads from step `index`: the first later step not made irrelevant by the values
 * entered so far (finance: 'No trade-in' makes the Trade-in step irrelevant). Undefined on the
 * last step; the step after the last irrelevant one when every later one is irrelevant, so the
 * form always ends on its last step.
 */
export function nextShownStep<V>(steps: ReadonlyArray<{ skipWhen?: ((values: V) => boolean) | undefined }>, index: number, values: V): number | undefined {
  if (index >= steps.length - 1) return undefined;
  for (let target = index + 1; target < steps.length - 1; target += 1) {
    if (!steps[target]?.skipWhen?.(values)) return target;
  }
  return steps.length - 1;
}

/**
 * `step_number` as a lead save sends it: the step being saved counted from 1, as the shopper
 * reads it ('Step 1 of 4' is step_number 1), the spec's numbering. The machine and the API's
 * step bookkeeping count from 0; these two are the only crossing between the two.
 */
export function stepNumberOf(stepIndex: number): number {
  return stepIndex + 1;
}

/** The 0-based index of the step a lead save's `step_number` names. */
export function stepIndexOf(stepNumber: number): number {
  return stepNumber - 1;
}

export interface StepView {
  /** Whole percent for the progress bar: the share of steps behind the shopper, 100 once complete. */
  progress: number;
  /** 'Step X of Y', counted from 1. */
  label: string;
  /** The 1-based step number sent with each lead save. */
  stepNumber: number;
  showGoBack: boolean;
  /** The last step's button says Submit; the others say Continue. */
  isLast: boolean;
  /** Buttons and fields are disabled while a save is in flight, and for good once complete. */
  disabled: boolean;
}

export function progressOf(state: Pick<StepState, 'stepIndex' | 'stepCount' | 'completed'>): number {
  return state.completed ? 100 : Math.round((state.stepIndex / state.stepCount) * 100);
}

export function viewOf(state: StepState): StepView {
  const stepNumber = stepNumberOf(state.stepIndex);
  return {
    progress: progressOf(state),
    label: `Step ${stepNumber} of ${state.stepCount}`,
    stepNumber,
    showGoBack: state.stepIndex > 0 && !state.completed,
    isLast: state.stepIndex === state.stepCount - 1,
    disabled: state.submitting || state.completed,
  };
}

export type StepAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goBack' }
  | { type: 'skipTo'; target: number }
  | { type: 'submitting'; submitting: boolean }
  | { type: 'complete' };

/** The same functions as a React `useReducer` reducer. */
export function stepReducer(state: StepState, action: StepAction): StepState {
  switch (action.type) {
    case 'next':
      return next(state);
    case 'previous':
      return previous(state);
    case 'goBack':
      return goBack(state);
    case 'skipTo':
      return skipTo(state, action.target);
    case 'submitting':
      return setSubmitting(state, action.submitting);
    case 'complete':
      return complete(state);
  }
}
