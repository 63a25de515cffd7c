import { SearchEngine, type SearchDocument } from '@dealer-sites/search-engine';
import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import { indexSettings } from './index-settings';
import { dealerIndexSettings, dealerTextSettings, groupSynonyms, unsearchedTypoAttributes } from './text-settings';

const cars = [
  testCar({
    id: 1,
    slug: 'c-1',
    name: '2022 Toyota HiLux SR5 Double Cab',
    make: 'Toyota',
    model: 'HiLux',
    variant: 'SR5 Double Cab 4x4',
    body: 'Ute',
    vin: 'JTMW1RFV10D012345',
    stocknum: 'K1234',
  }),
  testCar({
    id: 2,
    slug: 'c-2',
    name: '2021 Mazda CX-5 Maxx',
    make: 'Mazda',
    model: 'CX-5',
    variant: 'Maxx Sport',
    body: 'SUV',
    vin: 'JM0KF4W7A00123456',
    stocknum: 'K5678',
  }),
  testCar({
    id: 3,
    slug: 'c-3',
    name: '2020 Ford Ranger XLT',
    make: 'Ford',
    model: 'Ranger',
    variant: 'XLT Automatic',
    body: 'Ute',
    vin: 'MNAUMFF50LW123456',
    stocknum: 'K9012',
  }),
];

const ids = (engine: SearchEngine, q: string): unknown[] =>
  engine.search({ q, limit: 20, offset: 0 } as Parameters<SearchEngine['search']>[0]).hits.map((hit: SearchDocument) => hit.id);

describe("a dealer's search reads shoppers' words with the platform's car words", () => {
  const dealer = new SearchEngine(cars, dealerIndexSettings(testSite()));
  const bare = new SearchEngine(cars, indexSettings);

  it('finds utes by "pickup" and 4x4s by "4wd"', () => {
    expect(ids(bare, 'pickup')).toEqual([]);
    expect(ids(dealer, 'pickup').sort()).toEqual([1, 3]);
    expect(ids(dealer, '4wd ')).toEqual([1]);
    expect(ids(dealer, 'four wheel drive ')).toEqual([1]);
    expect(ids(dealer, 'auto ')).toEqual([3]);
  });

  it('leaves words such as "the" and "for" out of a search', () => {
    expect(ids(bare, 'the hilux')).toEqual([]);
    expect(ids(dealer, 'the hilux')).toEqual([1]);
    expect(ids(dealer, 'ranger for')).toEqual([3]);
  });

  it('never forgives a typo in a VIN or a stock number, and still in a model name', () => {
    expect(ids(bare, 'JTMW1RFV10D012346')).toEqual([1]);
    expect(ids(dealer, 'JTMW1RFV10D012346')).toEqual([]);
    expect(ids(dealer, 'JTMW1RFV10D012345')).toEqual([1]);
    expect(ids(dealer, 'rangr')).toEqual([3]);
  });
});

describe('dealer file text settings', () => {
  it('refuse word sizes that forgive two typos before one, and tell which named fields are not searched', () => {
    expect(() => testSite({ search: { typo_tolerance: { one_typo_from: 10 } } })).toThrow(/one_typo_from must not exceed two_typos_from/);
    expect(unsearchedTypoAttributes(testSite({ search: { typo_tolerance: { no_typos_on_attributes: ['vin', 'price'] } } }).search)).toEqual(['price']);
  });

  it('are the platform defaults when the dealer file says nothing', () => {
    const text = dealerTextSettings(testSite().search);
    expect(text.synonyms.ute).toEqual(['pickup', 'pick up']);
    expect(text.synonyms['4x4']).toEqual(['4wd', 'four wheel drive']);
    expect(text.stopWords).toEqual(['the', 'for', 'with', 'and']);
    expect(text.typoTolerance).toEqual({ minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: ['vin', 'stocknum'] });
  });

  it("add the dealer's synonyms, a dealer's word replacing the platform's, and take the dealer's stop words and typo settings", () => {
    const text = dealerTextSettings(
      testSite({
        search: {
          synonyms: { bakkie: ['ute'], UTE: ['bakkie'] },
          stop_words: ['cheap'],
          typo_tolerance: { one_typo_from: 4, no_typos_on_words: ['gx'], no_typos_on_attributes: ['vin'] },
        },
      }).search,
    );
    expect(text.synonyms.bakkie).toEqual(['ute']);
    expect(text.synonyms.UTE).toEqual(['bakkie']);
    expect(text.synonyms.ute).toBeUndefined();
    expect(text.synonyms.pickup).toEqual(['ute', 'pick up']);
    expect(text.stopWords).toEqual(['cheap']);
    expect(text.typoTolerance).toEqual({ minWordSizeForTypos: { oneTypo: 4, twoTypos: 9 }, disableOnWords: ['gx'], disableOnAttributes: ['vin'] });
  });

  it('turn each group of words into every direction', () => {
    expect(groupSynonyms([['a', 'b', 'c']])).toEqual({ a: ['b', 'c'], b: ['a', 'c'], c: ['a', 'b'] });
  });
});
