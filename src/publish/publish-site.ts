/**
 * Publishes one dealer's site from the site bundle: renders its pages into a new build folder
 * beside the one being served, adds the bundle's scripts, styles and public files, the dealer's
 * own assets and the site's header files, then swaps the new build in (src/publish/site-folders.ts).
 * Anything that fails before the swap leaves the served site as it was.
 *
 * The work follows the change. Each build keeps a record beside its folder: what every page
 * rested on besides the stock (the site key: code version, dealer file, render day) and what
 * each page read (its props' hash, whether it read the whole stock, its searches and their
 * answers' hashes; src/platform/config/page-inputs.ts). With the same key, a page whose props
 * are the same, that read no whole stock and whose searches answer the same over the new stock
 * is linked from the served build instead of rendered: it would render to the same bytes. A car
 * sold or re-priced re-renders its own page, the feeds, the sitemaps, the model pages and the
 * landing pages whose first results change; another key renders every page.
 *
 * With the same key, the build served before the served one is brought up to date instead of a
 * new folder being written: each record names the build that wrote each file's bytes, so only the
 * files whose writer differs are replaced (by a link to the served build's file, or the new
 * render) and the pages the site no longer has removed. After a stock change that is a few dozen
 * files, not a new tree of every page's folder and link, and no old build left to delete.
 */
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DealerConfig } from '../platform/config/schema';
import { BUILD_SEARCH_KEY, withBuildSearchKey } from '../platform/config/search-endpoint';
import { buildSearchToken } from '../search/server/tenant-token';
import { metaPoliciesOfPage, writeSiteHeadersFor } from '../platform/http/header-files';
import type { PageInputs } from '../platform/config/page-inputs';
import type { SitePage, SiteRenderer } from './site-renderer';
import { linkTree, newBuildFolder, servedBuild, swapInBuild, takePreviousBuild } from './site-folders';

export interface PublishPaths {
  dealersDir: string;
  distDir: string;
}

export interface PublishOptions {
  /** The bundle's browser files (`_astro/`) and the project's public files, shared by every dealer. */
  clientDir: string;
  /**
   * Everything the pages rest on besides the stock (`siteKey`): pages of the served build are
   * reused only when it built with the same key.
   */
  key: string;
  /** Render every page, whatever the served build's record says. */
  full?: boolean;
  /** Told of progress worth a line in the log. */
  log?: (line: string) => void;
}

/** What one page of a build rested on, and for an HTML page its policy <meta> tags (for the header files). */
export interface PageRecord extends Omit<SitePage, 'file'>, PageInputs {
  policies?: string[];
  /**
   * The build that wrote the file's bytes; builds that link it from there carry it on. Two builds
   * whose records name the same writer hold the same file (one inode), so bringing an older build
   * up to date leaves it alone.
   */
  written?: string;
}

/** Kept beside each build folder as `<folder>.record.json`. */
export interface SiteRecord {
  key: string;
  /** By file, as `SitePage.file`. */
  pages: Record<string, PageRecord>;
}

export const recordFile = (buildFolder: string): string => `${buildFolder}.record.json`;

function readRecord(buildFolder: string): SiteRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(recordFile(buildFolder), 'utf8')) as SiteRecord;
    return typeof record.key === 'string' && record.pages && typeof record.pages === 'object' ? record : undefined;
  } catch {
    // No record (a build by an earlier version, or none yet): every page is rendered.
    return undefined;
  }
}

/**
 * The site key: a hash of the code version, the dealer as published (its file, and the search
 * token of the render day), the render day (pages measure the sold window from it), the kind of
 * build, and the names, sizes and times of the dealer's assets.
 */
export function siteKey(parts: { codeVersion: string; dealer: DealerConfig; renderDay: number; firstLook: boolean; assets: readonly string[] }): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface PublishOutcome {
  slug: string;
  /** Files the site holds now (pages, feeds, images; not the shared scripts and styles). */
  pages: number;
  /** HTML pages among them. */
  htmlPages: number;
  /** Files rendered by this publish; the others were linked from the build it replaced. */
  rendered: number;
  /** The folder now served. */
  build: string;
  seconds: number;
  /** CPU time this process spent on the publish (user and system): a render worker publishes one dealer at a time. */
  cpuSeconds: number;
}

/**
 * The dealer as its pages show it: a dealer on a real Meilisearch with a key uid gets a tenant
 * token signed now in place of its key, so its pages never carry the key itself.
 */
export function dealerAsPublished(config: DealerConfig, nowSeconds: number): DealerConfig {
  const token = buildSearchToken(config, nowSeconds);
  return withBuildSearchKey(config, token ? { [BUILD_SEARCH_KEY]: token } : {});
}

/** Runs `write` for a file under a folder that may not exist yet: most do, so it is made only when asked for. */
function inFolder(file: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    write();
  }
}

/** Writes a file as a new file: never into one an earlier build shares by hard link. */
function writeNew(file: string, body: Uint8Array): void {
  rmSync(file, { force: true });
  inFolder(file, () => writeFileSync(file, body));
}

/**
 * Writes the pages of a build folder that started empty: no file is there to remove, and each
 * page's folder is made once, before its first file, rather than after a failed write (a full
 * render writes a thousand pages, most in a folder of their own).
 */
function emptyFolderWriter(): (file: string, body: Uint8Array) => void {
  const made = new Set<string>();
  return (file, body) => {
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, body);
  };
}

