import { useFormContext } from 'react-hook-form';
import { FieldError, FieldLabel } from './FieldError';
import { useFieldState } from './field-state';
import './fields.css';

export type FieldOption = string | { value: string; label: string };
export const optionValue = (o: FieldOption): string => (typeof o === 'string' ? o : o.value);
export const optionLabel = (o: FieldOption): string => (typeof o === 'string' ? o : o.label);

export interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  /** Plain strings are both value and label. */
  options: readonly FieldOption[];
  /** Text of a first, empty option ('Please select'); none when absent. */
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

export function SelectField({ id, name, label, options, placeholder, required, autoComplete, hint, disabled, className }: SelectFieldProps) {
  const { register } = useFormContext();
  const { error, errorId, hintId, describedBy } = useFieldState(id, name, Boolean(hint));
  return (
    <div className={['field', 'lead-field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint} hintId={hintId} />
      <select
        id={id}
        {...register(name)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={optionValue(o)} value={optionValue(o)}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
