import { describe, expect, it } from 'vitest';
import { dealerFileCopy, testSite } from '../../../tests/support/test-site';
import { domainOwners, siteDomains } from './dealer-domains';

const kingfisher = dealerFileCopy('kingfisher-toyota');
const loneStar = dealerFileCopy('lone-star-auto');

describe('siteDomains', () => {
  it("is the url's host, then the other domains", () => {
    expect(siteDomains(kingfisher)).toEqual(['www.kingfishertoyota.example', 'kingfishertoyota.example']);
    expect(siteDomains(testSite({ url: 'https://WWW.Fixture.example:8443/home' }))).toEqual(['www.fixture.example']);
  });
});

describe('domainOwners', () => {
  it('maps every domain of every dealer to that dealer', () => {
    expect(domainOwners([kingfisher, loneStar])).toEqual(
      new Map([
        ['www.kingfishertoyota.example', 'kingfisher-toyota'],
        ['kingfishertoyota.example', 'kingfisher-toyota'],
        ['www.lonestarautogroup.example', 'lone-star-auto'],
      ]),
    );
  });

  it('serves neither of two dealers on a domain both claim, keeps their other domains, and says so', () => {
    const copycat = testSite({ slug: 'copycat-motors', url: 'https://kingfishertoyota.example' });
    const lines: string[] = [];
    const owners = domainOwners([kingfisher, loneStar, copycat], new Map(), (line) => lines.push(line));
    expect(owners.has('kingfishertoyota.example')).toBe(false);
    expect(owners.get('www.kingfishertoyota.example')).toBe('kingfisher-toyota');
    expect(owners.get('www.lonestarautogroup.example')).toBe('lone-star-auto');
    expect(lines).toEqual([
      'dealer kingfisher-toyota: domains[0]: "kingfishertoyota.example" is also claimed by copycat-motors (url)',
      'dealer copycat-motors: url: "kingfishertoyota.example" is also claimed by kingfisher-toyota (domains[0])',
      'domain kingfishertoyota.example: two dealers claim it, so neither is served on it',
    ]);
  });

  it('gives a contested domain to the dealer that had it first', () => {
    const copycat = testSite({ slug: 'copycat-motors', url: 'https://kingfishertoyota.example' });
    const owners = domainOwners([kingfisher, copycat], new Map([['kingfishertoyota.example', 'kingfisher-toyota']]), () => undefined);
    expect(owners.get('kingfishertoyota.example')).toBe('kingfisher-toyota');
  });
});
