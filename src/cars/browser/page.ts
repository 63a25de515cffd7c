/**
 * The car page: gallery, share menu, save toggle, lazy safety banner, and live price and status. The car shell
 * (the same page rendered without a car) loads its filler as a chunk of its own, so prerendered
 * car pages never download it.
 */
import { initGallery } from './gallery';
import { initShare } from './share';
import { initSafetyBanner } from './safety-banner';
import { fetchCar, searchConfig } from './fetch-car';
import { applyLiveState, siteFromDataset } from './live';
import { initSaveButtons } from '../../saved-cars/browser/save-buttons';
import { carAvailabilityPath } from '../../stock/model/car-page';
import { RESERVED_LABEL } from '../../stock/model/car';

export function initCarPage(doc: Document = document): void {
  const article = doc.querySelector<HTMLElement>('[data-car]');
  const saveButtons = initSaveButtons(article?.dataset.siteSlug ?? '', article ?? doc);
  if (article?.hasAttribute('data-shell-car')) {
    void import('./shell').then(({ initCarShell }) => initCarShell(doc, window, saveButtons));
    return;
  }
  initGallery(doc);
  initShare(doc);
  initNoticePrint(doc);
  initSafetyBanner(doc, doc);
  if (article) void refreshCar(article).then(() => showHold(article));
}

/** "Print this notice" (NZ used cars): prints the Consumer Information Notice alone. */
export function initNoticePrint(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>('[data-print-notice]');
  const view = doc.defaultView;
  if (!button || !view) return;
  button.hidden = false;
  button.addEventListener('click', () => {
    doc.documentElement.dataset.printing = 'notice';
    view.addEventListener('afterprint', () => delete doc.documentElement.dataset.printing, { once: true });
    view.print();
  });
}

/**
 * A car held by a shopper's deposit since the build: 'Reserved', and no checkout button. Asked
 * only where the page offers checkout; the answer is cached a few seconds at the edge.
 */
export async function showHold(article: HTMLElement, fetcher: typeof fetch = fetch): Promise<void> {
  const link = article.querySelector<HTMLElement>('[data-checkout-link]');
  const id = link?.dataset.carId;
  if (!link || !id || article.dataset.status !== 'in_stock') return;
  try {
    // Revalidated, never the browser's copy: a shopper who just paid comes back to this page.
    const answer = (await (await fetcher(carAvailabilityPath(id), { cache: 'no-cache' })).json()) as { reserved?: unknown };
    if (answer.reserved !== true) return;
  } catch {
    return;
  }
  link.hidden = true;
  const pill = article.querySelector<HTMLElement>('[data-car-status]');
  if (pill) pill.textContent = RESERVED_LABEL;
  article.dataset.reserved = 'true';
}

/** A failed lookup leaves the prerendered values: they were right at build time. */
export async function refreshCar(article: HTMLElement): Promise<void> {
  const slug = article.dataset.carSlug;
  const config = searchConfig(article);
  const site = siteFromDataset(article);
  if (!slug || !config || !site) return;
  const result = await fetchCar(slug, config);
  if (result.kind === 'failed') return;
  applyLiveState(article, result.kind === 'found' ? result.car : null, site);
  article.dataset.refreshed = 'true';
}
