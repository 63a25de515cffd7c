/**
 * The dealer's SearchSite travels to the browser as JSON in a non-executed
 * `<script type="application/json">` element (CSP-safe). The browser checks every field
 * before search code sees it: a page that carries anything else gets no search enhancements,
 * and its plain forms keep working.
 */
import { PATH_PATTERNS } from '../../../platform/config/path-patterns';
import type { DealerConfig } from '../../../platform/config/schema';
import type { SearchSite } from '../site';
import { refinementFields } from '../state';
import { attempt, boolean, either, every, list, number, object, oneOf, optional, pair, record, text, type Check } from './checks';

export const SEARCH_SITE_ELEMENT_ID = 'search-site';

type Features = DealerConfig['features'];
type Search = DealerConfig['search'];

const slugText = text(120);

const manufacturer = object({
  id: optional(either(number, text(40))),
  name: text(60),
  slug: slugText,
  logo: optional(object({ url: text(2000) })),
  url: optional(text(2000)),
});

const features = object({
  saved_cars: oneOf(every<Features['saved_cars']>()(['favourites', 'garage', 'compare'])),
  gated_pages: list(oneOf(every<Features['gated_pages'][number]>()(['checkout', 'finance', 'spin_to_win', 'online_payment', 'equifax_finance']))),
  enabled_pages: list(oneOf(every<Features['enabled_pages'][number]>()(['checkout', 'spin_to_win', 'online_payment', 'personalised_finance']))),
  online_payment_without_sign_in: boolean,
  phone_rule: oneOf(every<Features['phone_rule']>()(['au', 'au_mobile', 'au_nz_uk', 'nz', 'us'])),
  allow_by_appointment: boolean,
  message_optional: boolean,
  enquiry_button_label: oneOf(every<Features['enquiry_button_label']>()(['Enquire Now', 'Message Now'])),
  hear_about_us: oneOf(every<Features['hear_about_us']>()(['none', 'standard', 'alternate'])),
  enquiry_categories: list(text(60), 20),
  additional_services: list(text(60), 20),
  service_button_on_location_cards: boolean,
  popular_makes: boolean,
  make_sort: oneOf(every<Features['make_sort']>()(['volume', 'alphabetical', 'preferred'])),
  luxury_quick_picks: boolean,
  safety_banner: optional(object({ dealer_id: text(40), script_url: text(2000), classes: list(oneOf(every<'V' | 'N'>()(['V', 'N'])), 2) })),
  garage_page: optional(object({ path: text(200), title: optional(text(200)) })),
});

const search = object({
  default_search_path: optional(text(200)),
  search_filters: optional(text(2000)),
  host: optional(text(2000)),
  // The key, or a tenant token the build signed (a few hundred characters).
  read_only_key: optional(text(2000)),
  read_only_key_uid: optional(text(36)),
  index_uid: optional(text(100)),
  default_sort: optional(text(100)),
  price_asc_requires_price: boolean,
  path_patterns: list(oneOf(every<Search['path_patterns'][number]>()(PATH_PATTERNS)), 32),
  body_styles: list(text(30), 20),
  hero_options: list(oneOf(every<Search['hero_options'][number]>()(['all', 'new_demo', 'new', 'used', 'demo'])), 5),
  categories: list(oneOf(every<Search['categories'][number]>()(['cars', 'trucks', 'caravans', 'motorcycles', 'rental', 'subscription'])), 6),
  include_sold_cars_days: number,
  demo_stock: optional(number),
  custom_body_tiles: boolean,
  car_types: object({ new: number, demo: number, used: number }),
});

// Names routing reads paths back with (src/search/model/routing.ts `siteVocabulary`).
const vocabularyValues: Check<NonNullable<SearchSite['site_vocabulary']>['values']> = (value, path) => {
  const values = record(list(text(200), 2_000), 100)(value, path);
  return Object.fromEntries(Object.entries(values).filter(([field]) => (refinementFields as readonly string[]).includes(field)));
};

const siteVocabulary = object({
  values: vocabularyValues,
  cityStates: list(pair(text(200), text(200)), 2_000),
});

const searchSiteCheck = object({
  slug: slugText,
  name: text(500),
  region: oneOf(every<SearchSite['region']>()(['AU', 'NZ', 'US'])),
  locale: oneOf(every<SearchSite['locale']>()(['en-AU', 'en-NZ', 'en-US'])),
  search,
  manufacturer: optional(manufacturer),
  features,
  site_vocabulary: optional(siteVocabulary),
});

// The compiler checks here that the checked shape is a whole SearchSite.
const checkSearchSite: Check<SearchSite> = searchSiteCheck;

/** The SearchSite in the JSON text, or null when the text is not one. */
export function parseSearchSite(json: string | null | undefined): SearchSite | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  return attempt(checkSearchSite, value, 'site') ?? null;
}

/** The page's SearchSite, read from the element the header renders. */
export function readSearchSite(doc: Document): SearchSite | null {
  return parseSearchSite(doc.getElementById(SEARCH_SITE_ELEMENT_ID)?.textContent);
}
