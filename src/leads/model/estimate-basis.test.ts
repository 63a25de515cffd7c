import { describe, expect, it } from 'vitest';
import { estimateBasis } from './estimate-basis';

describe('what a trade-in estimate says it assumes', () => {
  it('repeats the condition the shopper chose instead of assuming good condition', () => {
    const words = estimateBasis({ two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'excellent' });
    expect(words).toContain('excellent condition');
    expect(words).not.toContain('good condition');
  });

  it('says what the shopper answered no to', () => {
    const words = estimateBasis({ two_sets_of_keys: false, service_history: 'no', no_illegal_modifications: false, condition: 'Poor' });
    expect(words).toBe(
      'This estimate is for a car with only 1 set of keys, no service history, modifications that may not be legal, in poor condition, as you told us.',
    );
  });

  it('keeps the assumptions for questions not answered', () => {
    expect(estimateBasis(undefined)).toBe('This estimate assumes 2 sets of keys, a service history, no illegal modifications and good condition.');
    expect(estimateBasis({})).toBe(estimateBasis(undefined));
    expect(estimateBasis({ condition: 'fair' })).toContain('2 sets of keys, a service history, no illegal modifications, in fair condition');
  });
});
