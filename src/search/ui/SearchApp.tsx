/**
 * The search island of the /search pages: InstantSearch over the dealer's stock, routed
 * through our SEO paths. Prerendered pages pass `serverState` (the first page of results, built
 * with the same client), so the static HTML already lists cars and hydration starts from it
 * without a request.
 */
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SearchClient, UiState } from 'instantsearch.js';
import {
  Configure,
  InstantSearch,
  InstantSearchSSRProvider,
  useConnector,
  useInstantSearch,
  useInstantSearchContext,
  type InstantSearchServerState,
} from 'react-instantsearch';
import { clearedUiState, refinementChips } from '../browser/chips';
import { createSearchClient } from '../browser/client';
import { toCardHits } from '../browser/hits';
import { attributeLabel, facetDefinitions, rangeDefinitions, sortItems, unshownFields, valueLabel } from '../browser/labels';
import { retryDelay } from '../browser/retry';
import { createSearchRouting } from '../browser/router';
import { tileLimit } from '../browser/tiles';
import { indexNameForSort, uiStateToSearchState } from '../browser/ui-state';
import { addCollectedWidgets, collectWidgetAdditions } from '../browser/widgets-together';
import { formatDistance, formatMoney, currencyFor } from '../../platform/formats/region';
import { newAndDemoJoined } from '../model/car-type';
import { resolveSearchHost, searchEndpoint } from '../../platform/config/search-endpoint';
import { isPreOwnedSite, type Vocabulary } from '../model/routing';
import { NEAREST_SORT } from '../model/near';
import type * as AfterHydration from './after-hydration';
import type { SearchSite } from '../model/site';
import { HITS_PER_PAGE, type SearchState } from '../model/state';
import { CurrentRefinements } from './CurrentRefinements';
import { FacetTiles } from './FacetTiles';
import { FilterDrawer } from './FilterDrawer';
import { type CardSite } from './HitCard';
import { CARD_ATTRIBUTES } from '../model/card-attributes';
import { Icon } from './Icon';
import { KeywordBox } from './KeywordBox';
import { Pagination } from './Pagination';
import { RangeFacet, VirtualRange } from './RangeFacet';
import { RefinementFacet, VirtualRefinement } from './RefinementFacet';
import { EmptyStateView, HitListView, ResultCountView } from './Results';
import { SortSelect } from './SortSelect';

export interface SearchAppProps {
  site: SearchSite;
  /** What result cards need of the config. */
  card: CardSite;
  /** Stock values per path field, so slugs read back as the values they came from. */
  vocabulary?: Vocabulary;
  /** The URL this page was prerendered for; absent on the shell page, which reads the address bar. */
  prerenderedUrl?: string;
  /** The first page of results, computed at build time. */
  serverState?: InstantSearchServerState;
  /** The page heading the build chose; it follows the search once the shopper refines. */
  heading: string;
  /** Build time only: a client that answers in-process. Islands create their own. */
  searchClient?: SearchClient;
  /** Static markup the page puts beside the heading (the page's "Save this search"). */
  children?: ReactNode;
  /** Whether a postcode lookup can answer for this site (platform/config/postcode-coverage.ts); without one there is no nearest box. */
  nearest?: boolean;
}

/**
 * Keeps the UI state's `near` (the shopper's point) as a search parameter and reads it back, so
 * routing and every request see it. The helper keeps parameters it does not know.
 */
type Parameters = { near?: unknown; setQueryParameter: (key: string, value: unknown) => Parameters };
const connectNear = () => () => ({
  $$type: 'dealer.near',
  init() {},
  getWidgetUiState: (ui: object, { searchParameters }: { searchParameters: Parameters }) => ({ ...ui, near: searchParameters.near }),
  getWidgetSearchParameters: (parameters: Parameters, { uiState }: { uiState: { near?: unknown } }) => parameters.setQueryParameter('near', uiState.near),
});
function VirtualNear() {
  useConnector(connectNear as never, {});
  return null;
}

/**
 * The island's widgets join InstantSearch in one addition as it mounts (../browser/widgets-together.ts):
 * its children's layout effects, where each widget adds itself, run before this component's own.
 * In the browser only: on the server the widgets join as they render, before any effect.
 */
