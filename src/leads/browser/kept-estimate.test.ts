import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { keepEstimate, keptEstimateKey, readKeptEstimate, type KeptEstimate } from './kept-estimate';

const estimate: KeptEstimate = {
  lead_id: 'lead-1',
  kind: 'estimate',
  heading: 'Your trade-in estimate',
  range: '$18,000 – $21,500',
  message: 'This estimate is for a car with 2 sets of keys, a service history, no illegal modifications, in excellent condition, as you told us.',
  next: 'We confirm the exact price when we inspect it.',
};

describe('the estimate kept for /success', () => {
  it('is read back for the lead it was kept for', () => {
    const storage = new MemoryStorage();
    keepEstimate(storage, 'kingfisher', estimate);
    expect(readKeptEstimate(storage, 'kingfisher', 'lead-1')).toEqual(estimate);
  });

  it('is not shown for another lead, another site, or without a lead in the query', () => {
    const storage = new MemoryStorage();
    keepEstimate(storage, 'kingfisher', estimate);
    expect(readKeptEstimate(storage, 'kingfisher', 'lead-2')).toBeUndefined();
    expect(readKeptEstimate(storage, 'other', 'lead-1')).toBeUndefined();
    expect(readKeptEstimate(storage, 'kingfisher', null)).toBeUndefined();
    expect(readKeptEstimate(undefined, 'kingfisher', 'lead-1')).toBeUndefined();
  });

  it('reads anything odd in storage as nothing kept', () => {
    const storage = new MemoryStorage();
    for (const raw of [
      '{',
      'null',
      '[]',
      JSON.stringify({ ...estimate, kind: 'made-up' }),
      JSON.stringify({ ...estimate, range: 42 }),
      JSON.stringify({ ...estimate, message: 'x'.repeat(5000) }),
    ]) {
      storage.setItem(keptEstimateKey('k'), raw);
      expect(readKeptEstimate(storage, 'k', 'lead-1'), raw.slice(0, 40)).toBeUndefined();
    }
  });

  it('never throws when storage refuses', () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => keepEstimate(refusing, 'k', estimate)).not.toThrow();
  });
});
