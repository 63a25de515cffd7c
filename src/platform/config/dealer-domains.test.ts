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

  it('refuses to serve two dealers on one domain, naming both claims', () => {
    const copycat = testSite({ slug: 'copycat-motors', url: 'https://kingfishertoyota.example' });
    expect(() => domainOwners([kingfisher, loneStar, copycat])).toThrow(
      [
        'Two dealers cannot be served on one domain:',
        '  - kingfisher-toyota: domains[0]: "kingfishertoyota.example" is also claimed by copycat-motors (url)',
        '  - copycat-motors: url: "kingfishertoyota.example" is also claimed by kingfisher-toyota (domains[0])',
      ].join('\n'),
    );
  });
});
