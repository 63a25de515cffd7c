import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { BUILD_SEARCH_KEY, searchEndpoint, withBuildSearchKey } from './search-endpoint';

const real = { host: 'https://search.example', read_only_key: 'the-secret-search-key' };

describe('withBuildSearchKey', () => {
  it('puts the tenant token the build signed where the pages read the key, for a dealer with a key uid', () => {
    const site = testSite({ search: { ...real, read_only_key_uid: '5e2442b8-8cb8-4059-904d-dc2d13677c01' } });
    const built = withBuildSearchKey(site, { [BUILD_SEARCH_KEY]: 'header.payload.signature' });
    expect(searchEndpoint(built).apiKey).toBe('header.payload.signature');
    expect(JSON.stringify(built)).not.toContain('the-secret-search-key');
  });

  it('stops a build without the token rather than publish the key', () => {
    const site = testSite({ search: { ...real, read_only_key_uid: '5e2442b8-8cb8-4059-904d-dc2d13677c01' } });
    expect(() => withBuildSearchKey(site, {})).toThrow('build it with npm run build');
  });

  it('leaves every other dealer as it is', () => {
    const site = testSite({ search: real });
    expect(withBuildSearchKey(site, { [BUILD_SEARCH_KEY]: 'meant for another dealer' })).toBe(site);
  });
});
