import { describe, expect, it } from 'vitest';
import { footerColumns, headerMenu, splitInHalves, stockLinks, stockMenuTypes } from './navigation';
import { testSite } from '../../../tests/support/test-site';

describe('header menu', () => {
  it('turns plain items into links and dropdowns', () => {
    const [used, , service] = headerMenu(testSite());
    expect(used).toMatchObject({ kind: 'dropdown', name: 'Used Cars', items: [{ name: 'All Used Cars', url: '/search/used-cars' }, { name: 'Under $20k' }] });
    expect(service).toMatchObject({ kind: 'link', url: '/service' });
  });

  it('fills a bodies menu from the body styles and keeps its Shop Cars column', () => {
    const bodies = headerMenu(testSite())[1];
    expect(bodies?.kind).toBe('bodies');
    if (bodies?.kind !== 'bodies') return;
    expect(bodies.bodies.map((b) => b.url)).toEqual(['/search/suv', '/search/hatchback', '/search/ute', '/search/coupe', '/search/sedan', '/search/wagon']);
    expect(bodies.shopCars).toEqual([{ name: 'All Cars', url: '/search/new-used-and-demo-cars', target: '_self' }]);
  });

  it('fills a models grid by position, with labels, override URLs and 75-character blurbs', () => {
    const site = testSite({
      navigation: { header: [{ name: 'Models', dynamicDropdown: 'models' }], footer: [{ name: 'x', url: '/' }] },
      models: [
        { name: 'Zeta', slug: 'zeta', position: 2, status: 'coming_soon' },
        {
          name: 'Alpha',
          slug: 'alpha',
          position: 1,
          status: 'all_new',
          override_url: '/alpha-launch',
          short_description: 'A'.repeat(10) + ' ' + 'b'.repeat(80),
        },
      ],
    });
    const [menu] = headerMenu(site);
    if (menu?.kind !== 'models') throw new Error('expected a models menu');
    expect(menu.models.map((m) => [m.name, m.url, m.label])).toEqual([
      ['Alpha', '/alpha-launch', 'All-New'],
      ['Zeta', '/models/zeta', 'Coming Soon'],
    ]);
    expect(menu.models[0]?.description).toBe('AAAAAAAAAA…');
    expect(menu.viewAll.url).toBe('/models?body=all');
  });

  // "Default stock dropdown depends on car types with stock: Used (or Pre-Owned), Demo, New, plus
  // Electric Cars and All Cars by config."
  it('offers Used, Demo and New for the car types in stock, then All Cars', () => {
    const site = testSite({
      navigation: { header: [{ name: 'Stock', dynamicDropdown: 'stock' }], footer: [{ name: 'x', url: '/' }] },
      search: { car_types: { used: 40, new: 3 } },
      header: { stock_menu: { used_label: 'Used', electric_cars: false } },
    });
    const [menu] = headerMenu(site);
    const items = menu?.kind === 'dropdown' ? menu.items : [];
    expect(items.map((i) => [i.name, i.hidden ?? false])).toEqual([
      ['Used Cars', false],
      ['Demo Cars', true],
      ['New Cars', false],
      ['All Cars', false],
    ]);
    expect(items.map((i) => i.carType)).toEqual(['used', 'demo', 'new', undefined]);
  });

  it('says Pre-Owned and adds Electric Cars, or leaves out All Cars, as the dealer file sets', () => {
    const names = (stock_menu: object) =>
      stockLinks(
        testSite({ search: { car_types: { used: 1, demo: 1, new: 1 } }, header: { stock_menu: { used_label: 'Used', electric_cars: false, ...stock_menu } } }),
      )
        .filter((l) => !l.hidden)
        .map((l) => `${l.name} ${l.url}`);
    expect(names({ used_label: 'Pre-Owned', electric_cars: true })).toEqual([
      'Pre-Owned Cars /search/used-cars',
      'Demo Cars /search/demo-cars',
      'New Cars /search/new-cars',
      'Electric Cars /electric-cars',
      'All Cars /search/new-used-and-demo-cars',
    ]);
    expect(names({ all_cars: false })).toHaveLength(3);
  });

  it('offers every car type while no count says any has stock', () => {
    expect(stockMenuTypes({})).toEqual(['used', 'demo', 'new']);
    expect(stockMenuTypes({ new: 0, demo: 2 })).toEqual(['demo']);
  });

  it('gives every menu a unique id for aria-controls', () => {
    const ids = headerMenu(testSite()).map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('footer columns', () => {
  it('splits dropdown columns in two halves, the first one longer', () => {
    expect(splitInHalves([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitInHalves([])).toEqual([[], []]);
    const [shop] = footerColumns(testSite());
    expect(shop?.halves.map((h) => h.map((l) => l.name))).toEqual([['Used Cars', 'SUVs'], ['Utes']]);
  });
});
