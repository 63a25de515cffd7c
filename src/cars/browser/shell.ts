/**
 * The car shell (src/pages/shell/car.astro): a car added after the last build. Reads the slug
 * from the address, fetches the car from search and fills the car page CarPage.astro rendered
 * without a car: values go into the elements named by `data-slot`, repeated items are cloned
 * from the `<template>` beside them. No markup is written here, so the shell cannot drift from
 * the prerendered page. All feed text goes in through textContent or attributes, never HTML.
 */
import { CAR_TYPE_LABELS, carSlugFromPath, type CarSite, type CarView } from '../../stock/model/car';
import {
  carTitle,
  GALLERY_WIDTHS,
  assistantCarMetadata,
  carDealershipSlug,
  galleryImages,
  keySpecs,
  safetyBannerClasses,
  shareLinks,
  tradeInLink,
  checkoutLink,
  personalisedFinanceLink,
  type GalleryImage,
} from '../../stock/model/car-page';
import { imageSrcSet } from '../../stock/model/images';
import { vehicleEnquiryCategory } from '../../stock/model/enquiry-category';
import { formatDistance, wording } from '../../platform/formats/region';
import { slugify } from '../../platform/formats/slugify';
import { fetchCar, searchConfig } from './fetch-car';
import { applyLiveState } from './live';
import { initGallery } from './gallery';
import { initShare } from './share';
import { initSafetyBanner } from './safety-banner';
import type { SaveButtons } from '../../saved-cars/browser/save-buttons';

export function initCarShell(doc: Document = document, win: Window = window, saveButtons?: SaveButtons): void {
  const root = doc.querySelector<HTMLElement>('[data-car-shell]');
  const article = root?.querySelector<HTMLElement>('[data-shell-car]');
  const site = readSite(doc);
  if (!root || !article || !site) return;
  const retry = root.querySelector<HTMLButtonElement>('[data-shell-retry]');
  const load = () => void loadCar(root, article, site, doc, win, saveButtons);
  retry?.addEventListener('click', load);
  load();
}

function readSite(doc: Document): CarSite | undefined {
  try {
    const parsed: unknown = JSON.parse(doc.getElementById('car-shell-site')?.textContent ?? '');
    // Written by this build (serializeJsonLd of carSite): trusted shape, but still check it is one.
    return typeof parsed === 'object' && parsed !== null && 'url' in parsed ? (parsed as CarSite) : undefined;
  } catch {
    return undefined;
  }
}

type Message = 'loading' | 'missing' | 'failed';

function showMessage(root: HTMLElement, kind: Message): void {
  const text: Record<Message, [string, string]> = {
    loading: ['Loading car details…', 'One moment while we fetch this car.'],
    missing: ['Car not found', 'This car may have been sold or is no longer listed. Browse our stock for similar cars.'],
    failed: ['We could not load this car', 'Something went wrong while fetching this car. Please try again in a moment.'],
  };
  const [title, body] = text[kind];
  const set = (selector: string, value: string) => {
    const el = root.querySelector<HTMLElement>(selector);
    if (el) el.textContent = value;
  };
  set('[data-shell-title]', title);
  set('[data-shell-text]', body);
  const actions = root.querySelector<HTMLElement>('[data-shell-actions]');
  if (actions) actions.hidden = kind === 'loading';
  const retry = root.querySelector<HTMLElement>('[data-shell-retry]');
  if (retry) retry.hidden = kind !== 'failed';
  root.dataset.shellState = kind;
}

async function loadCar(root: HTMLElement, article: HTMLElement, site: CarSite, doc: Document, win: Window, saveButtons?: SaveButtons): Promise<void> {
  showMessage(root, 'loading');
  const slug = carSlugFromPath(win.location.pathname);
  const config = searchConfig(article);
  if (!slug || !config) {
    showMessage(root, 'missing');
    return;
  }
  const result = await fetchCar(slug, config);
  if (result.kind !== 'found') {
    showMessage(root, result.kind);
    return;
  }
  renderCar(root, article, result.car, site, doc, win);
  saveButtons?.setCar(result.car);
  // The ASC car page view: loaded now rather than with the page, so car pages built with their car
  // do not ship it.
  const car = result.car;
  void Promise.all([import('../../stock/model/asc-item'), import('../../platform/web/asc-page')])
    .then(([{ ascItem }, { trackAscItemPage }]) => trackAscItemPage(ascItem(car)))
    .catch(() => undefined);
}

