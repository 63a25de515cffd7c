import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { TERM_CHOICES } from './quote';
import { termChoices, termRange } from './terms';

describe('loan terms', () => {
  it('spans the lenders’ terms, or 12 to 84 months for a broker or no lenders', () => {
    const site = testSite({
      finance: {
        lenders: [
          { id: 'a', name: 'A', rates: { good: 7 }, min_term_months: 24, max_term_months: 60 },
          { id: 'b', name: 'B', rates: { good: 8 }, min_term_months: 36, max_term_months: 72 },
        ],
      },
    });
    expect(termRange(site)).toEqual({ min: 24, max: 72 });
    expect(termChoices(site, TERM_CHOICES)).toEqual([24, 36, 48, 60, 72]);
    expect(termRange(testSite())).toEqual({ min: 12, max: 84 });
  });
});
