/**
 * The search island's parts that load just after hydration (see SearchApp): one chunk, one request.
 * Nothing here is needed for the first paint: the postcode box, the error notice, and the range
 * filters' number boxes and quick picks. What waits for the shopper has chunks of its own: the
 * wording of a changed search's heading (follow-search.ts) and the reading of a typed query
 * (../browser/understand.ts).
 */
export { NearestBox } from './NearestBox';
export { SearchErrorView } from './SearchError';
export { RangeChoices } from './RangeChoices';
