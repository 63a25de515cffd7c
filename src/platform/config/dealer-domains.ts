/**
 * Which dealer a domain belongs to: the host of each dealer's `url`, and its `domains`. The server
 * picks the dealer of a request by these (src/platform/http/dealer-host.ts), so a domain claimed
 * by two dealers would send one dealer's shoppers and leads to the other: it is refused wherever
 * dealer files are read together, by `npm run check:dealers` and when the server starts.
 */
import type { DealerConfig } from './schema';

/** Domain → dealer slug. */
export type DomainOwners = ReadonlyMap<string, string>;

type Site = Pick<DealerConfig, 'slug' | 'url' | 'domains'>;

interface Claim {
  domain: string;
  /** The dealer file field that names it: `url` or `domains[i]`. */
  field: string;
}

function claims(site: Site): Claim[] {
  return [{ domain: new URL(site.url).hostname, field: 'url' }, ...site.domains.map((domain, i) => ({ domain, field: `domains[${i}]` }))];
}

/** The host names the dealer's site is served on: its url's host, then its domains. */
export const siteDomains = (site: Site): string[] => claims(site).map((claim) => claim.domain);

/** For each dealer claiming a domain another dealer claims too, one line per such claim (`field: why`). */
export function domainConflicts(sites: readonly Site[]): Map<string, string[]> {
  const claimants = new Map<string, { slug: string; field: string }[]>();
  for (const site of sites) {
    for (const { domain, field } of claims(site)) claimants.set(domain, [...(claimants.get(domain) ?? []), { slug: site.slug, field }]);
  }
  const conflicts = new Map<string, string[]>();
  for (const [domain, owners] of claimants) {
    if (new Set(owners.map((owner) => owner.slug)).size < 2) continue;
    for (const owner of owners) {
      const others = owners.filter((other) => other.slug !== owner.slug).map((other) => `${other.slug} (${other.field})`);
      conflicts.set(owner.slug, [...(conflicts.get(owner.slug) ?? []), `${owner.field}: "${domain}" is also claimed by ${others.join(', ')}`]);
    }
  }
  return conflicts;
}

/** Every served dealer's domains; throws, naming each, when two dealers claim one. */
export function domainOwners(sites: readonly Site[]): DomainOwners {
  const conflicts = domainConflicts(sites);
  if (conflicts.size > 0) {
    const lines = [...conflicts].flatMap(([slug, problems]) => problems.map((problem) => `  - ${slug}: ${problem}`));
    throw new Error(`Two dealers cannot be served on one domain:\n${lines.join('\n')}`);
  }
  return new Map(sites.flatMap((site) => siteDomains(site).map((domain) => [domain, site.slug] as const)));
}
