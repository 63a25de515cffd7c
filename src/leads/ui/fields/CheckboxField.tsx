import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError } from './FieldError';
import { useFieldState } from './field-state';
import './fields.css';

export interface CheckboxFieldProps {
  id: string;
  /** A boolean form value (opt_in, terms_conditions). */
  name: string;
  /** Label content, already worded; may hold a link (e.g. to the privacy policy). */
  label: ReactNode;
  /** Checked in the server-rendered HTML, before the form's own default applies on hydration. */
  defaultChecked?: boolean;
  disabled?: boolean;
  className?: string;
  /** Must be ticked to send the form: sets aria-required; the schema does the checking. */
  required?: boolean;
}

export function CheckboxField({ id, name, label, defaultChecked, disabled, className, required }: CheckboxFieldProps) {
  const { register } = useFormContext();
  const { error, errorId, describedBy } = useFieldState(id, name);
  return (
    <div className={['lead-checkbox', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        defaultChecked={defaultChecked}
        {...register(name)}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
