import { describe, expect, it } from 'vitest';
import { testSite } from '../../tests/support/test-site';
import { dealerAsPublished } from './publish-site';

describe('dealerAsPublished', () => {
  it('gives a dealer with a search key uid a signed tenant token in place of its key', () => {
    const site = testSite({
      search: { ...testSite().search, host: 'https://search.example', read_only_key: 'secret', read_only_key_uid: '5e2442b8-8cb8-4059-904d-dc2d13677c01' },
    });
    const published = dealerAsPublished(site, 1_800_000_000);
    expect(published.search.read_only_key).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(published)).not.toContain('secret');
  });

  it('leaves any other dealer as it is', () => {
    const site = testSite({ search: { ...testSite().search, host: 'https://search.example', read_only_key: 'public-key' } });
    expect(dealerAsPublished(site, 1_800_000_000)).toBe(site);
  });
});
