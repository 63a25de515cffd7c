/**
 * The checks a preview runs after every save: the ones `npm run check:dealers` and the build run
 * (src/build/check.ts: the dealer file itself, its domains against the folder's other dealers, and
 * the warnings about menu links and opening days), plus whether the dealer's stock file still
 * reads, since a build fails on a stock file it cannot read. The preview shows the answer in the
 * page and prints it in the terminal; a file that fails keeps the last good one on screen.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkDealerFiles, checkDealers, formatProblem } from '../build/check';
import { projectPaths } from '../build/stamps';
import type { DealerProblem } from '../platform/config/problems';
import { dealerFile, listDealerSlugs, readDealerFile } from '../platform/config/load';
import type { DealerConfig } from '../platform/config/schema';
import { sitemapPaths } from '../site/site-pages';
import { readStockFile, stockFile, StockFileError } from '../stock/server/store';

export interface PreviewChecks {
  /** The dealer file, as the editor would name it (relative to the working folder when inside it). */
  file: string;
  /** When the checks ran (ms since the epoch). */
  checkedAt: number;
  /** What stops a build, one line per problem as check:dealers prints it (file:line:column path: what and how to fix). */
  errors: string[];
  /** What a build survives but an editor should fix, one line each. */
  warnings: string[];
}

export interface CheckedDealer {
  checks: PreviewChecks;
  /** The dealer as its file reads now; absent when the file has errors. */
  dealer?: DealerConfig;
  /** Whether the stock file (when there is one) reads; when not, the preview keeps the stock it showed. */
  stockReads: boolean;
}

export interface CheckOptions {
  slug: string;
  dealersDir: string;
  env: NodeJS.ProcessEnv;
  now?: number;
  /**
   * The project folder: file names are shown relative to it, and its dist/ holds the last good
   * builds, by which a domain or id two files claim stays with the dealer that had it (default:
   * the working folder).
   */
  cwd?: string;
}

const shown = (file: string, cwd: string): string => {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
};

/** Runs the build's checks on one dealer's file and its stock. Never throws: a failure is a message. */
export async function checkDealer({ slug, dealersDir, env, now = Date.now(), cwd = process.cwd() }: CheckOptions): Promise<CheckedDealer> {
  const file = dealerFile(slug, dealersDir);
  const checks: PreviewChecks = { file: shown(file, cwd), checkedAt: now, errors: [], warnings: [] };

  let stockReads = true;
  const stock = stockFile(slug, env);
  if (existsSync(stock)) {
    try {
      readStockFile(stock);
    } catch (error) {
      stockReads = false;
      checks.errors.push(error instanceof StockFileError ? error.message : `${stock}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // The folder's other dealers count too: a domain or id one of them has is not this dealer's. The
  // menu links are checked against the stock, so only when the stock reads.
  const folder = listDealerSlugs(dealersDir).map((other) => dealerFile(other, dealersDir));
  const options = { dealersDir, distDir: projectPaths({ root: cwd }).distDir, env, now };
  let problems: DealerProblem[] = [];
  try {
    const [result] = stockReads ? await checkDealers([file], folder, { ...options, sitePages: sitemapPaths }) : checkDealerFiles([file], folder, options);
    problems = result?.problems ?? [];
  } catch (error) {
    checks.errors.push(`${checks.file}: could not be checked: ${error instanceof Error ? error.message : String(error)}`);
  }
  const line = (problem: DealerProblem): string => formatProblem({ ...problem, file: shown(problem.file, cwd) });
  checks.errors.push(...problems.filter((p) => p.severity === 'error').map(line));
  checks.warnings.push(...problems.filter((p) => p.severity !== 'error').map(line));

  let dealer: DealerConfig | undefined;
  if (!problems.some((p) => p.severity === 'error') && !checks.errors.some((e) => e.includes('could not be checked'))) {
    try {
      dealer = readDealerFile(file);
    } catch (error) {
      // Changed again between the check and this read: the next change event checks it again.
      checks.errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { checks, ...(dealer ? { dealer } : {}), stockReads };
}

/** The checks as terminal lines: problems first, then warnings, or a line saying all is well. */
export function checkLines(checks: PreviewChecks): string[] {
  if (checks.errors.length === 0 && checks.warnings.length === 0) return [`✓ ${checks.file}: no problems`];
  return [...checks.errors.map((error) => `✗ ${error}`), ...checks.warnings.map((warning) => `! ${warning}`)];
}
