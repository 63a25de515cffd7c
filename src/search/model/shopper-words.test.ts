import { describe, expect, it } from 'vitest';
import { priceWords, readingsOf, settledReading, understandQuery, understandWhenFound } from './shopper-words';
import type { Vocabulary } from './routing';
import type { SearchState } from './state';

const AU: Vocabulary = {
  make: ['Toyota', 'Mazda', 'Mercedes-Benz', 'Land Rover', 'Swift', 'Suzuki'],
  model: ['HiLux', 'RAV4', 'Swift', 'CX-5'],
  body: ['SUV', 'Ute', 'Hatchback', 'Sedan', 'Camper Trailer'],
  fuel: ['Petrol', 'Diesel', 'Hybrid', 'Electric'],
  categories: ['cars', 'caravans'],
};
const US: Vocabulary = { make: ['Ford', 'Chevrolet'], body: ['Truck', 'SUV', 'Sedan'], fuel: ['Gas', 'Diesel', 'Hybrid', 'Electric'] };

const typed = (query: string, extra: Partial<SearchState> = {}): SearchState => ({ refinements: {}, ranges: {}, query, ...extra });

describe('understandQuery: shoppers’ words become refinements, the rest stays the query', () => {
  it('reads a car type and a body type', () => {
    expect(understandQuery(typed('used suv'), AU)).toEqual({ refinements: { car_type: ['used'], body: ['SUV'] }, ranges: {} });
    expect(understandQuery(typed('New SUVs'), AU)).toEqual({ refinements: { car_type: ['new'], body: ['SUV'] }, ranges: {} });
  });

  it('keeps the words it does not know as the query, in the order typed', () => {
    expect(understandQuery(typed('diesel hilux sr5 under $40k'), AU)).toEqual({
      refinements: { fuel: ['Diesel'] },
      ranges: { price: { max: 40_000 } },
      query: 'hilux sr5',
    });
  });

  it('reads makes, several words long, by the stock’s spelling', () => {
    expect(understandQuery(typed('mercedes benz'), AU)?.refinements).toEqual({ make: ['Mercedes-Benz'] });
    expect(understandQuery(typed('used land rover'), AU)?.refinements).toEqual({ car_type: ['used'], make: ['Land Rover'] });
    expect(understandQuery(typed('toyota rav4'), AU)).toEqual({ refinements: { make: ['Toyota'] }, ranges: {}, query: 'rav4' });
  });

  it('leaves a make that is also a model name as text: Suzuki Swift is not a Swift caravan', () => {
    expect(understandQuery(typed('suzuki swift'), AU)).toEqual({ refinements: { make: ['Suzuki'] }, ranges: {}, query: 'swift' });
    expect(understandQuery(typed('swift'), AU)).toBeUndefined();
  });

  it('speaks the region’s words: pre-owned, gas and trucks in the US, utes and petrol in Australia', () => {
    expect(understandQuery(typed('pre-owned trucks over 20,000'), US)).toEqual({
      refinements: { car_type: ['used'], body: ['Truck'] },
      ranges: { price: { min: 20_000 } },
    });
    expect(understandQuery(typed('gas pickup'), US)?.refinements).toEqual({ fuel: ['Gas'], body: ['Truck'] });
    expect(understandQuery(typed('petrol ute'), AU)?.refinements).toEqual({ fuel: ['Petrol'], body: ['Ute'] });
    expect(understandQuery(typed('pre owned ute'), US)?.refinements).toEqual({ car_type: ['used'], body: ['Truck'] });
  });

  it('chooses only what the stock holds: a word for a body type the dealer has none of stays text', () => {
    expect(understandQuery(typed('used convertible'), AU)).toEqual({ refinements: { car_type: ['used'] }, ranges: {}, query: 'convertible' });
    expect(understandQuery(typed('motorbike'), AU)).toBeUndefined();
    expect(understandQuery(typed('caravan'), AU)?.refinements).toEqual({ categories: ['caravans'] });
    expect(understandQuery(typed('camper trailers'), AU)?.refinements).toEqual({ body: ['Camper Trailer'] });
  });

  it('drops the words that only say "a car" once something is understood', () => {
    expect(understandQuery(typed('used cars for sale'), AU)).toEqual({ refinements: { car_type: ['used'] }, ranges: {} });
    expect(understandQuery(typed('cars'), AU)).toBeUndefined();
  });

  it('returns nothing when no word is understood, so the query stays exactly as typed', () => {
    expect(understandQuery(typed('hilux sr5'), AU)).toBeUndefined();
    expect(understandQuery(typed('  '), AU)).toBeUndefined();
    expect(understandQuery({ refinements: {}, ranges: {} }, AU)).toBeUndefined();
  });

  it('does not widen what the page already narrows, and starts again from the first page', () => {
    const onNewCars = typed('used suv', { refinements: { car_type: ['new'] }, page: 3, currentPath: '/search/new-cars' });
    expect(understandQuery(onNewCars, AU)).toEqual({
      refinements: { car_type: ['new'], body: ['SUV'] },
      ranges: {},
      query: 'used',
      currentPath: '/search/new-cars',
    });
    expect(understandQuery(typed('new used'), AU)).toEqual({ refinements: { car_type: ['new'] }, ranges: {}, query: 'used' });
    expect(understandQuery(typed('under 20k', { ranges: { price: { min: 5000 } } }), AU)).toBeUndefined();
  });

  it('treats punctuation and case around words as noise', () => {
    expect(understandQuery(typed('SUV, Diesel!'), AU)?.refinements).toEqual({ body: ['SUV'], fuel: ['Diesel'] });
  });

  it('uses common body types and fuels when the vocabulary names none', () => {
    expect(understandQuery(typed('used hatch'))).toEqual({ refinements: { car_type: ['used'], body: ['Hatchback'] }, ranges: {} });
  });
});

