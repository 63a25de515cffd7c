/** The name "Save this search" offers: the results' heading, which follows the search, cut to the API's 80 characters. */
import { SEARCH_NAME_MAX } from './paths';

export function searchNameOf(heading: string | null | undefined): string {
  const name = (heading ?? '').replace(/\s+/g, ' ').trim();
  if (!name) return 'My search';
  return name.length <= SEARCH_NAME_MAX ? name : `${name.slice(0, SEARCH_NAME_MAX - 1).trimEnd()}…`;
}
