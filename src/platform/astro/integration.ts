import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { browserChunk } from './chunks';

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

/** The browser build's chunks (./chunks.ts): the page script and the analytics each in one file. */
export function browserChunks(): AstroIntegration {
  return {
    name: 'browser-chunks',
    hooks: {
      'astro:build:setup': ({ vite, target }) => {
        if (target !== 'client') return;
        const rollup = (vite.build ??= {}).rollupOptions ?? {};
        const output = Array.isArray(rollup.output) ? rollup.output : [rollup.output ?? {}];
        for (const options of output) options.manualChunks = (id) => browserChunk(id);
        vite.build.rollupOptions = { ...rollup, output: output.length === 1 ? output[0] : output };
      },
    },
  };
}
