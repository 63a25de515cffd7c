import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestCache, SearchEngine, type EngineSettings, type SearchDocument } from './engine';
import { parseSearchParams } from './request';

// The engine folds its ranking keys into one number per document to rank fast; these tests hold
// it to the order the rules define, written out plainly here: sort fields in turn (a missing value
// last in both directions), then custom_rank descending, then document order.
const settings: EngineSettings = {
  primaryKey: 'id',
  searchableAttributes: ['name'],
  filterableAttributes: ['make'],
  sortableAttributes: ['price', 'year'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'custom_rank:desc'],
  faceting: { maxValuesPerFacet: 10 },
  pagination: { maxTotalHits: 1000 },
};

const car = fc.record({
  price: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
  year: fc.option(fc.integer({ min: 1990, max: 2026 }), { nil: undefined }),
  custom_rank: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  make: fc.constantFrom('Toyota', 'Mazda', 'Kia'),
  name: fc.constantFrom('toyota hilux', 'mazda cx-5', 'kia sportage', 'toyota rav4 hybrid'),
});

type Sort = { field: 'price' | 'year'; direction: 'asc' | 'desc' };

function expectedOrder(docs: SearchDocument[], sort: Sort[], keep: (doc: SearchDocument) => boolean): number[] {
  const value = (doc: SearchDocument, field: string) => doc[field] as number | undefined;
  const compare = (a: number, b: number): number => {
    const x = docs[a]!;
    const y = docs[b]!;
    for (const { field, direction } of sort) {
      const u = value(x, field);
      const v = value(y, field);
      if (u === v) continue;
      if (u === undefined) return 1;
      if (v === undefined) return -1;
      return direction === 'asc' ? u - v : v - u;
    }
    const u = value(x, 'custom_rank');
    const v = value(y, 'custom_rank');
    if (u !== v) return u === undefined ? 1 : v === undefined ? -1 : v - u;
    return a - b;
  };
  return docs
    .map((_, i) => i)
    .filter((i) => keep(docs[i]!))
    .sort(compare)
    .map((i) => docs[i]!.id as number);
}

describe('ranking order', () => {
  it('ranks by the sort fields, custom_rank and document order, for every page size, with and without a filter', () => {
    fc.assert(
      fc.property(
        fc.array(car, { minLength: 1, maxLength: 120 }),
        fc.array(fc.record({ field: fc.constantFrom<'price' | 'year'>('price', 'year'), direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc') }), {
          maxLength: 2,
        }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(undefined, 'Toyota'),
        (cars, sort, limit, make) => {
          const docs: SearchDocument[] = cars.map((c, i) => ({ id: i + 1, ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) }));
          const engine = new SearchEngine(docs, settings);
          const params = parseSearchParams({
            q: '',
            limit,
            sort: sort.map((s) => `${s.field}:${s.direction}`),
            ...(make ? { filter: `make = ${make}` } : {}),
            attributesToRetrieve: ['id'],
          });
          const cache = new RequestCache();
          const ids = engine.search(params, cache).hits.map((h) => h.id);
          expect(ids).toEqual(expectedOrder(docs, sort, (d) => !make || d.make === make).slice(0, limit));
          // A second query of the same request reuses the folded keys and must agree.
          expect(engine.search(params, cache).hits.map((h) => h.id)).toEqual(ids);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ranks text matches by the text rules first, then sort, custom_rank and document order', () => {
    const docs: SearchDocument[] = [
      { id: 1, name: 'toyota hilux sr', custom_rank: 1, price: 30_000 },
      { id: 2, name: 'toyota hilux', custom_rank: 9, price: 50_000 },
      { id: 3, name: 'hilux toyota', custom_rank: 5, price: 20_000 },
      { id: 4, name: 'toyota hilux', custom_rank: 9, price: 40_000 },
      { id: 5, name: 'toyota', custom_rank: 20 },
    ];
    const engine = new SearchEngine(docs, settings);
    const ids = (sort: string[]) => engine.search(parseSearchParams({ q: 'toyota hilux', sort, attributesToRetrieve: ['id'] })).hits.map((h) => h.id);
    // Without a sort, exactness puts the two exact matches first, then custom_rank and document order.
    expect(ids([])).toEqual([2, 4, 1, 3, 5]);
    // The sort rule comes before exactness: the words in order rank by price, cheapest first.
    expect(ids(['price:asc'])).toEqual([1, 4, 2, 3, 5]);
  });
});
