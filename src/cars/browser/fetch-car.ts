/** One car by slug from the search engine (a multi-search on the site's index), for the refresh and the shell. */
import { type CarView } from '../../stock/model/car';
import { carSearchRequest, firstHit, parseCarHit } from '../../stock/model/car-hit';
import { resolveSearchHost } from '../../platform/config/search-endpoint';

export type CarLookup = { kind: 'found'; car: CarView } | { kind: 'missing' } | { kind: 'failed' };

export interface SearchConfig {
  host: string;
  apiKey: string;
  indexUid: string;
}

/** Reads `data-search-host`, `data-search-key` and `data-index-uid` off an element. */
export function searchConfig(el: HTMLElement): SearchConfig | undefined {
  const { searchHost, searchKey = '', indexUid } = el.dataset;
  return searchHost && indexUid ? { host: searchHost, apiKey: searchKey, indexUid } : undefined;
}

const TIMEOUT_MS = 8000;

export async function fetchCar(slug: string, config: SearchConfig, origin = window.location.origin): Promise<CarLookup> {
  try {
    const host = resolveSearchHost({ host: config.host, apiKey: config.apiKey, indexUid: config.indexUid }, origin);
    const response = await fetch(`${host}/multi-search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify(carSearchRequest(slug, config.indexUid)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return { kind: 'failed' };
    const hit = firstHit(await response.json());
    if (hit === undefined) return { kind: 'failed' };
    if (hit === null) return { kind: 'missing' };
    const car = parseCarHit(hit);
    // A hit for another slug would be an engine that ignored the filter: not this car.
    return car && car.slug === slug ? { kind: 'found', car } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
