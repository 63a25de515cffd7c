/**
 * What every field component shares: its error (from the react-hook-form context the form
 * provides with `FormProvider`), and the ids that tie the error and hint to the control.
 */
import { get, useFormContext, useFormState, type FieldError } from 'react-hook-form';

export interface FieldState {
  error: string | undefined;
  errorId: string;
  hintId: string;
  /** aria-describedby: the hint, then the error, whichever are shown. */
  describedBy: string | undefined;
}

export function useFieldState(id: string, name: string, hasHint = false): FieldState {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = get<typeof errors, FieldError | undefined>(errors, name)?.message;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hasHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { error, errorId, hintId, describedBy };
}
