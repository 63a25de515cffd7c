import type { AstroIntegration } from 'astro';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
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

/**
 * Points @astrojs/react's server renderer at src/platform/astro/react-islands-in-one-piece.ts, in
 * the server build only: islands rendered to a string in one piece rather than through a stream.
 */
export function reactIslandsInOnePiece(): Plugin {
  const shim = fileURLToPath(new URL('./react-islands-in-one-piece.ts', import.meta.url));
  return {
    name: 'dealer-sites:react-islands-in-one-piece',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!options.ssr || source !== 'react-dom/server' || !importer?.split(path.sep).join('/').includes('/node_modules/@astrojs/react/')) return null;
      return shim;
    },
  };
}

/** Astro's module that hashes inline styles and scripts for a page's content security policy. */
const ASTRO_ENCRYPTION = '/node_modules/astro/dist/core/encryption.js';

/**
 * In the server build, Astro's `generateCspDigest` remembers each text's digest
 * (src/platform/astro/csp-digests.ts): every page of a render hashed the same inlined stylesheets.
 * Fails the build if Astro no longer has the function, rather than silently hashing again.
 */
export function cspDigestsOnce(): Plugin {
  const once = fileURLToPath(new URL('./csp-digests.ts', import.meta.url));
  return {
    name: 'dealer-sites:csp-digests-once',
    transform(code, id, options) {
      if (!options?.ssr || !id.split(path.sep).join('/').endsWith(ASTRO_ENCRYPTION)) return null;
      if (!/\basync function generateCspDigest\(/.test(code)) throw new Error(`${id} has no generateCspDigest to remember digests of`);
      return `${code}\nimport { digestOnce as __digestOnce } from ${JSON.stringify(once)};\ngenerateCspDigest = __digestOnce(generateCspDigest);\n`;
    },
  };
}
