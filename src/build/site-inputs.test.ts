import type * as NodeFs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteInputs, siteReads } from './site-inputs';

/**
 * Files that fail to read as a file without read permission does. chmod 000 would not do: root
 * reads such a file anyway, and CI runs as root.
 */
const unreadable = vi.hoisted(() => new Set<string>());
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const readFileSync = ((file: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
    if (unreadable.has(String(file))) throw Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), { code: 'EACCES' });
    return (fs.readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync };
});

let root: string;

function write(rel: string, content: string): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const inputs = (): string[] => [...siteInputs(root).files];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dealer-site-inputs-'));
  write('package.json', JSON.stringify({ workspaces: ['packages/*'] }));
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write(
    'astro.config.mjs',
    "import { directives } from './src/platform/astro/integration.ts';\nconst shim = new URL('./src/search/browser/qs-shim.ts', import.meta.url);\n",
  );
  write('src/platform/astro/integration.ts', "export const entry = new URL('./hydrate.ts', import.meta.url);");
  write('src/platform/astro/hydrate.ts', 'export {};');
  write('src/search/browser/qs-shim.ts', 'export {};');
  write(
    'src/pages/index.astro',
    "---\nimport Card from '../cars/ui/Card.astro';\nimport '../site/global.css';\n---\n<Card />\n<script>\n  import { track } from '../platform/web/tracker';\n</script>\n",
  );
  write(
    'src/cars/ui/Card.astro',
    "---\nimport { price } from '../model/price.js';\nimport logo from './logo.svg?raw';\n---\n<style>\n  @import url('./card.css');\n</style>\n",
  );
  write('src/cars/ui/card.css', ".card { background: url('./stripe.png'); }");
  write('src/cars/ui/stripe.png', 'png');
  write('src/cars/ui/logo.svg', '<svg/>');
  write('src/cars/model/price.ts', "export const price = 1;\nexport type { Engine } from '@dealer-sites/engine';");
  write('src/cars/model/price.test.ts', "import { price } from './price';");
  write('src/site/global.css', "@import './reset.css';");
  write('src/site/reset.css', '* {}');
  write('src/platform/web/tracker.ts', 'export const track = 1;');
  write('src/server/app.ts', "import { price } from '../cars/model/price';");
  write('public/favicon.svg', '<svg/>');
  write(
    'packages/engine/package.json',
    JSON.stringify({ name: '@dealer-sites/engine', exports: { '.': './src/index.ts', './conformance': './conformance/index.ts' } }),
  );
  write('packages/engine/src/index.ts', "export * from './engine';");
  write('packages/engine/src/engine.ts', 'export type Engine = 1;');
  write('packages/engine/src/spare.ts', 'export {};');
  write('packages/engine/conformance/index.ts', 'export {};');
});

afterEach(() => {
  unreadable.clear();
  rmSync(root, { recursive: true, force: true });
});

