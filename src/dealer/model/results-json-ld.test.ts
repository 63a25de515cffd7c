import { describe, expect, it } from 'vitest';
import { resultsJsonLd, shownCars } from './results-json-ld';

const site = { url: 'https://www.kingfishertoyota.example' };

describe('resultsJsonLd', () => {
  it('lists the cars shown, by position, each with its car page’s canonical URL', () => {
    const cars = [
      { slug: '2023-toyota-rav4-gx-1', name: '2023 Toyota RAV4 GX' },
      { slug: '2021-toyota-hilux-sr5-2', name: '2021 Toyota HiLux SR5' },
    ];
    expect(resultsJsonLd(cars, site, { path: '/used-cars/', name: 'Used cars for sale' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Used cars for sale',
      url: 'https://www.kingfishertoyota.example/used-cars',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://www.kingfishertoyota.example/cars/2023-toyota-rav4-gx-1', name: '2023 Toyota RAV4 GX' },
        { '@type': 'ListItem', position: 2, url: 'https://www.kingfishertoyota.example/cars/2021-toyota-hilux-sr5-2', name: '2021 Toyota HiLux SR5' },
      ],
    });
  });
});

describe('shownCars', () => {
  const state = (hits: unknown) => ({
    initialResults: { 'kingfisher-toyota': { state: {}, results: [{ hits }, { hits: [{ slug: 'facet-query', name: 'x' }] }] } },
  });

  it('reads the first page of hits of the index, in order', () => {
    expect(
      shownCars(
        state([
          { slug: 'a-1', name: 'A', price: 1 },
          { slug: 'b-2', name: 'B' },
        ]),
        'kingfisher-toyota',
      ),
    ).toEqual([
      { slug: 'a-1', name: 'A' },
      { slug: 'b-2', name: 'B' },
    ]);
  });

  it('gives no list for another index, an unexpected shape, or hits without a car slug', () => {
    expect(shownCars(state([{ slug: 'a-1', name: 'A' }]), 'other')).toEqual([]);
    expect(shownCars(null, 'kingfisher-toyota')).toEqual([]);
    expect(shownCars({ initialResults: { 'kingfisher-toyota': { results: 'x' } } }, 'kingfisher-toyota')).toEqual([]);
    expect(shownCars(state([{ slug: '../admin', name: 'A' }, { slug: 'ok-1' }, 'x']), 'kingfisher-toyota')).toEqual([]);
  });
});
