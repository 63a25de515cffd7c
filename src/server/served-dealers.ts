/**
 * Which dealers the server serves, and with which settings, when some dealer files are wrong: one
 * dealer's mistake hurts only that dealer.
 *
 * - A file that does not read is refused: the dealer is served from its last good build (the site
 *   on disk, with the dealer file that build was made from: src/build/last-good.ts), or not at all
 *   when it never built.
 * - A dealer id two files claim: the dealer that had it in its last good build keeps it, the other
 *   is refused as above; when neither had it first, both are (dealer-conflicts.ts).
 * - A domain two files claim: the dealer that had it first keeps it; otherwise neither is served on
 *   it. Either way both stay up on their other domains and at `<slug>.localhost`.
 *
 * Every refusal is logged with its reason and listed in /api/health.
 */
import { lastGoodDealer } from '../build/last-good';
import { claimConflicts } from '../platform/config/dealer-conflicts';
import { domainOwners, type DomainOwners } from '../platform/config/dealer-domains';
import { DealerConfigError, dealerFile, readDealerFile } from '../platform/config/load';
import type { DealerConfig } from '../platform/config/schema';
import { formatPath } from '../platform/config/problems';
import { servedBuild } from '../publish/site-folders';

export interface FailingDealer {
  slug: string;
  file: string;
  /** What is wrong, one problem a line, naming the other file in a conflict. */
  reason: string;
  /** What shoppers get meanwhile. */
  serving: 'its last good build' | 'nothing (it has never been built)' | 'its site, but not on the contested domain';
}

export interface ServedDealers {
  /** The dealers to serve (and build): those whose file reads, and those refused that have a last good build. */
  dealers: string[];
  /** The settings each is served with: its file's, or its last good build's when refused. */
  configs: ReadonlyMap<string, DealerConfig>;
  /**
   * Dealers whose file reads but is refused (a dealer id another dealer had first), with the
   * reason: served from their last good build's settings until the next start. (A file that does
   * not read is read again on each change by the running server: src/platform/config/dealer-configs.ts.)
   */
  refused: ReadonlyMap<string, string>;
  failing: FailingDealer[];
  owners: DomainOwners;
}

export interface ServedDealersOptions {
  dealersDir: string;
  distDir: string;
  log?: (line: string) => void;
}

export function servedDealers(slugs: readonly string[], { dealersDir, distDir, log = console.error }: ServedDealersOptions): ServedDealers {
  const configs = new Map<string, DealerConfig>();
  const refused = new Map<string, string>();
  const failing: FailingDealer[] = [];
  const lastGood = new Map(slugs.map((slug) => [slug, lastGoodDealer(slug, distDir)]));

  const refuse = (slug: string, reason: string, readable: boolean): void => {
    const last = lastGood.get(slug);
    const serving = last !== undefined && servedBuild(distDir, slug) !== undefined;
    if (serving) configs.set(slug, last);
    else configs.delete(slug);
    if (readable) refused.set(slug, reason);
    failing.push({ slug, file: dealerFile(slug, dealersDir), reason, serving: serving ? 'its last good build' : 'nothing (it has never been built)' });
    log(`dealer ${slug} refused, serving ${serving ? 'its last good build' : 'nothing (it has never been built)'}: ${reason}`);
  };

  for (const slug of slugs) {
    try {
      configs.set(slug, readDealerFile(dealerFile(slug, dealersDir)));
    } catch (error) {
      refuse(slug, error instanceof DealerConfigError ? error.problems.join('\n') : error instanceof Error ? error.message : String(error), false);
    }
  }

  const conflicts = claimConflicts(
    [...configs]
      .filter(([slug]) => !failing.some((f) => f.slug === slug))
      .map(([slug, site]) => {
        const previous = lastGood.get(slug);
        return { file: dealerFile(slug, dealersDir), site, ...(previous ? { previous } : {}) };
      }),
  );
  const keepers = new Map<string, string>();
  const idRefusals = new Map<string, string[]>();
  for (const conflict of conflicts) {
    if (conflict.kind === 'domain') {
      if (conflict.keeps) keepers.set(conflict.value, conflict.slug);
      else {
        const reason = `${formatPath(conflict.path)}: ${conflict.message}`;
        failing.push({ slug: conflict.slug, file: conflict.file, reason, serving: 'its site, but not on the contested domain' });
        log(`dealer ${conflict.slug}: ${reason}`);
      }
    } else if (!conflict.keeps) idRefusals.set(conflict.slug, [...(idRefusals.get(conflict.slug) ?? []), `id: ${conflict.message}`]);
  }
  for (const [slug, reasons] of idRefusals) refuse(slug, reasons.join('\n'), true);

  const dealers = slugs.filter((slug) => configs.has(slug));
  const owners = domainOwners(
    dealers.map((slug) => configs.get(slug)!),
    keepers,
    () => undefined, // the conflicts are logged above, naming both files
  );
  return { dealers, configs, refused, failing, owners };
}
