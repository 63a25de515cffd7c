/** Parsed dealer configs for unit tests: the fixture dealer with overrides, or a copy of a demo dealer. */
import { readFileSync } from 'node:fs';
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
