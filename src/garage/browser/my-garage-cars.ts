/**
 * My Garage's saved cars: the account's list merged with this device's (so a car saved before
 * signing in joins the account), each with its price and status as search lists it now, a remove
 * button, and "Ask the dealer to contact me about this car" with its own explicit opt-in.
 *
 * The list is the saved-cars store, so a change in another tab shows here too, and a removal here
 * goes to the account through the store's sync. Rows are kept by car, not redrawn, so a half-typed
 * message survives a change elsewhere in the list.
 */
import { carPath, type CarView } from '../../stock/model/car';
import type { SavedCar } from '../../saved-cars/model/saved-list';
import { removeSavedCar, savedCars } from '../../saved-cars/browser/saved-cars';
import { fetchCarsByIds } from '../../cars/browser/fetch-car';
import { checkFields } from '../../accounts/model/fields';
import { OFFLINE_ERROR, type Fetch } from '../../accounts/browser/account-api';
import { sendInterest } from '../../accounts/browser/account-calls';
import { loadAccountFields } from '../../accounts/browser/account-schemas';
import { mergeDeviceList } from '../../accounts/browser/device-list';
import { clearRefusal, setBusy, showRefusal } from '../../accounts/browser/form-ui';
import { liveCarText, showsFinanceTerms } from '../model/live-car';
import { savedCountText } from '../model/my-garage';
import { showFinanceTerms, type GarageSite } from './garage-site';
import { cloneWithIds, partOf, srOnly } from './template';

export interface CarsSectionDeps {
  fetch?: Fetch;
  /** A contact request was sent: the enquiries list has a new entry. */
  onInterestSent?: () => void;
  /** The session ended while the page was open. */
  onSignedOut: () => void;
  dealerName: string;
}

/** Puts `rows` in `list` in this order, moving only what is out of place (focus and open forms stay put). */
export function placeRows(list: HTMLElement, rows: readonly HTMLElement[]): void {
  rows.forEach((row, index) => {
    if (list.children[index] !== row) list.insertBefore(row, list.children[index] ?? null);
  });
  while (list.children.length > rows.length) list.lastElementChild?.remove();
}

export async function initSavedCarsSection(root: HTMLElement, site: GarageSite, deps: CarsSectionDeps): Promise<void> {
  const doc = root.ownerDocument;
  const list = partOf(root, 'cars');
  const template = partOf<HTMLTemplateElement>(root, 'car');
  const empty = partOf(root, 'cars-empty');
  const status = partOf(root, 'cars-status');
  const alert = partOf(root, 'cars-alert');
  if (!list || !template) return;

  const rows = new Map<string, HTMLElement>();
  const live = new Map<string, CarView | null>();
  let liveFailed = false;
  let merged = false;

  const row = (car: SavedCar): HTMLElement => {
    let li = rows.get(car.id);
    if (li) return li;
    li = cloneWithIds(template, `car-${car.id}`);
    const link = partOf<HTMLAnchorElement>(li, 'link');
    if (link) {
      link.href = carPath(car.slug);
      link.textContent = car.name;
    }
    const image = li.querySelector('img');
    if (image) {
      if (car.primary_image_url) image.src = car.primary_image_url;
      else image.remove();
    }
    const remove = partOf<HTMLButtonElement>(li, 'remove');
    if (remove) {
      remove.setAttribute('aria-label', `Remove ${car.name}`);
      remove.addEventListener('click', () => {
        removeSavedCar(site.slug, car.id);
        // The row is gone: focus goes to the list's heading rather than the top of the page.
        doc.getElementById('saved-cars-heading')?.focus();
      });
    }
    li.querySelector('summary')?.append(srOnly(doc, `: ${car.name}`));
    const form = partOf<HTMLFormElement>(li, 'interest');
    const done = partOf(li, 'interest-done');
    if (form && done) form.addEventListener('submit', (event) => void sendInterestForm(event, form, done, car, deps));
    rows.set(car.id, li);
    return li;
  };

  const render = (saved: readonly SavedCar[]): void => {
    const shown = saved.map((car) => {
      const li = row(car);
      const text = liveCarText(live.get(car.id), site, liveFailed);
      const price = partOf(li, 'price');
      const state = partOf(li, 'state');
      if (price) price.textContent = text.price;
      if (state) {
        state.textContent = text.state;
        state.hidden = text.state === '';
      }
      if (text.status) li.dataset.status = text.status;
      return li;
    });
    for (const id of rows.keys()) if (!saved.some((car) => car.id === id)) rows.delete(id);
    placeRows(list, shown);
    list.hidden = saved.length === 0;
    showFinanceTerms(
      root,
      showsFinanceTerms(
        saved.map((car) => live.get(car.id)),
        site,
      ),
    );
    if (empty) empty.hidden = !merged || saved.length > 0;
    if (status && merged) status.textContent = savedCountText(saved.length);
  };

  const refresh = async (saved: readonly SavedCar[]): Promise<void> => {
    const ids = saved.map((car) => car.id).filter((id) => !live.has(id));
    if (ids.length === 0) return;
    const cars = await fetchCarsByIds(ids, site.search);
    liveFailed = cars === undefined;
    if (cars) for (const id of ids) live.set(id, cars.find((car) => String(car.id) === id) ?? null);
    render(savedCars(site.slug).get());
  };

  if (status) status.textContent = 'Loading your saved cars…';
  const result = await mergeDeviceList(site.slug, { ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  if (!result.ok && result.status === 401) return deps.onSignedOut();
  merged = true;
  if (!result.ok && alert) alert.textContent = `Your saved cars on other devices could not be loaded: ${result.error}`;
  const $list = savedCars(site.slug);
  $list.subscribe(render);
  $list.subscribe((saved) => void refresh(saved));
}

async function sendInterestForm(event: SubmitEvent, form: HTMLFormElement, done: HTMLElement, car: SavedCar, deps: CarsSectionDeps): Promise<void> {
  event.preventDefault();
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button?.disabled) return;
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value.trim() : '';
  };
  const optIn = form.elements.namedItem('opt_in');
  const phone = value('phone');
  const message = value('message');
  setBusy(button, true);
  clearRefusal(form);
  try {
    const fields = await loadAccountFields().catch(() => undefined);
    if (!fields) return void showRefusal(form, { error: OFFLINE_ERROR, fields: {} });
    const checked = checkFields({
      car_id: [fields.carIdField, car.id],
      opt_in: [fields.optInField, optIn instanceof HTMLInputElement && optIn.checked],
      phone: [fields.interestPhoneField, phone || undefined],
      message: [fields.interestMessageField, message || undefined],
    });
    if (!checked.ok) return void showRefusal(form, { error: '', fields: checked.fields });
    const { car_id, opt_in, phone: checkedPhone, message: checkedMessage } = checked.values;
    const body = { car_id, opt_in, ...(checkedPhone ? { phone: checkedPhone } : {}), ...(checkedMessage ? { message: checkedMessage } : {}) };
    const result = await sendInterest(body, deps.fetch);
    if (!result.ok) {
      if (result.status === 401) return deps.onSignedOut();
      return void showRefusal(form, { error: result.error, fields: result.fields ?? {} });
    }
    form.hidden = true;
    done.hidden = false;
    done.textContent = `Sent. ${deps.dealerName} will be in touch about the ${car.name}.`;
    done.focus();
    deps.onInterestSent?.();
  } finally {
    setBusy(button, false);
  }
}
