import { describe, expect, it } from 'vitest';
import { purposeWords, replyWords, VALUATION_PURPOSES, type PurposeWords } from './valuation-purpose';

const words = (purpose: (typeof VALUATION_PURPOSES)[number]) => purposeWords(purpose, { dealer: 'Kingfisher Toyota', plate: 'registration' });
const fields: (keyof PurposeWords)[] = ['title', 'description', 'intro', 'form_heading', 'estimate_heading', 'next'];

describe('the words of trade-in, sell-my-car and valuation', () => {
  it('differ in every place a shopper reads them', () => {
    for (const field of fields) expect(new Set(VALUATION_PURPOSES.map((p) => words(p)[field])).size, field).toBe(3);
    expect(new Set(VALUATION_PURPOSES.map((p) => replyWords(p).subject)).size).toBe(3);
  });

  it('each say what the page is for', () => {
    const tradeIn = words('trade-in');
    expect(tradeIn.description).toMatch(/toward your next car/);
    expect(tradeIn.intro).toMatch(/toward your next one/);
    const sell = words('sell-my-car');
    expect(sell.description).toMatch(/outright/);
    expect(sell.intro).toMatch(/We buy cars outright/);
    expect(sell.next).toMatch(/pay you/);
    const valuation = words('valuation');
    expect(valuation.description).toMatch(/What is your car worth\?/);
    expect(valuation.intro).toMatch(/what your car is worth/);
    // Only the trade-in speaks of a next car, only selling of buying outright.
    expect(`${sell.intro} ${valuation.intro} ${sell.next} ${valuation.next}`).not.toMatch(/next car|next one/);
    expect(`${tradeIn.intro} ${valuation.intro}`).not.toMatch(/outright/);
  });

  it("put the dealer's name and the region's plate word where they belong", () => {
    const us = purposeWords('sell-my-car', { dealer: 'Lone Star Auto', plate: 'license plate' });
    expect(us.description).toContain('Lone Star Auto');
    expect(us.intro).toContain('Enter your license plate');
  });
});
