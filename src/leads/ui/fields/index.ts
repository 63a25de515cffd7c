/** Field components for lead forms; each expects a react-hook-form `FormProvider` above it. */
export { TextField, type TextFieldProps } from './TextField';
export { SelectField, optionLabel, optionValue, type FieldOption, type SelectFieldProps } from './SelectField';
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { CheckboxGroupField, type CheckboxGroupFieldProps } from './CheckboxGroupField';
export { RadioGroupField, type RadioGroupFieldProps } from './RadioGroupField';
export { FormAlert, type FormAlertProps } from './FormAlert';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { HoneypotField } from './HoneypotField';
export { PhotosField, type PhotosFieldProps } from './PhotosField';
export { FieldError, RequiredMark } from './FieldError';
export { useFieldState, type FieldState } from './field-state';