describe('siteInputs', () => {
  it('follows every kind of import from the pages, astro.config.mjs and the workspace package', () => {
    expect(inputs()).toEqual([
      'astro.config.mjs',
      'package-lock.json',
      'packages/engine/package.json',
      'packages/engine/src/engine.ts',
      'packages/engine/src/index.ts',
      'public/favicon.svg',
      'src/cars/model/price.ts',
      'src/cars/ui/Card.astro',
      'src/cars/ui/card.css',
      'src/cars/ui/logo.svg',
      'src/cars/ui/stripe.png',
      'src/pages/index.astro',
      'src/platform/astro/hydrate.ts',
      'src/platform/astro/integration.ts',
      'src/platform/web/tracker.ts',
      'src/search/browser/qs-shim.ts',
      'src/site/global.css',
      'src/site/reset.css',
      'tsconfig.json',
    ]);
    expect(siteInputs(root).missing).toEqual([]);
    expect(siteInputs(root).unfollowed).toEqual([]);
  });

  it('leaves out tests, server code nothing imports and package files no page reaches', () => {
    const files = inputs();
    for (const file of [
      'src/cars/model/price.test.ts',
      'src/server/app.ts',
      'packages/engine/src/spare.ts',
      'packages/engine/conformance/index.ts',
      'package.json',
    ]) {
      expect(files, file).not.toContain(file);
    }
  });

  it('reads every page and public file, imported or not', () => {
    write('src/pages/about.md', '# About');
    write('src/pages/api/ping.ts', 'export const GET = () => 1;');
    write('public/fonts/a.woff2', 'font');
    expect(inputs()).toEqual(expect.arrayContaining(['src/pages/about.md', 'src/pages/api/ping.ts', 'public/fonts/a.woff2']));
  });

  it("follows a Markdown page's layout and Astro's conventional entry files", () => {
    write('src/pages/about.md', '---\nlayout: ../site/Prose.astro\n---\n# About');
    write('src/site/Prose.astro', '<slot />');
    write('src/middleware.ts', "import { track } from './platform/web/tracker';");
    expect(inputs()).toEqual(expect.arrayContaining(['src/site/Prose.astro', 'src/middleware.ts']));
  });

  it('names imports of files that are not there', () => {
    write('src/pages/index.astro', "---\nimport Gone from '../cars/ui/Gone.astro';\n---\n");
    expect(siteInputs(root).missing).toEqual(['src/pages/index.astro -> ../cars/ui/Gone.astro']);
  });

  it('counts every source file when an import cannot be followed', () => {
    write('src/pages/index.astro', "---\nconst name = 'Card';\nconst mod = await import(`../cars/ui/${name}.astro`);\n---\n");
    const site = siteInputs(root);
    expect(site.unfollowed).toEqual(['src/pages/index.astro: an import() of a template string']);
    expect([...site.files]).toEqual(expect.arrayContaining(['src/server/app.ts', 'packages/engine/src/spare.ts', 'packages/engine/conformance/index.ts']));
    expect([...site.files]).not.toContain('src/cars/model/price.test.ts');
  });

  it('follows a dynamic import written over several lines, and falls back on one of a variable', () => {
    write('src/platform/web/tracker.ts', "export const load = () =>\n  import(\n    '../../search/browser/lazy'\n  );");
    write('src/search/browser/lazy.ts', 'export {};');
    expect(siteInputs(root).unfollowed).toEqual([]);
    expect(inputs()).toContain('src/search/browser/lazy.ts');
    write('src/platform/web/tracker.ts', 'export const load = (name: string) => import(name);');
    expect(siteInputs(root).unfollowed).toEqual(['src/platform/web/tracker.ts: an import() of a computed path']);
  });

  it('counts every source file when a file it reaches cannot be read', () => {
    const card = path.join(root, 'src/cars/ui/Card.astro');
    unreadable.add(card);
    const site = siteInputs(root);
    expect(site.unfollowed).toEqual([`src/cars/ui/Card.astro: cannot be read (EACCES: permission denied, open '${card}')`]);
    // Only Card.astro imports price.ts, and nothing the build reads imports app.ts: both are there because every source file is.
    expect([...site.files]).toEqual(expect.arrayContaining(['src/cars/model/price.ts', 'src/server/app.ts', 'packages/engine/src/spare.ts']));
  });
});

describe('siteReads', () => {
  it('tells read files from unread source and from paths outside the source', () => {
    const site = siteInputs(root);
    expect(siteReads('src/cars/ui/Card.astro', site)).toBe('read');
    expect(siteReads('src/pages/deleted.astro', site)).toBe('read');
    expect(siteReads('public/deleted.svg', site)).toBe('read');
    expect(siteReads('astro.config.mjs', site)).toBe('read');
    expect(siteReads('src/server/app.ts', site)).toBe('unread');
    expect(siteReads('src/cars/model/price.test.ts', site)).toBe('unread');
    expect(siteReads('src/pages/index.test.ts', site)).toBe('unread');
    expect(siteReads('packages/engine/conformance/index.ts', site)).toBe('unread');
    expect(siteReads('scripts/build.ts', site)).toBe('outside');
    expect(siteReads('tests/support/test-site.ts', site)).toBe('outside');
  });
});

describe('siteInputs of this project', () => {
  const started = performance.now();
  const site = siteInputs(process.cwd());
  const took = performance.now() - started;
  const files = [...site.files];

  it('reaches the car page and the search query model', () => {
    expect(files).toEqual(expect.arrayContaining(['src/cars/ui/CarPage.astro', 'src/search/model/query.ts', 'packages/search-engine/src/index.ts']));
  });

  it('reaches no API, lead server, lead delivery, lead admin or build code, and no test helper', () => {
    const unexpected = files.filter((file) => /^(src\/server|src\/leads\/(server|delivery|admin)|src\/build|tests)\//.test(file));
    expect(unexpected).toEqual([]);
  });

  it('follows every import it meets, so it never falls back to all of src/', () => {
    expect(site.unfollowed).toEqual([]);
  });

  it('is cheap enough to run on every start', () => {
    expect(took).toBeLessThan(2000);
  });
});
