/**
 * Builds dealers' sites: the site code bundled once (src/publish/bundle.ts), then each dealer's
 * pages rendered from it by a few render workers (src/publish/render-pool.ts), each dealer into a
 * new folder swapped in when complete (src/publish/site-folders.ts). A dealer's failure, or a
 * crashed worker, fails that dealer only and leaves its served site as it was.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { DealerConfigError, dealerFile } from '../platform/config/load';
import { validateForBuild, type SitePages } from '../build/check';
import { keepLastGood } from '../build/last-good';
import type { DealerConfig } from '../platform/config/schema';
import { FEED_REPORT_PATH, formatFeedReport, type FeedReport } from '../feeds/model/feeds';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mapLimit, type DealerResult } from '../build/plan';
import { dealerInputHash, projectPaths, sharedInputsHash, writeStamp, type ProjectPaths } from '../build/stamps';
import { markBuilding, markFailed, markPublished } from './site-state';
import { BundleError, ensureBundle } from './bundle';
import { createRenderPool } from './render-pool';
import { FIRST_LOOK_ENV } from '../stock/server/site-stock';
import { knowDealers, recordBuild } from '../platform/metrics/metrics';

export { FIRST_LOOK_ENV };

/** What publishing one dealer reports back. */
export interface PublishedSite {
  pages: number;
  htmlPages: number;
  /** Files this publish rendered; the rest were the served build's. */
  rendered: number;
  /** The build folder now served. */
  build: string;
}

/** Publishes one dealer's site; the default renders it from the site bundle. */
export type PublishDealer = (slug: string, options: { firstLook?: boolean; signal?: AbortSignal }) => Promise<PublishedSite>;

export interface BuildOptions extends Partial<ProjectPaths> {
  /** Dealers published at once; defaults to os.availableParallelism(). */
  concurrency?: number;
  /** Print every dealer's captured output, not only failures'. */
  verbose?: boolean;
  /** Where progress lines go; defaults to console.log. */
  log?: (text: string) => void;
  /** Aborting stops running builds (their sites stay as they were) and fails the dealers not yet started. */
  signal?: AbortSignal;
  /**
   * Publishes one dealer; defaults to rendering it from the site bundle. Tests pass a stand-in so
   * the runner's bookkeeping (validation, stamps, failures, summary) is exercised without a bundle.
   */
  publish?: PublishDealer;
  /**
   * Checks a dealer file before its build, throwing DealerConfigError when invalid; defaults to
   * the editor's whole check (src/build/check.ts: the file, its assets, hours, phones, text, menu
   * links, and domains or ids another dealer file claims), so a build refuses what check:dealers
   * refuses. Tests replace it so their fixtures need not track the whole dealer schema.
   */
  /** The pages a site builds (src/site/site-pages.ts, passed in by the commands), so menu links to a page it lacks are refused. */
  sitePages?: SitePages;
  validate?: (file: string) => DealerConfig | void | Promise<DealerConfig | void>;
  /** Told as each dealer's build ends (npm start serves a site as soon as its own build is done). */
  onBuilt?: (result: DealerResult) => void;
  /**
   * Leaves out the car pages, which the car shell then serves (it serves any car without its own
   * page): the site is up sooner. No stamp is written, so the dealer still needs its full build.
   * npm start uses this for a newcomer's first site.
   */
  firstLook?: boolean;
}

/** What the inventory feeds took and left out, from the report the build wrote beside them; nothing when there is none. */
function feedReportLines(outDir: string): string[] {
  const file = path.join(outDir, FEED_REPORT_PATH);
  if (!existsSync(file)) return [];
  try {
    return formatFeedReport(JSON.parse(readFileSync(file, 'utf8')) as FeedReport);
  } catch (error) {
    return [`  feeds report unreadable: ${error instanceof Error ? error.message : String(error)}`];
  }
}

const indent = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/**
 * Builds `slugs` into `<distDir>/<slug>/`, at most `concurrency` at a time. Never throws for a
 * failing dealer: each gets a result, so callers decide what a failure means (build exits 1, start
 * serves the rest). A successful build writes the dealer's stamp; a failed one leaves the served
 * site and its stamp as they were, so the dealer is still stale for the next start.
 */
