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
