/** One car by slug from the search engine (a multi-search on the site's index), for the refresh and the shell. */
import { type CarView } from '../../stock/model/car';
import { carSearchRequest, carsByIdRequest, firstHit, firstResultHits, parseCarHit } from '../../stock/model/car-hit';
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

/** POSTs a multi-search to the site's search; undefined on any failure. */
async function multiSearch(body: unknown, config: SearchConfig, origin: string): Promise<unknown> {
  const host = resolveSearchHost({ host: config.host, apiKey: config.apiKey, indexUid: config.indexUid }, origin);
  const response = await fetch(`${host}/multi-search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return response.ok ? response.json() : undefined;
}

/**
 * Cars by stock id, as they are listed now (price, status), in no particular order. A car the
 * site no longer lists is simply absent; undefined when search could not be asked.
 */
export async function fetchCarsByIds(ids: readonly string[], config: SearchConfig, origin = window.location.origin): Promise<CarView[] | undefined> {
  if (ids.length === 0) return [];
  try {
    const hits = firstResultHits(await multiSearch(carsByIdRequest(ids, config.indexUid), config, origin));
    return hits?.map(parseCarHit).filter((car): car is CarView => car !== null && ids.includes(String(car.id)));
  } catch {
    return undefined;
  }
}

export async function fetchCar(slug: string, config: SearchConfig, origin = window.location.origin): Promise<CarLookup> {
  try {
    const hit = firstHit(await multiSearch(carSearchRequest(slug, config.indexUid), config, origin));
    if (hit === undefined) return { kind: 'failed' };
    if (hit === null) return { kind: 'missing' };
    const car = parseCarHit(hit);
    // A hit for another slug would be an engine that ignored the filter: not this car.
    return car && car.slug === slug ? { kind: 'found', car } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