function renderCar(root: HTMLElement, article: HTMLElement, car: CarView, site: CarSite, doc: Document, win: Window): void {
  const message = root.querySelector<HTMLElement>('[data-shell-message]');
  const w = wording(site.locale);
  const slot = <T extends HTMLElement = HTMLElement>(name: string) => article.querySelector<T>(`[data-slot="${name}"]`);
  const fill = (name: string, text: string | undefined) => {
    const el = slot(name);
    if (!el) return;
    el.textContent = text ?? '';
    el.hidden = !text;
  };
  const searchPath = root.dataset.searchPath ?? '/';
  const makePath = `/search/${slugify(car.make)}`;

  doc.title = `${carTitle(car)} | ${root.dataset.siteName ?? site.name}`;
  article.dataset.carSlug = car.slug;
  const makeLink = slot<HTMLAnchorElement>('make-link');
  if (makeLink) {
    makeLink.href = car.make ? makePath : searchPath;
    makeLink.textContent = car.make || w('All stock');
  }
  fill('crumb-name', car.name);
  fill('name', car.name);
  fill('car-type', CAR_TYPE_LABELS[car.car_type]);
  fill('badge', car.badge);
  fill('variant', car.variant && !car.name.includes(car.variant) ? car.variant : undefined);
  const similar = slot<HTMLAnchorElement>('similar-link');
  if (similar && car.make && car.model) {
    similar.href = `${makePath}/${slugify(car.model)}`;
    similar.textContent = `See similar ${car.make} ${car.model} cars`;
  }
  fillList(
    slot('facts'),
    [String(car.year), formatDistance(car.km, site.units, site.locale), car.fuel && w(car.fuel), car.transmission]
      .filter((f): f is string => Boolean(f))
      .map((f) => [f]),
  );
  fillList(
    slot('specs'),
    keySpecs(car, site).map((spec) => [spec.label, spec.value]),
  );
  fillList(
    slot('features'),
    car.filtered_features.map((f) => [f]),
  );
  const featuresSection = slot('features-section');
  if (featuresSection) featuresSection.hidden = car.filtered_features.length === 0;
  fill('description', car.description);
  const descriptionSection = slot('description-section');
  if (descriptionSection) descriptionSection.hidden = !car.description;
  const tradeIn = slot<HTMLAnchorElement>('trade-in-link');
  if (tradeIn) tradeIn.href = tradeInLink(car);
  const quote = slot<HTMLAnchorElement>('personalised-finance-link');
  if (quote) quote.href = personalisedFinanceLink(car);

  const gallery = slot('gallery');
  if (gallery) fillGallery(gallery, galleryImages(car, site), car.name, site);

  const location = showLocation(article, car);
  const dealership = carDealershipSlug(car, site, location);
  article.querySelectorAll<HTMLElement>('[data-finance-link]').forEach((link) => {
    if (dealership) link.dataset.dealership = dealership;
  });
  const category = article.querySelector<HTMLInputElement>('#enquire input[name="category"]');
  if (category) category.value = vehicleEnquiryCategory(car.car_type);
  if (location?.id !== undefined) {
    const select = article.querySelector<HTMLSelectElement>('#enquire select[name="location"]');
    if (select) select.value = String(location.id);
  }

  const url = new URL(`/cars/${car.slug}`, win.location.origin).href;
  const share = article.querySelector<HTMLElement>('[data-share]');
  if (share) {
    share.dataset.shareUrl = url;
    for (const link of shareLinks(url, car.name)) {
      const a = share.querySelector<HTMLAnchorElement>(`[data-share-link="${link.network}"]`);
      if (a) a.href = link.href;
    }
  }

  const banner = article.querySelector<HTMLElement>('[data-safety-banner]');
  const configured = site.features.safety_banner?.classes ?? [];
  if (banner) {
    const classes = safetyBannerClasses(configured, car);
    banner.querySelectorAll<HTMLElement>('[data-safety-class]').forEach((widget) => {
      widget.hidden = !classes.some((c) => c === widget.dataset.safetyClass);
      if (car.vin) widget.dataset.vin = car.vin;
      widget.dataset.make = car.make;
      widget.dataset.model = car.model;
      widget.dataset.year = String(car.year);
    });
    banner.hidden = classes.length === 0;
  }

  const metadata = doc.createElement('script');
  metadata.type = 'application/json';
  metadata.id = 'assistant-car-metadata';
  metadata.textContent = JSON.stringify(assistantCarMetadata(car, site, location));
  article.append(metadata);

  applyLiveState(article, car, site);
  // Reserving is offered for a car in stock with a price, as the build renders it.
  const reserve = slot<HTMLAnchorElement>('checkout-link');
  if (reserve) {
    const href = car.status === 'in_stock' && car.price > 0 ? checkoutLink(car, site) : undefined;
    reserve.hidden = href === undefined;
    if (href) reserve.href = href;
    reserve.dataset.carId = String(car.id);
  }
  if (message) message.hidden = true;
  article.hidden = false;
  root.dataset.shellState = 'found';
  initGallery(article);
  initShare(article, win);
  initSafetyBanner(article, doc);
}