function WidgetsTogether({ children }: { children: ReactNode }) {
  const search = useInstantSearchContext();
  const mounted = useRef(false);
  if (typeof window !== 'undefined' && !mounted.current) collectWidgetAdditions(search.mainIndex);
  useLayoutEffect(() => {
    mounted.current = true;
    addCollectedWidgets(search.mainIndex);
  }, [search]);
  return children;
}

/**
 * The page marks itself pending before it paints when its address asks for another search than
 * the one prerendered (SearchPage.astro), so the wrong cars never show; the mark goes once the
 * island has the address's own results, or knows the prerendered ones are them.
 */
const showResults = () => {
  if (typeof document !== 'undefined') delete document.documentElement.dataset.searchPending;
};

/** The chunk that follows hydration (after-hydration.ts); one import site, so one preload list. */
const loadLater = () => import('./after-hydration');
/**
 * The reading of a typed query or an unknown search path (with the hero's request builders and
 * the shopper-words tables, about 6 KB gzip): asked for only by an address that carries one.
 */
const loadUnderstanding = () => import('../browser/understand');
/** The heading, title and canonical link for a search the shopper changed. */
const loadFollowSearch = () => import('./follow-search');

/**
 * The layout's parts re-render only when their own props or widget state change. The layout
 * itself re-renders on every change of the search's state, once as the island goes live (the
 * InstantSearch hook reads the state afresh), and again when the after-hydration chunk arrives:
 * re-rendering every facet and card each time made one task of about 60 ms on a 4x slowed phone.
 */
const Tiles = memo(FacetTiles);
const Refinement = memo(RefinementFacet);
const Range = memo(RangeFacet);
const Keywords = memo(KeywordBox);
const HitList = memo(HitListView);
const Pages = memo(Pagination);
const Sort = memo(SortSelect);
const Chips = memo(CurrentRefinements);
const HiddenRefinement = memo(VirtualRefinement);
const HiddenRange = memo(VirtualRange);

const FILTERS_ID = 'search-filters';
const RESULTS_ID = 'search-results';

function browserClient(site: SearchSite, units: CardSite['units']): SearchClient {
  const endpoint = searchEndpoint(site);
  // On the server this client is never asked anything (results come prerendered), so any origin does.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const { refinements, ranges } = unshownFields(site, units);
  return createSearchClient({
    site,
    host: resolveSearchHost(endpoint, origin),
    apiKey: endpoint.apiKey,
    indexUid: endpoint.indexUid,
    omitFacets: [...refinements, ...ranges],
  });
}

export default function SearchApp({ site, card, vocabulary, prerenderedUrl, serverState, heading, searchClient, children, nearest = true }: SearchAppProps) {
  const { indexUid } = searchEndpoint(site);
  const [client] = useState(() => searchClient ?? browserClient(site, card.units));
  const [routing] = useState(() =>
    createSearchRouting({
      site,
      indexUid,
      ...(vocabulary ? { vocabulary } : {}),
      ...(prerenderedUrl !== undefined ? { prerenderedUrl } : {}),
      ...(typeof window === 'undefined' ? {} : { win: window }),
      understand: (state: SearchState) =>
        loadUnderstanding().then((m) => m.understandSearch(state, { site, origin: window.location.origin, ...(vocabulary ? { vocabulary } : {}) })),
      readUnknownPath: (asMake: SearchState, asWords: SearchState) =>
        loadUnderstanding().then((m) => m.readUnknownPath(asMake, asWords, { site, origin: window.location.origin, ...(vocabulary ? { vocabulary } : {}) })),
    }),
  );
  // A passive effect on purpose: InstantSearch only starts searching again once its own effects
  // have run (it skips the first search when results came prerendered), and those run first.
  useEffect(() => {
    if (!routing.goLive()) showResults();
  }, [routing]);

  const tree = (
    <InstantSearch<UiState, SearchState>
      searchClient={client}
      indexName={indexUid}
      routing={{ router: routing.router, stateMapping: routing.stateMapping }}
      future={{ preserveSharedStateOnUnmount: true }}
      insights={false}
    >
      <WidgetsTogether>
        <Configure hitsPerPage={HITS_PER_PAGE} attributesToRetrieve={[...CARD_ATTRIBUTES]} attributesToHighlight={[]} />
        <VirtualNear />
        <SearchLayout site={site} card={card} heading={heading} indexUid={indexUid} nearest={nearest}>
          {children}
        </SearchLayout>
      </WidgetsTogether>
    </InstantSearch>
  );
  return serverState ? <InstantSearchSSRProvider {...serverState}>{tree}</InstantSearchSSRProvider> : tree;
}

