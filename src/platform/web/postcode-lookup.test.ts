import { describe, expect, it, vi } from 'vitest';
import { findPostcode } from './postcode-lookup';

const answer = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));

describe('findPostcode', () => {
  it('refuses a postcode that breaks the rule without asking: "exactly four digits"', async () => {
    const fetchImpl = answer(200, {});
    expect(await findPostcode('40000', 'AU', fetchImpl)).toEqual({ error: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(await findPostcode('abcde', 'US', fetchImpl)).toEqual({ error: 'Invalid ZIP code. Please enter a 5-digit number.' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('answers the point and the locations nearest first', async () => {
    const locations = [{ slug: 'north-lakes', name: 'North Lakes', metres: 26_000, distance: '26 km' }];
    const fetchImpl = answer(200, { postcode: '4000', lat: -27.47, lng: 153.02, unit: 'km', locations });
    expect(await findPostcode(' 4000 ', 'AU', fetchImpl)).toEqual({ point: { postcode: '4000', lat: -27.47, lng: 153.02, locations } });
    expect(fetchImpl).toHaveBeenCalledWith('/api/postcode?postcode=4000', expect.anything());
  });

  it('shows the route’s own sentence: "no result gives \'Invalid postcode\'"', async () => {
    expect(await findPostcode('0999', 'AU', answer(404, { error: 'Invalid postcode', fields: { postcode: 'Invalid postcode' } }))).toEqual({
      error: 'Invalid postcode',
    });
  });

  it('says the lookup is unavailable when the server fails or cannot be reached', async () => {
    const failed = await findPostcode('4000', 'AU', answer(503, { error: 'internal detail' }));
    expect('error' in failed && failed.error).toMatch(/not available/);
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    const unreachable = await findPostcode('4000', 'AU', offline);
    expect('error' in unreachable && unreachable.error).toMatch(/not available/);
  });
});
