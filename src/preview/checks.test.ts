import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDealer, checkLines } from './checks';
import { assetsNamedBy, DEALER_FILES_DIR } from '../../tests/support/test-site';

const SLUG = 'southern-lakes-motors';
let dir: string;
let dealersDir: string;
let env: NodeJS.ProcessEnv;
let original: Record<string, unknown>;

const save = (dealer: unknown, slug = SLUG): void => writeFileSync(path.join(dealersDir, `${slug}.json`), JSON.stringify(dealer, null, 2));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'preview-checks-'));
  dealersDir = path.join(dir, 'dealers');
  mkdirSync(dealersDir);
  mkdirSync(path.join(dir, 'stock'));
  const text = readFileSync(path.join(DEALER_FILES_DIR, `${SLUG}.json`), 'utf8');
  assetsNamedBy(text, dealersDir, SLUG);
  original = JSON.parse(text) as Record<string, unknown>;
  (original.search as { demo_stock: number }).demo_stock = 40;
  save(original);
  env = { STOCK_DIR: path.join(dir, 'stock') };
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('checkDealer', () => {
  it('passes a good file and gives the dealer to render', async () => {
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.checks.errors).toEqual([]);
    expect(checked.dealer?.slug).toBe(SLUG);
    expect(checked.stockReads).toBe(true);
    expect(checked.checks.file).toBe(`dealers/${SLUG}.json`);
  });

  it('reports a field the schema refuses as check:dealers does, and gives no dealer', async () => {
    save({ ...original, name: 42 });
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.dealer).toBeUndefined();
    expect(checked.checks.errors).toHaveLength(1);
    expect(checked.checks.errors[0]).toContain(`${SLUG}.json`);
    expect(checked.checks.errors[0]).toMatch(/name/);
  });

  it('reports a file that is not JSON', async () => {
    writeFileSync(path.join(dealersDir, `${SLUG}.json`), '{ "name": ');
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.dealer).toBeUndefined();
    expect(checked.checks.errors.join('\n')).toMatch(/JSON/);
  });

  it('reports a domain another dealer in the folder is served on', async () => {
    const other = { ...original, slug: 'other-motors', url: original.url };
    save(other, 'other-motors');
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.dealer).toBeUndefined();
    expect(checked.checks.errors.join('\n')).toContain('other-motors');
  });

  it('refuses a menu link to a page the site does not build, naming its line, as the build does', async () => {
    const navigation = original.navigation as { header: { name: string; url: string }[] };
    save({ ...original, navigation: { ...navigation, header: [...navigation.header, { name: 'Nowhere', url: '/no-such-page' }] } });
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.dealer).toBeUndefined();
    expect(checked.checks.errors.join('\n')).toMatch(/^dealers\/southern-lakes-motors\.json:\d+:\d+ navigation\.header\[\d+\]\.url: .*\/no-such-page/m);
  });

  it("warns, without failing, of a menu link whose search finds no car in today's stock", async () => {
    const navigation = original.navigation as { header: { name: string; url: string }[] };
    save({ ...original, navigation: { ...navigation, header: [...navigation.header, { name: 'Sedans', url: '/search/mitsubishi/sedan' }] } });
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.checks.errors).toEqual([]);
    expect(checked.dealer).toBeDefined();
    expect(checked.checks.warnings.join('\n')).toContain('/search/mitsubishi/sedan');
  });

  it('reports a stock file that does not read, and says the stock is not to be taken', async () => {
    writeFileSync(path.join(dir, 'stock', `${SLUG}.json`), '{"dealer":');
    const checked = await checkDealer({ slug: SLUG, dealersDir, env, cwd: dir });
    expect(checked.stockReads).toBe(false);
    expect(checked.dealer).toBeDefined();
    expect(checked.checks.errors.join('\n')).toContain('not readable JSON');
  });
});

describe('checkLines', () => {
  it('says all is well, or lists errors then warnings', () => {
    expect(checkLines({ file: 'dealers/a.json', checkedAt: 0, errors: [], warnings: [] })).toEqual(['✓ dealers/a.json: no problems']);
    expect(checkLines({ file: 'dealers/a.json', checkedAt: 0, errors: ['bad'], warnings: ['warn a: odd'] })).toEqual(['✗ bad', '! warn a: odd']);
  });
});