interface SearchLayoutProps {
  site: SearchSite;
  card: CardSite;
  heading: string;
  indexUid: string;
  children?: ReactNode;
  nearest: boolean;
}

function SearchLayout({ site, card, heading, indexUid, children, nearest }: SearchLayoutProps) {
  const { status, results, refresh, indexUiState, setIndexUiState } = useInstantSearch({ catchError: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const number = useMemo(() => new Intl.NumberFormat(site.locale), [site.locale]);
  const formatCount = useCallback((count: number) => number.format(count), [number]);
  const currency = currencyFor(site.region);
  const facets = useMemo(() => facetDefinitions(site), [site]);
  const ranges = useMemo(() => rangeDefinitions(site, card.units), [site, card.units]);
  const { refinements: hiddenFields, ranges: hiddenRanges } = useMemo(() => unshownFields(site, card.units), [site, card.units]);
  const baseSorts = useMemo(() => sortItems(site, indexUid, card.units), [site, indexUid, card.units]);
  const preOwned = isPreOwnedSite(site);
  const labelFor = useCallback((attribute: string, value: string) => valueLabel(attribute, value, { preOwned }), [preOwned]);
  const fieldLabel = useCallback((attribute: string) => attributeLabel(attribute, facets, ranges), [facets, ranges]);
  const formatNumber = useCallback(
    (attribute: string, value: number) => {
      const definition = ranges.find((r) => r.attribute === attribute);
      if (definition?.format === 'money') return formatMoney(value, site.locale, currency);
      if (definition?.format === 'distance') return formatDistance(value, card.units, site.locale);
      return String(value);
    },
    [ranges, site.locale, currency, card.units],
  );

  // Real results only: before the first answer InstantSearch hands out an empty stand-in.
  const hasResults = !(results as { __isArtificial?: boolean }).__isArtificial;
  const count = hasResults ? results.nbHits : undefined;
  const hits = useMemo(() => (hasResults ? toCardHits(results.hits) : []), [hasResults, results]);
  const busy = status === 'loading' || status === 'stalled';
  const firstResults = useRef(results);
  useEffect(() => {
    if (results !== firstResults.current || status === 'error') showResults();
  }, [results, status]);

  // After a failure the error state stays up (over the last results) until a search succeeds,
  // and the search is retried on its own, further apart each time.
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (status === 'error') setFailed(true);
    if (status === 'idle') {
      setFailed(false);
      setAttempt(0);
    }
  }, [status]);
  useEffect(() => {
    if (status !== 'error') return undefined;
    const timer = window.setTimeout(() => {
      setAttempt((n) => n + 1);
      refresh();
    }, retryDelay(attempt));
    return () => window.clearTimeout(timer);
  }, [status, attempt, refresh]);

  // The heading and title follow the search once the shopper changes it; until then the build's
  // heading stays, so hydration matches the static HTML.
  const state = uiStateToSearchState(indexUiState, indexUid);
  const stateKey = JSON.stringify(state);
  const [shownHeading, setShownHeading] = useState(heading);
  const firstKey = useRef(stateKey);
  const followed = useRef(false);
  // What the island needs only once it is live (the postcode box, whose lookup is an API call, the
  // range filters' number boxes, the error notice) arrives just after hydration, in one chunk.
  const [later, setLater] = useState<typeof AfterHydration>();
  useEffect(() => {
    // In a task of its own after hydration's, and rendered as a transition: React renders the
    // re-rendered layout in slices between which the browser can answer the shopper.
    const timer = window.setTimeout(() => void loadLater().then((chunk) => startTransition(() => setLater(chunk))), 0);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!followed.current && stateKey === firstKey.current) return undefined;
    followed.current = true;
    let current = true;
    void loadFollowSearch().then(({ followSearch }) => {
      if (current) setShownHeading(followSearch(JSON.parse(stateKey) as SearchState, site));
    });
    return () => {
      current = false;
    };
  }, [stateKey, site]);

  const near = state.near;
  // "Nearest first" is always a sort the menu knows (so a new point can choose it), shown only with a point.
  const sorts = useMemo(() => [...baseSorts, { value: indexNameForSort(NEAREST_SORT, indexUid), label: 'Nearest first' }], [baseSorts, indexUid]);
  const rangeFormats = useMemo(
    () => new Map(ranges.map((definition) => [definition.attribute, (value: number) => formatNumber(definition.attribute, value)])),
    [ranges, formatNumber],
  );

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    filtersButton.current?.focus();
  }, []);
  const clearAll = () => setIndexUiState(clearedUiState);
  const toTop = useCallback(() => resultsHeading.current?.focus(), []);
  const chips = useMemo(
    () => refinementChips(JSON.parse(stateKey) as SearchState, { attribute: fieldLabel, value: labelFor, number: formatNumber }),
    [stateKey, fieldLabel, labelFor, formatNumber],
  );
  const activeFilters = chips.length;

  return (
    <div className="search-page">
      <div className="search-head">
        <h1>{shownHeading}</h1>
        <ResultCountView count={count} format={formatCount} />
        {children}
      </div>
      {failed && later && <later.SearchErrorView showingEarlier={hasResults} retrying={busy} onRetry={refresh} />}
      {site.search.categories.length > 1 && (
        <Tiles attribute="categories" title="Categories" limit={site.search.categories.length} valueLabel={labelFor} formatCount={formatCount} />
      )}
      <Tiles attribute="body" title="Body types" limit={tileLimit(site.search.custom_body_tiles)} valueLabel={labelFor} formatCount={formatCount} />
      {hiddenFields.map((field) => (
        <HiddenRefinement key={field} attribute={field} />
      ))}
      {hiddenRanges.map((field) => (
        <HiddenRange key={field} attribute={field} />
      ))}
      <div className="search-layout">
        <FilterDrawer id={FILTERS_ID} open={drawerOpen} onClose={closeDrawer} count={count} formatCount={formatCount}>
          <Keywords />
          {facets.map((facet) => (
            <Refinement
              key={facet.attribute}
              facet={facet}
              valueLabel={labelFor}
              formatCount={formatCount}
              newAndDemoJoined={facet.attribute === 'car_type' && newAndDemoJoined(site)}
            />
          ))}
          {ranges.map((definition) => (
            <Range key={definition.attribute} definition={definition} format={rangeFormats.get(definition.attribute) ?? String} Choices={later?.RangeChoices} />
          ))}
        </FilterDrawer>
        <section className="search-results" id={RESULTS_ID} aria-labelledby={`${RESULTS_ID}-title`} aria-busy={busy}>
          <h2 id={`${RESULTS_ID}-title`} className="sr-only" tabIndex={-1} ref={resultsHeading}>
            Results
          </h2>
          <div className="search-toolbar">
            <button
              type="button"
              ref={filtersButton}
              className="button button-outline filters-toggle"
              aria-controls={FILTERS_ID}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="filter" /> Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </button>
            <Sort items={sorts} shown={near ? sorts.length : baseSorts.length} />
          </div>
          {nearest && (
            <div className="nearest-slot">
              {later && <later.NearestBox region={site.region} unit={card.units} near={near} indexUid={indexUid} setIndexUiState={setIndexUiState} />}
            </div>
          )}
          <Chips chips={chips} setIndexUiState={setIndexUiState} />
          {hasResults && hits.length === 0 && !failed && !busy ? (
            <EmptyStateView {...(activeFilters > 0 ? { onClear: clearAll } : {})} />
          ) : (
            <HitList hits={hits} site={card} />
          )}
          <Pages onPage={toTop} />
        </section>
      </div>
    </div>
  );
}