describe('priceWords', () => {
  it('reads a price ceiling, floor or range with a dollar sign, commas or k', () => {
    expect(priceWords('under 40k')?.range).toEqual({ max: 40_000 });
    expect(priceWords('below $30,000')?.range).toEqual({ max: 30_000 });
    expect(priceWords('less than 25000')?.range).toEqual({ max: 25_000 });
    expect(priceWords('over 20k')?.range).toEqual({ min: 20_000 });
    expect(priceWords('from $15k')?.range).toEqual({ min: 15_000 });
    expect(priceWords('between 20k and 30k')?.range).toEqual({ min: 20_000, max: 30_000 });
    expect(priceWords('$20,000 - $30,000')?.range).toEqual({ min: 20_000, max: 30_000 });
    expect(priceWords('20-30k')?.range).toEqual({ min: 20_000, max: 30_000 });
  });

  it('reads a range typed with any dash, or pasted with non-breaking or thin spaces', () => {
    // Phones and word processors turn " - " into an en or em dash; copied prices carry other spaces.
    for (const words of [
      '$20,000 – $30,000',
      '$20,000\u00a0–\u00a0$30,000',
      '$20,000\u2009–\u2009$30,000',
      '$20,000  –  $30,000',
      '$20,000 — $30,000',
      '$20,000—$30,000',
      '$20,000 − $30,000',
      '$20k to $30k',
    ]) {
      expect(priceWords(`used suv ${words}`)?.range, words).toEqual({ min: 20_000, max: 30_000 });
    }
    expect(understandQuery(typed('toyota $20,000 — $30,000'), AU)).toEqual({
      refinements: { make: ['Toyota'] },
      ranges: { price: { min: 20_000, max: 30_000 } },
    });
  });

  it('leaves years, distances and small numbers alone', () => {
    expect(priceWords('from 2019')).toBeUndefined();
    expect(priceWords('2015-2019 corolla')).toBeUndefined();
    expect(priceWords('under 100k km')).toBeUndefined();
    expect(priceWords('under 50000 miles')).toBeUndefined();
    expect(priceWords('under 5')).toBeUndefined();
  });

  it('returns the text without the price phrase', () => {
    expect(priceWords('suv under 40k diesel')?.rest.split(/\s+/).filter(Boolean)).toEqual(['suv', 'diesel']);
  });
});

describe('understandWhenFound: a reading is kept only when it finds cars', () => {
  const typed: SearchState = { query: 'white toyota suv', refinements: {}, ranges: {} };
  const vocabulary: Vocabulary = { make: ['Toyota'], body: ['SUV'] };

  it('keeps the refinements the words name when the search finds cars for them', async () => {
    const asked: SearchState[] = [];
    const read = await understandWhenFound(typed, vocabulary, (state) => (asked.push(state), Promise.resolve(3)));
    expect(read).toEqual({ query: 'white', refinements: { make: ['Toyota'], body: ['SUV'] }, ranges: {} });
    expect(asked).toEqual([read]);
  });

  it('leaves the words as typed when the reading finds nothing, and reads them when search is down', async () => {
    expect(await understandWhenFound(typed, vocabulary, () => Promise.resolve(0))).toBe(typed);
    expect((await understandWhenFound(typed, vocabulary, () => Promise.reject(new Error('down')))).refinements).toEqual({ make: ['Toyota'], body: ['SUV'] });
  });

  it('asks nothing when no word is understood', async () => {
    let asked = false;
    const plain: SearchState = { query: 'xyzzy', refinements: {}, ranges: {} };
    expect(await understandWhenFound(plain, vocabulary, () => ((asked = true), Promise.resolve(1)))).toBe(plain);
    expect(asked).toBe(false);
  });
});

describe('the reading a search settles on', () => {
  const typed = { query: 'used suv', refinements: {}, ranges: {} };

  it('tries the words as filters first, then the text as typed; words with no meaning have one reading', () => {
    const readings = readingsOf(typed, { body: ['SUV'] });
    expect(readings).toEqual([{ refinements: { car_type: ['used'], body: ['SUV'] }, ranges: {} }, typed]);
    expect(readingsOf({ query: 'gr86', refinements: {}, ranges: {} })).toEqual([{ query: 'gr86', refinements: {}, ranges: {} }]);
  });

  it('keeps the first reading that finds cars, else the text as typed', () => {
    expect(settledReading(['filters', 'typed'], [273, 0])).toBe('filters');
    expect(settledReading(['filters', 'typed'], [0, 5])).toBe('typed');
    expect(settledReading(['filters', 'typed'], [0, 0])).toBe('typed');
    expect(settledReading(['typed'], [0])).toBe('typed');
  });
});
