/**
 * Publishes one dealer's site from the site bundle: renders its pages into a new build folder
 * beside the one being served, adds the bundle's scripts, styles and public files, the dealer's
 * own assets and the site's header files, then swaps the new build in (src/publish/site-folders.ts).
 * Anything that fails before the swap leaves the served site as it was.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DealerConfig } from '../platform/config/schema';
import { BUILD_SEARCH_KEY, withBuildSearchKey } from '../platform/config/search-endpoint';
import { buildSearchToken } from '../search/server/tenant-token';
import { writeSiteHeaders } from '../platform/http/header-files';
import type { SiteRenderer } from './site-renderer';
import { linkTree, newBuildFolder, swapInBuild } from './site-folders';

export interface PublishPaths {
  dealersDir: string;
  distDir: string;
}

export interface PublishOptions {
  /** The bundle's browser files (`_astro/`) and the project's public files, shared by every dealer. */
  clientDir: string;
  /** Told of progress worth a line in the log. */
  log?: (line: string) => void;
}

export interface PublishOutcome {
  slug: string;
  /** Files the site holds now (pages, feeds, images; not the shared scripts and styles). */
  pages: number;
  /** HTML pages among them. */
  htmlPages: number;
  /** The folder now served. */
  build: string;
  seconds: number;
}

/**
 * The dealer as its pages show it: a dealer on a real Meilisearch with a key uid gets a tenant
 * token signed now in place of its key, so its pages never carry the key itself.
 */
export function dealerAsPublished(config: DealerConfig, nowSeconds: number): DealerConfig {
  const token = buildSearchToken(config, nowSeconds);
  return withBuildSearchKey(config, token ? { [BUILD_SEARCH_KEY]: token } : {});
}

/** Writes a file as a new file: never into one an earlier build shares by hard link. */
function writeNew(file: string, body: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  writeFileSync(file, body);
}

/** Renders every page of `dealer` into a new build and serves it. */
export async function publishSite(renderer: SiteRenderer, dealer: DealerConfig, paths: PublishPaths, options: PublishOptions): Promise<PublishOutcome> {
  const started = performance.now();
  const folder = newBuildFolder(paths.distDir, dealer.slug);
  try {
    const pages = await renderer.pages(dealer);
    let htmlPages = 0;
    for await (const page of renderer.render(dealer, pages)) {
      writeNew(path.join(folder, page.file), page.body);
      if (page.file.endsWith('.html')) htmlPages += 1;
    }
    // Scripts and styles are named by content hash and shared with every dealer's build as links.
    linkTree(options.clientDir, folder);
    // Copied, not linked: an editor saving a logo in place must not change the served site.
    const assets = path.join(paths.dealersDir, 'assets', dealer.slug);
    if (existsSync(assets)) cpSync(assets, path.join(folder, 'assets'), { recursive: true });
    writeSiteHeaders(folder, dealer.slug);
    swapInBuild(paths.distDir, dealer.slug, folder);
    return { slug: dealer.slug, pages: pages.length, htmlPages, build: folder, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
