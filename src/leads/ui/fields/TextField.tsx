import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError, FieldLabel } from './FieldError';
import { useFieldState } from './field-state';
import './fields.css';

export interface TextFieldProps {
  /** Element id; the error is `${id}-error`, the hint `${id}-hint`. */
  id: string;
  /** Field name in the form values (dots for nested values). */
  name: string;
  /** Label text, already in the site's wording. */
  label: string;
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'time' | 'url';
  /** Shows ' *' and sets aria-required; the schema does the checking. */
  required?: boolean;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  /** A textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  /** Help text under the label. */
  hint?: string;
  disabled?: boolean;
  className?: string;
}

export function TextField({
  id,
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
  multiline,
  rows = 4,
  hint,
  disabled,
  className,
}: TextFieldProps) {
  const { register } = useFormContext();
  const { error, errorId, hintId, describedBy } = useFieldState(id, name, Boolean(hint));
  const common = {
    id,
    ...register(name),
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
    'aria-describedby': describedBy,
    placeholder,
    maxLength,
    disabled,
  };
  return (
    <div className={['field', 'lead-field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint} hintId={hintId} />
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
