import { useFormContext } from 'react-hook-form';
import { FieldError, RequiredMark } from './FieldError';
import { optionLabel, optionValue, type FieldOption } from './SelectField';
import { useFieldState } from './field-state';
import './fields.css';

export interface RadioGroupFieldProps {
  id: string;
  /** A string form value ('yes' / 'no' for yesNoField). */
  name: string;
  legend: string;
  options: readonly FieldOption[];
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

export function RadioGroupField({ id, name, legend, options, required, disabled, className }: RadioGroupFieldProps) {
  const { register } = useFormContext();
  const { error, errorId, describedBy } = useFieldState(id, name);
  return (
    <fieldset
      id={id}
      role="radiogroup"
      className={['lead-choices', className].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={required ? true : undefined}
    >
      <legend>
        {legend}
        <RequiredMark required={required} />
      </legend>
      {options.map((o, i) => (
        <div className="lead-checkbox" key={optionValue(o)}>
          <input id={`${id}-${i}`} type="radio" value={optionValue(o)} {...register(name)} disabled={disabled} />
          <label htmlFor={`${id}-${i}`}>{optionLabel(o)}</label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
