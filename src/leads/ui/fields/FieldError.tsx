/** The message under a field; `id` is what the control's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="lead-field-error">
      {message}
    </p>
  );
}

/** ' *' after a required field's label, hidden from screen readers (aria-required says it). */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? <span aria-hidden="true"> *</span> : null;
}

/** A field's label with its required mark, and its help text when it has some. */
export function FieldLabel({
  htmlFor,
  label,
  required,
  hint,
  hintId,
}: {
  htmlFor: string;
  label: string;
  required: boolean | undefined;
  hint: string | undefined;
  hintId: string;
}) {
  return (
    <>
      <label htmlFor={htmlFor}>
        {label}
        <RequiredMark required={required} />
      </label>
      {hint && (
        <p id={hintId} className="lead-field-hint">
          {hint}
        </p>
      )}
    </>
  );
}
