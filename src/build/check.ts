/**
 * The one check of dealer files, run by `npm run check:dealers`, by every build before it renders
 * a dealer, and by the preview: the file as the server reads it (dealer-check.ts: JSON syntax, keys
 * written twice, the schema, the slug), what an editor can get wrong beyond the schema
 * (dealer-file-checks.ts: missing files, hours, phones, markup, menu links), and what the files
 * claim together (the same domain or dealer id in two files).
 *
 * `dealerProblems` / `checkDealers` return structured problems (problems.ts: file, line, column,
 * path, message, fix, severity); `formatProblems` prints them one a line.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkDealerText } from '../platform/config/dealer-check';
import { claimConflicts, type Claimant } from '../platform/config/dealer-conflicts';
import { dealerFile, DealerConfigError, listDealerSlugs } from '../platform/config/load';
import { problemAt, sortProblems, formatProblem, type DealerProblem } from '../platform/config/problems';
import type { DealerConfig } from '../platform/config/schema';
import { isoToday, openingWarnings } from '../dealer/model/locations';
import { loadStock } from '../stock/server/store';
import type { Vehicle } from '../stock/model/vehicle';
import { hoursProblems, menuLinkProblems, missingFileProblems, phoneProblems, textProblems, typoToleranceProblems } from './dealer-file-checks';
import { lastGoodDealer } from './last-good';

export interface CheckOptions {
  /** The dealers folder (for assets/<slug>/); the file's own folder by default. */
  dealersDir?: string;
  /** Files every site has (`public/`). */
  publicDir?: string;
  /** Where last good builds keep their dealer file: in a conflict, the dealer that had it first keeps it. */
  distDir?: string;
}

interface FileCheck {
  file: string;
  dealer?: DealerConfig;
  problems: DealerProblem[];
  text: string;
  tree: ReturnType<typeof checkDealerText>['tree'];
}

/** One file's own problems (no menu links, no other files): what the server, build and check all refuse. */
function fileCheck(file: string, options: CheckOptions): FileCheck {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : error instanceof Error ? error.message : String(error);
    return {
      file,
      problems: [
        { file, line: 1, column: 1, path: '(root)', message: `cannot be read: ${reason}`, fix: 'check the file name and its permissions', severity: 'error' },
      ],
      text: '',
      tree: undefined,
    };
  }
  const checked = checkDealerText(text, file);
  if (!checked.dealer) return { file, problems: checked.problems, text, tree: checked.tree };
  const located = { file, text, tree: checked.tree };
  const dealersDir = options.dealersDir ?? path.dirname(file);
  const problems = [
    ...missingFileProblems(located, checked.dealer, dealersDir, options.publicDir ?? path.resolve('public')),
    ...hoursProblems(located, checked.dealer),
    ...phoneProblems(located, checked.dealer),
    ...typoToleranceProblems(located, checked.dealer),
    ...textProblems(located),
  ];
  return { file, dealer: checked.dealer, problems, text, tree: checked.tree };
}

/** The folder's other dealer files, read for what they claim (domains, id); one that does not read claims nothing. */
function claimants(checks: readonly FileCheck[], options: CheckOptions): Claimant[] {
  return checks.flatMap((check) => {
    if (!check.dealer) return [];
    const previous = options.distDir ? lastGoodDealer(check.dealer.slug, options.distDir) : undefined;
    return [{ file: check.file, site: check.dealer, ...(previous ? { previous } : {}) }];
  });
}

/**
 * Another dealer file, read only for what it claims (its domains and id), and remembered while it
 * is unchanged: a build checks each dealer against every other, so a folder of many dealers must
 * not parse every file again for each.
 */
const claimCache = new Map<string, { version: string; check: FileCheck }>();
function claimsOf(file: string): FileCheck {
  let version = 'absent';
  try {
    const info = statSync(file);
    version = `${info.size}:${info.mtimeMs}`;
  } catch {
    // Not there: it claims nothing.
  }
  const cached = claimCache.get(path.resolve(file));
  if (cached?.version === version) return cached.check;
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // Unreadable: it claims nothing.
  }
  const checked = checkDealerText(text, file);
  const check: FileCheck = { file, problems: checked.problems, text, tree: checked.tree, ...(checked.dealer ? { dealer: checked.dealer } : {}) };
  claimCache.set(path.resolve(file), { version, check });
  return check;
}

