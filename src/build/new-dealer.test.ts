import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { siteDomains } from '../platform/config/dealer-domains';
import { dealerFile, listDealerSlugs, readDealerFile } from '../platform/config/load';
import { checkDealers } from './check';
import { freshId, nameFromSlug, NewDealerError, slugRefusal, takenIds, writeNewDealer } from './new-dealer';

let dealersDir: string;

beforeEach(() => {
  dealersDir = mkdtempSync(path.join(tmpdir(), 'dealer-new-'));
  for (const slug of listDealerSlugs(DEALER_FILES_DIR)) cpSync(dealerFile(slug, DEALER_FILES_DIR), dealerFile(slug, dealersDir));
});
afterEach(() => rmSync(dealersDir, { recursive: true, force: true }));

const check = (files: string[]) =>
  checkDealers(
    files,
    listDealerSlugs(dealersDir).map((slug) => dealerFile(slug, dealersDir)),
    {
      dealersDir,
      env: { STOCK_DIR: path.join(dealersDir, 'no-stock') },
    },
  );

describe('writeNewDealer', () => {
  it.each(['AU', 'NZ', 'US'] as const)('writes a %s dealer file that passes every check, with a fresh id and no borrowed domain', async (region) => {
    const file = writeNewDealer({ slug: 'city-motors', region, dealersDir });
    const [result] = await check([file]);
    expect(result?.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result?.ok).toBe(true);
    const dealer = readDealerFile(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ $schema: './schema.json', slug: 'city-motors', name: 'City Motors', region });
    const others = listDealerSlugs(dealersDir)
      .filter((slug) => slug !== 'city-motors')
      .map((slug) => readDealerFile(dealerFile(slug, dealersDir)));
    expect(others.map((other) => String(other.id))).not.toContain(String(dealer.id));
    const theirs = new Set(others.flatMap(siteDomains));
    expect(siteDomains(dealer).filter((domain) => theirs.has(domain))).toEqual([]);
    expect(siteDomains(dealer)).toEqual(['www.city-motors.example']);
    expect(readFileSync(path.join(dealersDir, 'assets', 'city-motors', 'logo.svg'), 'utf8')).toContain('>City Motors</text>');
  });

  it('refuses a slug already taken, or one that is not a slug, and writes nothing', () => {
    expect(() => writeNewDealer({ slug: 'kingfisher-toyota', dealersDir })).toThrow(NewDealerError);
    expect(() => writeNewDealer({ slug: 'kingfisher-toyota', dealersDir })).toThrow(/already exists/);
    expect(slugRefusal('City Motors', dealersDir)).toMatch(/cannot be a slug: use lower-case letters/);
    expect(slugRefusal('', dealersDir)).toMatch(/give the new dealer a slug/);
    expect(slugRefusal('schema', dealersDir)).toMatch(/schema file/);
    expect(listDealerSlugs(dealersDir)).not.toContain('City Motors');
  });

  it('takes an id no other file has, even one that does not read, and escapes the name in the logo', () => {
    writeFileSync(path.join(dealersDir, 'broken.json'), '{ "id": 99999, "slug": "broken", }');
    expect(takenIds(dealersDir).has('99999')).toBe(true);
    expect(freshId(new Set(['1101', '99999', 'abc']))).toBe(100000);
    expect(freshId(new Set())).toBe(1000);
    const file = writeNewDealer({ slug: 'a-b', name: 'A <b>&</b> B', dealersDir });
    expect(readDealerFile(file).id).toBe(100000);
    expect(readFileSync(path.join(dealersDir, 'assets', 'a-b', 'logo.svg'), 'utf8')).toContain('A &#60;b&#62;&#38;&#60;/b&#62; B');
  });

  it('names a dealer from its slug', () => {
    expect(nameFromSlug('city-motors-4x4')).toBe('City Motors 4x4');
  });
});