export async function buildDealers(slugs: readonly string[], opts: BuildOptions = {}): Promise<DealerResult[]> {
  const paths = projectPaths(opts);
  const log = opts.log ?? ((text: string) => console.log(text));
  const validate =
    opts.validate ??
    ((file: string) =>
      validateForBuild(file, {
        dealersDir: paths.dealersDir,
        distDir: paths.distDir,
        publicDir: path.join(paths.root, 'public'),
        ...(opts.sitePages ? { sitePages: opts.sitePages } : {}),
        env: { ...process.env, STOCK_DIR: paths.stockDir },
      }));
  const concurrency = Math.max(1, Math.min(opts.concurrency ?? os.availableParallelism(), slugs.length));
  if (slugs.length === 0) return [];
  // The slugs come from the dealer files: each may be a label value of the build metrics.
  knowDealers(slugs);
  const kind = opts.firstLook ? 'first_look' : 'full';
  // Hashed before any build starts: an edit made while building then leaves the stamp stale
  // instead of being recorded as built. The same hash names the bundle.
  const shared = sharedInputsHash(paths.root);

  let publish = opts.publish;
  let close = (): Promise<void> => Promise.resolve();
  let bundleFailure: { error: string; output: string } | undefined;
  if (!publish) {
    try {
      const bundle = await ensureBundle({ root: paths.root, version: shared, log, ...(opts.signal ? { signal: opts.signal } : {}) });
      const pool = createRenderPool({
        bundle,
        dealersDir: paths.dealersDir,
        distDir: paths.distDir,
        size: concurrency,
        env: { ...process.env, STOCK_DIR: paths.stockDir },
      });
      publish = (slug, options) => pool.publish(slug, options);
      close = () => pool.close();
    } catch (error) {
      bundleFailure = {
        error: error instanceof BundleError ? error.message : `the site bundle could not be built: ${error instanceof Error ? error.message : String(error)}`,
        output: error instanceof BundleError ? error.output : '',
      };
    }
  }

  const buildOne = async (slug: string): Promise<DealerResult> => {
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    const fail = (error: string, output: string): DealerResult => {
      // A build stopped on purpose (Ctrl-C) is no failure of the site's.
      if (error !== 'cancelled') recordBuild(slug, kind, 'failed', seconds());
      markFailed(paths.distDir, slug, error);
      log(`✗ ${slug} FAILED after ${seconds().toFixed(1)}s: ${error}`);
      if (output.trim()) log(indent(output));
      return { slug, ok: false, seconds: seconds(), error, output };
    };
    if (bundleFailure) return fail(bundleFailure.error, bundleFailure.output);
    if (opts.signal?.aborted) return fail('cancelled', '');

    let inputHash: string;
    try {
      await validate(dealerFile(slug, paths.dealersDir));
      inputHash = dealerInputHash(slug, paths, shared);
    } catch (error) {
      // Validation runs before rendering so a bad file costs milliseconds and reads the same as in check:dealers.
      if (error instanceof DealerConfigError) return fail('invalid dealer file', error.message);
      return fail('cannot read dealer file', error instanceof Error ? error.message : String(error));
    }

    log(`… ${slug} building`);
    markBuilding(paths.distDir, slug);
    let published: PublishedSite;
    try {
      published = await (publish as PublishDealer)(slug, { ...(opts.firstLook ? { firstLook: true } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
    } catch (error) {
      if (opts.signal?.aborted) return fail('cancelled', '');
      const text = error instanceof Error ? error.message : String(error);
      const [first = text, ...rest] = text.split('\n');
      return fail(first, rest.join('\n'));
    }
    const outDir = path.join(paths.distDir, slug);
    if (!existsSync(path.join(outDir, 'index.html'))) return fail(`finished but ${slug}/index.html was not written`, '');

    markPublished(paths.distDir, slug, published);
    const pages = published.htmlPages;
    if (!opts.firstLook) {
      writeStamp({ slug, inputHash, builtAt: new Date().toISOString(), pages }, paths.distDir);
      keepLastGood(slug, dealerFile(slug, paths.dealersDir), paths.distDir);
    }
    const note = opts.firstLook ? '; its car pages and all but one search page come from the shells until its full build' : '';
    recordBuild(slug, kind, 'ok', seconds());
    log(`✓ ${slug} built in ${seconds().toFixed(1)}s (${pages} page${pages === 1 ? '' : 's'}${note})`);
    for (const line of feedReportLines(outDir)) log(line);
    return { slug, ok: true, seconds: seconds(), pages, output: '' };
  };

  try {
    return await mapLimit(slugs, concurrency, async (slug) => {
      const result = await buildOne(slug);
      opts.onBuilt?.(result);
      return result;
    });
  } finally {
    await close();
  }
}
