/** Which brand-mark files the demo dealers' brand tiles point at, and what each should hold. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_STYLES, brandMark } from './marks';

const BRANDS_URL = /^\/assets\/brands\/([a-z0-9-]+\.svg)$/;

export interface BrandMarkFile {
  dealer: string;
  make: string;
  path: string;
  svg: string;
}

export function demoBrandMarkFiles(dealersDir = 'dealers'): BrandMarkFile[] {
  const files: BrandMarkFile[] = [];
  for (const entry of readdirSync(dealersDir)
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .sort()) {
    const dealer = JSON.parse(readFileSync(join(dealersDir, entry), 'utf8')) as { slug: string; manufacturers?: { slug: string; logo?: { url?: string } }[] };
    for (const make of dealer.manufacturers ?? []) {
      const file = BRANDS_URL.exec(make.logo?.url ?? '')?.[1];
      if (!file) continue;
      const style = BRAND_STYLES[make.slug];
      if (!style) throw new Error(`${entry}: no demo brand mark for "${make.slug}"; add it to BRAND_STYLES in scripts/demo-brand-marks/marks.ts`);
      files.push({ dealer: dealer.slug, make: make.slug, path: join(dealersDir, 'assets', dealer.slug, 'brands', file), svg: brandMark(style) });
    }
  }
  return files;
}
