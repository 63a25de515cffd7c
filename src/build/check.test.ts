import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDealerSlugs } from '../platform/config/load';
import { checkDealerFile, checkDealerFiles, filesToCheck } from './check';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dealer-check-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'schema.json'), '{}');
  writeFileSync(path.join(dir, 'bad.json'), '{"slug":"bad","name":7}');
  writeFileSync(path.join(dir, 'broken.json'), '{');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('filesToCheck', () => {
  it('lists the dealer files, not schema.json', () => {
    expect(filesToCheck([], dir)).toEqual([path.join(dir, 'bad.json'), path.join(dir, 'broken.json')]);
  });
  it('prefers explicit paths', () => {
    expect(filesToCheck(['x/a.json'], dir)).toEqual([path.resolve('x/a.json')]);
  });
});

describe('checkDealerFile', () => {
  it('reports each bad field with the file name', () => {
    const result = checkDealerFile(path.join(dir, 'bad.json'));
    expect(result.ok).toBe(false);
    expect(result.message.split('\n')[0]).toBe(`${path.join(dir, 'bad.json')} is not a valid dealer file:`);
    // Each problem on its own line: the file, line and column, the field, what is wrong and the fix.
    expect(result.message).toContain(
      `\n  - ${path.join(dir, 'bad.json')}:1:15 name: is a number (7) but must be text in double quotes; put the text in double quotes`,
    );
    expect(result.problems.find((p) => p.path === 'name')).toMatchObject({ line: 1, column: 15, severity: 'error' });
  });
  it('reports unreadable JSON and missing files', () => {
    expect(checkDealerFile(path.join(dir, 'broken.json')).message).toContain('broken.json:1:2 (root): the file is not valid JSON');
    expect(checkDealerFile(path.join(dir, 'missing.json')).ok).toBe(false);
  });
  it('refuses a key written twice, which JSON would silently keep only once', () => {
    mkdirSync(path.join(dir, 'twice'), { recursive: true });
    const file = path.join(dir, 'twice', 'twice.json');
    writeFileSync(file, '{"slug":"twice","features":{"enabled_pages":["checkout"],"enabled_pages":["spin_to_win"]}}');
    const result = checkDealerFile(file);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('twice.json:1:58 features.enabled_pages: "enabled_pages" is written twice in the same object (also on line 1)');
  });
});

// The fixture dealers track the schema (the browser tests build them), so the happy path uses one.
const demo = listDealerSlugs(path.resolve('tests/fixtures/dealers'))[0];
describe.skipIf(demo === undefined)('checkDealerFile on a fixture dealer', () => {
  it('prints ok <slug>', () => {
    const result = checkDealerFile(path.resolve('tests/fixtures/dealers', `${demo}.json`));
    expect(result).toMatchObject({ ok: true, message: `ok ${demo}` });
  });
  it('refuses a field search does not read among the fields that take no typos', () => {
    const dealer = JSON.parse(readFileSync(path.resolve('tests/fixtures/dealers', `${demo}.json`), 'utf8')) as { search?: Record<string, unknown> };
    dealer.search = { ...dealer.search, typo_tolerance: { no_typos_on_attributes: ['vin', 'price'] } };
    mkdirSync(path.join(dir, 'typos'), { recursive: true });
    const file = path.join(dir, 'typos', `${demo}.json`);
    writeFileSync(file, JSON.stringify(dealer, null, 2));
    const result = checkDealerFile(file);
    expect(result.ok).toBe(false);
    expect(result.problems.find((p) => p.path === 'search.typo_tolerance.no_typos_on_attributes[1]')).toMatchObject({
      message: '"price" is not a field search reads',
      severity: 'error',
    });
  });
});

describe('checkDealerFiles', () => {
  const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown>;
  let folder: string;
  const file = (slug: string) => path.join(folder, `${slug}.json`);
  let id = 500;
  const write = (slug: string, url: string, domains?: string[]) => {
    id += 1;
    writeFileSync(file(slug), JSON.stringify({ ...fixture, id, slug, url, ...(domains ? { domains } : {}) }));
    cpSync('tests/fixtures/dealers/assets/fixture-motors', path.join(folder, 'assets', slug), { recursive: true });
  };

  /** Column of `text` in the one-line file written for `slug`. */
  const fixtureColumn = (slug: string, text: string): number => readFileSync(file(slug), 'utf8').indexOf(text) + 1;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'dealer-domains-'));
    write('alpha-motors', 'https://www.alphamotors.example', ['alphamotors.example', 'shared.example']);
    write('beta-motors', 'https://www.betamotors.example', ['shared.example']);
    write('gamma-motors', 'https://alphamotors.example/');
    write('delta-motors', 'https://www.deltamotors.example', ['deltamotors.example']);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a domain two dealers claim, naming it, the field and the other dealer in both files', () => {
    const results = checkDealerFiles(['alpha-motors', 'beta-motors', 'gamma-motors', 'delta-motors'].map(file));
    expect(results.map((r) => r.ok)).toEqual([false, false, false, true]);
    const neither = 'nothing tells which dealer it belongs to, so neither site is served on it; remove it from the file that should not have it';
    expect(results[0]?.message).toBe(
      [
        `${file('alpha-motors')} is not a valid dealer file:`,
        `  - ${file('alpha-motors')}:1:${fixtureColumn('alpha-motors', '"alphamotors.example"')} domains[0]: the domain "alphamotors.example" is also claimed by gamma-motors.json (url): ${neither}`,
        `  - ${file('alpha-motors')}:1:${fixtureColumn('alpha-motors', '"shared.example"')} domains[1]: the domain "shared.example" is also claimed by beta-motors.json (domains[0]): ${neither}`,
      ].join('\n'),
    );
    expect(results[1]?.message).toContain(' domains[0]: the domain "shared.example" is also claimed by alpha-motors.json (domains[1])');
    expect(results[2]?.message).toContain(' url: the domain "alphamotors.example" is also claimed by alpha-motors.json (domains[0])');
    expect(results[3]).toMatchObject({ ok: true, message: 'ok delta-motors' });
  });

  it("checks a file given alone against the folder's other dealers", () => {
    const folderFiles = ['alpha-motors', 'beta-motors', 'gamma-motors', 'delta-motors'].map(file);
    const [beta] = checkDealerFiles([file('beta-motors')], folderFiles);
    expect(beta?.message).toContain('"shared.example" is also claimed by alpha-motors.json (domains[1])');
    expect(checkDealerFiles([file('delta-motors')], folderFiles)[0]?.ok).toBe(true);
  });
});
