/**
 * Page head metadata and schema.org structured data (dealer, organisation, website, local
 * business) for a dealer site.
 * Everything here is data; BaseLayout renders it, escaping through `serializeJsonLd`.
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import { regionDefaults } from '../../platform/config/schema';
import { openingHoursSpecification } from './hours';
import { sortLocations, formatAddress, locationRating } from './locations';
import { reviewSummary } from './reviews';

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string;
  keywords: string;
}

/** Absolute URL on the dealer's own address; the site's routes are written without a trailing slash. */
export function siteUrl(site: Pick<DealerConfig, 'url'>, path = '/'): string {
  const url = new URL(path, site.url);
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

/** The AutoDealer node's @id: car offers name it as their seller. */
export const dealerId = (site: Pick<DealerConfig, 'url'>): string => `${siteUrl(site, '/')}#dealer`;

export function pageMeta(site: DealerConfig, page: { title?: string; description?: string; path: string; image?: string }): PageMeta {
  const title = page.title ? `${page.title} | ${site.name}` : (site.seo.title ?? site.name);
  return {
    title,
    description: page.description ?? site.seo.description,
    canonical: siteUrl(site, page.path),
    image: siteUrl(site, page.image ?? site.seo.social_image ?? site.logo.url),
    keywords: site.seo.keywords.join(', '),
  };
}

const PAYMENT_ACCEPTED = 'Cash, Credit Card';

function postalAddress(location: Location, country: string) {
  return {
    '@type': 'PostalAddress',
    streetAddress: location.address.street,
    addressLocality: location.address.city,
    addressRegion: location.address.state,
    postalCode: location.address.postcode,
    addressCountry: country,
  };
}

function sameAs(site: DealerConfig): string[] {
  const { facebook_url, instagram_url, youtube_url, linkedin_url, tiktok_url } = site.social;
  return [facebook_url, instagram_url, youtube_url, linkedin_url, tiktok_url].filter((u): u is string => Boolean(u));
}

function localBusiness(site: DealerConfig, location: Location, currency: string) {
  const rating = locationRating(location);
  const geo =
    location.address.lat !== undefined && location.address.long !== undefined
      ? { '@type': 'GeoCoordinates', latitude: location.address.lat, longitude: location.address.long }
      : undefined;
  return {
    '@type': 'LocalBusiness',
    '@id': `${siteUrl(site, `/our-location/${location.slug}`)}#business`,
    name: location.name,
    url: siteUrl(site, `/our-location/${location.slug}`),
    image: siteUrl(site, location.image?.image.url ?? site.logo.url),
    telephone: location.contact_detail.phone ?? site.phone,
    ...(location.contact_detail.email ? { email: location.contact_detail.email } : {}),
    address: postalAddress(location, site.region),
    ...(geo ? { geo } : {}),
    openingHoursSpecification: openingHoursSpecification(location.contact_detail.opening_hours),
    currenciesAccepted: currency,
    paymentAccepted: PAYMENT_ACCEPTED,
    ...(rating && rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5 } }
      : {}),
  };
}

/**
 * The JSON-LD graph: AutoDealer, Organization and WebSite (with a SearchAction whose query
 * term is required) on every page; a LocalBusiness per location where `locations` is given.
 */
export function structuredData(site: DealerConfig, options: { locations?: Location[] } = {}) {
  const currency = regionDefaults[site.region].currency;
  const home = siteUrl(site, '/');
  const primary = sortLocations(site.locations)[0];
  const summary = reviewSummary(site.reviews.items, site.reviews.summary);
  const organizationId = `${home}#organization`;
  const graph: Record<string, unknown>[] = [
    {
      '@type': 'AutoDealer',
      '@id': dealerId(site),
      name: site.name,
      url: home,
      logo: siteUrl(site, site.logo.url),
      image: siteUrl(site, site.seo.social_image ?? site.logo.url),
      telephone: site.phone,
      ...(site.email ? { email: site.email } : {}),
      ...(primary ? { address: postalAddress(primary, site.region) } : {}),
      ...(primary ? { openingHoursSpecification: openingHoursSpecification(primary.contact_detail.opening_hours) } : {}),
      currenciesAccepted: currency,
      paymentAccepted: PAYMENT_ACCEPTED,
      parentOrganization: { '@id': organizationId },
      ...(summary.count > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: summary.average_rating,
              reviewCount: summary.count,
              bestRating: 5,
            },
          }
        : {}),
      sameAs: sameAs(site),
    },
    {
      '@type': 'Organization',
      '@id': organizationId,
      name: site.dealership_group ?? site.name,
      url: home,
      logo: siteUrl(site, site.logo.url),
      sameAs: sameAs(site),
      contactPoint: { '@type': 'ContactPoint', telephone: site.phone, contactType: 'sales' },
    },
    {
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: site.name,
      url: home,
      publisher: { '@id': organizationId },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl(site, '/search')}?query={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    ...(options.locations ?? []).map((location) => localBusiness(site, location, currency)),
  ];
  return { '@context': 'https://schema.org', '@graph': graph };
}

export { formatAddress };
