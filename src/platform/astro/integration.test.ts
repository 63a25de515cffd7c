import type { InlineConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { browserChunks, cspDigestsOnce, reactIslandsInOnePiece } from './integration';

type BuildSetup = (options: { vite: InlineConfig; target: 'client' | 'server' }) => void;
const setUp = browserChunks().hooks['astro:build:setup'] as unknown as BuildSetup;

type ManualChunks = (id: string) => string | undefined;
const manualChunksOf = (vite: InlineConfig): ManualChunks | undefined => {
  const output = vite.build?.rollupOptions?.output;
  return (Array.isArray(output) ? output[0] : output)?.manualChunks as ManualChunks | undefined;
};

describe('browserChunks', () => {
  it("groups the browser build's modules as src/platform/astro/chunks.ts says, keeping the other output options", () => {
    const vite: InlineConfig = { build: { rollupOptions: { output: { format: 'esm' } } } };
    setUp({ vite, target: 'client' });
    const manualChunks = manualChunksOf(vite);
    expect(manualChunks?.('/repo/src/platform/web/consent.ts')).toBe('site-script');
    expect(manualChunks?.('/repo/src/platform/web/tracker.ts')).toBe('analytics');
    expect(manualChunks?.('/repo/src/search/ui/SearchApp.tsx')).toBeUndefined();
    expect((vite.build?.rollupOptions?.output as { format?: string }).format).toBe('esm');
  });

  it('leaves the server build alone', () => {
    const vite: InlineConfig = {};
    setUp({ vite, target: 'server' });
    expect(manualChunksOf(vite)).toBeUndefined();
  });
});

describe('reactIslandsInOnePiece', () => {
  type ResolveId = (source: string, importer: string | undefined, options: { ssr?: boolean }) => string | null;
  const resolveId = reactIslandsInOnePiece().resolveId as unknown as ResolveId;
  const renderer = '/repo/node_modules/@astrojs/react/dist/server.js';

  it("gives @astrojs/react's server renderer the one-piece react-dom/server, in the server build only", () => {
    expect(resolveId('react-dom/server', renderer, { ssr: true })).toMatch(/react-islands-in-one-piece\.ts$/);
    expect(resolveId('react-dom/server', renderer, { ssr: false })).toBeNull();
    expect(resolveId('react-dom/server', '/repo/src/search/ui/prerender.ts', { ssr: true })).toBeNull();
    expect(resolveId('react', renderer, { ssr: true })).toBeNull();
  });
});

describe('cspDigestsOnce', () => {
  type Transform = (code: string, id: string, options?: { ssr?: boolean }) => string | null;
  const transform = cspDigestsOnce().transform as unknown as Transform;
  const encryption = '/repo/node_modules/astro/dist/core/encryption.js';
  const code = 'async function generateCspDigest(data, algorithm) {}\nexport { generateCspDigest };';

  it("makes Astro's digest remember each text, in the server build only", () => {
    const changed = transform(code, encryption, { ssr: true });
    expect(changed).toContain('generateCspDigest = __digestOnce(generateCspDigest);');
    expect(changed).toMatch(/import \{ digestOnce as __digestOnce \} from ".*csp-digests\.ts"/);
    expect(transform(code, encryption, { ssr: false })).toBeNull();
    expect(transform(code, '/repo/node_modules/astro/dist/core/render-context.js', { ssr: true })).toBeNull();
  });

  it('fails the build when Astro no longer has the function', () => {
    expect(() => transform('export {}', encryption, { ssr: true })).toThrow(/no generateCspDigest/);
  });
});
