import { describe, expect, it } from 'vitest';
import { parseQuery, type QueryWord } from './query-text';
import { TextIndex } from './text-index';

const index = new TextIndex(
  [
    { name: 'Toyota LandCruiser Sahara', stocknum: 'AB1234' },
    { name: 'Ford Ranger Wildtrak', stocknum: 'ZX9' },
    { name: 'Mitsubishi Outlander', colour: 'Red' },
    { name: 'Holden Commodore', colour: 'Landcruiser red' },
  ],
  ['name', 'stocknum', 'colour'],
);

const word = (q: string): QueryWord => {
  const term = parseQuery(q).terms[0];
  if (term?.kind !== 'word') throw new Error(`"${q}" is not one word`);
  return term;
};
const derived = (q: string): Record<string, number> => Object.fromEntries(index.derivations(word(q)).map((d) => [d.term, d.typos]));

describe('TextIndex.derivations', () => {
  it('finds exact words and, for the last word, words it starts', () => {
    expect(derived('ford ')).toEqual({ ford: 0 });
    expect(derived('ran')).toEqual({ ranger: 0 });
    expect(derived('ran ')).toEqual({});
  });

  it('allows one typo from 5 letters, with the first letter kept, and counts a swap as one', () => {
    expect(derived('rangr ')).toEqual({ ranger: 1 });
    expect(derived('rnager ')).toEqual({ ranger: 1 });
    expect(derived('banger ')).toEqual({});
  });

  it('allows two typos from 9 letters; a first-letter edit costs both', () => {
    expect(derived('landcrusr ')).toEqual({ landcruiser: 2 });
    expect(derived('kandcruiser ')).toEqual({ landcruiser: 2 });
    expect(derived('kandcruisr ')).toEqual({});
    expect(derived('alndcruiser ')).toEqual({ landcruiser: 2 });
    expect(derived('outlandre ')).toEqual({ outlander: 1 });
  });

  it('finds typos inside a typed-so-far word', () => {
    expect(derived('wildtr')).toEqual({ wildtrak: 0 });
    expect(derived('wlidtr')).toEqual({ wildtrak: 1 });
    expect(derived('commodor')).toEqual({ commodore: 0 });
    expect(derived('comodore')).toEqual({ commodore: 1 });
  });
});

describe('TextIndex.match', () => {
  it('keeps the fewest typos and the earliest attribute per document', () => {
    const match = index.match(word('landcruiser '));
    expect([...match.docs.toArray()]).toEqual([0, 3]);
    expect(match.attribute[0]).toBe(0);
    expect(match.attribute[3]).toBe(2);
    expect(match.exact[0]).toBe(1);
  });

  it('matches phrases as adjacent words inside one value', () => {
    expect([...index.match(parseQuery('"landcruiser red"').terms[0]!).docs.toArray()]).toEqual([3]);
    expect([...index.match(parseQuery('"sahara ab1234"').terms[0]!).docs.toArray()]).toEqual([]);
    expect([...index.match(parseQuery('"AB1234"').terms[0]!).docs.toArray()]).toEqual([0]);
  });
});
