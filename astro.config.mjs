// The site code, bundled once for every dealer: an Astro server build whose entry exports the
// renderer (src/publish/adapter.ts) that npm run build and the publish jobs render each dealer's
// static site with (src/publish/). No dealer is chosen here; pages read the dealer being rendered
// from src/platform/config/current.ts.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserChunks, clientDirectives, cspDigestsOnce, reactIslandsInOnePiece } from './src/platform/astro/integration.ts';
import { contentSecurityPolicy } from './src/platform/http/security.ts';
import { siteRendererAdapter } from './src/publish/adapter.ts';
import { searchBundleStandIns } from './src/search/browser/bundle-stand-ins.ts';

export default defineConfig({
  output: 'server',
  adapter: siteRendererAdapter(),
  // src/publish/bundle.ts names the folder (one per code version); `astro build` run alone writes dist/.bundle/dev.
  outDir: path.resolve(process.env.SITE_BUNDLE_DIR ?? 'dist/.bundle/dev'),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  integrations: [react(), clientDirectives(), browserChunks()],
  // A dealer's outside scripts (safety banner, gtag) join each page's policy in BaseLayout.astro.
  experimental: { csp: contentSecurityPolicy() },
  vite: {
    // The search island's browser bundle leaves out library code the sites never run (the
    // meilisearch client's unused API, InstantSearch's Insights and default router): see the plugin.
    // The server build renders each island to a string in one piece, not through a web stream,
    // and hashes each inline style or script for the pages' policy once, not on every page.
    plugins: [searchBundleStandIns(), reactIslandsInOnePiece(), cspDigestsOnce()],
    // instantsearch.js imports qs only for its default history router, which the search islands
    // replace with their own; the stand-in keeps qs and its six dependencies out of the bundle.
    resolve: { alias: { qs: fileURLToPath(new URL('./src/search/browser/qs-shim.ts', import.meta.url)) } },
  },
});
