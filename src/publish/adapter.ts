import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * The site's code bundled once for every dealer: an Astro server build whose entry exports a
 * renderer (src/publish/bundle-entry.ts) instead of an HTTP server. `npm run build` and the
 * publish jobs load it and render each dealer's pages into that dealer's static site.
 */
export function siteRendererAdapter(): AstroIntegration {
  return {
    name: 'dealer-sites-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'dealer-sites-renderer',
          serverEntrypoint: fileURLToPath(new URL('./bundle-entry.ts', import.meta.url)),
          exports: ['renderer'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
            sharpImageService: 'unsupported',
            envGetSecret: 'unsupported',
          },
        });
      },
    },
  };
}
