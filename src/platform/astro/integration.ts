import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

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
