import type { AstroIntegration } from 'astro';
import { cpSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

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
