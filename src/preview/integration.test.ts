import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshPreview, type PreviewOptions } from './integration';
import { previewState, setPreviewState } from './preview-state';
import { assetsNamedBy, DEALER_FILES_DIR } from '../../tests/support/test-site';

const SLUG = 'southern-lakes-motors';
let dir: string;
let options: PreviewOptions;
let lines: string[];
let good: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'preview-refresh-'));
  mkdirSync(path.join(dir, 'dealers'));
  mkdirSync(path.join(dir, 'stock'));
  const text = readFileSync(path.join(DEALER_FILES_DIR, `${SLUG}.json`), 'utf8');
  assetsNamedBy(text, path.join(dir, 'dealers'), SLUG);
  const dealer = JSON.parse(text) as { search: { demo_stock: number } };
  dealer.search.demo_stock = 30;
  good = JSON.stringify(dealer);
  writeFileSync(path.join(dir, 'dealers', `${SLUG}.json`), good);
  lines = [];
  options = {
    slug: SLUG,
    dealersDir: path.join(dir, 'dealers'),
    stockDir: path.join(dir, 'stock'),
    env: { STOCK_DIR: path.join(dir, 'stock') },
    log: (line) => lines.push(line),
  };
  setPreviewState(undefined as never);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('refreshPreview', () => {
  it('takes a file that passes, keeps the last good one while a save fails, and takes the fix', async () => {
    await refreshPreview(options, 'start');
    const first = previewState()!;
    expect(first).toMatchObject({ version: 1, revision: 1 });
    expect(first.dealer?.slug).toBe(SLUG);
    expect(lines[0]).toMatch(/^start: checked in \d+ ms$/);

    writeFileSync(path.join(dir, 'dealers', `${SLUG}.json`), good.replace('"name":"Southern Lakes Motors"', '"name":42'));
    await refreshPreview(options, 'dealer file changed');
    const broken = previewState()!;
    expect(broken.dealer).toBe(first.dealer);
    expect(broken).toMatchObject({ version: 1, revision: 2 });
    expect(broken.checks.errors.join('\n')).toMatch(/name/);
    expect(lines.join('\n')).toContain('the page keeps the last version that passed');
    expect(lines.join('\n')).toMatch(/✗ .*southern-lakes-motors\.json/);

    writeFileSync(path.join(dir, 'dealers', `${SLUG}.json`), good.replace('"name":"Southern Lakes Motors"', '"name":"Southern Lakes"'));
    await refreshPreview(options, 'dealer file changed');
    expect(previewState()).toMatchObject({ version: 2, revision: 3, dealer: { name: 'Southern Lakes' }, checks: { errors: [] } });
  });

  it('keeps the stock on screen while the stock file does not read', async () => {
    await refreshPreview(options, 'start');
    writeFileSync(path.join(dir, 'stock', `${SLUG}.json`), '{');
    await refreshPreview(options, 'stock changed');
    expect(previewState()).toMatchObject({ version: 1, revision: 2 });
    expect(previewState()!.checks.errors.join('\n')).toContain('not readable JSON');
  });

  it('has no dealer to show while no version of the file has passed', async () => {
    writeFileSync(path.join(dir, 'dealers', `${SLUG}.json`), '{');
    await refreshPreview(options, 'start');
    expect(previewState()!.dealer).toBeUndefined();
    expect(previewState()!.version).toBe(0);
  });
});
