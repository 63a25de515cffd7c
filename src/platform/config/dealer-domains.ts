/**
 * Which dealer a domain belongs to: the host of each dealer's `url`, and its `domains`. The server
 * picks the dealer of a request by these (src/platform/http/dealer-host.ts), so a domain claimed
 * by two dealers would send one dealer's shoppers and leads to the other. Such a domain is
 * served by neither (unless one had it first: dealer-conflicts.ts decides that, and check:dealers
 * and the build say it, naming both files); each dealer stays up on its other domains.
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

/**
 * Every served dealer's domains. A domain two dealers claim goes to `keepers`' choice (the dealer
 * that had it in its last good build, dealer-conflicts.ts), else to neither: one dealer's mistake
 * must not take the other offline, nor stop the server. Each such claim is told to `log`.
 */
export function domainOwners(
  sites: readonly Site[],
  keepers: ReadonlyMap<string, string> = new Map(),
  log: (line: string) => void = console.error,
): DomainOwners {
  const conflicts = domainConflicts(sites);
  for (const [slug, problems] of conflicts) for (const problem of problems) log(`dealer ${slug}: ${problem}`);
  const owners = new Map<string, string>();
  const contested = new Set<string>();
  for (const site of sites) {
    for (const domain of siteDomains(site)) {
      const owner = owners.get(domain);
      if (owner !== undefined && owner !== site.slug) contested.add(domain);
      else owners.set(domain, site.slug);
    }
  }
  for (const domain of contested) {
    const keeper = keepers.get(domain);
    if (keeper) owners.set(domain, keeper);
    else owners.delete(domain);
    log(keeper ? `domain ${domain}: served by ${keeper}, which had it first` : `domain ${domain}: two dealers claim it, so neither is served on it`);
  }
  return owners;
}
