// One Astro build per dealer: DEALER=<slug> selects the dealer file, output goes to dist/<slug>/.
// scripts/build.ts runs this once per dealer; components read the parsed config via src/config/current.ts.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import path from 'node:path';
import { dealerAssets } from './src/config/astro-integration.ts';
import { loadDealer, listDealerSlugs, defaultDealersDir } from './src/config/load.ts';
import { contentSecurityPolicy } from './src/lib/security.ts';

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
  integrations: [react(), dealerAssets({ slug, dealersDir })],
  experimental: { csp: contentSecurityPolicy },
});
