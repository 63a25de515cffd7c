import { describe, expect, it } from 'vitest';
import { accountPaths, SAVABLE_SEARCH_PATH } from './paths';
import { searchNameOf } from './saved-search';

describe('the account paths', () => {
  it('all live under /api/account', () => {
    for (const path of Object.values(accountPaths)) expect(path.startsWith('/api/account')).toBe(true);
  });

  it('name the searches a shopper may save', () => {
    for (const path of ['/search/used-cars', '/search?query=ute', '/find/rental-cars', '/pre-owned', '/electric-cars'])
      expect(SAVABLE_SEARCH_PATH.test(path), path).toBe(true);
    for (const path of ['/cars/x', '/searches', '/', '/my-garage']) expect(SAVABLE_SEARCH_PATH.test(path), path).toBe(false);
  });
});

describe('searchNameOf', () => {
  it('takes the heading, squeezed and cut to the 80 characters a name may have', () => {
    expect(searchNameOf('  Used   Toyota\n RAV4 ')).toBe('Used Toyota RAV4');
    expect(searchNameOf('')).toBe('My search');
    expect(searchNameOf(null)).toBe('My search');
    const long = searchNameOf('x'.repeat(120));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
