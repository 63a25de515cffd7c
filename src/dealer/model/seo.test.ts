import { describe, expect, it } from 'vitest';
import { dealerId, pageMeta, siteUrl, structuredData } from './seo';
import { testSite } from '../../../tests/support/test-site';

type Node = Record<string, unknown>;
const graphOf = (data: ReturnType<typeof structuredData>) => data['@graph'] as Node[];
const byType = (data: ReturnType<typeof structuredData>, type: string) => graphOf(data).filter((n) => n['@type'] === type);

describe('page metadata', () => {
  it('builds canonical URLs on the dealer address without a trailing slash', () => {
    const site = testSite();
    expect(siteUrl(site, '/')).toBe('https://www.fixturemotors.example/');
    expect(siteUrl(site, '/contact/')).toBe('https://www.fixturemotors.example/contact');
  });

  it('titles pages "Page | Dealer" and falls back to the site description', () => {
    const meta = pageMeta(testSite(), { path: '/contact', title: 'Contact Us' });
    expect(meta).toEqual({
      title: 'Contact Us | Fixture Motors',
      description: 'Fixture Motors: a small test dealer used by the browser tests.',
      canonical: 'https://www.fixturemotors.example/contact',
      image: 'https://www.fixturemotors.example/assets/logo.svg',
      keywords: 'used cars, Brisbane',
    });
  });
});

describe('structured data', () => {
  it('describes the dealer, organisation and website with a required search term', () => {
    const data = structuredData(testSite());
    expect(graphOf(data).map((n) => n['@type'])).toEqual(['AutoDealer', 'Organization', 'WebSite']);
    const [website] = byType(data, 'WebSite');
    expect(website?.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://www.fixturemotors.example/search?query={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });

  it('accepts currency by region and cash or credit card', () => {
    expect(byType(structuredData(testSite()), 'AutoDealer')[0]).toMatchObject({ currenciesAccepted: 'AUD', paymentAccepted: 'Cash, Credit Card' });
    expect(byType(structuredData(testSite({ region: 'NZ' })), 'AutoDealer')[0]).toMatchObject({ currenciesAccepted: 'NZD' });
    expect(byType(structuredData(testSite({ region: 'US' })), 'AutoDealer')[0]).toMatchObject({ currenciesAccepted: 'USD' });
  });

  it('adds a LocalBusiness per location with its opening hours', () => {
    const site = testSite();
    const [business] = byType(structuredData(site, { locations: site.locations }), 'LocalBusiness');
    expect(business).toMatchObject({
      name: 'Fixture Motors - Sales',
      url: 'https://www.fixturemotors.example/our-location/fixture-motors-sales',
      address: { '@type': 'PostalAddress', addressLocality: 'Brisbane', postalCode: '4000', addressCountry: 'AU' },
      currenciesAccepted: 'AUD',
    });
    expect(business?.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:30', closes: '17:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
    ]);
  });
});

describe('the dealer @id', () => {
  // Car pages name the dealer as seller by this id, so it must be the site graph's AutoDealer node.
  it('is the AutoDealer node of the site graph', () => {
    const site = testSite();
    expect(dealerId(site)).toBe(`${new URL('/', site.url).href}#dealer`);
    expect(graphOf(structuredData(site))[0]).toMatchObject({ '@type': 'AutoDealer', '@id': dealerId(site) });
  });
});
