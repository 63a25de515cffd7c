import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dealerInputHash,
  projectPaths,
  readStamp,
  removeStamp,
  sharedInputsHash,
  staleDealers,
  staleReasons,
  STALE_INPUTS,
  stampPath,
  writeStamp,
} from './stamps';

let root: string;

function write(rel: string, content: string): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Records alpha and beta as freshly built, as buildDealers does after a successful build. */
function stampAll(): void {
  const paths = projectPaths({ root, dealersDir: 'dealers', distDir: 'dist', stockDir: 'stock' });
  for (const slug of ['alpha', 'beta']) {
    writeStamp({ slug, inputHash: dealerInputHash(slug, paths), builtAt: new Date().toISOString(), pages: 1 }, paths.distDir);
  }
}

const stale = (): string[] => staleDealers(['alpha', 'beta'], { root, dealersDir: 'dealers', distDir: 'dist', stockDir: 'stock' });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dealer-stamps-'));
  // The page imports what the tests below edit, create or delete: only what a page reaches is hashed.
  write(
    'src/pages/index.astro',
    "---\nimport '../dealer/model/hours';\nimport New from '../components/New.astro';\nimport '../lib/a';\nimport '../lib/b';\n---\n<h1>hi</h1>",
  );
  write('src/dealer/model/hours.ts', 'export const x = 1;');
  write('public/favicon.svg', '<svg/>');
  write('astro.config.mjs', 'export default {};');
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('dealers/alpha.json', '{"slug":"alpha"}');
  write('dealers/beta.json', '{"slug":"beta"}');
  write('dealers/assets/alpha/logo.svg', '<svg id="a"/>');
  write('dist/alpha/index.html', '<html></html>');
  write('dist/beta/index.html', '<html></html>');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('stamps', () => {
  it('live in dist/.stamps, outside the deployed dealer folders', () => {
    expect(stampPath('alpha', path.join(root, 'dist'))).toBe(path.join(root, 'dist', '.stamps', 'alpha.json'));
    stampAll();
    expect(readStamp('alpha', path.join(root, 'dist'))?.slug).toBe('alpha');
    expect(JSON.parse(readFileSync(path.join(root, 'dist/.stamps/alpha.json'), 'utf8'))).toMatchObject({ slug: 'alpha', pages: 1 });
  });

  it('make every dealer stale until built', () => {
    expect(stale()).toEqual(['alpha', 'beta']);
    expect(staleReasons(['alpha'], { root, dealersDir: 'dealers', distDir: 'dist' }).get('alpha')).toBe('never built');
  });

  it('are fresh right after a build', () => {
    stampAll();
    expect(stale()).toEqual([]);
  });

  it('go stale for just that dealer when its file or assets change', () => {
    stampAll();
    write('dealers/beta.json', '{"slug":"beta","name":"B"}');
    expect(stale()).toEqual(['beta']);
    stampAll();
    write('dealers/assets/alpha/hero.webp', 'x');
    expect(stale()).toEqual(['alpha']);
    stampAll();
    renameSync(path.join(root, 'dealers/assets/alpha/hero.webp'), path.join(root, 'dealers/assets/alpha/hero2.webp'));
    expect(stale()).toEqual(['alpha']);
  });

  it('go stale for just that dealer when its imported stock appears, changes or is removed', () => {
    stampAll();
    write('stock/alpha.json', '{"vehicles":[1]}');
    expect(stale()).toEqual(['alpha']);
    stampAll();
    write('stock/alpha.json', '{"vehicles":[1,2]}');
    expect(stale()).toEqual(['alpha']);
    stampAll();
    rmSync(path.join(root, 'stock/alpha.json'));
    expect(stale()).toEqual(['alpha']);
    stampAll();
    write('stock/gamma.json', '{}');
    write('stock/notes.txt', 'x');
    expect(stale()).toEqual([]);
  });

  it('read stock from STOCK_DIR by default, resolved against the project root', () => {
    vi.stubEnv('STOCK_DIR', 'feeds');
    try {
      expect(projectPaths({ root }).stockDir).toBe(path.join(root, 'feeds'));
    } finally {
      vi.unstubAllEnvs();
    }
    vi.stubEnv('STOCK_DIR', undefined);
    try {
      expect(projectPaths({ root }).stockDir).toBe(path.join(root, '.data/stock'));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('go stale for demo-stock dealers when the model year turns over, not for imported ones', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2025-12-31T23:00:00Z'));
      write('stock/beta.json', '{"vehicles":[]}');
      stampAll();
      vi.setSystemTime(new Date('2025-12-31T23:59:00Z'));
      expect(stale()).toEqual([]);
      vi.setSystemTime(new Date('2026-01-01T00:01:00Z'));
      expect(stale()).toEqual(['alpha']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('go stale every week for a dealer whose pages carry a tenant token, so it is rebuilt long before the token expires', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      write('dealers/alpha.json', '{"slug":"alpha","search":{"read_only_key":"k","read_only_key_uid":"5e2442b8-8cb8-4059-904d-dc2d13677c01"}}');
      write('stock/alpha.json', '{"vehicles":[]}');
      write('stock/beta.json', '{"vehicles":[]}');
      vi.setSystemTime(new Date('2026-03-05T00:00:00Z'));
      stampAll();
      vi.setSystemTime(new Date('2026-03-07T00:00:00Z'));
      expect(stale()).toEqual([]);
      vi.setSystemTime(new Date('2026-03-13T00:00:00Z'));
      expect(stale()).toEqual(['alpha']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tell a test build (LEADS_MODE=mock) from a normal one, both ways, so neither is served as the other', () => {
    vi.stubEnv('LEADS_MODE', '');
    try {
      stampAll();
      vi.stubEnv('LEADS_MODE', 'mock');
      expect(stale()).toEqual(['alpha', 'beta']);
      expect(staleReasons(['alpha'], { root, dealersDir: 'dealers', distDir: 'dist', stockDir: 'stock' }).get('alpha')).toBe(STALE_INPUTS);
      stampAll();
      expect(stale()).toEqual([]);
      vi.stubEnv('LEADS_MODE', 'live');
      expect(stale()).toEqual(['alpha', 'beta']);
      vi.stubEnv('LEADS_MODE', 'mok');
      expect(stale).toThrow(/LEADS_MODE must be "mock"/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('go stale for every dealer when a shared input changes', () => {
    for (const rel of [
      'src/dealer/model/hours.ts',
      'src/components/New.astro',
      'public/robots.txt',
      'astro.config.mjs',
      'package-lock.json',
      'tsconfig.json',
    ]) {
      stampAll();
      write(rel, `changed ${rel}`);
      expect(stale(), rel).toEqual(['alpha', 'beta']);
    }
  });

  it('go stale when a shared file is deleted', () => {
    stampAll();
    rmSync(path.join(root, 'src/dealer/model/hours.ts'));
    expect(stale()).toEqual(['alpha', 'beta']);
  });

  it('ignore unit tests, unrelated files and mtime-only changes', () => {
    stampAll();
    write('src/dealer/model/hours.test.ts', 'test');
    write('docs/notes.md', 'notes');
    write('tests/browser/x.ts', 'x');
    utimesSync(path.join(root, 'src/dealer/model/hours.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(stale()).toEqual([]);
  });

  it('go stale when the built index.html is missing', () => {
    stampAll();
    rmSync(path.join(root, 'dist/alpha/index.html'));
    expect(stale()).toEqual(['alpha']);
    expect(staleReasons(['alpha'], { root, dealersDir: 'dealers', distDir: 'dist' }).get('alpha')).toMatch(/index\.html is missing/);
  });

  it('go stale when the stamp is removed or unreadable', () => {
    stampAll();
    removeStamp('alpha', path.join(root, 'dist'));
    write('dist/.stamps/beta.json', 'not json');
    expect(stale()).toEqual(['alpha', 'beta']);
  });

  it('hash deterministically and distinguish content moved between files', () => {
    const first = sharedInputsHash(root);
    expect(sharedInputsHash(root)).toBe(first);
    write('src/lib/a.ts', 'ab');
    write('src/lib/b.ts', '');
    const split1 = sharedInputsHash(root);
    write('src/lib/a.ts', 'a');
    write('src/lib/b.ts', 'b');
    expect(sharedInputsHash(root)).not.toBe(split1);
  });

  it('ignore source files no page imports', () => {
    write('src/server/app.ts', 'export const app = 1;');
    stampAll();
    write('src/server/app.ts', 'export const app = 2;');
    write('src/leads/delivery/outbox/worker.ts', 'export {};');
    expect(stale()).toEqual([]);
  });

  it('go stale when a page starts importing a file, or an import it names appears', () => {
    write('src/server/app.ts', 'export const app = 1;');
    stampAll();
    write('src/pages/index.astro', "---\nimport '../server/app';\n---\n<h1>hi</h1>");
    expect(stale()).toEqual(['alpha', 'beta']);
    stampAll();
    write('src/components/New.astro', '<p>new</p>');
    expect(stale()).toEqual([]);
    write('src/pages/index.astro', "---\nimport '../components/Later.astro';\n---\n<h1>hi</h1>");
    stampAll();
    write('src/components/Later.astro', '<p>later</p>');
    expect(stale()).toEqual(['alpha', 'beta']);
  });
});

describe('stamps of this project', () => {
  let copy: string;
  const edit = (rel: string): void => appendFileSync(path.join(copy, rel), '\n// edited\n');

  beforeAll(() => {
    // A copy, so the facts are checked on the real tree without touching files others are editing.
    copy = mkdtempSync(path.join(tmpdir(), 'dealer-stamps-project-'));
    for (const input of ['src', 'public', 'packages', 'tests/support', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) {
      cpSync(input, path.join(copy, input), { recursive: true, filter: (source) => !source.includes('node_modules') });
    }
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('stay fresh when the API, the outbox worker or a test helper changes', () => {
    const before = sharedInputsHash(copy);
    for (const rel of [
      'src/server/app.ts',
      'src/leads/delivery/outbox/worker.ts',
      ...readdirSync(path.join(copy, 'tests/support')).map((name) => `tests/support/${name}`),
    ]) {
      edit(rel);
      expect(sharedInputsHash(copy), rel).toBe(before);
    }
  });

  it('go stale for every dealer when the car page or the search query model changes', () => {
    for (const rel of ['src/cars/ui/CarPage.astro', 'src/search/model/query.ts']) {
      const before = sharedInputsHash(copy);
      edit(rel);
      expect(sharedInputsHash(copy), rel).not.toBe(before);
    }
  });
});
