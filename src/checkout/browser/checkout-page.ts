/**
 * The checkout shell page: slug from the URL, then the car from search and the gate side by side
 * (a signed-out shopper is sent to sign in only once there is a car to come back to), then
 * whether the car is held, then Pay: the server makes the payment and answers where to pay it.
 * The deposit and terms are static and show at once; the pay area shows only once the car can
 * be reserved.
 */
import { initGate } from '../../accounts/browser/gate';
import { getSession } from '../../accounts/browser/account-calls';
import { fetchCar, searchConfig } from '../../cars/browser/fetch-car';
import { siteFromDataset } from '../../cars/browser/live';
import { carAvailabilityPath, financeLink, primaryImage, tradeInLink } from '../../stock/model/car-page';
import { carPath, priceText } from '../../stock/model/car';
import { checkoutSlugFromPath } from '../model/api';
import { depositReceipt, type DepositReceipt } from '../model/receipt';
import { getMyReservation, startReservation } from './checkout-calls';
import { ascItem } from '../../stock/model/asc-item';
import { trackAsc } from '../../platform/web/asc-events';

/** The shopper's own hold: the receipt in place of the pay area, every value written as text. */
function showReceipt(root: HTMLElement, receipt: DepositReceipt, win: Window): void {
  const box = root.querySelector<HTMLElement>('[data-checkout-mine]');
  if (!box) return;
  const doc = root.ownerDocument;
  const heading = box.querySelector('[data-checkout-mine-heading]');
  if (heading) heading.textContent = receipt.heading;
  const text = box.querySelector('[data-checkout-mine-text]');
  if (text) text.textContent = receipt.text;
  box.querySelector('[data-checkout-mine-lines]')?.replaceChildren(
    ...receipt.lines.map(({ label, value }) => {
      const row = doc.createElement('div');
      const dt = doc.createElement('dt');
      dt.textContent = label;
      const dd = doc.createElement('dd');
      dd.textContent = value;
      row.append(dt, dd);
      return row;
    }),
  );
  box.querySelector('[data-checkout-print]')?.addEventListener('click', () => win.print());
  box.hidden = false;
  // The pay-to-reserve summary is not what they need now; their receipt is.
  root.querySelectorAll<HTMLElement>('[data-checkout-offer]').forEach((el) => (el.hidden = true));
}

export async function initCheckoutPage(doc: Document = document, win: Window = window): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-checkout]');
  if (!root) return;
  if (root.dataset.enabled !== 'true') {
    // The dealer takes no deposits online: the page says so and leads back to this car's page.
    const slug = checkoutSlugFromPath(win.location.pathname);
    const carLink = root.querySelector<HTMLAnchorElement>('[data-checkout-car-link]');
    if (carLink && slug) carLink.href = carPath(slug);
    return;
  }
  const part = <T extends HTMLElement = HTMLElement>(name: string) => root.querySelector<T>(`[data-checkout-${name}]`);
  const status = part('status');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const slug = checkoutSlugFromPath(win.location.pathname);
  const config = searchConfig(root);
  const site = siteFromDataset(root);
  if (!slug || !config || !site) {
    say('This car could not be found.');
    const missing = part('missing');
    if (missing) missing.hidden = false;
    return;
  }
  const gated = root.querySelector('[data-gate]') !== null;
  // The car is public stock: it is asked for at once, beside the session check, not after it.
  const [account, found] = await Promise.all([gated ? initGate(doc, win) : Promise.resolve(undefined), fetchCar(slug, config)]);
  const carBox = part('car');
  carBox?.removeAttribute('aria-busy');
  if (found.kind !== 'found') {
    say(found.kind === 'missing' ? 'This car is not in stock any more.' : 'We could not load this car just now. Please try again.');
    const body = part('body');
    if (body) body.hidden = true;
    const missing = part('missing');
    if (missing) missing.hidden = false;
    return;
  }
  const car = found.car;
  const name = part('name');
  if (name) name.textContent = car.name;
  const price = part('price');
  if (price) price.textContent = priceText(car.price, site);
  const image = part<HTMLImageElement>('image');
  const src = primaryImage(car);
  if (image && src) {
    image.src = src;
    image.alt = car.name;
    image.hidden = false;
  }
  const tradeIn = part<HTMLAnchorElement>('trade-in');
  if (tradeIn) tradeIn.href = tradeInLink(car);
  const finance = part<HTMLAnchorElement>('finance');
  if (finance) finance.href = financeLink(car);
  let signedInEmail = account?.account.email;
  if (!signedInEmail) {
    const session = await getSession();
    if (session.ok && session.value.signedIn) signedInEmail = session.value.account.email;
  }
  const email = part('email');
  if (email) email.textContent = signedInEmail ?? '';
  const accountLine = part('account');
  if (accountLine) accountLine.hidden = signedInEmail === undefined;
  // Where checkout is not gated, a signed-out shopper says where the receipt goes.
  const emailField = part('guest');
  if (emailField) emailField.hidden = signedInEmail !== undefined;
  const emailInput = root.querySelector<HTMLInputElement>('#checkout-email');

  const pay = part<HTMLButtonElement>('pay');
  const error = part('error');
  const showError = (text: string) => {
    if (error) {
      error.textContent = text;
      error.hidden = false;
    }
  };
  // Not from the browser's cache: the car page may ask again right after this shopper pays.
  const held = await fetch(carAvailabilityPath(car.id), { cache: 'no-store' })
    .then((r) => r.json() as Promise<{ reserved?: unknown }>)
    .then((a) => a.reserved === true)
    .catch(() => false);
  if (held) {
    // The hold may be this shopper's own, from a deposit they just paid: say so, with the receipt.
    const mine = await getMyReservation(String(car.id));
    const receipt = mine.ok ? depositReceipt(mine.value, { locale: site.locale, time_zone: root.dataset.timeZone ?? 'UTC' }) : undefined;
    if (receipt) return showReceipt(root, receipt, win);
  }
  if (held || car.status !== 'in_stock') {
    const reserved = part('reserved');
    if (reserved) reserved.hidden = false;
    return;
  }
  const retail = (flow_outcome: string) => trackAsc('asc_retail_process', { ...ascItem(car), flow_name: 'reservation', flow_outcome, department: 'sales' });
  retail('start');
  const payArea = part('pay-area');
  if (payArea) payArea.hidden = false;
  pay?.addEventListener('click', () => {
    pay.disabled = true;
    if (error) error.hidden = true;
    void startReservation(String(car.id), signedInEmail ? undefined : emailInput?.value.trim()).then((result) => {
      if (result.ok) {
        retail('payment');
        win.location.assign(result.value.redirect_url);
        return;
      }
      pay.disabled = false;
      showError(result.error);
    });
  });
}
