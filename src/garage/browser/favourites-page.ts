/**
 * /favourites: the shopper's saved cars with their price and status as search lists them now
 * (a sold car says so, one the site no longer lists says that), a remove button each, and a
 * pick of 2 to 4 to compare. The list is the saved-cars store, so a car saved or removed in
 * another tab appears or goes here too.
 */
import { carPath, type CarView } from '../../stock/model/car';
import type { SavedCar } from '../../saved-cars/model/saved-list';
import { removeSavedCar, savedCars } from '../../saved-cars/browser/saved-cars';
import { fetchCarsByIds } from '../../cars/browser/fetch-car';
import { comparePath, MAX_COMPARE, MIN_COMPARE } from '../model/compare';
import { liveCarText, showsFinanceTerms } from '../model/live-car';
import { garageSite, showFinanceTerms, type GarageSite } from './garage-site';

export function initFavouritesPage(doc: Document = document): void {
  const root = doc.querySelector<HTMLElement>('[data-favourites]');
  const site = root && garageSite(root);
  if (!root || !site) return;
  const live = new Map<string, CarView | null>();
  let liveFailed = false;
  const picked = new Set<string>();

  const render = (saved: readonly SavedCar[]): void => renderList(root, site, saved, live, liveFailed, picked);
  const $list = savedCars(site.slug);
  $list.subscribe(render);

  // Live price and status, asked once for the cars saved when the page opened and again for any saved later.
  const refresh = async (saved: readonly SavedCar[]): Promise<void> => {
    const ids = saved.map((car) => car.id).filter((id) => !live.has(id));
    if (ids.length === 0) return;
    const cars = await fetchCarsByIds(ids, site.search);
    liveFailed = cars === undefined;
    if (cars) for (const id of ids) live.set(id, cars.find((car) => String(car.id) === id) ?? null);
    render($list.get());
  };
  $list.subscribe((saved) => void refresh(saved));

  root.addEventListener('change', (event) => {
    const box = event.target as HTMLInputElement;
    if (!box.matches('[data-compare-pick]')) return;
    const id = box.value;
    if (box.checked) picked.add(id);
    else picked.delete(id);
    render($list.get());
  });
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-remove]');
    if (!button?.value) return;
    picked.delete(button.value);
    removeSavedCar(site.slug, button.value);
    root.querySelector<HTMLElement>('h1')?.focus();
  });
}

function renderList(
  root: HTMLElement,
  site: GarageSite,
  saved: readonly SavedCar[],
  live: Map<string, CarView | null>,
  liveFailed: boolean,
  picked: Set<string>,
): void {
  const list = root.querySelector<HTMLElement>('[data-favourites-list]');
  const item = root.querySelector<HTMLTemplateElement>('[data-favourite-item]');
  const empty = root.querySelector<HTMLElement>('[data-favourites-empty]');
  const status = root.querySelector<HTMLElement>('[data-favourites-status]');
  const compare = root.querySelector<HTMLAnchorElement>('[data-compare-link]');
  const hint = root.querySelector<HTMLElement>('[data-compare-hint]');
  if (!list || !item) return;

  for (const id of picked) if (!saved.some((car) => car.id === id)) picked.delete(id);
  list.replaceChildren(
    ...saved.map((car) => {
      const li = item.content.firstElementChild!.cloneNode(true) as HTMLElement;
      const now = live.get(car.id);
      const part = (name: string) => li.querySelector<HTMLElement>(`[data-part="${name}"]`);
      const link = part('link') as HTMLAnchorElement | null;
      if (link) {
        link.href = carPath(car.slug);
        link.textContent = car.name;
      }
      const image = li.querySelector<HTMLImageElement>('img');
      if (image) {
        if (car.primary_image_url) image.src = car.primary_image_url;
        else image.remove();
      }
      const price = part('price');
      const state = part('state');
      if (price && state) {
        const text = liveCarText(now, site, liveFailed);
        price.textContent = text.price;
        state.textContent = text.state;
        state.hidden = text.state === '';
        if (text.status) li.dataset.status = text.status;
      }
      const box = li.querySelector<HTMLInputElement>('[data-compare-pick]');
      if (box) {
        box.value = car.id;
        box.checked = picked.has(car.id);
        box.disabled = !box.checked && picked.size >= MAX_COMPARE;
        box.setAttribute('aria-label', `Compare ${car.name}`);
      }
      const remove = li.querySelector<HTMLButtonElement>('[data-remove]');
      if (remove) {
        remove.value = car.id;
        remove.setAttribute('aria-label', `Remove ${car.name}`);
      }
      return li;
    }),
  );
  list.hidden = saved.length === 0;
  showFinanceTerms(
    root,
    showsFinanceTerms(
      saved.map((car) => live.get(car.id)),
      site,
    ),
  );
  if (empty) empty.hidden = saved.length > 0;
  if (status) status.textContent = saved.length === 0 ? '' : `${saved.length} saved ${saved.length === 1 ? 'car' : 'cars'}`;
  if (compare && hint) {
    const ids = [...picked];
    const ready = ids.length >= MIN_COMPARE;
    compare.hidden = !ready;
    if (ready) compare.href = comparePath(ids);
    hint.hidden = saved.length < MIN_COMPARE || ready;
  }
}
