import type { AstroIntegration } from 'astro';
import { cpSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeSiteHeaders } from '../http/header-files';

/**
 * Copies `dealers/assets/<slug>/` into the dealer's build as `/assets/`, so each dist/<slug>/
 * carries only its own logos and images and stays deployable on its own.
 */
export function dealerAssets({ slug, dealersDir }: { slug: string; dealersDir: string }): AstroIntegration {
  return {
    name: 'dealer-assets',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const source = path.join(dealersDir, 'assets', slug);
        if (existsSync(source)) cpSync(source, path.join(fileURLToPath(dir), 'assets'), { recursive: true });
      },
    },
  };
}

/** Client directives of our own; `client:interaction` is src/platform/astro/hydrate-on-interaction.ts. */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./hydrate-on-interaction.ts', import.meta.url)) });
      },
    },
  };
}

/**
 * Writes the site's header files (`_headers`, `_deploy/`; src/platform/http/header-files.ts) from
 * the pages this build emitted, once they are all written: the page policy in the header must
 * hold every hash Astro put into a page.
 */
export function siteHeaders({ slug }: { slug: string }): AstroIntegration {
  return {
    name: 'site-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const { pages, pagesWithoutPolicy } = writeSiteHeaders(fileURLToPath(dir), slug);
        if (pagesWithoutPolicy.length > 0) {
          logger.warn(
            `${pagesWithoutPolicy.length} of ${pages} pages have no Content-Security-Policy <meta> tag: ${pagesWithoutPolicy.slice(0, 5).join(', ')}`,
          );
        }
      },
    },
  };
}