/** Conflicts between `checks` and the folder's files, as problems in the checked files. */
function conflictProblems(checks: FileCheck[], folder: readonly string[], options: CheckOptions): void {
  const checkedFiles = new Set(checks.map((c) => path.resolve(c.file)));
  const others = folder.filter((file) => !checkedFiles.has(path.resolve(file))).map(claimsOf);
  const byFile = new Map(checks.map((c) => [path.resolve(c.file), c]));
  for (const conflict of claimConflicts(claimants([...checks, ...others], options))) {
    const check = byFile.get(path.resolve(conflict.file));
    if (!check) continue;
    check.problems.push(problemAt(check.file, check.text, check.tree, conflict.path, conflict.message, conflict.fix, conflict.severity));
  }
}

export interface CheckResult {
  file: string;
  ok: boolean;
  /** `ok <slug>`, or the file name then one line per problem (as DealerConfigError says it). */
  message: string;
  /** Every problem found, warnings included. */
  problems: DealerProblem[];
}

function result(check: FileCheck): CheckResult {
  const problems = sortProblems(check.problems);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) return { file: check.file, ok: false, message: new DealerConfigError(check.file, errors).message, problems };
  return { file: check.file, ok: true, message: `ok ${check.dealer?.slug ?? path.basename(check.file, '.json')}`, problems };
}

export function checkDealerFile(file: string, options: CheckOptions = {}): CheckResult {
  return result(fileCheck(file, options));
}

/**
 * Each file as checkDealerFile checks it; then what it claims that another checked file or a
 * dealer file in `folder` claims too (a domain, the dealer id), naming both files.
 */
export function checkDealerFiles(files: readonly string[], folder: readonly string[] = [], options: CheckOptions = {}): CheckResult[] {
  const checks = files.map((file) => fileCheck(file, options));
  conflictProblems(checks, folder, options);
  return checks.map(result);
}

export type SitePages = (site: DealerConfig, stock: readonly Vehicle[]) => string[];

export interface FullCheckOptions extends CheckOptions {
  /**
   * The pages a site builds for its file and stock (the sitemap's list: src/site/site-pages.ts),
   * passed in by the commands; without it, menu links to pages are not checked.
   */
  sitePages?: SitePages;
  env?: NodeJS.ProcessEnv;
  now?: number;
  /**
   * Whether to check the menu links and opening days against the stock (default true). A publish
   * for a stock change alone leaves them out: the dealer file was checked when it last changed,
   * the check costs a search per menu link on the server's own thread, and a make that sold out
   * must not stop the sale from reaching the site.
   */
  stockChecks?: boolean;
}

/** Menu links and opening days, which need the dealer's stock and pages: errors and warnings. */
async function stockProblems(check: FileCheck, options: FullCheckOptions): Promise<DealerProblem[]> {
  if (!check.dealer) return [];
  const now = options.now ?? Date.now();
  const stock = loadStock(check.dealer, options.env ?? process.env);
  const located = { file: check.file, text: check.text, tree: check.tree };
  const links = await menuLinkProblems(located, check.dealer, stock, options.sitePages?.(check.dealer, stock), Math.floor(now / 1000));
  const openings = openingWarnings(check.dealer.locations, isoToday(new Date(now))).map((warning) =>
    problemAt(check.file, check.text, check.tree, ['locations'], warning, '', 'warning'),
  );
  return [...links, ...openings];
}

/** Everything: each file, the files together, and each one's menu links against its stock and pages. */
export async function checkDealers(files: readonly string[], folder: readonly string[], options: FullCheckOptions): Promise<CheckResult[]> {
  const checks = files.map((file) => fileCheck(file, options));
  conflictProblems(checks, folder, options);
  if (options.stockChecks !== false) for (const check of checks) check.problems.push(...(await stockProblems(check, options)));
  return checks.map(result);
}

/** Every problem of one dealer file, in file order: the structured form the build and the preview show. */
export async function dealerProblems(file: string, options: FullCheckOptions & { folder?: readonly string[] }): Promise<DealerProblem[]> {
  const folder = options.folder ?? listDealerSlugs(path.dirname(file)).map((slug) => dealerFile(slug, path.dirname(file)));
  const [checked] = await checkDealers([file], folder, options);
  return checked?.problems ?? [];
}

/** The build's check of a dealer before it renders: throws DealerConfigError with every error (warnings are printed by check:dealers). */
export async function validateForBuild(file: string, options: FullCheckOptions): Promise<DealerConfig> {
  const problems = await dealerProblems(file, options);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new DealerConfigError(file, errors);
  const checked = checkDealerText(readFileSync(file, 'utf8'), file);
  return checked.dealer!;
}

/** The files to check: those named on the command line, else every dealer file in `dealersDir`. */
export function filesToCheck(args: readonly string[], dealersDir: string): string[] {
  if (args.length > 0) return args.map((a) => path.resolve(a));
  return listDealerSlugs(dealersDir).map((slug) => dealerFile(slug, dealersDir));
}

export { formatProblem };
export { formatProblems } from '../platform/config/problems';
