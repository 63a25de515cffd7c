/**
 * `npm run check:dealers`: validates dealer files exactly as the build does (readDealerFile), so
 * an editor can check a file in a second without waiting for Astro; then checks the valid ones
 * together with the rest of the folder, since no two dealers may be served on one domain.
 */
import path from 'node:path';
import { domainConflicts } from '../platform/config/dealer-domains';
import { DealerConfigError, dealerFile, listDealerSlugs, readDealerFile } from '../platform/config/load';
import type { DealerConfig } from '../platform/config/schema';
import { loadStock } from '../stock/server/store';
import { isoToday, openingWarnings } from '../dealer/model/locations';
import type { Vehicle } from '../stock/model/vehicle';
import { emptySearchLinks, missingPageLinks } from './menu-links';

export interface CheckResult {
  file: string;
  ok: boolean;
  /** `ok <slug>`, or the DealerConfigError message (file name, then one line per bad field). */
  message: string;
}

function check(file: string): CheckResult & { dealer?: DealerConfig } {
  try {
    const dealer = readDealerFile(file);
    return { file, ok: true, message: `ok ${dealer.slug}`, dealer };
  } catch (error) {
    if (error instanceof DealerConfigError) return { file, ok: false, message: error.message };
    // Anything else is a bug in the schema or loader, not in the file; say so rather than blame the editor.
    return { file, ok: false, message: `${file}: could not be checked: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function checkDealerFile(file: string): CheckResult {
  const { dealer: _dealer, ...result } = check(file);
  return result;
}

/** The other dealers in the folder, read only for the domains they claim; one that does not read claims none. */
function neighbours(folder: readonly string[], checked: readonly string[]): DealerConfig[] {
  const skip = new Set(checked.map((file) => path.resolve(file)));
  return folder
    .filter((file) => !skip.has(path.resolve(file)))
    .flatMap((file) => {
      try {
        return [readDealerFile(file)];
      } catch {
        return [];
      }
    });
}

/**
 * Each file as checkDealerFile checks it; then a valid file claiming a domain (its url's host or
 * one of its `domains`) that another checked file or a dealer file in `folder` claims is invalid too.
 */
export function checkDealerFiles(files: readonly string[], folder: readonly string[] = []): CheckResult[] {
  const results = files.map(check);
  const valid = results.flatMap((result) => (result.dealer ? [result.dealer] : []));
  const conflicts = domainConflicts([...valid, ...neighbours(folder, files)]);
  return results.map(({ dealer, ...result }) => {
    const problems = dealer ? conflicts.get(dealer.slug) : undefined;
    return problems ? { file: result.file, ok: false, message: new DealerConfigError(result.file, problems).message } : result;
  });
}

/** The files to check: those named on the command line, else every dealer file in `dealersDir`. */
export function filesToCheck(args: readonly string[], dealersDir: string): string[] {
  if (args.length > 0) return args.map((a) => path.resolve(a));
  return listDealerSlugs(dealersDir).map((slug) => dealerFile(slug, dealersDir));
}

/**
 * What an editor should fix but a build survives, one line each: menu links to a search that finds
 * no car in the dealer's current stock (the imported feed, else demo stock), e.g. a model link whose
 * slug no model in stock has; menu links to a page the site does not build (`sitePages`: the
 * sitemap's list, src/site/site-pages.ts); a location whose
 * opening day has passed, or whose status label promises an opening.
 */
export async function dealerWarnings(
  file: string,
  sitePages: (site: DealerConfig, stock: readonly Vehicle[]) => string[],
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
): Promise<string[]> {
  const site = readDealerFile(file);
  const stock = loadStock(site, env);
  const empty = await emptySearchLinks(site, stock, Math.floor(now / 1000));
  return [
    ...empty.map((link) => `warn ${site.slug}: the menu link "${link.name}" (${link.url}) finds no cars in the current stock`),
    ...missingPageLinks(site, sitePages(site, stock)).map(
      (link) => `warn ${site.slug}: the menu link "${link.name}" (${link.url}) leads to a page the site does not build`,
    ),
    ...openingWarnings(site.locations, isoToday(new Date(now))).map((warning) => `warn ${site.slug}: ${warning}`),
  ];
}