/** Links a file of the served build into the new one, in place of any file there; copies across file systems. */
function linkFile(from: string, to: string): void {
  rmSync(to, { force: true });
  inFolder(to, () => {
    try {
      linkSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      copyFileSync(from, to);
    }
  });
}

/** Removes a file a page no longer has, and its folder when that leaves it empty (a sold car's). */
function removeFile(file: string): void {
  rmSync(file, { force: true });
  try {
    rmdirSync(path.dirname(file));
  } catch {
    // Not empty: other files live there.
  }
}

/**
 * The files of `pages` the served build already holds as they would render now: same key, same
 * route, path and props, no whole-stock read, and every recorded search answering as it did.
 */
async function unchangedPages(
  renderer: SiteRenderer,
  dealer: DealerConfig,
  pages: readonly SitePage[],
  served: string,
  before: SiteRecord,
): Promise<Set<string>> {
  const candidates = pages.filter((page) => {
    const was = before.pages[page.file];
    return was && !was.stock && was.route === page.route && was.path === page.path && was.props === page.props && existsSync(path.join(served, page.file));
  });
  const searches = new Map<string, { indexUid: string; request: string }>();
  for (const page of candidates) for (const search of before.pages[page.file]!.searches) searches.set(`${search.indexUid}\n${search.request}`, search);
  const asked = [...searches.entries()];
  const answers = await renderer.answers(
    dealer,
    asked.map(([, search]) => search),
  );
  const now = new Map(asked.map(([id], i) => [id, answers[i]]));
  return new Set(
    candidates
      .filter((page) => before.pages[page.file]!.searches.every((search) => now.get(`${search.indexUid}\n${search.request}`) === search.answer))
      .map((page) => page.file),
  );
}

/** Renders the pages of `dealer` that changed (every page, without a usable record) into its next build and serves it. */
export async function publishSite(renderer: SiteRenderer, dealer: DealerConfig, paths: PublishPaths, options: PublishOptions): Promise<PublishOutcome> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const served = servedBuild(paths.distDir, dealer.slug);
  const before = served && !options.full ? readRecord(served) : undefined;
  // Same key: the build served before this one is brought up to date (a few files after a stock
  // change) in place of a new tree of links; otherwise a new folder takes every file.
  const previous = before?.key === options.key ? takePreviousBuild(paths.distDir, dealer.slug) : undefined;
  const previousRecord = previous ? readRecord(previous.was) : undefined;
  if (previous) rmSync(recordFile(previous.was), { force: true });
  const spare = previousRecord?.key === options.key ? previousRecord : undefined;
  const folder = previous?.folder ?? newBuildFolder(paths.distDir, dealer.slug);
  const written = path.basename(folder);
  try {
    if (previous && !spare) {
      // Its record is missing or from other code: start it empty.
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder);
    }
    const pages = await renderer.pages(dealer);
    const reused = served && before?.key === options.key ? await unchangedPages(renderer, dealer, pages, served, before) : new Set<string>();
    const record: SiteRecord = { key: options.key, pages: {} };
    let htmlPages = 0;
    for (const page of pages) {
      if (page.file.endsWith('.html')) htmlPages += 1;
      if (!reused.has(page.file)) continue;
      const was = before!.pages[page.file]!;
      // A record from before builds named their files' writers: the served build's file is its own.
      const writer = was.written ?? path.basename(served!);
      if (spare?.pages[page.file]?.written !== writer) linkFile(path.join(served!, page.file), path.join(folder, page.file));
      record.pages[page.file] = { ...was, written: writer };
    }
    const changed = pages.filter((page) => !reused.has(page.file));
    // Only a build brought up to date holds files a page may replace.
    const write = spare ? writeNew : emptyFolderWriter();
    for await (const page of renderer.render(dealer, changed)) {
      write(path.join(folder, page.file), page.body);
      const policies = page.file.endsWith('.html') ? { policies: metaPoliciesOfPage(page.body) } : {};
      record.pages[page.file] = { path: page.path, route: page.route, ...(page.props ? { props: page.props } : {}), ...page.inputs, ...policies, written };
    }
    if (spare) {
      for (const file of Object.keys(spare.pages)) if (!record.pages[file]) removeFile(path.join(folder, file));
    } else {
      // Scripts and styles are named by content hash and shared with every dealer's build as links.
      linkTree(options.clientDir, folder);
      // Copied, not linked: an editor saving a logo in place must not change the served site.
      const assets = path.join(paths.dealersDir, 'assets', dealer.slug);
      if (existsSync(assets)) cpSync(assets, path.join(folder, 'assets'), { recursive: true });
    }
    // In file order, as a full read of the folder would meet them, whatever order pages rendered in.
    const policiesByPage = new Map(
      Object.entries(record.pages)
        .filter(([file]) => file.endsWith('.html'))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([file, page]) => [file, page.policies ?? []]),
    );
    writeSiteHeadersFor(folder, dealer.slug, policiesByPage);
    writeFileSync(recordFile(folder), JSON.stringify(record));
    swapInBuild(paths.distDir, dealer.slug, folder);
    const used = process.cpuUsage(cpu);
    return {
      slug: dealer.slug,
      pages: pages.length,
      htmlPages,
      rendered: changed.length,
      build: folder,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    rmSync(recordFile(folder), { force: true });
    throw error;
  }
}