/**
 * Replaces a list's items with one clone of its `<template>` item per row, writing a row's
 * values into the item's innermost elements in order (an `<li>` takes one, a `<dt>`/`<dd>` pair two).
 */
function fillList(list: HTMLElement | null, rows: string[][]): void {
  const item = list?.querySelector('template')?.content.firstElementChild;
  if (!list || !item) return;
  const items = rows.map((row) => {
    const clone = item.cloneNode(true) as Element;
    const leaves = clone.children.length > 0 ? [...clone.querySelectorAll('*')].filter((el) => el.children.length === 0) : [clone];
    leaves.forEach((leaf, i) => {
      leaf.textContent = row[i] ?? '';
    });
    return clone;
  });
  list.querySelectorAll(':scope > :not(template)').forEach((old) => old.remove());
  list.prepend(...items);
}

/** Clones the gallery template and keeps the parts the photo count calls for (as CarGallery.astro). */
function fillGallery(gallery: HTMLElement, images: GalleryImage[], name: string, site: CarSite): void {
  const template = gallery.querySelector('template');
  if (!template) return;
  const parts = template.content.cloneNode(true) as DocumentFragment;
  const count = images.length;
  const alt = (i: number) => (count > 1 ? `${name}, photo ${i + 1} of ${count}` : name);
  const srcset = (url: string) => imageSrcSet(url, site, GALLERY_WIDTHS);
  const remove = (selector: string) => parts.querySelectorAll(selector).forEach((el) => el.remove());
  const main = parts.querySelector<HTMLImageElement>('[data-gallery-main]');
  const first = images[0];
  if (!first || !main) {
    remove('[data-gallery-main], [data-gallery-step], [data-gallery-count], [data-gallery-thumbs]');
  } else {
    remove('.car-gallery-empty');
    const firstSet = srcset(first.url);
    if (firstSet) main.srcset = firstSet;
    else main.removeAttribute('sizes');
    main.src = first.src;
    main.alt = alt(0);
  }
  if (count < 2) remove('[data-gallery-step], [data-gallery-count], [data-gallery-thumbs]');
  else {
    const counter = parts.querySelector('[data-gallery-count]');
    if (counter) counter.textContent = `1 / ${count}`;
    const thumbs = parts.querySelector('[data-gallery-thumbs]');
    const item = thumbs?.firstElementChild;
    if (thumbs && item) {
      thumbs.replaceChildren(
        ...images.map((image, i) => {
          const li = item.cloneNode(true) as HTMLElement;
          const button = li.querySelector<HTMLButtonElement>('[data-gallery-thumb]');
          const img = li.querySelector<HTMLImageElement>('img');
          if (button) {
            button.dataset.src = image.src;
            const set = srcset(image.url);
            if (set) button.dataset.srcset = set;
            button.dataset.alt = alt(i);
            button.setAttribute('aria-label', `Show photo ${i + 1} of ${count}`);
            button.setAttribute('aria-pressed', String(i === 0));
          }
          if (img) img.src = image.thumb;
          return li;
        }),
      );
    }
  }
  gallery.replaceChildren(parts);
}

/** Reveals the location card of the car's location (by id, else name), else keeps the first. */
function showLocation(article: HTMLElement, car: CarView): { id: string; dealership_id?: string; dealership_slug?: string } | undefined {
  const cards = [...article.querySelectorAll<HTMLElement>('[data-location-card]')];
  const name = car.location_name?.trim().toLowerCase();
  const match =
    cards.find((c) => car.location_id !== undefined && c.dataset.locationCard === String(car.location_id)) ??
    cards.find((c) => name && c.dataset.locationName?.trim().toLowerCase() === name) ??
    cards[0];
  cards.forEach((c) => {
    c.hidden = c !== match;
  });
  const { locationCard, dealershipId, dealershipSlug } = match?.dataset ?? {};
  if (!locationCard) return undefined;
  return { id: locationCard, ...(dealershipId ? { dealership_id: dealershipId } : {}), ...(dealershipSlug ? { dealership_slug: dealershipSlug } : {}) };
}
