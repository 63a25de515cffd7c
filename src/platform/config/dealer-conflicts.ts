/**
 * What two dealer files may not both claim: a domain (the server picks the dealer of a request by
 * its host, so one domain for two dealers would send one's shoppers and leads to the other) and
 * the dealer `id` (the back-office's website id: the dealer dashboard keys session data such as
 * the menu and holiday hours by it, so a copied id shows another dealer's). Slugs cannot clash:
 * each must be its own file's name.
 *
 * Neither file is blamed silently: each gets a problem naming the other. Who keeps the claim is
 * decided by the last good builds: a dealer that already had the domain (or id) in its last good
 * build keeps it and the newcomer is refused; where nothing tells them apart, neither is served on
 * the contested domain (each keeps its other hosts and `<slug>.localhost`).
 */
import { siteDomains } from './dealer-domains';
import type { DealerConfig } from './schema';

type Site = Pick<DealerConfig, 'slug' | 'url' | 'domains' | 'id'>;

export interface Claimant {
  file: string;
  site: Site;
  /** The same dealer as its last good build had it, when it has one. */
  previous?: Site;
}

export interface ClaimConflict {
  /** The file the problem is in (each side of a conflict gets one). */
  file: string;
  slug: string;
  /** The field making the claim: `url`, `domains[1]`, `id`. */
  path: (string | number)[];
  message: string;
  fix: string;
  /** An error for the file refused; a warning for the dealer that keeps what it had. */
  severity: 'error' | 'warning';
  kind: 'domain' | 'id';
  /** The domain or id. */
  value: string;
  /** Whether this dealer keeps the claim (it had it in its last good build and the others did not). */
  keeps: boolean;
}

interface Claim {
  claimant: Claimant;
  path: (string | number)[];
}

const base = (file: string): string => file.split(/[\\/]/).pop() ?? file;

function domainClaims(claimant: Claimant): { value: string; path: (string | number)[] }[] {
  const [urlHost, ...others] = siteDomains(claimant.site);
  return [{ value: urlHost!, path: ['url'] }, ...others.map((value, i) => ({ value, path: ['domains', i] }))];
}

function conflictsOf(kind: 'domain' | 'id', claims: Map<string, Claim[]>, had: (claimant: Claimant, value: string) => boolean): ClaimConflict[] {
  const conflicts: ClaimConflict[] = [];
  for (const [value, all] of claims) {
    if (new Set(all.map((c) => c.claimant.site.slug)).size < 2) continue;
    const incumbents = [...new Set(all.filter((c) => had(c.claimant, value)).map((c) => c.claimant.site.slug))];
    const keeper = incumbents.length === 1 ? incumbents[0] : undefined;
    const what = kind === 'domain' ? `the domain "${value}"` : `the dealer id ${JSON.stringify(value)}`;
    for (const claim of all) {
      const others = all.filter((c) => c.claimant.site.slug !== claim.claimant.site.slug);
      const named = others
        .map(
          (c) =>
            `${base(c.claimant.file)} (${c.path
              .map((p) => (typeof p === 'number' ? `[${p}]` : p))
              .join('.')
              .replace('.[', '[')})`,
        )
        .join(', ');
      const keeps = keeper === claim.claimant.site.slug;
      const outcome = keeper
        ? keeps
          ? `${claim.claimant.site.slug} had it in its last good build and keeps it; the other file is refused`
          : `${keeper} had it first and keeps it, so this file is refused`
        : kind === 'domain'
          ? `nothing tells which dealer it belongs to, so neither site is served on it`
          : `nothing tells which dealer it belongs to, so both files are refused`;
      conflicts.push({
        file: claim.claimant.file,
        slug: claim.claimant.site.slug,
        path: claim.path,
        message: `${what} is also claimed by ${named}: ${outcome}`,
        fix:
          kind === 'domain'
            ? keeps
              ? `remove it from ${others.map((c) => base(c.claimant.file)).join(', ')}`
              : 'remove it from the file that should not have it'
            : keeps
              ? `give ${others.map((c) => base(c.claimant.file)).join(', ')} its own id from the back-office`
              : 'give this dealer its own id from the back-office (a new dealer file copied from another keeps the old id)',
        severity: keeps ? 'warning' : 'error',
        kind,
        value,
        keeps,
      });
    }
  }
  return conflicts;
}

/** Every domain and id claimed by two dealers, one entry per dealer and claim. */
export function claimConflicts(claimants: readonly Claimant[]): ClaimConflict[] {
  const domains = new Map<string, Claim[]>();
  const ids = new Map<string, Claim[]>();
  for (const claimant of claimants) {
    for (const { value, path } of domainClaims(claimant)) domains.set(value, [...(domains.get(value) ?? []), { claimant, path }]);
    const id = String(claimant.site.id);
    ids.set(id, [...(ids.get(id) ?? []), { claimant, path: ['id'] }]);
  }
  return [
    ...conflictsOf('domain', domains, (c, value) => (c.previous ? siteDomains(c.previous).includes(value) : false)),
    ...conflictsOf('id', ids, (c, value) => (c.previous ? String(c.previous.id) === value : false)),
  ];
}
