/**
 * Which of the newly arrived cars a saved search lists, worked out the way the search page works
 * it out, so an alert never names a car the shopper's search would not show:
 *
 * - the path and query string are read by the site's own routing (`routeToState`, as the search
 *   page reads its address), with the stock's own values as vocabulary (as the page has them);
 * - the state becomes the filter the page sends (`searchFilter`: the site filter, the template and
 *   franchise filters, the listing rule with its sold window, then the shopper's refinements and
 *   ranges), and its words the text the page sends (`searchText`);
 * - the embedded engine answers it over the whole stock, scoped to the new cars.
 *
 * One difference on purpose: search words must all match (`matchingStrategy: 'all'`). The page
 * also lists cars matching only the first words, ranked below; an email that says "a new car
 * matches your search" should be about a car that has every word the shopper typed.
 */
import { RequestCache, SearchEngine, type DocumentSet } from '@dealer-sites/search-engine';
import type { DealerConfig } from '../../platform/config/schema';
import { indexSettings } from '../../search/model/index-settings';
import { searchFilter, searchSort, searchText } from '../../search/model/query';
import { indexSort, withSortPrice } from '../../search/model/sort-price';
import { dealerIndexSettings } from '../../search/model/text-settings';
import { routeToState, type Vocabulary } from '../../search/model/routing';
import { refinementFields, type RefinementField, type SearchState } from '../../search/model/state';
import type { Vehicle } from '../../stock/model/vehicle';

export type MatchSite = Pick<DealerConfig, 'search' | 'manufacturer'> & Partial<Pick<DealerConfig, 'manufacturers' | 'models' | 'locations' | 'dealerships'>>;

export interface SavedSearchMatcher {
  /** Ids of the candidate cars the search at `path` lists, in the order the search sorts them. */
  match(path: string): string[];
}

/**
 * The stock's values per field, from the cars a listing shows: the values the search pages read
 * paths with (`vocabularyFromFacets(landingFacets(listed))` at build time), without counting the
 * joint facets the landing pages also need, which would take longer than all the matching.
 */
export function stockVocabulary(vehicles: readonly Vehicle[]): Vocabulary {
  const values = new Map<RefinementField, Set<string>>(refinementFields.map((field) => [field, new Set<string>()]));
  for (const car of vehicles) {
    if (car.status === 'sold') continue;
    for (const field of refinementFields) {
      const value: unknown = (car as Partial<Record<RefinementField, unknown>>)[field];
      const set = values.get(field)!;
      if (Array.isArray(value)) {
        for (const item of value) if (typeof item === 'string') set.add(item);
      } else if (typeof value === 'string') {
        if (value !== '') set.add(value);
      } else if (typeof value === 'number' || typeof value === 'boolean') set.add(String(value));
    }
  }
  const vocabulary: Vocabulary = {};
  for (const [field, set] of values) if (set.size > 0) vocabulary[field] = [...set];
  return vocabulary;
}

/** The search a saved path stands for, whatever page of results it was saved on. */
export function savedSearchState(path: string, site: MatchSite, vocabulary: Vocabulary): SearchState {
  const { page: _page, ...state } = routeToState(path, site, vocabulary);
  return state;
}

/**
 * A matcher over `vehicles` (the dealer's whole stock) that only ever answers with ids from
 * `candidates`. Answers are kept per path: many shoppers save the same searches.
 */
export function savedSearchMatcher(site: MatchSite, vehicles: readonly Vehicle[], candidates: ReadonlySet<string>, nowSeconds: number): SavedSearchMatcher {
  const ids = [...candidates].filter((id) => /^\d{1,16}$/.test(id));
  if (ids.length === 0) return { match: () => [] };
  const engine = new SearchEngine(vehicles.map(withSortPrice), dealerIndexSettings(site));
  const scope: DocumentSet | null = engine.matching([`id IN [${ids.join(', ')}]`]);
  if (!scope) return { match: () => [] };
  const vocabulary = stockVocabulary(vehicles);
  const cache = new RequestCache();
  const answers = new Map<string, string[]>();
  const limit = Math.min(ids.length, indexSettings.pagination.maxTotalHits);
  return {
    match(path) {
      let answer = answers.get(path);
      if (answer) return answer;
      const state = savedSearchState(path, site, vocabulary);
      const result = engine.search(
        {
          q: searchText(state.query),
          offset: 0,
          limit,
          filter: searchFilter(state, { site, nowSeconds }),
          sort: indexSort(searchSort(state, site)),
          attributesToRetrieve: ['id'],
          highlightPreTag: '',
          highlightPostTag: '',
          matchingStrategy: 'all',
        },
        cache,
        scope,
      );
      answer = result.hits.map((hit) => String(hit.id));
      answers.set(path, answer);
      return answer;
    },
  };
}
