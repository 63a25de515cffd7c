// One Astro build per dealer: DEALER=<slug> selects the dealer file, output goes to dist/<slug>/.
// scripts/build.ts runs this once per dealer; components read the parsed config via src/platform/config/current.ts.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientDirectives, dealerAssets, siteHeaders } from './src/platform/astro/integration.ts';
import { loadDealer, listDealerSlugs, defaultDealersDir } from './src/platform/config/load.ts';
import { contentSecurityPolicy, siteScriptUrls } from './src/platform/http/security.ts';
import { sitemapOptions } from './src/site/site-pages.ts';
import { loadStock } from './src/stock/server/store.ts';

const dealersDir = defaultDealersDir();
const slug = process.env.DEALER ?? listDealerSlugs(dealersDir)[0];
if (!slug) throw new Error(`No dealer files in ${dealersDir}`);
process.env.DEALER = slug;
const dealer = loadDealer(slug, dealersDir);
const distRoot = path.resolve(process.env.DIST_DIR ?? 'dist');

export default defineConfig({
  site: dealer.url,
  outDir: path.join(distRoot, slug),
  cacheDir: path.resolve('node_modules/.astro', slug),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  // The sitemap (sitemap-index.xml) lists the pages src/site/site-pages.ts keeps, from this build's stock.
  // siteHeaders comes last: it reads every page the build wrote (src/platform/http/header-files.ts).
  integrations: [
    react(),
    clientDirectives(),
    dealerAssets({ slug, dealersDir }),
    sitemap(sitemapOptions(dealer, () => loadStock(dealer))),
    siteHeaders({ slug }),
  ],
  // The car page's safety banner script and Google's gtag are allowed on every page: see contentSecurityPolicy.
  experimental: { csp: contentSecurityPolicy(siteScriptUrls(dealer)) },
  vite: {
    // instantsearch.js imports qs only for its default history router, which the search islands
    // replace with their own; the stand-in keeps qs and its six dependencies out of the bundle.
    resolve: { alias: { qs: fileURLToPath(new URL('./src/search/browser/qs-shim.ts', import.meta.url)) } },
  },
});
