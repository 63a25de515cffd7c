import { describe, expect, it } from 'vitest';
import { testSite } from '../../tests/support/test-site';
import { ascData, ascPageType } from './asc-data';

describe('ASC page types', () => {
  it.each([
    ['/', 'home'],
    ['/search/new-used-and-demo-cars', 'itemlist'],
    ['/pre-owned/toyota', 'itemlist'],
    ['/electric-cars', 'itemlist'],
    ['/shell/search', 'itemlist'],
    ['/cars/2021-toyota-rav4-gx-48213', 'item'],
    ['/shell/car', 'item'],
    ['/cars/trade-in', 'trade'],
    ['/sell-my-car', 'trade'],
    ['/contact', 'contact'],
    ['/contact-us/kingfisher-toyota-sales', 'contact'],
    ['/our-location/brisbane', 'contact'],
    ['/service', 'service'],
    ['/finance', 'finance'],
    ['/personalised/finance', 'finance'],
    ['/shell/checkout', 'checkout'],
    ['/spin-to-win', 'specials'],
    ['/models/rav4', 'showroom'],
    ['/privacy-policy', 'other'],
    ['/searching-for-staff', 'other'],
  ])('%s is %s', (path, type) => {
    expect(ascPageType(path)).toBe(type);
  });
});

describe('ASC data layer of a page', () => {
  it('names the store, its GA4 properties, language and currency, and the page', () => {
    const site = testSite({ analytics: { measurement_ids: ['G-AB12CD34EF'], oem_code: '12345' }, manufacturer: { name: 'Toyota' } });
    expect(ascData(site, 'item', [{ item_id: 'JT1' }])).toEqual({
      measurement_ids: ['G-AB12CD34EF'],
      store_name: site.name,
      oem_code: '12345',
      oem_brand: 'toyota',
      affiliation: 'native',
      event_owner: 'dealer sites',
      language: 'en',
      currency: 'aud',
      page_type: 'item',
      items: [{ item_id: 'JT1' }],
    });
  });

  it('takes the store name and event owner from the analytics settings where given; US sites count in dollars', () => {
    const site = testSite({ region: 'US', url: 'https://www.lonestar.example', analytics: { store_name: 'Lone Star Auto Sales', event_owner: 'Acme Web' } });
    expect(ascData(site, 'home')).toMatchObject({
      store_name: 'Lone Star Auto Sales',
      event_owner: 'acme web',
      currency: 'usd',
      items: [],
      measurement_ids: [],
    });
    expect(ascData(site, 'home')).not.toHaveProperty('oem_brand');
  });
});
