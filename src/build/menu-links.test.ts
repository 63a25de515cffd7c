import { describe, expect, it } from 'vitest';
import { dealerFileCopy, testSite } from '../../tests/support/test-site';
import { testCar } from '../../tests/support/test-car';
import { generateDemoStock } from '../stock/model/demo';
import { emptySearchLinks, isSearchLink, menuLinks, missingPageLinks } from './menu-links';

const NOW = 1_800_000_000;

describe('menu search links that find no cars', () => {
  const site = testSite({
    navigation: {
      header: [
        { name: 'Toyota', url: '/search/toyota' },
        {
          name: 'Shop',
          dropdownItems: [
            { name: 'Used RAV4', url: '/search/toyota/rav4' },
            { name: 'Mazda', url: '/search/mazda' },
          ],
          dropdownMenus: [{ heading: 'By price', items: [{ name: 'Under $20k', url: '/search/used-cars?range[price]=:20000' }] }],
        },
        { name: 'Service', url: '/service' },
      ],
      footer: [{ name: 'Contact', url: '/contact' }],
    },
  });
  const stock = [testCar(), testCar({ id: 2, slug: 'two', price: 45_000 })];

  it('walks every header and footer link, dropdowns and columns included', () => {
    expect(menuLinks(site).map((l) => l.name)).toEqual(['Toyota', 'Used RAV4', 'Mazda', 'Under $20k', 'Service', 'Contact']);
  });

  it('knows search links from brochure pages and other sites', () => {
    expect(isSearchLink('/search/toyota', site)).toBe(true);
    expect(isSearchLink('/electric-cars', site)).toBe(true);
    expect(isSearchLink('/service', site)).toBe(false);
    expect(isSearchLink('https://example.com/search/toyota', site)).toBe(false);
  });

  it('names the links whose search is empty for the stock, price ranges included', async () => {
    expect((await emptySearchLinks(site, stock, NOW)).map((l) => l.name)).toEqual(['Mazda', 'Under $20k']);
    const cheap = [...stock, testCar({ id: 3, slug: 'three', price: 15_000 })];
    expect((await emptySearchLinks(site, cheap, NOW)).map((l) => l.name)).toEqual(['Mazda']);
  });

  it('reads a price range link however the dealer file spells its dash', async () => {
    const priced = (url: string) => testSite({ navigation: { header: [{ name: 'Price band', url }], footer: [{ name: 'Contact', url: '/contact' }] } });
    // The stock is $38,990 and $45,000: a band below both finds nothing, one around the first finds it.
    for (const dash of ['-', '–', '—', '+to+']) {
      expect((await emptySearchLinks(priced(`/search/used-cars?range[price]=$10,000${dash}$15,000`), stock, NOW)).length, dash).toBe(1);
      expect((await emptySearchLinks(priced(`/search/used-cars?range[price]=$35,000${dash}$40,000`), stock, NOW)).length, dash).toBe(0);
    }
  });

  it('would have caught the model links that matched no model name in a demo dealer’s stock', async () => {
    const lone = dealerFileCopy('lone-star-auto');
    const demo = generateDemoStock(lone, lone.search.demo_stock ?? 0);
    const empty = (await emptySearchLinks(lone, demo, NOW)).map((l) => l.url);
    expect(empty).toContain('/search/ford/super-duty');
    expect(empty).not.toContain('/search/ford/f-150');
  });
});

describe('menu links to pages the site does not build', () => {
  const site = testSite({
    navigation: {
      header: [
        { name: 'Service', url: '/service' },
        { name: 'Capped Price Servicing', url: '/service#capped-price' },
        { name: 'Service Menu', url: '/service/capped-price' },
        { name: 'How It Works', url: '/how-it-works' },
        { name: 'Compare', url: '/compare' },
        { name: 'Toyota', url: '/search/toyota' },
      ],
      footer: [
        { name: 'Privacy', url: '/privacy-policy/' },
        { name: 'Careers', url: 'https://careers.example' },
      ],
    },
  });

  it('names local links to pages the site does not build, leaving searches, fragments of built pages and other sites alone', () => {
    // The sitemap's pages for this file (src/site/site-pages.ts): brochure pages and the cars.
    const sitePages = ['/', '/contact', '/privacy-policy', '/service', '/finance', `/cars/${testCar().slug}`];
    expect(missingPageLinks(site, sitePages).map((l) => l.url)).toEqual(['/service/capped-price', '/how-it-works']);
  });

  it('takes the pages the site builds from the sitemap list it is given', () => {
    const car = testCar();
    const withCar = testSite({ navigation: { header: [{ name: 'Our pick', url: `/cars/${car.slug}` }], footer: [{ name: 'Contact', url: '/contact' }] } });
    expect(missingPageLinks(withCar, ['/contact', `/cars/${car.slug}`])).toEqual([]);
    expect(missingPageLinks(withCar, ['/contact']).map((l) => l.name)).toEqual(['Our pick']);
  });
});
