/** Parsed dealer configs for unit tests: the fixture dealer with overrides, or a copy of a demo dealer. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadDealer } from '../../src/platform/config/load';
import { dealerConfigSchema, type DealerConfig, type DealerConfigInput } from '../../src/platform/config/schema';

export function testSite(overrides: Partial<DealerConfigInput> = {}): DealerConfig {
  const base = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as DealerConfigInput;
  return dealerConfigSchema.parse({ ...base, ...overrides });
}

/**
 * Copies of demo dealer files, for unit tests whose assertions depend on a real dealer's content.
 * Unit tests never read dealers/ itself: people edit the demo dealers, and a test should not break
 * when they do. The browser tests build every dealer in tests/fixtures/dealers/, so these live apart.
 */
export const DEALER_FILES_DIR = path.resolve('tests/fixtures/dealer-files');

/** A demo dealer's copy from DEALER_FILES_DIR, parsed as the build parses it. */
export const dealerFileCopy = (slug: string): DealerConfig => loadDealer(slug, DEALER_FILES_DIR);

/**
 * Writes a stand-in file for every `/assets/...` path a dealer file names into
 * `<dealersDir>/assets/<slug>/`: the dealer file checks look for each file the file names, as the
 * build does, and a test on a copy of a demo dealer's file has none of its pictures.
 */
export function assetsNamedBy(dealerText: string, dealersDir: string, slug: string): void {
  for (const [, name] of dealerText.matchAll(/"\/assets\/([^"?#]+)/g)) {
    const file = path.join(dealersDir, 'assets', slug, name!);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
  }
}
