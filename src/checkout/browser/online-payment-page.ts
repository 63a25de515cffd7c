/** The online payment form: checked with the same fields the server checks, then off to the provider. */
import { initGate } from '../../accounts/browser/gate';
import { onlinePaymentRequestSchema } from '../model/api';
import { startOnlinePayment } from './checkout-calls';

export async function initOnlinePaymentPage(doc: Document = document, win: Window = window): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-online-payment]');
  const form = root?.querySelector<HTMLFormElement>('[data-online-payment-form]');
  if (!root || !form) return;
  if (root.querySelector('[data-gate]')) await initGate(doc, win);
  const alert = root.querySelector<HTMLElement>('[data-online-payment-error]');
  const showFields = (fields: Record<string, string>) => {
    form.querySelectorAll<HTMLElement>('[data-error-for]').forEach((el) => {
      const message = fields[el.dataset.errorFor ?? ''] ?? '';
      el.textContent = message;
      el.previousElementSibling?.setAttribute('aria-invalid', message ? 'true' : 'false');
    });
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    const checked = onlinePaymentRequestSchema.safeParse(data);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
      showFields(fields);
      return;
    }
    showFields({});
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) button.disabled = true;
    void startOnlinePayment(checked.data).then((result) => {
      if (result.ok) return win.location.assign(result.value.redirect_url);
      if (button) button.disabled = false;
      showFields(result.fields ?? {});
      if (alert) {
        alert.textContent = result.error;
        alert.hidden = false;
      }
    });
  });
}
