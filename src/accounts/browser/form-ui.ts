/**
 * How the account pages' plain forms show a refusal: each field's message under it (linked with
 * aria-describedby, the field marked aria-invalid), anything else in the form's alert, and focus
 * on the first field to fix. A field named `x` has its message element `#<field id>-error`.
 */

export interface Refusal {
  error: string;
  fields: Record<string, string>;
}

function fieldOf(form: HTMLFormElement, name: string): HTMLInputElement | HTMLTextAreaElement | undefined {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field : undefined;
}

export function clearRefusal(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll<HTMLElement>('[aria-invalid]')) field.removeAttribute('aria-invalid');
  for (const message of form.querySelectorAll<HTMLElement>('[data-field-error]')) {
    message.textContent = '';
    message.hidden = true;
  }
  const alert = form.querySelector<HTMLElement>('[data-form-alert]');
  if (alert) alert.textContent = '';
}

export const CHECK_HIGHLIGHTED = 'Please check the highlighted field.';

/**
 * The form alert's words: the refusal's own error and the messages no field could show. An error
 * that is word for word a message already under its field (a wrong sign-in code) is not said a
 * second time; the alert then only points at the field.
 */
export function alertText(error: string, shownUnderFields: readonly string[], rest: readonly string[]): string {
  const text = [shownUnderFields.includes(error) ? '' : error, ...rest].filter(Boolean).join(' ');
  return text || (shownUnderFields.length > 0 ? CHECK_HIGHLIGHTED : '');
}

/** Shows a refusal; answers whether anything was shown. */
export function showRefusal(form: HTMLFormElement, { error, fields }: Refusal): boolean {
  clearRefusal(form);
  let first: HTMLElement | undefined;
  const rest: string[] = [];
  const shown: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const field = fieldOf(form, name);
    const slot = field && form.querySelector<HTMLElement>(`#${CSS.escape(field.id)}-error`);
    if (!field || !slot) {
      rest.push(message);
      continue;
    }
    field.setAttribute('aria-invalid', 'true');
    slot.textContent = message;
    slot.hidden = false;
    shown.push(message);
    first ??= field;
  }
  const alert = form.querySelector<HTMLElement>('[data-form-alert]');
  const text = alertText(error, shown, rest);
  if (alert) alert.textContent = text;
  first?.focus();
  return Boolean(first) || text !== '';
}

/** A submit button while its request is out: disabled, and saying so to a screen reader. */
export function setBusy(button: HTMLButtonElement | null | undefined, busy: boolean): void {
  if (!button) return;
  button.disabled = busy;
  button.setAttribute('aria-busy', String(busy));
}
