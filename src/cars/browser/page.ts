/** The prerendered car page: gallery, share menu, lazy safety banner, and live price and status. */
import { initGallery } from './gallery';
import { initShare } from './share';
import { initSafetyBanner } from './safety-banner';
import { fetchCar, searchConfig } from './fetch-car';
import { applyLiveState, siteFromDataset } from './live';

export function initCarPage(doc: Document = document): void {
  initGallery(doc);
  initShare(doc);
  initSafetyBanner(doc, doc);
  const article = doc.querySelector<HTMLElement>('[data-car]');
  if (article) void refreshCar(article);
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
