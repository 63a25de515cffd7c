/**
 * Unit tests run on fixtures, never on the demo dealers in dealers/: people edit those to show the
 * product, and a unit test must not break when they do. Tests use tests/fixtures/dealers/ (the
 * fixture dealers, also built by the browser tests), tests/fixtures/dealer-files/ (copies of demo
 * dealers for tests whose assertions depend on one) or testSite() overrides.
 *
 * The check reads test files as text, so it recognises the ways a test reaches the folder: a path
 * starting with `dealers` handed to a file or path function, a dealers folder passed to
 * loadDealer/dealerFile, the functions that default to it, and the build-time current dealer. A
 * `dealers/...` string that is only a label (an error message's file name, a path under a
 * temporary project) is fine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Files allowed to read dealers/, and why. */
const EXCEPTIONS = new Map<string, string>([]);

const folder = String.raw`['"\x60]dealers(?:['"\x60]|/)`;
const READS: readonly [RegExp, string][] = [
  [
    new RegExp(
      String.raw`\b(?:readFileSync|readFile|readdirSync|readdir|existsSync|statSync|lstatSync|cpSync|copyFileSync|createReadStream|readDealerFile|checkDealerFile|listDealerSlugs|resolve|join)\(\s*${folder}`,
    ),
    'reads a path in dealers/',
  ],
  [new RegExp(String.raw`\b(?:loadDealer|dealerFile)\([^,()]*,\s*${folder}`), 'loads a dealer from dealers/'],
  [/\b(?:loadDealer|dealerFile)\(\s*[^,()]*\)|\blistDealerSlugs\(\s*\)|\bdefaultDealersDir\(/, 'uses the default dealers folder, dealers/'],
  [/platform\/config\/current['"]/, 'imports the build-time current dealer, read from dealers/'],
  [new RegExp(String.raw`\bDEALERS_DIR\s*:\s*${folder}`), 'points DEALERS_DIR at dealers/'],
];

/** Unit test files and the helpers they share: everything vitest.config.ts runs, and tests/support/. */
function testFiles(): string[] {
  const roots = ['src', 'scripts', 'packages', 'eslint', 'tests'];
  return roots
    .flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((rel) => path.posix.join(root, rel.split(path.sep).join('/'))))
    .filter((file) => !file.includes('node_modules/') && !file.startsWith('tests/browser/'))
    .filter((file) => /\.test\.[cm]?tsx?$/.test(file) || (file.startsWith('tests/support/') && /\.tsx?$/.test(file)))
    .sort();
}

/** This check names the forms it looks for in its own examples. */
const THIS_FILE = 'tests/unit/unit-tests-on-fixtures.test.ts';

const readsOf = (text: string): string[] => READS.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);

describe('unit tests', () => {
  it('never read the demo dealers in dealers/', () => {
    const offenders = testFiles()
      .filter((file) => !EXCEPTIONS.has(file) && file !== THIS_FILE)
      .flatMap((file) => readsOf(readFileSync(file, 'utf8')).map((what) => `${file}: ${what}`));
    expect(offenders, 'use tests/fixtures/dealers/, tests/fixtures/dealer-files/ or testSite() from tests/support/test-site.ts').toEqual([]);
  });

  it('list only exceptions that still read dealers/', () => {
    const stale = [...EXCEPTIONS.keys()].filter((file) => {
      try {
        return readsOf(readFileSync(file, 'utf8')).length === 0;
      } catch {
        return false; // moved away: the check above catches it under its new name
      }
    });
    expect(stale).toEqual([]);
  });

  it('are recognised reading dealers/ in each of the ways the check knows', () => {
    const reads = [
      "readFileSync(`dealers/${slug}.json`, 'utf8')",
      "cpSync('dealers/kingfisher-toyota.json', file)",
      "path.resolve('dealers')",
      "loadDealer(slug, 'dealers')",
      "loadDealer('kingfisher-toyota')",
      'listDealerSlugs()',
      "import { site } from '../../platform/config/current';",
      "env: { DEALERS_DIR: 'dealers' }",
    ];
    for (const text of reads) expect(readsOf(text), text).not.toEqual([]);
    const labels = [
      "parseDealer(valid(), 'dealers/fixture-motors.json')",
      "write('dealers/alpha.json', '{}')",
      "path.join(root, 'dealers')",
      "loadDealer(slug, 'tests/fixtures/dealers')",
      "readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')",
      "projectPaths({ root, dealersDir: 'dealers' })",
    ];
    for (const text of labels) expect(readsOf(text), text).toEqual([]);
  });
});
