/**
 * The plain `FormOptions` a lead island gets as a prop, read from the parsed dealer config.
 * Build-time and server only: islands never bundle the dealer schema.
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import { isTrading, sortLocations } from '../../dealer/model/locations';
import { STATES_BY_REGION, formOptions, type DealershipChoice, type FormChoice, type FormOptions } from './forms';

const DEPARTMENT_SUFFIX = /\s+-\s+(?:sales|service|parts)$/i;

/** Locations a shopper can pick: visible ones, in card order, except those not open yet (a status label such as 'COMING EARLY 2026'). */
function pickableLocations(site: DealerConfig): Location[] {
  return sortLocations(site.locations).filter((location) => isTrading(location));
}

const choice = (location: Location): FormChoice => ({ id: String(location.id), name: location.name });

/**
 * Dealerships that have a pickable location, named from the site's dealership list where it
 * has one. A site whose locations name no dealership falls back to its dealership list.
 */
function dealershipsOf(site: DealerConfig, locations: readonly Location[]): DealershipChoice[] {
  const names = new Map(site.dealerships.map((d) => [d.slug, d.name]));
  const found = new Map<string, string>();
  for (const location of locations) {
    const slug = location.dealership_slug;
    if (slug && !found.has(slug)) found.set(slug, names.get(slug) ?? location.name.replace(DEPARTMENT_SUFFIX, ''));
  }
  if (found.size > 0) return [...found].map(([slug, name]) => ({ slug, name }));
  return site.dealerships.map((d) => ({ slug: d.slug, name: d.name }));
}

/**
 * The dealer's form options; `overrides` set what a particular page shows (show_category on
 * the contact page, remove_message on subscribe...). Without overrides every "show" switch is
 * off, which is what the API validates against: fields a page may hide are optional there,
 * but must still be one of the dealer's values when sent.
 */
export function formOptionsFor(site: DealerConfig, overrides: Partial<FormOptions> = {}): FormOptions {
  const locations = pickableLocations(site);
  return formOptions({
    region: site.region,
    phone_rule: site.features.phone_rule,
    message_optional: site.features.message_optional,
    categories: [...site.features.enquiry_categories],
    locations: locations.map(choice),
    dealerships: dealershipsOf(site, locations),
    hear_about_us: site.features.hear_about_us,
    additional_services: [...site.features.additional_services],
    service_locations: locations.filter((l) => l.location_type === 'service').map(choice),
    states: [...STATES_BY_REGION[site.region]],
    ...overrides,
  });
}
