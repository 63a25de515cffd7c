/**
 * The return page: the payment as the server has it, polled briefly while the provider's event is
 * on its way. A guest's key leaves the address bar before anything else happens (analytics start
 * only after the page's load event, and the next page's referrer is this address).
 */
import { takeFromAddress } from '../../platform/web/address-secrets';
import { checkoutPagePath, ONLINE_PAYMENT_PAGE } from '../model/api';
import { returnQuery, returnView } from '../model/return-view';
import { getPayment } from './checkout-calls';

const POLLS = 10;
const POLL_MS = 1500;

export async function initReturnPage(
  doc: Document = document,
  win: Window = window,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-payment-return]');
  if (!root) return;
  const key = takeFromAddress(win, 'key') ?? '';
  const heading = root.querySelector<HTMLElement>('[data-return-heading]');
  const text = root.querySelector<HTMLElement>('[data-return-text]');
  const show = (h: string, t: string) => {
    if (heading) heading.textContent = h;
    if (text) text.textContent = t;
  };
  const query = returnQuery(win.location.search, key);
  if (!query) return show('Payment not found', 'This link does not name a payment.');
  for (let attempt = 0; attempt < POLLS; attempt += 1) {
    const result = await getPayment(query.id, query.key);
    if (!result.ok) return show('We could not check your payment', result.error);
    const view = returnView(result.value);
    if (view.kind === 'go') return win.location.replace(view.to);
    if (view.kind === 'show') {
      show(view.heading, view.text);
      const retry = root.querySelector<HTMLElement>('[data-return-retry]');
      const link = root.querySelector<HTMLAnchorElement>('[data-return-retry-link]');
      if (retry && link && view.retry) {
        retry.hidden = false;
        const slug = new URLSearchParams(win.location.search).get('car') ?? '';
        link.href = result.value.kind === 'invoice' ? ONLINE_PAYMENT_PAGE : /^[a-z0-9-]{1,200}$/.test(slug) ? checkoutPagePath(slug) : '/';
      }
      return;
    }
    await wait(POLL_MS);
  }
  show('Your payment is still being processed', 'We have not heard from the payment provider yet. We will email you once it is confirmed.');
}
