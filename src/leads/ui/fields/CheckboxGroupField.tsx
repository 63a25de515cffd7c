import { useController, useFormContext } from 'react-hook-form';
import { FieldError } from './FieldError';
import { optionLabel, optionValue, type FieldOption } from './SelectField';
import { useFieldState } from './field-state';
import './fields.css';

export interface CheckboxGroupFieldProps {
  id: string;
  /** A string[] form value (additional_services); the form's default should be []. */
  name: string;
  legend: string;
  options: readonly FieldOption[];
  disabled?: boolean;
  className?: string;
}

/**
 * A fieldset of checkboxes holding a list of the ticked values. Controlled, so one option
 * still gives a list (react-hook-form's register gives a lone checkbox a single value).
 */
export function CheckboxGroupField({ id, name, legend, options, disabled, className }: CheckboxGroupFieldProps) {
  const { control } = useFormContext();
  const { field } = useController({ control, name, defaultValue: [] });
  const { error, errorId, describedBy } = useFieldState(id, name);
  const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const toggle = (value: string, on: boolean) => field.onChange(on ? [...chosen.filter((v) => v !== value), value] : chosen.filter((v) => v !== value));
  return (
    <fieldset id={id} className={['lead-choices', className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {options.map((o, i) => {
        const value = optionValue(o);
        const optionId = `${id}-${i}`;
        return (
          <div className="lead-checkbox" key={value}>
            <input
              id={optionId}
              type="checkbox"
              name={field.name}
              value={value}
              checked={chosen.includes(value)}
              onChange={(e) => toggle(value, e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={i === 0 ? field.ref : undefined}
              disabled={disabled}
            />
            <label htmlFor={optionId}>{optionLabel(o)}</label>
          </div>
        );
      })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
