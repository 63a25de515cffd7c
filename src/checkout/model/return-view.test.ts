import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from './api';
import { returnQuery, returnView } from './return-view';

const id = '8fd7063e-5b17-47ba-b05e-b5df6252ee69';

describe('the return page', () => {
  it('goes on to the success page when paid', () => {
    expect(returnView({ id, kind: 'reservation', status: 'paid', reason: null })).toEqual({
      kind: 'go',
      to: `/success?category=car-reservation&payment=${id}`,
    });
    expect(returnView({ id, kind: 'invoice', status: 'paid', reason: null })).toEqual({ kind: 'go', to: `/success?category=online-payment&payment=${id}` });
  });

  it('says why a payment was refunded, and offers a retry after a decline', () => {
    expect(returnView({ id, kind: 'reservation', status: 'refunded', reason: CHECKOUT_MESSAGES.reservedElsewhere })).toMatchObject({
      kind: 'show',
      text: CHECKOUT_MESSAGES.reservedElsewhere,
      retry: false,
    });
    expect(returnView({ id, kind: 'reservation', status: 'declined', reason: null })).toMatchObject({ kind: 'show', heading: 'Payment declined', retry: true });
    expect(returnView({ id, kind: 'reservation', status: 'pending', reason: null })).toEqual({ kind: 'wait' });
  });

  it('reads only a well-formed payment id from the URL, and key', () => {
    expect(returnQuery(`?payment=${id}`, 'abc_-1')).toEqual({ id, key: 'abc_-1' });
    expect(returnQuery(`?payment=${id}`, '')).toEqual({ id, key: '' });
    expect(returnQuery('?payment=../../admin', '')).toBeUndefined();
    expect(returnQuery(`?payment=${id}`, '<script>')).toBeUndefined();
  });
});
